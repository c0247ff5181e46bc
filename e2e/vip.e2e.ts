import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseMicro } from '@lobby/contract/micro';
import { markActivityPopupsSeen, openApp, presetSettings, presetToken, screenshot } from './support/app.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { fundedOutsideWallet, sendUsdt } from './support/chain.ts';
import { measureLayout } from './support/layout.ts';
import { LADDER_VIP1_AT_20_USDT } from './support/ops.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * The player economy end to end on a 390x844 phone. The operator lowers VIP 1 to 20 USDT of valid
 * bets (an ops setting, effective at once); a player with a deposit and a fund password sits in the
 * lobby while their 10 USDT page bets settle one after another, and the level-up is announced the
 * moment it happens, without a reload. From the notice they go to the VIP club and claim the
 * level-up gift, then claim the rebate their bets accrued, find both in the bonus records with the
 * wagering each added, and see that wagering on the Withdraw screen before trying to withdraw.
 * Finally the five economy screens and the Withdraw screen are measured and photographed in
 * English and Arabic, light and dark.
 */

const UI_TIMEOUT = 45_000;
const MICRO = 1_000_000n;
const PASSWORD = 'vip2club';
const FUND_PASSWORD = '161803';
const BET_USDT = '10';
const MAX_BETS = 8;

const LADDER = LADDER_VIP1_AT_20_USDT;

const SCREENS = [
  { path: '/vip', name: 'vip', testId: 'screen-vip' },
  { path: '/vip/vipDetails', name: 'vip-details', testId: 'screen-vip-details' },
  { path: '/newFanshui', name: 'rebate', testId: 'screen-rebate' },
  { path: '/newFanshuiInfo', name: 'rebate-info', testId: 'screen-rebate-info' },
  { path: '/bonusRecord', name: 'bonus-record', testId: 'screen-bonus-record' },
  { path: '/trade/Withdraw', name: 'withdraw', testId: 'withdraw-bonus' },
];

/** Micro-units as the claim terms write them: exact, at least 2 decimals, thousands grouped. */
function exact(micro: bigint): string {
  const whole = (micro / MICRO).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (micro % MICRO).toString().padStart(6, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${fraction}`;
}

/** What a claim of `micro` USDT says before the tap at this wagering multiplier. */
function wagerTerms(multiplier: number, micro: bigint): string {
  if (multiplier === 0) return 'Paid as cash';
  return `Wager ${multiplier}×: \u2066${exact(micro * BigInt(multiplier))} USDT\u2069 to wager before it becomes cash`;
}

let server: RunningServer;
let browser: Browser;
let token = '';
const contexts: BrowserContext[] = [];

async function call<T = any>(path: string, body: object = {}): Promise<T> {
  const reply = await server.call<T>(path, body, token);
  if (reply.code !== 0) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

const ops = (path: string, body: object) => server.ops(path, body);

/** Waits for a condition of the server's state, asked every 250 ms. */
const until = (what: string, done: () => Promise<boolean>) =>
  vi.waitFor(
    async () => {
      if (!(await done())) throw new Error(`${what}: not within 60 s`);
    },
    { timeout: 60_000, interval: 250 },
  );

const requestId = () => randomBytes(8).toString('hex');

/** The visible element with this test id (Ionic keeps earlier pages in the DOM, hidden). */
const visible = (page: Page, id: string): Locator => page.getByTestId(id).filter({ visible: true }).first();

/** One 10 USDT page bet on big, waited for until it is settled. */
async function betAndSettle(): Promise<void> {
  const { bet } = await call<{ bet: { id: number } }>('/v1/hashGame/bet', {
    requestId: requestId(),
    gameId: 1,
    area: 'big',
    amount: BET_USDT,
    currency: 'USDT',
    level: 0,
  });
  await until('the bet is settled', async () => (await call<{ status: number }>('/v1/hashGame/betDetail', { betId: bet.id })).status >= 4);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(
      {
        DEVNET_BLOCK_MS: '300',
        DEPOSIT_POLL_MS: '300',
        HASH_ENGINE_POLL_MS: '200',
        HASH_HEAD_MAX_AGE_SECONDS: '20',
      },
      { withOpsKey: true },
    ),
    launchBrowser(),
  ]);
  await ops('/ops/v1/economy/set', { key: 'vip.levels', value: LADDER });
  const account = `vip${Date.now().toString(36)}`.slice(0, 16);
  token = (await call<{ token: string }>('/v1/player/register', { kind: 1, account, password: PASSWORD, lang: 'en_US' })).token;
  const { address } = await call<{ address: string }>('/v1/bank/deposit/address');
  const wallet = await fundedOutsideWallet(server.devnetUrl, { trx: 100n * MICRO, usdt: 200n * MICRO });
  await sendUsdt(server.devnetUrl, wallet, address, 150n * MICRO);
  await until('the deposit is credited', async () => (await call<{ usdt: string }>('/v1/player/balance/get')).usdt !== '0');
  await call('/v1/player/finance_password/update', { newPassword: FUND_PASSWORD, loginPassword: PASSWORD });
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('VIP, rebates and bonus wagering', () => {
  it('a player bets until a level-up, sees it live, claims the gift and a rebate, and finds both in bonus records and on the Withdraw screen', async () => {
    const { context, page } = await newPhone(browser, { colorScheme: 'light' });
    contexts.push(context);
    await presetSettings(context, { language: 'en_US', theme: 'light' });
    await presetToken(context, token);
    await markActivityPopupsSeen(context, server, token);
    await openApp(page, `${server.url}/userProfile`);
    await expect.poll(() => visible(page, 'profile-vip-level').innerText(), { timeout: UI_TIMEOUT }).toBe('VIP 0');

    // Bets settle one by one while the player looks at their profile; the notice comes by itself.
    const notice = visible(page, 'vip-level-up');
    for (let bets = 0; bets < MAX_BETS && !(await notice.isVisible()); bets++) {
      await betAndSettle();
      await notice.waitFor({ timeout: 3_000 }).catch(() => undefined);
    }
    await notice.waitFor({ timeout: UI_TIMEOUT });
    expect(await notice.innerText()).toContain('VIP 1 reached!');
    await expect.poll(() => visible(page, 'profile-vip-level').innerText(), { timeout: UI_TIMEOUT }).toBe('VIP 1');

    // The notice leads to the VIP club, where the level-up gift waits.
    await visible(page, 'popup-confirm').click();
    await visible(page, 'vip-hero').waitFor({ timeout: UI_TIMEOUT });
    expect(await visible(page, 'vip-hero').getAttribute('data-level')).toBe('1');
    // Each claim says before the tap what it asks to wager (the operator's multipliers, /v1/bonus/terms).
    const terms = (await call<{ multipliers: { vipLevelGift: number; rebate: number } }>('/v1/bonus/terms')).multipliers;
    expect(await visible(page, 'vip-gift-terms-1').innerText()).toBe(wagerTerms(terms.vipLevelGift, 1_000_000n));
    await visible(page, 'vip-gift-claim-1').click();
    await visible(page, 'vip-gift-claim-1-status').waitFor({ timeout: UI_TIMEOUT });
    expect(await visible(page, 'vip-gift-claim-1-status').innerText()).toBe('Claimed');

    // The bets accrued a rebate at VIP 0's hash rate: claimable, and claimed.
    await visible(page, 'vip-rebate-link').click();
    const claim = visible(page, 'rebate-claim-USDT');
    await expect.poll(() => claim.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
    const accrued = (await visible(page, 'rebate-accrued-USDT').innerText()).replace(/[^\d.]/g, '');
    expect(Number(accrued)).toBeGreaterThan(0);
    expect(await visible(page, 'rebate-terms-USDT').innerText()).toBe(wagerTerms(terms.rebate, parseMicro(accrued)!));
    await screenshot(page, 'vip-flow-rebate-terms');
    await claim.click();
    await visible(page, 'rebate-history-row').waitFor({ timeout: UI_TIMEOUT });
    expect(await visible(page, 'rebate-history-row').innerText()).toContain(`${accrued} USDT`);

    // Both credits are bonus records, each with the wagering it added.
    await openApp(page, `${server.url}/bonusRecord`);
    await visible(page, 'bonus-list').waitFor({ timeout: UI_TIMEOUT });
    const rows = page.getByTestId('bonus-row').filter({ visible: true });
    await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT }).toBe(2);
    const gift = rows.and(page.locator('[data-type="8"]'));
    const rebate = rows.and(page.locator('[data-type="10"]'));
    expect(await gift.getByTestId('bonus-amount').innerText()).toBe('+1.00 USDT');
    expect(await gift.getByTestId('bonus-wagering').innerText()).toBe('Wagering added 1.00 USDT');
    expect(await rebate.getByTestId('bonus-amount').innerText()).toBe(`+${accrued} USDT`);

    // The Withdraw screen shows the bonus locked with its wagering first, before any amount is typed.
    await visible(page, 'header-back').click();
    await visible(page, 'quick-withdraw').click();
    const wagering = visible(page, 'withdraw-bonus');
    await wagering.waitFor({ timeout: UI_TIMEOUT });
    expect(await visible(page, 'withdraw-bonus-bonus').innerText()).toMatch(/^[\d.,]+ USDT$/);
    expect(await visible(page, 'withdraw-bonus-wagered').innerText()).toMatch(/^[\d.,]+ \/ [\d.,]+ USDT$/);
    expect(await visible(page, 'withdraw-bonus-left').innerText()).toMatch(/still to wager, then the bonus becomes cash\.$/);
    const box = await wagering.boundingBox();
    const amountBox = await visible(page, 'withdraw-amount').boundingBox();
    expect(box!.y).toBeLessThan(amountBox!.y);
    await screenshot(page, 'vip-flow-withdraw');
  });

  it('fits its screens on a 390 px phone in English and Arabic, light and dark', async () => {
    const problems: string[] = [];
    for (const language of ['en_US', 'ar_EG']) {
      for (const theme of ['light', 'dark'] as const) {
        const { context, page } = await newPhone(browser, { colorScheme: theme });
        contexts.push(context);
        await presetSettings(context, { language, theme });
        await presetToken(context, token);
        await markActivityPopupsSeen(context, server, token);
        for (const screen of SCREENS) {
          await openApp(page, `${server.url}${screen.path}`);
          await visible(page, screen.testId).waitFor({ timeout: UI_TIMEOUT });
          await page.waitForLoadState('networkidle').catch(() => undefined);
          const report = await measureLayout(page, ['.chip-row', '.vip-table-wrap']);
          if (report.scrollWidth > report.clientWidth) problems.push(`${language} ${screen.path}: scrolls sideways`);
          for (const o of report.overflows) problems.push(`${language} ${theme} ${screen.path}: ${o.element} "${o.text}" outside ${o.within}`);
          await screenshot(page, `vip-${language}-${theme}-${screen.name}`);
        }
        await context.close();
      }
    }
    expect(problems).toEqual([]);
  });
});
