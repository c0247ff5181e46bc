import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markActivityPopupsSeen, pageSettled, presetSettings, presetToken, screenshot, shown, waitForApp } from './support/app.ts';
import { registerPlayer } from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { fundedOutsideWallet, sendUsdt } from './support/chain.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { closeAll } from './support/teardown.ts';

/**
 * Third-party games end to end, on a 390x844 phone, against the in-process demo aggregator the
 * server starts without HUB88_API_URL: a funded player opens the demo slot from Home, plays rounds
 * inside the game's frame (the game calls our signed wallet for each bet and win) and sees its
 * balance move, leaves, and finds the lobby's balance at the game's last figure; a player without a
 * first deposit is offered one (30007); a special-invite account is asked to confirm first. Nothing
 * sleeps; element timeouts are generous because the machine is shared.
 */

const UI_TIMEOUT = 45_000;
const MICRO = 1_000_000n;
const DEPOSIT_USDT = 200n * MICRO;
const PASSWORD = 'games2024pw';
const ROUNDS = 5;

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let slotId = 0;
let fundedToken = '';

async function call<T = any>(path: string, body: object = {}, token?: string): Promise<T> {
  const reply = await server.call<T>(path, body, token);
  if (reply.code !== 0) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

async function until(what: string, done: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function signUp(prefix: string, inviteCode?: string): Promise<{ token: string; playerId: number }> {
  return registerPlayer(server, `${prefix}${randomBytes(4).toString('hex')}`.slice(0, 16), PASSWORD, inviteCode);
}

async function register(prefix: string, inviteCode?: string): Promise<string> {
  return (await signUp(prefix, inviteCode)).token;
}

/** An operator call with the server's automation key, as the operator's tools make it. */
const ops = <T = any>(path: string, body: object) => server.ops<T>(path, body);

/** Micro-units as balances are shown: cut to 2 decimals, thousands separated. */
function short(micro: bigint): string {
  const cents = micro / 10_000n;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

function micro(text: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  return BigInt(match[1]) * MICRO + BigInt((match[2] ?? '').padEnd(6, '0'));
}

/** A phone signed in with this token, in a language and theme, on Home. */
async function phoneOnHome(token: string, settings = { language: 'en_US', theme: 'dark' as 'dark' | 'light' }): Promise<Page> {
  const { context, page } = await newPhone(browser, { colorScheme: settings.theme });
  contexts.push(context);
  await presetSettings(context, settings);
  await presetToken(context, token);
  await markActivityPopupsSeen(context, server, token);
  await page.goto(`${server.url}/home`);
  await waitForApp(page);
  await shown(page, 'screen-home').waitFor({ timeout: UI_TIMEOUT });
  return page;
}

/** The lobby's balance chip without its coin, e.g. "200.00". */
async function lobbyBalance(page: Page): Promise<string> {
  // The chip's total (cash + bonus), not the bonus named under it.
  return ((await shown(page, 'home-balance-total').textContent()) ?? '').replace(/[^\d.,]/g, '');
}

async function tapSlot(page: Page): Promise<void> {
  await shown(page, `game-tile-${slotId}`).first().click({ timeout: UI_TIMEOUT });
}

/** The game's own balance line, e.g. "$200.00", as a plain amount "200.00". */
async function gameBalance(game: FrameLocator): Promise<string> {
  return ((await game.locator('#balance').textContent()) ?? '').replace(/[^\d.,]/g, '');
}

async function openSlot(page: Page): Promise<FrameLocator> {
  await tapSlot(page);
  await shown(page, 'screen-webview').waitFor({ timeout: UI_TIMEOUT });
  await shown(page, 'webview-frame').waitFor({ timeout: UI_TIMEOUT });
  const game = page.frameLocator('[data-testid="webview-frame"]');
  await expect.poll(() => gameBalance(game), { timeout: UI_TIMEOUT }).toMatch(/^\d[\d,]*\.\d\d$/);
  await shown(page, 'webview-loading').waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
  await pageSettled(page, 'screen-webview');
  return game;
}

beforeAll(async () => {
  server = await startServer(
    {
      DEVNET_BLOCK_MS: '500',
      DEPOSIT_POLL_MS: '500',
      DEMO_AGGREGATOR_PORT: '0',
    },
    { withOpsKey: true },
  );
  browser = await launchBrowser();

  const home = await call<{ slotGames: { id: number; gameCode: string; manufacturer: string }[] }>('/v1/app/home', { language: 'en_US' });
  const slot = home.slotGames.find((g) => g.manufacturer === 'DEMO') ?? home.slotGames[0];
  if (!slot) throw new Error('the lobby lists no slot game');
  slotId = slot.id;

  fundedToken = await register('slots');
  const { address } = await call<{ address: string }>('/v1/bank/deposit/address', {}, fundedToken);
  const wallet = await fundedOutsideWallet(server.devnetUrl, { trx: 100n * MICRO, usdt: 500n * MICRO });
  await sendUsdt(server.devnetUrl, wallet, address, DEPOSIT_USDT);
  await until('the deposit is credited', async () => (await call<{ usdt: string }>('/v1/player/balance/get', {}, fundedToken)).usdt !== '0');
}, 240_000);

afterAll(() => closeAll(contexts, browser, server));

describe('a third-party game from Home', () => {
  it('a funded player plays several rounds of the demo slot, leaves, and the lobby shows the balance after the last win', async () => {
    const page = await phoneOnHome(fundedToken);
    await expect.poll(() => lobbyBalance(page), { timeout: UI_TIMEOUT }).toBe(short(DEPOSIT_USDT));

    const game = await openSlot(page);
    expect(await shown(page, 'screen-title').textContent()).toBeTruthy();
    const seen = [await gameBalance(game)];
    expect(seen[0]).toBe(short(DEPOSIT_USDT));
    const play = game.locator('#play');
    for (let round = 0; round < ROUNDS; round++) {
      await expect.poll(() => play.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
      await play.click();
      // The round is over once the game takes a new bet and shows its outcome.
      await expect
        .poll(async () => (await play.isEnabled()) && ((await game.locator('#message').textContent()) ?? '') !== '', { timeout: UI_TIMEOUT })
        .toBe(true);
      seen.push(await gameBalance(game));
      if (round === 1) await screenshot(page, 'third-party-01-slot-playing');
    }
    expect(new Set(seen).size, `balances seen in the game: ${seen.join(' ')}`).toBeGreaterThan(1);
    const last = seen[seen.length - 1];

    await shown(page, 'webview-back').click();
    await shown(page, 'screen-home').waitFor({ timeout: UI_TIMEOUT });
    // The exit answered the balances after the last win; the lobby shows them.
    await expect.poll(() => lobbyBalance(page), { timeout: UI_TIMEOUT }).toBe(last);
    const after = micro((await call<{ usdt: string }>('/v1/player/balance/get', {}, fundedToken)).usdt);
    expect(short(after)).toBe(last);
    expect(after).not.toBe(DEPOSIT_USDT);
    await screenshot(page, 'third-party-02-back-in-lobby');

    // The rounds just played are in bet records, on the third-party side, newest first.
    const recorded = await call<{ total: number; list: { gameName: string; status: string; betAmount: string }[] }>('/v1/thirdGame/betRecord', {}, fundedToken);
    expect(recorded.total).toBeGreaterThanOrEqual(ROUNDS);
    await page.goto(`${server.url}/betRecord`);
    await waitForApp(page);
    await shown(page, 'betrecord-kind-third').click({ timeout: UI_TIMEOUT });
    await expect.poll(() => shown(page, 'thirdrecord-row').count(), { timeout: UI_TIMEOUT }).toBe(Math.min(recorded.total, 20));
    expect(await shown(page, 'thirdrecord-total').textContent()).toBe(`Rounds found: ${recorded.total}`);
    const firstRow = shown(page, 'thirdrecord-row').first();
    expect(await firstRow.locator('b').textContent()).toBe(recorded.list[0]!.gameName);
    expect(await firstRow.getAttribute('data-status')).toBe(recorded.list[0]!.status);
    await screenshot(page, 'third-party-02-bet-records');

    // /webview reloaded after leaving has no game: it says so and leads back to Home.
    await page.goto(`${server.url}/webview`);
    await waitForApp(page);
    await shown(page, 'webview-no-game').waitFor({ timeout: UI_TIMEOUT });
    await shown(page, 'webview-home').click();
    await shown(page, 'screen-home').waitFor({ timeout: UI_TIMEOUT });
  });

  it('lists the rounds in bet records at 390 px in Arabic, right to left, without sideways scrolling', async () => {
    const page = await phoneOnHome(fundedToken, { language: 'ar_EG', theme: 'light' });
    await page.goto(`${server.url}/betRecord?kind=third`);
    await waitForApp(page);
    await expect.poll(() => shown(page, 'thirdrecord-row').count(), { timeout: UI_TIMEOUT }).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await shown(page, 'betrecord-kind-third').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const row = await shown(page, 'thirdrecord-row').first().boundingBox();
    expect((row?.x ?? -1) >= 0 && (row?.x ?? 0) + (row?.width ?? 0) <= 390).toBe(true);
    await screenshot(page, 'third-party-bet-records-ar_EG-light');
  });

  it('shows the game under a slim bar in English and Arabic, light and dark', async () => {
    for (const settings of [
      { language: 'en_US', theme: 'light' as const },
      { language: 'ar_EG', theme: 'dark' as const },
      { language: 'ar_EG', theme: 'light' as const },
    ]) {
      const page = await phoneOnHome(fundedToken, settings);
      const game = await openSlot(page);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(settings.language === 'ar_EG' ? 'rtl' : 'ltr');
      const frame = await shown(page, 'webview-frame').boundingBox();
      // The game takes the whole width and everything under the bar.
      expect(frame?.width).toBe(390);
      expect((frame?.y ?? 0) + (frame?.height ?? 0)).toBeGreaterThan(840);
      expect(frame?.y).toBeLessThan(60);
      await screenshot(page, `third-party-webview-${settings.language}-${settings.theme}`);
      // Our bar's back button, or the game's own way to the lobby (it asks the page hosting it).
      if (settings.theme === 'light' && settings.language === 'ar_EG') await game.locator('#lobby').click();
      else await shown(page, 'webview-back').click();
      await shown(page, 'screen-home').waitFor({ timeout: UI_TIMEOUT });
    }
  });

  it('offers a player without a first deposit the recharge screen (30007)', async () => {
    const page = await phoneOnHome(await register('fresh'));
    await tapSlot(page);
    const prompt = shown(page, 'first-recharge-popup');
    await prompt.waitFor({ timeout: UI_TIMEOUT });
    expect(await prompt.textContent()).toMatch(/hash games/i);
    await screenshot(page, 'third-party-03-first-deposit');
    await shown(page, 'popup-confirm').click();
    await shown(page, 'screen-trade-recharge').waitFor({ timeout: UI_TIMEOUT });
  });

  it('asks a special-invite account to confirm before the game, with the rules a tap away', async () => {
    const { codes } = await ops<{ codes: string[] }>('/ops/v1/playerMarks/issueInviteCodes', { count: 1, note: 'browser test' });
    const token = await register('vip', codes[0]);
    expect((await call<{ accountType: number }>('/v1/player_mark/special_invited_account/info', {}, token)).accountType).toBe(1);

    const page = await phoneOnHome(token);
    await tapSlot(page);
    const confirm = shown(page, 'special-invite-confirm');
    await confirm.waitFor({ timeout: UI_TIMEOUT });
    expect(await confirm.textContent()).toContain('normal account');
    await screenshot(page, 'third-party-04-special-invite-confirm');

    await shown(page, 'special-invite-rules-link').click();
    await shown(page, 'screen-special-invite-rule').waitFor({ timeout: UI_TIMEOUT });
    await shown(page, 'header-back').click();
    await shown(page, 'screen-home').waitFor({ timeout: UI_TIMEOUT });

    // Cancelling leaves the account special and opens nothing.
    await tapSlot(page);
    await shown(page, 'special-invite-confirm').waitFor({ timeout: UI_TIMEOUT });
    await shown(page, 'popup-cancel').click();
    await shown(page, 'special-invite-confirm').waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    expect((await call<{ accountType: number }>('/v1/player_mark/special_invited_account/info', {}, token)).accountType).toBe(1);
    expect(page.url()).toMatch(/\/home$/);

    // The rules stay a tap away in the profile while the account is special.
    await shown(page, 'tab-userProfile').click();
    await shown(page, 'profile-special-rule').click({ timeout: UI_TIMEOUT });
    await shown(page, 'screen-special-invite-rule').waitFor({ timeout: UI_TIMEOUT });
    await screenshot(page, 'third-party-05-special-invite-rules');
  });

  it('tells an experience account its experience gold is not used up, with the rules a tap away', async () => {
    const { token, playerId } = await signUp('trial');
    await ops('/ops/v1/playerMarks/grantExperienceGold', { requestId: `trial-${playerId}`, playerId, amount: '10', note: 'browser test' });
    expect((await call<{ accountType: number }>('/v1/player_mark/experience_gold/info', {}, token)).accountType).toBe(1);

    const page = await phoneOnHome(token);
    await expect.poll(() => lobbyBalance(page), { timeout: UI_TIMEOUT }).toBe('10.00');
    await tapSlot(page);
    const limit = shown(page, 'experience-limit-popup');
    await limit.waitFor({ timeout: UI_TIMEOUT });
    expect(await limit.textContent()).toContain('Your experience gold has not been used up');
    await screenshot(page, 'third-party-06-experience-limit');
    await shown(page, 'experience-rules-link').click();
    await shown(page, 'screen-experience-rule').waitFor({ timeout: UI_TIMEOUT });
  });
});
