import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerPlayer, until } from './support/api.ts';
import { markActivityPopupsSeen, openApp, pageSettled, presetSettings, presetToken, screenshot, shown, waitForApp } from './support/app.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { fundedOutsideWallet, sendUsdt } from './support/chain.ts';
import { measureLayout } from './support/layout.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { closeAll } from './support/teardown.ts';

/**
 * PROTECTION.md for the player, on a 390x844 phone, against the real server: a funded player opens
 * the responsible-gaming page from the profile and sets a daily loss limit, which shows with what is
 * used and when it resets; a raise waits for its cooling-off and can be withdrawn; they choose a
 * 15-minute reality check, and in Arabic, playing the demo slot in /webview, the check appears over
 * the game once the page's clock has moved 15 minutes past the session's start (the server's). Last
 * they take a 24-hour time-out: the page shows it, and a hash-game bet is refused with the pause and
 * its end, leading back to the page.
 */

const UI_TIMEOUT = 45_000;
const MICRO = 1_000_000n;
const PASSWORD = 'limits2play';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let token = '';
let slotId = 0;

const call = <T>(path: string, body: object = {}) => callAs<T>(server, path, body, token);

async function phone(settings: { language: string; theme: 'light' | 'dark' }, options: { clock?: boolean } = {}): Promise<Page> {
  const { context, page } = await newPhone(browser, { colorScheme: settings.theme });
  contexts.push(context);
  await presetSettings(context, settings);
  await presetToken(context, token);
  await markActivityPopupsSeen(context, server, token);
  // The page's own clock, moved by the test: timers set by the app fire as time is skipped.
  if (options.clock) await page.clock.install();
  return page;
}

async function fits(page: Page, name: string): Promise<void> {
  const report = await measureLayout(page, ['.chip-row']);
  expect(report.scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(report.clientWidth);
  expect(report.overflows, name).toEqual([]);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ DEVNET_BLOCK_MS: '300', DEPOSIT_POLL_MS: '300', HASH_ENGINE_POLL_MS: '200', HASH_HEAD_MAX_AGE_SECONDS: '20', DEMO_AGGREGATOR_PORT: '0' }),
    launchBrowser(),
  ]);
  const home = await callAs<{ slotGames: { id: number; manufacturer: string }[] }>(server, '/v1/app/home', { language: 'en_US' }, '');
  const slot = home.slotGames.find((g) => g.manufacturer === 'DEMO') ?? home.slotGames[0];
  if (!slot) throw new Error('the lobby lists no slot game');
  slotId = slot.id;
  token = (await registerPlayer(server, `rg${randomBytes(5).toString('hex')}`, PASSWORD)).token;
  const { address } = await call<{ address: string }>('/v1/bank/deposit/address');
  const wallet = await fundedOutsideWallet(server.devnetUrl, { trx: 100n * MICRO, usdt: 300n * MICRO });
  await sendUsdt(server.devnetUrl, wallet, address, 200n * MICRO);
  await until('the deposit is credited', async () => (await call<{ usdt: string }>('/v1/player/balance/get')).usdt !== '0', 120_000);
}, 240_000);

afterAll(() => closeAll(contexts, browser, server));

describe('responsible gaming', () => {
  it('sets a daily loss limit from the profile, sees it with its use and reset, and a raise waiting for its cooling-off', async () => {
    const page = await phone({ language: 'en_US', theme: 'light' });
    await openApp(page, `${server.url}/userProfile`);
    await shown(page, 'profile-responsible-gaming').click({ timeout: UI_TIMEOUT });
    await shown(page, 'screen-responsible-gaming').waitFor({ timeout: UI_TIMEOUT });
    await pageSettled(page, 'screen-responsible-gaming');

    await shown(page, 'rg-kind-loss').click();
    await shown(page, 'rg-limit-edit-loss-day').click();
    await shown(page, 'rg-limit-input-loss-day').fill('50');
    await shown(page, 'rg-limit-save-loss-day').click();
    await expect.poll(() => shown(page, 'rg-limit-amount-loss-day').textContent(), { timeout: UI_TIMEOUT }).toBe('50.00 USDT');
    expect(await shown(page, 'rg-limit-used-loss-day').textContent()).toMatch(/^Used \u20660\.00\u2069 of \u206650\.00 USDT\u2069Resets /);
    const state = await call<{ limits: { kind: string; period: string; amount: string; pending: unknown }[] }>('/v1/player/protection/get');
    expect(state.limits.find((l) => l.kind === 'loss' && l.period === 'day')).toMatchObject({ amount: '50', pending: null });

    // A raise does not apply yet: it waits 24 hours for a second confirmation, and can be withdrawn.
    await shown(page, 'rg-limit-edit-loss-day').click();
    await shown(page, 'rg-limit-input-loss-day').fill('80');
    await shown(page, 'rg-limit-save-loss-day').click();
    const pending = shown(page, 'rg-limit-pending-loss-day');
    await expect.poll(() => pending.textContent(), { timeout: UI_TIMEOUT }).toMatch(/^Raise to \u206680\.00 USDT\u2069 pending until /);
    expect(await pending.getAttribute('data-ready')).toBe('false');
    expect(await shown(page, 'rg-limit-confirm-loss-day').count()).toBe(0);
    expect(await shown(page, 'rg-limit-amount-loss-day').textContent()).toBe('50.00 USDT');
    await screenshot(page, 'responsible-gaming-pending-en_US-light');
    await shown(page, 'rg-limit-cancel-loss-day').click();
    await pending.waitFor({ state: 'detached', timeout: UI_TIMEOUT });

    await shown(page, 'rg-reality-15').click();
    await expect.poll(() => shown(page, 'rg-reality-15').getAttribute('aria-checked'), { timeout: UI_TIMEOUT }).toBe('true');
    expect((await call<{ realityCheckMinutes: number }>('/v1/player/protection/get')).realityCheckMinutes).toBe(15);
    await fits(page, 'en_US light');
    await page.getByTestId('toast').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await screenshot(page, 'responsible-gaming-en_US-light');
  });

  it('shows the reality check over a third-party game in Arabic once 15 minutes of the session have passed', async () => {
    const page = await phone({ language: 'ar_EG', theme: 'dark' }, { clock: true });
    await openApp(page, `${server.url}/home`);
    await shown(page, `game-tile-${slotId}`).first().click({ timeout: UI_TIMEOUT });
    await shown(page, 'webview-frame').waitFor({ timeout: UI_TIMEOUT });
    await shown(page, 'webview-loading').waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    expect(await shown(page, 'reality-check').count()).toBe(0);

    const { sessionStartedAt } = await call<{ sessionStartedAt: string }>('/v1/player/protection/reality_check');
    const toGo = Date.parse(sessionStartedAt) + 15 * 60_000 - (await page.evaluate(() => Date.now()));
    await page.clock.fastForward(Math.max(toGo, 0) + 1_000);
    const check = shown(page, 'reality-check');
    await check.waitFor({ timeout: UI_TIMEOUT });
    expect(new URL(page.url()).pathname).toBe('/webview');
    expect(Number(await check.getAttribute('data-minutes'))).toBeGreaterThanOrEqual(15);
    expect(await shown(page, 'reality-check-elapsed').textContent()).toMatch(/^أنت تلعب منذ \d+ دقيقة$/);
    // Over the game: what is on top at the dialog's centre is the dialog.
    expect(
      await page.evaluate(() => {
        const box = document.querySelector('[data-testid="reality-check"]')?.getBoundingClientRect();
        if (!box) return false;
        return !!document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.closest('[data-testid="reality-check"]');
      }),
    ).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await fits(page, 'reality check ar_EG dark');
    await screenshot(page, 'responsible-gaming-reality-check-ar_EG-dark');

    await shown(page, 'reality-check-continue').click();
    await check.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    expect(await shown(page, 'webview-frame').count()).toBe(1);
  });

  it('takes a 24-hour time-out, sees it on the page, and a bet is refused with the pause and its end', async () => {
    const page = await phone({ language: 'en_US', theme: 'dark' });
    await openApp(page, `${server.url}/responsible-gaming`);
    await shown(page, 'screen-responsible-gaming').waitFor({ timeout: UI_TIMEOUT });
    await shown(page, 'rg-timeout-1').click();
    await shown(page, 'rg-timeout-take').click();
    await shown(page, 'rg-timeout-confirm').waitFor({ timeout: UI_TIMEOUT });
    expect(await shown(page, 'rg-timeout-confirm').textContent()).toContain('For 24 hours from now you cannot play');
    await shown(page, 'popup-confirm').click();
    const pause = shown(page, 'rg-pause');
    await pause.waitFor({ timeout: UI_TIMEOUT });
    expect(await pause.getAttribute('data-kind')).toBe('time_out');
    expect(await shown(page, 'rg-pause-until').textContent()).toMatch(/^Time-out until /);
    expect(await shown(page, 'rg-timeout').count()).toBe(0);
    await screenshot(page, 'responsible-gaming-paused-en_US-dark');

    // Self-exclusion asks once more, saying what it means, with the login password: a wrong one is refused.
    await shown(page, 'rg-exclusion-1y').click();
    await shown(page, 'rg-exclusion-start').click();
    const step = shown(page, 'rg-exclusion-step');
    await step.waitFor({ timeout: UI_TIMEOUT });
    const means = (await step.textContent()) ?? '';
    expect(means).toContain('Self-exclude for 1 year?');
    expect(means).toContain('You get no bonuses, rebates or gifts, and no marketing mail or offers.');
    expect(means).toContain('cannot be shortened or lifted, by you or by staff');
    await shown(page, 'rg-exclusion-password').fill('not-my-password');
    await shown(page, 'rg-exclusion-confirm').click();
    await expect.poll(() => step.locator('.field__error').textContent(), { timeout: UI_TIMEOUT }).toBeTruthy();
    await screenshot(page, 'responsible-gaming-exclusion-step-en_US-dark');
    await shown(page, 'rg-exclusion-back').click();
    expect((await call<{ pause: { kind: string } }>('/v1/player/protection/get')).pause.kind).toBe('time_out');

    await openApp(page, `${server.url}/hashGame?gameId=1&nav=pageBet`);
    await shown(page, 'screen-hash-game').waitFor({ timeout: UI_TIMEOUT });
    await shown(page, 'hash-area-big').click({ timeout: UI_TIMEOUT });
    await shown(page, 'hash-chip-10').click();
    // A round that closes as the tap lands sends nothing: the tap is made again on the next open round.
    let bet: Response | undefined;
    for (let attempt = 0; attempt < 3 && !bet; attempt++) {
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="hash-countdown"]')?.getAttribute('data-seconds') || '0') >= 2, undefined, {
        timeout: UI_TIMEOUT,
        polling: 100,
      });
      const answer = page.waitForResponse((response) => response.url().endsWith('/v1/hashGame/bet'), { timeout: 10_000 }).catch(() => undefined);
      await shown(page, 'hash-bet-submit').click();
      bet = await answer;
    }
    if (!bet) throw new Error('the bet was never sent');
    const reply = (await bet.json()) as { code: number; data: { kind: string; until: string } };
    expect(reply.code).toBe(10062);
    expect(reply.data.kind).toBe('time_out');
    const refusal = shown(page, 'protection-refusal');
    await refusal.waitFor({ timeout: UI_TIMEOUT });
    const text = (await refusal.textContent()) ?? '';
    expect(text).toContain('Play paused');
    expect(text).toMatch(/Your time-out runs until \w{3} \d{1,2}, \d{4}/);
    expect(text).toContain('You can still withdraw, see your history and contact support.');
    await screenshot(page, 'responsible-gaming-refusal-en_US-dark');
    await shown(page, 'protection-refusal-open').click();
    await shown(page, 'screen-responsible-gaming').waitFor({ timeout: UI_TIMEOUT });
  });

  it('fits the page in Arabic (light) with the time-out running', async () => {
    const page = await phone({ language: 'ar_EG', theme: 'light' });
    await openApp(page, `${server.url}/responsible-gaming`);
    await shown(page, 'rg-pause').waitFor({ timeout: UI_TIMEOUT });
    await waitForApp(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await fits(page, 'ar_EG light');
    await screenshot(page, 'responsible-gaming-ar_EG-light');
    await shown(page, 'rg-exclusion-start').click();
    await shown(page, 'rg-exclusion-step').waitFor({ timeout: UI_TIMEOUT });
    await fits(page, 'ar_EG light, self-exclusion step');
    await shown(page, 'rg-exclusion-step').scrollIntoViewIfNeeded();
    await screenshot(page, 'responsible-gaming-exclusion-step-ar_EG-light');
  });
});
