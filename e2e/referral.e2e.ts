import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openApp, presetSettings, presetToken, screenshot, shown } from './support/app.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { fundedOutsideWallet, sendUsdt, type OutsideWallet } from './support/chain.ts';
import { measureLayout } from './support/layout.ts';
import { inParallel, LAYOUT_LANES } from './support/parallel.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Referral end to end on a 390x844 phone. Player A copies their invite link on /promotion; B opens
 * it, signs up through the form the link fills in, deposits and bets. A finds B in the team on
 * /proxyPartner, watches the commission grow on /promotion without a reload and claims it. A's own
 * bets show on /report as a chart and a summary per game type. The referral and report screens are
 * then photographed in English and Arabic, light and dark, and measured in all eight languages.
 */

const UI_TIMEOUT = 45_000;
const MICRO = 1_000_000n;
const PASSWORD = 'invite2go';
const BET_USDT = '10';
const LANGUAGES = ['zh_CN', 'zh_TW', 'en_US', 'pt_BR', 'vi_VN', 'id_ID', 'th_TH', 'ar_EG'];

let server: RunningServer;
let browser: Browser;
let wallet: OutsideWallet;
let tokenA = '';
let inviteLink = '';
const contexts: BrowserContext[] = [];

async function call<T = any>(token: string, path: string, body: object = {}): Promise<T> {
  const reply = await server.call<T>(path, body, token);
  if (reply.code !== 0) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

const until = (what: string, done: () => Promise<boolean>) =>
  vi.waitFor(
    async () => {
      if (!(await done())) throw new Error(`${what}: not within 60 s`);
    },
    { timeout: 60_000, interval: 250 },
  );

async function deposit(token: string, usdt: bigint): Promise<void> {
  const { address } = await call<{ address: string }>(token, '/v1/bank/deposit/address');
  await sendUsdt(server.devnetUrl, wallet, address, usdt * MICRO);
  await until('the deposit is credited', async () => (await call<{ usdt: string }>(token, '/v1/player/balance/get')).usdt !== '0');
}

/** One 10 USDT page bet on big, waited for until it is settled. */
async function betAndSettle(token: string): Promise<void> {
  const { bet } = await call<{ bet: { id: number } }>(token, '/v1/hashGame/bet', {
    requestId: randomBytes(8).toString('hex'),
    gameId: 1,
    area: 'big',
    amount: BET_USDT,
    currency: 'USDT',
    level: 0,
  });
  await until('the bet is settled', async () => (await call<{ status: number }>(token, '/v1/hashGame/betDetail', { betId: bet.id })).status >= 4);
}

async function phone(language: string, theme: 'light' | 'dark', token?: string): Promise<{ context: BrowserContext; page: Page }> {
  const made = await newPhone(browser, { colorScheme: theme });
  contexts.push(made.context);
  await presetSettings(made.context, { language, theme });
  if (token) await presetToken(made.context, token);
  return made;
}

/** Scrolls the screen in front to its end, for a second photograph of what lies below the fold. */
async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const contents = [...document.querySelectorAll('ion-content')] as (HTMLElement & { scrollToBottom?(duration: number): Promise<void> })[];
    await contents.find((content) => content.offsetParent !== null && !content.closest('.ion-page-hidden'))?.scrollToBottom?.(0);
  });
  await page.waitForTimeout(300);
}

const account = (prefix: string) => `${prefix}${Date.now().toString(36)}${randomBytes(2).toString('hex')}`.slice(0, 16);

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ DEVNET_BLOCK_MS: '300', DEPOSIT_POLL_MS: '300', HASH_ENGINE_POLL_MS: '200', HASH_HEAD_MAX_AGE_SECONDS: '20' }),
    launchBrowser(),
  ]);
  wallet = await fundedOutsideWallet(server.devnetUrl, { trx: 200n * MICRO, usdt: 400n * MICRO });
  tokenA = (await server.call<{ token: string }>('/v1/player/register', { kind: 1, account: account('pa'), password: PASSWORD, lang: 'en_US' })).data.token;
  await deposit(tokenA, 100n);
  await betAndSettle(tokenA);
  await betAndSettle(tokenA);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('referral and reports', () => {
  it('A shares a link, B signs up through it and bets, A sees B in the team, the commission grow, and claims it', async () => {
    const a = await phone('en_US', 'light', tokenA);
    await a.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await openApp(a.page, `${server.url}/promotion`);
    const code = (await shown(a.page, 'promotion-code').innerText()).trim();
    expect(code).not.toBe('');
    await shown(a.page, 'promotion-copy-link').click();
    await shown(a.page, 'toast')
      .filter({ hasText: 'Invite link copied' })
      .waitFor({ timeout: UI_TIMEOUT })
      .catch(() => undefined);
    inviteLink = await a.page.evaluate(() => navigator.clipboard.readText());
    expect(inviteLink).toBe(`${server.url}/register?inviteCode=${code}`);
    expect(await shown(a.page, 'promotion-link').innerText()).toBe(inviteLink);
    expect(await shown(a.page, 'promotion-share-message').innerText()).toContain(code);
    expect(await shown(a.page, 'promotion-poster-image').getAttribute('src')).toMatch(/^blob:/);
    await screenshot(a.page, 'referral-flow-promotion');

    // B opens the link on their own phone: the form carries the code.
    const b = await phone('en_US', 'dark');
    await openApp(b.page, inviteLink);
    await shown(b.page, 'screen-signup').waitFor({ timeout: UI_TIMEOUT });
    expect(await shown(b.page, 'auth-invite').inputValue()).toBe(code);
    const accountB = account('pb');
    await shown(b.page, 'auth-kind-account').click();
    await shown(b.page, 'auth-account').fill(accountB);
    await shown(b.page, 'auth-password').fill(PASSWORD);
    await shown(b.page, 'auth-confirm').fill(PASSWORD);
    await shown(b.page, 'auth-submit').click();
    await b.page.waitForURL((url) => url.pathname === '/home', { timeout: UI_TIMEOUT });
    const tokenB = (await b.page.evaluate(() => localStorage.getItem('lobby.token')))!;
    expect(tokenB).toBeTruthy();

    // A's team shows B, masked.
    await openApp(a.page, `${server.url}/proxyPartner`);
    const member = shown(a.page, 'team-member').first();
    await member.waitFor({ timeout: UI_TIMEOUT });
    expect(await member.getAttribute('data-level')).toBe('1');
    const masked = await member.getByTestId('team-member-name').innerText();
    expect(masked).toContain('*');
    expect(masked).not.toBe(accountB);
    expect(await shown(a.page, 'team-level-1').innerText()).toContain('1');

    // A watches the commission while B's bet settles: it grows by itself.
    await openApp(a.page, `${server.url}/promotion`);
    const today = shown(a.page, 'commission-today-USDT');
    await today.waitFor({ timeout: UI_TIMEOUT });
    expect(await today.innerText()).toBe('0.00 USDT');
    await deposit(tokenB, 50n);
    await betAndSettle(tokenB);
    await expect.poll(() => today.innerText(), { timeout: UI_TIMEOUT }).not.toBe('0.00 USDT');
    const earned = (await today.innerText()).replace(/[^\d.]/g, '');
    expect(Number(earned)).toBeGreaterThanOrEqual(0.01);
    await screenshot(a.page, 'referral-flow-commission');

    await shown(a.page, 'commission-claim-USDT').click();
    await expect.poll(() => shown(a.page, 'commission-claimable-USDT').innerText(), { timeout: UI_TIMEOUT }).toBe('0.00 USDT');
    expect(await shown(a.page, 'commission-claimed-USDT').innerText()).toBe(`${earned} USDT`);
    expect(await shown(a.page, 'commission-claim-USDT').isDisabled()).toBe(true);
    // The claim is a bonus record of its own (type 11, referral commission).
    const records = await call<{ list: { bonusType: number; amount: string }[] }>(tokenA, '/v1/reportForm/activityForm', { page: 1, pageSize: 20 });
    expect(records.list.some((record) => record.bonusType === 11)).toBe(true);

    // A performance page of today shows B as a new member with the turnover.
    await shown(a.page, 'promotion-performance-link').click();
    await shown(a.page, 'performance-figures').waitFor({ timeout: UI_TIMEOUT });
    expect(await shown(a.page, 'performance-new-members').innerText()).toBe('1');
    expect(await shown(a.page, 'performance-commission').innerText()).toBe(`${earned} USDT`);
  });

  it("/report shows A's chart and summaries", async () => {
    const { page } = await phone('en_US', 'light', tokenA);
    await openApp(page, `${server.url}/report`);
    await shown(page, 'report-overview').waitFor({ timeout: UI_TIMEOUT });
    // The screen shows the server's figures for the week: two bets of 10 USDT.
    const week = await call<{ betCount: number; betAmount: string; validBetAmount: string }>(tokenA, '/v1/reportForm/winOrLoseForm', {
      currencyCode: 'USDT',
      lastDay: 7,
    });
    expect(week.betCount).toBe(2);
    expect(Number(week.betAmount)).toBe(20);
    expect(await shown(page, 'report-bet-amount').innerText()).toBe('20.00 USDT');
    expect(await shown(page, 'report-bet-count').innerText()).toBe('2');
    const valid = (await shown(page, 'report-valid-bet').innerText()).replace(/[^\d.]/g, '');
    expect(Number(valid)).toBe(Number(week.validBetAmount));
    await shown(page, 'report-chart-plot').locator('canvas').waitFor({ timeout: UI_TIMEOUT });
    const days = shown(page, 'report-chart-days').locator('li');
    expect(await days.count()).toBe(7);
    expect(BigInt((await days.last().getAttribute('data-turnover'))!)).toBe(BigInt(Math.round(Number(week.validBetAmount) * 1e6)));
    await shown(page, 'report-type-1').waitFor();
    expect(await shown(page, 'report-type-1').innerText()).toContain('Hash');
    await expect.poll(() => shown(page, 'report-bet').count(), { timeout: UI_TIMEOUT }).toBe(2);
    await screenshot(page, 'referral-flow-report');
  });

  it('fits its screens on a 390 px phone in eight languages; photographed in English and Arabic, light and dark', async () => {
    const screens = [
      { path: '/promotion', name: 'promotion', testId: 'promotion-invite' },
      { path: '/proxyPartner', name: 'team', testId: 'team-summary' },
      { path: '/performance/details/1/0/USDT/today', name: 'performance', testId: 'performance-figures' },
      { path: '/report', name: 'report', testId: 'report-overview' },
    ];
    const problems: string[] = [];
    const variants = LANGUAGES.flatMap((language) => {
      const themes = language === 'en_US' || language === 'ar_EG' ? (['light', 'dark'] as const) : (['dark'] as const);
      return themes.map((theme) => ({ language, theme, photographed: themes.length === 2 }));
    });
    await inParallel(variants, LAYOUT_LANES, async ({ language, theme, photographed }) => {
      const { context, page } = await phone(language, theme, tokenA);
      for (const screen of screens) {
        await openApp(page, `${server.url}${screen.path}`);
        await shown(page, screen.testId).waitFor({ timeout: UI_TIMEOUT });
        await page.waitForLoadState('networkidle').catch(() => undefined);
        if (screen.name === 'report') await shown(page, 'report-chart-plot').locator('canvas').waitFor({ timeout: UI_TIMEOUT });
        if (screen.name === 'promotion') await shown(page, 'promotion-poster-image').waitFor({ timeout: UI_TIMEOUT });
        const report = await measureLayout(page, []);
        if (report.scrollWidth > report.clientWidth) problems.push(`${language} ${screen.path}: scrolls sideways`);
        for (const o of report.overflows) problems.push(`${language} ${theme} ${screen.path}: ${o.element} "${o.text}" outside ${o.within}`);
        if (photographed) {
          await screenshot(page, `referral-${language}-${theme}-${screen.name}`);
          await scrollToEnd(page);
          await screenshot(page, `referral-${language}-${theme}-${screen.name}-end`);
        }
      }
      await context.close();
    });
    expect(problems).toEqual([]);
  }, 900_000);
});
