import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markActivityPopupsSeen, openApp, presetSettings, presetToken, screenshot, shown, waitForApp } from './support/app.ts';
import { callAs, registerPlayer, until } from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { fundedOutsideWallet, sendUsdt } from './support/chain.ts';
import { measureLayout } from './support/layout.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * The details a new player meets in the first hour, on a 390x844 phone in English and Arabic, light
 * and dark. A player deposits 3,000 USDT and bets 15.05 on both sides of one 3-second round, so one
 * bet wins 29.3475: the bet detail and the verifier show that same figure, the first-deposit event
 * reads "3,000 / 10 USDT deposited ✓". The auto-bet editor opens safe and labelled and keeps the
 * player's values across a reload; the report names the hash game in Arabic; the bet records offer no
 * "Unknown" status and their filters fit; the download page says there is no APK and offers the web
 * app; the help centre is "Help center" and names Deposit; the profile shows the last login address;
 * the invite code is plain letters and digits. Every screen is measured for overflow and photographed.
 */

const UI_TIMEOUT = 30_000;
const MICRO = 1_000_000n;
const STAKE = '15.05';
/** 15.05 × 1.95: four decimals, which a two-decimal display used to cut to 29.34. */
const PAYOUT = '29.3475';
const VARIANTS = [
  ['en_US', 'light'],
  ['en_US', 'dark'],
  ['ar_EG', 'light'],
  ['ar_EG', 'dark'],
] as const;
/** Boxes that scroll sideways on purpose, as screens-fit names them. */
const HORIZONTAL_SCROLLERS = ['.chip-row', '.record-kinds'];

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let token = '';
let winningBet = 0;
let firstDepositEvent = 0;

const call = <T = any>(path: string, body: object): Promise<T> => callAs<T>(server, path, body, token);

async function phone(language: string, theme: 'light' | 'dark'): Promise<Page> {
  const { context, page } = await newPhone(browser, { colorScheme: theme });
  contexts.push(context);
  await presetSettings(context, { language, theme });
  await presetToken(context, token);
  await markActivityPopupsSeen(context, server, token);
  return page;
}

/** The words as read, without the marks that keep figures left to right inside Arabic. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '').trim();

/** Whether a select shows its chosen option whole: the text's width inside the box's padding. */
function showsWhole(select: HTMLSelectElement): boolean {
  const style = getComputedStyle(select);
  const context = document.createElement('canvas').getContext('2d')!;
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return context.measureText(select.selectedOptions[0]?.text ?? '').width <= room + 1;
}

async function fits(page: Page, what: string): Promise<string[]> {
  const report = await measureLayout(page, HORIZONTAL_SCROLLERS);
  const problems = report.overflows.map((o) => `${what}: ${o.element} "${o.text}" outside ${o.within}`);
  if (report.scrollWidth > report.clientWidth) problems.push(`${what}: scrolls sideways`);
  return problems;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ DEVNET_BLOCK_MS: '300', DEPOSIT_POLL_MS: '300', HASH_ENGINE_POLL_MS: '200', HASH_HEAD_MAX_AGE_SECONDS: '20' }),
    launchBrowser(),
  ]);
  ({ token } = await registerPlayer(server, `num${randomBytes(4).toString('hex')}`, 'numbers24'));
  const { address } = await call<{ address: string }>('/v1/bank/deposit/address', {});
  const wallet = await fundedOutsideWallet(server.devnetUrl, { trx: 100n * MICRO, usdt: 3000n * MICRO });
  await sendUsdt(server.devnetUrl, wallet, address, 3000n * MICRO);
  await until('the deposit is credited', async () => (await call<{ usdt: string }>('/v1/player/balance/get', {})).usdt !== '0');
  // Bets of 15.05 on big until one wins: every win pays 29.3475.
  for (let tries = 0; tries < 12 && winningBet === 0; tries++) {
    const { bet } = await call<{ bet: { id: number } }>('/v1/hashGame/bet', {
      requestId: randomBytes(8).toString('hex'),
      gameId: 1,
      area: 'big',
      amount: STAKE,
      currency: 'USDT',
      level: 0,
    });
    let detail = { status: 0, payoutAmount: null as string | null };
    await until('the bet is settled', async () => {
      detail = await call('/v1/hashGame/betDetail', { betId: bet.id });
      return detail.status >= 4;
    });
    if (detail.status === 5) {
      expect(detail.payoutAmount).toBe(PAYOUT);
      winningBet = bet.id;
    }
  }
  expect(winningBet).toBeGreaterThan(0);
  const { confs } = await call<{ confs: { id: number; bonusType: number }[] }>('/v1/activity/configSync', { language: 'en_US' });
  firstDepositEvent = confs.find((conf) => conf.bonusType === 2)!.id;
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('numbers, auto-bet, records and wording on a 390 px phone', () => {
  it.each(VARIANTS)(
    '%s %s: one money format, what the player did, safe auto-bet, translated records, plain download page and wording',
    async (language, theme) => {
      const page = await phone(language, theme);
      const arabic = language === 'ar_EG';
      const problems: string[] = [];
      const shot = async (name: string) => {
        problems.push(...(await fits(page, `${language} ${theme} ${name}`)));
        await screenshot(page, `numbers-${language}-${theme}-${name}`);
      };

      // 8. The bet detail and the verifier show the same exact payout.
      await openApp(page, `${server.url}/betRecord/betDetails?id=${winningBet}`);
      const payout = shown(page, 'betdetail-payout');
      await payout.waitFor({ timeout: UI_TIMEOUT });
      expect(plain(await payout.textContent())).toBe(`${PAYOUT} USDT`);
      expect(plain(await shown(page, 'betdetail-stake').textContent())).toBe('15.05 USDT');
      await shot('bet-detail');
      await shown(page, 'betdetail-verify').click();
      const verified = shown(page, 'verify-return').locator('span b');
      await verified.waitFor({ timeout: UI_TIMEOUT });
      // Measured once the page it came from has slid away.
      await page
        .waitForFunction(
          () => document.querySelectorAll('.ion-page.ion-page-invisible, .ion-page [class*="transition-effect"]:not([style*="display: none"])').length === 0,
          undefined,
          { timeout: 5_000 },
        )
        .catch(() => undefined);
      await page.waitForTimeout(600);
      expect(plain(await verified.textContent())).toBe(PAYOUT);
      await shot('verifier');

      // 8. The events say what the player did against each rule.
      await openApp(page, `${server.url}/activity`);
      await shown(page, 'activity-card').first().waitFor({ timeout: UI_TIMEOUT });
      const progress = (await page.locator('[data-testid^="activity-progress-text-"]').allTextContents()).map(plain);
      if (!arabic) expect(progress).toContain('Bind an e-mail to qualify');
      expect(progress.join(' ')).not.toContain('0.000001');
      await shot('events');
      await openApp(page, `${server.url}/ActivityDetail?id=${firstDepositEvent}`);
      const deposited = shown(page, 'activity-detail-progress');
      await deposited.waitFor({ timeout: UI_TIMEOUT });
      if (arabic) expect(plain(await deposited.textContent())).toBe('تم إيداع 3,000 / 10 USDT ✓');
      else expect(plain(await deposited.textContent())).toBe('3,000 / 10 USDT deposited ✓');
      await shot('first-deposit');

      // 9. The auto-bet editor: labelled, safe first values, the switch drawn; the player's values survive a reload.
      await openApp(page, `${server.url}/autoBet?gameId=1`);
      const progression = shown(page, 'autobet-strategy-progression');
      await progression.waitFor({ timeout: UI_TIMEOUT });
      const first = language === 'en_US' && theme === 'light';
      if (first) {
        expect(await progression.inputValue()).toBe('flat');
        expect(await shown(page, 'autobet-strategy-stoplose').inputValue()).toBe('5');
      }
      expect(await shown(page, 'autobet-simulate').first().isChecked()).toBe(true);
      expect(await page.locator('.autobet-screen .field__label:visible').count()).toBeGreaterThanOrEqual(12);
      await shot('autobet');
      await shown(page, 'autobet-strategy-amount').fill('2');
      await shown(page, 'autobet-strategy-stoplose').fill('12');
      await page.reload();
      await waitForApp(page);
      await shown(page, 'autobet-strategy-amount').waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(() => shown(page, 'autobet-strategy-amount').inputValue(), { timeout: UI_TIMEOUT }).toBe('2');
      expect(await shown(page, 'autobet-strategy-stoplose').inputValue()).toBe('12');
      await page.locator('.autobet-switch').scrollIntoViewIfNeeded();
      await shot('autobet-switch');

      // 10. The report lists the bets newest first and names the hash game in the player's language.
      await openApp(page, `${server.url}/report`);
      const name = shown(page, 'report-bet-name').first();
      await name.waitFor({ timeout: UI_TIMEOUT });
      if (arabic) expect(await name.textContent()).toMatch(/[\u0600-\u06FF]/);
      const times = await page.locator('[data-testid="report-bet"] time').evaluateAll((els) => els.map((el) => Date.parse(el.getAttribute('datetime') ?? '')));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      await shown(page, 'report-details').scrollIntoViewIfNeeded();
      await shot('report');

      // 13. Bet records: no "Unknown" status, the currency filter whole, dates in the language's format.
      await openApp(page, `${server.url}/betRecord`);
      const status = shown(page, 'betrecord-status');
      await status.waitFor({ timeout: UI_TIMEOUT });
      const statuses = await status.locator('option').allTextContents();
      expect(statuses).not.toContain('Unknown');
      expect(statuses).not.toContain('غير معروف');
      const currency = shown(page, 'betrecord-currency');
      expect(await currency.evaluate(showsWhole)).toBe(true);
      // The empty date fields show the language's order, not the browser's mm/dd/yyyy; a chosen day is written the same way.
      expect(plain(await shown(page, 'betrecord-from-shown').textContent())).toBe(arabic ? 'dd/mm/yyyy' : 'mm/dd/yyyy');
      await shown(page, 'betrecord-from').fill('2026-11-03');
      await expect.poll(async () => plain(await shown(page, 'betrecord-from-shown').textContent())).toBe(arabic ? '٠٣/١١/٢٠٢٦' : '11/03/2026');
      await shot('bet-records');
      await shown(page, 'betrecord-kind-third').click();
      const thirdCurrency = shown(page, 'thirdrecord-currency');
      await thirdCurrency.waitFor({ timeout: UI_TIMEOUT });
      for (const select of [shown(page, 'thirdrecord-type'), thirdCurrency]) {
        expect(await select.evaluate(showsWhole)).toBe(true);
      }
      await shot('third-party-records');

      // 13. The transaction history: the currency filter on its own line, whole; the dates in the language's order.
      await openApp(page, `${server.url}/trade/TradeHis`);
      const historyCurrency = shown(page, 'tradehis-currency');
      await historyCurrency.waitFor({ timeout: UI_TIMEOUT });
      expect(await historyCurrency.evaluate((el: HTMLSelectElement) => el.getBoundingClientRect().width)).toBeGreaterThan(300);
      expect(await historyCurrency.evaluate(showsWhole)).toBe(true);
      expect(plain(await shown(page, 'tradehis-from-shown').textContent())).toBe(arabic ? 'dd/mm/yyyy' : 'mm/dd/yyyy');
      await shot('transactions');

      // 12. The download page without an APK says so and offers the web app.
      await openApp(page, `${server.url}/appDownload`);
      const none = shown(page, 'app-apk-none');
      await none.waitFor({ timeout: UI_TIMEOUT });
      expect(await none.textContent()).toContain('APK');
      expect(await shown(page, 'help-app-install').textContent()).not.toMatch(/button above|above when/i);
      await shot('app-download');

      // 13. Wording: "Help center" and Deposit, the last login address, a plain invite code.
      await openApp(page, `${server.url}/helpCenter`);
      await shown(page, 'help-faq').waitFor({ timeout: UI_TIMEOUT });
      if (!arabic) {
        expect(await shown(page, 'screen-title').textContent()).toBe('Help center');
        expect(await shown(page, 'help-faq').textContent()).not.toContain('Recharge');
      }
      await shot('help-center');
      await openApp(page, `${server.url}/UserInfo`);
      const ip = shown(page, 'userinfo-last-ip');
      await ip.waitFor({ timeout: UI_TIMEOUT });
      expect(await ip.textContent()).toMatch(/\d+\.\d+\.\d+\.\d+|[0-9a-f:]{3,}/);
      await shot('user-info');
      await openApp(page, `${server.url}/promotion`);
      const code = shown(page, 'promotion-code');
      await code.waitFor({ timeout: UI_TIMEOUT });
      expect(await code.textContent()).toMatch(/^[A-HJ-NP-Z2-9]{9}$/);
      await shot('invite');

      expect(problems).toEqual([]);
    },
  );
});
