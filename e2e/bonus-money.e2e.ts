import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerPlayer } from './support/api.ts';
import { markActivityPopupsSeen, openApp, presetSettings, presetToken, screenshot, shown } from './support/app.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { fundedOutsideWallet, sendUsdt } from './support/chain.ts';
import { measureLayout } from './support/layout.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { closeAll } from './support/teardown.ts';

/**
 * Bonus money apart from cash (ECONOMY.md "Bonus money and wagering") on a 390x844 phone. A player
 * deposits 60 USDT; the first-deposit activity offers 60 more and says before the tap that it asks
 * 10× (600 USDT) of wagering. Claimed, it is bonus money: the wallet and the Withdraw screen show 60
 * of cash (all that may be withdrawn) and 60 of locked bonus with the wagering left. The player then
 * forfeits the bonus from the wallet, the confirmation saying what is given up, and is left with the
 * 60 of cash and nothing to wager. The wallet, Withdraw and the lobby's chip are photographed in light,
 * dark and Arabic, Exchange in light.
 */

const UI_TIMEOUT = 45_000;
const MICRO = 1_000_000n;
const DEPOSIT_USDT = 60n;
const FIRST_RECHARGE = 2;
const LOGIN_PASSWORD = 'bonus2468';
const FUND_PASSWORD = '135790';
/** Boxes that scroll sideways on purpose, as screens-fit names them. */
const HORIZONTAL_SCROLLERS = ['.category-nav__track', '.banners__track', '.hash-cards', '.game-row', '.chip-row'];
const LTR = (text: string) => `\u2066${text}\u2069`;

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function call<T = any>(path: string, body: object, token: string): Promise<T> {
  const reply = await server.call<T>(path, body, token);
  if (reply.code !== 0) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

async function deposit(token: string, usdt: bigint): Promise<void> {
  const { address } = await call<{ address: string }>('/v1/bank/deposit/address', {}, token);
  const wallet = await fundedOutsideWallet(server.devnetUrl, { trx: 100n * MICRO, usdt: usdt * MICRO });
  await sendUsdt(server.devnetUrl, wallet, address, usdt * MICRO);
  await vi.waitFor(
    async () => {
      if ((await call<{ usdt: string }>('/v1/player/balance/get', {}, token)).usdt === '0') throw new Error('the deposit is not credited yet');
    },
    { timeout: 60_000, interval: 250 },
  );
}

async function phoneOf(token: string, settings: { language: string; theme: 'dark' | 'light' }): Promise<Page> {
  const { context, page } = await newPhone(browser, { colorScheme: settings.theme });
  contexts.push(context);
  await presetSettings(context, settings);
  await presetToken(context, token);
  await markActivityPopupsSeen(context, server, token);
  return page;
}

async function expectNoOverflow(page: Page): Promise<void> {
  const report = await measureLayout(page, HORIZONTAL_SCROLLERS);
  expect(report.overflows, JSON.stringify(report.overflows)).toEqual([]);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ DEVNET_BLOCK_MS: '300', DEPOSIT_POLL_MS: '300', EXCHANGE_TRX_PER_USDT: '6.4321' }), launchBrowser()]);
});

afterAll(async () => {
  await closeAll(contexts, browser, server);
});

describe('bonus money', () => {
  it('a player with a bonus sees cash and bonus apart, the multiplier before claiming, and forfeits the bonus', async () => {
    const { token } = await registerPlayer(server, `bm${Date.now().toString(36)}`.slice(0, 16), LOGIN_PASSWORD);
    await deposit(token, DEPOSIT_USDT);
    // The Withdraw screen asks for a fund password before it shows its form (money.e2e.ts sets one there).
    await call('/v1/player/finance_password/update', { newPassword: FUND_PASSWORD, loginPassword: LOGIN_PASSWORD }, token);
    const confs = (await call<{ confs: { id: number; bonusType: number; wageringMultiplier: number }[] }>('/v1/activity/configSync', {}, token)).confs;
    const firstRecharge = confs.find((c) => c.bonusType === FIRST_RECHARGE)!;
    expect(firstRecharge.wageringMultiplier).toBe(10);

    const page = await phoneOf(token, { language: 'en_US', theme: 'light' });

    // The claim states the multiplier and the amount to wager before it is tapped.
    await openApp(page, `${server.url}/activity`);
    const terms = shown(page, `activity-terms-${firstRecharge.id}`);
    await terms.waitFor({ timeout: UI_TIMEOUT });
    expect(await terms.innerText()).toBe(`Wager 10×: ${LTR('600.00 USDT')} to wager before it becomes cash`);
    await screenshot(page, 'bonus-activity-light');
    await shown(page, `activity-claim-${firstRecharge.id}`).click();
    await expect.poll(() => shown(page, `activity-status-${firstRecharge.id}`).innerText(), { timeout: UI_TIMEOUT }).toBe('Claimed');

    // The wallet: 120 to stake, of which 60 cash and 60 locked bonus with 600 to wager.
    await openApp(page, `${server.url}/walletShow`);
    await shown(page, 'wallet-bonus-usdt').waitFor({ timeout: UI_TIMEOUT });
    expect(await shown(page, 'wallet-balance-usdt').innerText()).toBe('120.00');
    expect(await shown(page, 'wallet-bonus-usdt-cash').innerText()).toBe('60.00 USDT');
    expect(await shown(page, 'wallet-bonus-usdt-bonus').innerText()).toBe('60.00 USDT');
    expect(await shown(page, 'wallet-bonus-usdt-wagered').innerText()).toBe('0.00 / 600.00 USDT');
    await expectNoOverflow(page);
    await screenshot(page, 'bonus-wallet-light');

    // The lobby's chip: the total with its bonus part.
    await openApp(page, `${server.url}/home`);
    await expect.poll(() => shown(page, 'home-balance-bonus').innerText(), { timeout: UI_TIMEOUT }).toBe('60.00');
    await screenshot(page, 'bonus-home-light');

    // Withdraw: the cash is what is available, the bonus locked.
    await openApp(page, `${server.url}/trade/Withdraw`);
    await shown(page, 'withdraw-bonus').waitFor({ timeout: UI_TIMEOUT });
    expect(await shown(page, 'withdraw-available').innerText()).toBe('60.00 USDT');
    expect(await shown(page, 'withdraw-bonus-bonus').innerText()).toBe('60.00 USDT');
    await expectNoOverflow(page);
    await screenshot(page, 'bonus-withdraw-light');

    // Exchange: only cash is exchanged, the bonus stays locked.
    await openApp(page, `${server.url}/trade/Exchange`);
    await shown(page, 'exchange-bonus').waitFor({ timeout: UI_TIMEOUT });
    expect(await shown(page, 'exchange-balance').innerText()).toBe('60.00');
    expect(await shown(page, 'exchange-bonus-bonus').innerText()).toBe('60.00 USDT');
    await expectNoOverflow(page);
    await screenshot(page, 'bonus-exchange-light');

    // Dark and Arabic, before the bonus is given up: the wallet, Withdraw and the lobby's chip.
    for (const settings of [
      { language: 'en_US', theme: 'dark' as const, name: 'dark' },
      { language: 'ar_EG', theme: 'light' as const, name: 'ar' },
    ]) {
      const other = await phoneOf(token, settings);
      for (const [path, shownId, screen] of [
        ['/walletShow', 'wallet-bonus-usdt', 'wallet'],
        ['/trade/Withdraw', 'withdraw-bonus', 'withdraw'],
        ['/home', 'home-balance-bonus', 'home'],
      ] as const) {
        await openApp(other, `${server.url}${path}`);
        await shown(other, shownId).waitFor({ timeout: UI_TIMEOUT });
        await expectNoOverflow(other);
        await screenshot(other, `bonus-${screen}-${settings.name}`);
      }
    }

    // Forfeits from the wallet: the confirmation says what is given up; then only cash is left.
    await openApp(page, `${server.url}/walletShow`);
    await shown(page, 'wallet-bonus-usdt-forfeit').click();
    const confirm = shown(page, 'bonus-forfeit-confirm');
    await confirm.waitFor({ timeout: UI_TIMEOUT });
    const said = await confirm.innerText();
    expect(said).toContain(`You give up ${LTR('60.00 USDT')} of bonus money for good.`);
    expect(said).toContain(`The ${LTR('600.00 USDT')} still to wager is dropped.`);
    expect(said).toContain(`Your cash of ${LTR('60.00 USDT')} stays yours.`);
    await screenshot(page, 'bonus-forfeit-confirm');
    await shown(page, 'popup-confirm').click();
    await expect.poll(() => shown(page, 'wallet-bonus-usdt').count(), { timeout: UI_TIMEOUT }).toBe(0);
    await expect.poll(() => shown(page, 'wallet-balance-usdt').innerText(), { timeout: UI_TIMEOUT }).toBe('60.00');
    const wagering = await call<{ currency: string; outstanding: string }[]>('/v1/bonus/wagering', {}, token);
    expect(wagering.find((w) => w.currency === 'USDT')?.outstanding).toBe('0');
  });
});
