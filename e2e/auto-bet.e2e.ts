import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markActivityPopupsSeen } from './support/app.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Auto-bet end to end on a phone: a new player opens the strategy editor, starts a simulated
 * martingale, watches the operation-log panel fill in over several rounds without touching the
 * page, and stops it. The devnet makes a block every second (3 s on TRON) so the rounds come quickly;
 * the panel's figures are checked against the server's log, and the player's real balance must stay 0.
 */

const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const UI_TIMEOUT = 30_000;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';

const byTestId = (id: string) => page.getByTestId(id);
const text = async (id: string) => ((await byTestId(id).first().textContent()) ?? '').trim();

/** Inside the viewport and on top at its centre: the player can see it and tap it. */
function onScreen(id: string): Promise<boolean> {
  return byTestId(id)
    .first()
    .evaluate((el) => {
      const box = el.getBoundingClientRect();
      const inside = box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth && box.width > 0;
      return inside && el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
    });
}

async function openApp(path: string): Promise<void> {
  await page.goto(server.url + path);
  await page.getByTestId('launch-screen').waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
}

describe('auto-bet on a phone: a simulated martingale from the editor to the panel', () => {
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    server = await startServer({ DEVNET_BLOCK_MS: '1000', HASH_ENGINE_POLL_MS: '200', HASH_HEAD_MAX_AGE_SECONDS: '20' });
    browser = await launchBrowser();
    ({ context, page } = await newPhone(browser));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('signs up', async () => {
    await openApp('/register');
    await byTestId('screen-signup').waitFor({ timeout: UI_TIMEOUT });
    const account = `auto${Date.now().toString(36).slice(-8)}`;
    await byTestId('auth-account').fill(account);
    await byTestId('auth-password').fill('play2win');
    await byTestId('auth-confirm').fill('play2win');
    await byTestId('auth-submit').click();
    await byTestId('screen-home').waitFor({ timeout: UI_TIMEOUT });
    token = (await page.evaluate(() => localStorage.getItem('lobby.token'))) ?? '';
    expect(token).toBeTruthy();
    await markActivityPopupsSeen(page, server, token);
  });

  it('starts a simulated martingale from the strategy editor and the panel appears', async () => {
    await openApp('/autoBet?gameId=1');
    await byTestId('screen-autobet').waitFor({ timeout: UI_TIMEOUT });
    await byTestId('autobet-strategy-progression').selectOption('martingale');
    await byTestId('autobet-strategy-amount').fill('1');
    await byTestId('autobet-strategy-area').selectOption('big');
    // Far-off stops: the rounds are random, and the editor's defaults (5 stakes of loss) end a
    // martingale after two losses in a row; this run must last the dozen rounds the panel is checked on.
    await byTestId('autobet-strategy-stopwin').fill('5000');
    await byTestId('autobet-strategy-stoplose').fill('9000');
    expect(await byTestId('autobet-simulate').isChecked()).toBe(true);
    await byTestId('autobet-strategy-start').click();
    await byTestId('autobet-panel').waitFor({ timeout: UI_TIMEOUT });
    const status = await server.call('/v1/auto_bet/player_status', {}, token);
    expect(status.data).toMatchObject({ isOpen: true, simulate: true, gameId: 1 });
  });

  it('watches the panel update for several rounds', async () => {
    await expect.poll(async () => Number(await text('autobet-total')), { timeout: 60_000, interval: 500 }).toBeGreaterThanOrEqual(4);
    await expect.poll(async () => byTestId('autobet-record-row').count(), { timeout: UI_TIMEOUT }).toBeGreaterThanOrEqual(4);
    expect(await byTestId('autobet-op-row').count()).toBeGreaterThanOrEqual(1);
    expect(await byTestId('autobet-op-row').count()).toBeLessThanOrEqual(5);
    const log = (await server.call('/v1/auto_bet/open_log', { gameId: 1, simulate: true }, token)).data;
    expect(log.simulate).toBe(true);
    // The panel shows what the server logged, within one poll.
    expect(Math.abs(Number(await text('autobet-total')) - log.totalNum)).toBeLessThanOrEqual(1);
    await page.screenshot({ path: `${SCREENSHOTS}autobet-01-running.png` });
  });

  it('keeps Start, Stop and Clear on screen however long the log grows', async () => {
    // The log outgrows the panel after a dozen bets; it scrolls between the header and the controls.
    const body = byTestId('autobet-panel-body');
    await expect.poll(() => body.evaluate((el) => el.scrollHeight > el.clientHeight), { timeout: 60_000, interval: 500 }).toBe(true);
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    for (const id of ['autobet-start', 'autobet-stop', 'autobet-clear']) expect(await onScreen(id), id).toBe(true);
    const panel = await byTestId('autobet-panel').boundingBox();
    expect(panel!.height).toBeLessThanOrEqual(844 * 0.6 + 1);
  });

  it('minimises to a chip with the state and the profit, remembered after a reload, that opens the log again', async () => {
    await byTestId('autobet-minimise').click();
    await byTestId('autobet-chip').waitFor({ timeout: UI_TIMEOUT });
    expect(await byTestId('autobet-panel').count()).toBe(0);
    expect(await text('autobet-chip-state')).toBe('Running');
    // The chip's profit is the server's, signed, within a poll of the log.
    await expect
      .poll(
        async () => {
          const reward = Number((await server.call('/v1/auto_bet/open_log', { gameId: 1, simulate: true }, token)).data.reward);
          const shown = (reward > 0 ? '+' : '') + reward.toFixed(3);
          return (await text('autobet-chip-profit')) === shown;
        },
        { timeout: UI_TIMEOUT, interval: 500 },
      )
      .toBe(true);
    const chip = (await byTestId('autobet-chip').boundingBox())!;
    expect(chip.height).toBeLessThanOrEqual(48);
    expect(chip.width).toBeLessThan(390 / 2);
    expect(await onScreen('autobet-chip')).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}autobet-03-minimised.png` });

    await openApp('/home');
    await byTestId('autobet-chip').waitFor({ timeout: UI_TIMEOUT });
    expect(await byTestId('autobet-panel').count()).toBe(0);

    await byTestId('autobet-chip').click();
    await byTestId('autobet-panel').waitFor({ timeout: UI_TIMEOUT });
    expect(await onScreen('autobet-stop')).toBe(true);
  });

  it('stops it: the panel says stopped and no real money moved', async () => {
    await byTestId('autobet-stop').click();
    await expect.poll(async () => byTestId('autobet-stop').isDisabled(), { timeout: UI_TIMEOUT }).toBe(true);
    // The button is also disabled while the stop is on its way: the server says when it is done.
    await expect.poll(async () => (await server.call('/v1/auto_bet/player_status', {}, token)).data.isOpen, { timeout: UI_TIMEOUT }).toBe(false);
    const real = (await server.call('/v1/auto_bet/open_log', { gameId: 1, simulate: false }, token)).data;
    expect(real.amountBalance).toBe('0');
    const totalAfterStop = Number(await text('autobet-total'));
    await page.waitForTimeout(3_000);
    expect(Number(await text('autobet-total'))).toBeLessThanOrEqual(totalAfterStop + 1);
    await page.screenshot({ path: `${SCREENSHOTS}autobet-02-stopped.png` });
    await byTestId('autobet-close').click();
    await byTestId('autobet-panel').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
  });
});
