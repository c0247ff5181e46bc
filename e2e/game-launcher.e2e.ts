import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, FrameLocator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markActivityPopupsSeen, pageSettled, presetSettings, presetToken, screenshot, shown, waitForApp } from './support/app.ts';
import { registerPlayer } from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { fundedOutsideWallet, sendUsdt } from './support/chain.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { closeAll } from './support/teardown.ts';

/**
 * Launching, leaving and launching again the third-party games, on a 390x844 phone, against the
 * demo aggregator the server runs in its own process: one game of each engine in a row, in one
 * page that is never reloaded, each left by another way a player has. Every game must come up in a
 * frame with a real size and its own document (not black, not the last game's), and every way out
 * must land on the lobby (not "Page not found"). Then the in-game layout: one bar, a full-screen
 * toggle, the balance in the player's currency, in English and Arabic, light and dark.
 */

const UI_TIMEOUT = 45_000;
const MICRO = 1_000_000n;
const FRAME = '[data-testid="webview-frame"]';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let token = '';
const tiles = new Map<string, number>();

async function call<T = any>(path: string, body: object = {}, auth?: string): Promise<T> {
  const reply = await server.call<T>(path, body, auth);
  if (reply.code !== 0) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

beforeAll(async () => {
  server = await startServer({ DEVNET_BLOCK_MS: '500', DEPOSIT_POLL_MS: '500', DEMO_AGGREGATOR_PORT: '0' });
  browser = await launchBrowser();
  const home = await call<Record<string, unknown>>('/v1/app/home', { language: 'en_US' });
  for (const list of Object.values(home)) {
    if (!Array.isArray(list)) continue;
    for (const game of list as { id?: number; gameCode?: string }[]) if (game?.gameCode && game.id) tiles.set(game.gameCode, game.id);
  }
  token = (await registerPlayer(server, `launch${randomBytes(4).toString('hex')}`, 'games2024pw')).token;
  const { address } = await call<{ address: string }>('/v1/bank/deposit/address', {}, token);
  const wallet = await fundedOutsideWallet(server.devnetUrl, { trx: 100n * MICRO, usdt: 500n * MICRO });
  await sendUsdt(server.devnetUrl, wallet, address, 200n * MICRO);
  const deadline = Date.now() + 90_000;
  while ((await call<{ usdt: string }>('/v1/player/balance/get', {}, token)).usdt === '0') {
    if (Date.now() > deadline) throw new Error('the deposit is not credited within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 240_000);

afterAll(() => closeAll(contexts, browser, server));

/** A phone signed in as the funded player, on the lobby, with a mark on its window that a reload would wipe. */
async function phone(settings: { language: string; theme: 'dark' | 'light' } = { language: 'en_US', theme: 'dark' }): Promise<Page> {
  const { context, page } = await newPhone(browser, { colorScheme: settings.theme });
  contexts.push(context);
  await presetSettings(context, settings);
  await presetToken(context, token);
  await markActivityPopupsSeen(context, server, token);
  await page.goto(`${server.url}/home`);
  await waitForApp(page);
  await shown(page, 'screen-home').waitFor({ timeout: UI_TIMEOUT });
  await page.evaluate(() => Object.assign(window, { launcherMark: 'still the first load' }));
  return page;
}

async function sameLoad(page: Page): Promise<boolean> {
  return (await page.evaluate(() => (window as { launcherMark?: string }).launcherMark)) === 'still the first load';
}

/** Taps the game's tile in the lobby and waits for the game's own page in a frame of real size. */
async function launch(page: Page, code: string, name: string): Promise<FrameLocator> {
  const id = tiles.get(code);
  if (!id) throw new Error(`the lobby lists no ${code}`);
  await shown(page, `game-tile-${id}`).first().click({ timeout: UI_TIMEOUT });
  await shown(page, 'screen-webview').waitFor({ timeout: UI_TIMEOUT });
  expect(await shown(page, 'screen-title').textContent()).toBe(name);
  await shown(page, 'webview-loading').waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
  // Exactly one frame: the page shown again for the next game does not keep the last one's.
  expect(await page.locator(FRAME).count()).toBe(1);
  const game = page.frameLocator(FRAME);
  // Its own document, loaded: the game's name and the balance it asked the wallet for.
  await expect.poll(() => game.locator('h1').textContent({ timeout: UI_TIMEOUT }), { timeout: UI_TIMEOUT }).toBe(name);
  await expect.poll(() => game.locator('#balance').textContent(), { timeout: UI_TIMEOUT }).toMatch(/^\d[\d,]*\.\d\d USDT$/);
  const box = await page.locator(FRAME).boundingBox();
  expect(box?.width).toBe(390);
  expect(box?.height).toBeGreaterThan(780);
  await pageSettled(page, 'screen-webview');
  return game;
}

/** Back on the lobby of the same load: not "Page not found", not a blank page. */
async function inLobby(page: Page, way: string): Promise<void> {
  await shown(page, 'screen-home').waitFor({ timeout: UI_TIMEOUT });
  await expect.poll(() => new URL(page.url()).pathname, { message: way, timeout: UI_TIMEOUT }).toBe('/home');
  expect(await shown(page, 'screen-not-found').count(), way).toBe(0);
  expect(await shown(page, 'screen-title').filter({ hasText: 'Page not found' }).count(), way).toBe(0);
  expect(await shown(page, 'tab-bar').count(), way).toBe(1);
  expect(await sameLoad(page), `${way}: the app was loaded again`).toBe(true);
}

/** Away to the Menu tab and back by the Home tab, which must lead to the lobby after any game. */
async function viaHomeTab(page: Page): Promise<void> {
  await shown(page, 'tab-menu').click();
  await shown(page, 'screen-menu').waitFor({ timeout: UI_TIMEOUT });
  await shown(page, 'tab-home').click();
  await inLobby(page, 'the Home tab');
}

describe('launching, leaving and launching again', () => {
  it('plays one game of each engine in a row, leaving each by another way, in one load of the app', async () => {
    const page = await phone();
    let loads = 0;
    page.on('load', () => loads++);
    const started = Date.now();

    // 1. Slot, left by the app's back arrow.
    await launch(page, 'demo_fruit_slot', 'Fruit Lines');
    await shown(page, 'webview-back').click();
    await inLobby(page, 'the back arrow');

    // 2. Fish, left by the game's own lobby button (it tells the page hosting it).
    const fish = await launch(page, 'demo_fish_hunter', 'Fish Hunter');
    // A real tap, right after leaving the last game by a step back: launch() waited for the game's
    // page to finish sliding in, as a player's finger does.
    await fish.locator('#lobby').click({ timeout: UI_TIMEOUT });
    await inLobby(page, "the game's lobby button");

    // 3. Plinko, whose game follows its lobby URL inside its frame, as some providers' games do.
    const plinko = await launch(page, 'demo_plinko', 'Plinko');
    const lobbyUrl = await plinko.locator('#config').evaluate((el) => JSON.parse(el.textContent ?? '{}').lobbyUrl as string);
    expect(new URL(lobbyUrl).pathname).toBe('/game-lobby.html');
    await plinko.locator('body').evaluate((_, url) => window.location.assign(url), lobbyUrl);
    await inLobby(page, 'the lobby URL');

    // 4. Hi-Lo, whose page does not come while the connection drops: "Back to the lobby".
    const held: Route[] = [];
    await page.route(/\/games\/demo_hilo\//, (route) => void held.push(route));
    await shown(page, `game-tile-${tiles.get('demo_hilo')}`)
      .first()
      .click({ timeout: UI_TIMEOUT });
    await shown(page, 'webview-loading').waitFor({ timeout: UI_TIMEOUT });
    await page.context().setOffline(true);
    await shown(page, 'webview-failed').waitFor({ timeout: UI_TIMEOUT });
    await page.context().setOffline(false);
    await shown(page, 'webview-home').click();
    await inLobby(page, 'Back to the lobby');
    await page.unroute(/\/games\/demo_hilo\//);
    for (const route of held) await route.abort().catch(() => undefined);

    // 5. Crash, left by the phone's back.
    await launch(page, 'demo_rocket_crash', 'Rocket Crash');
    await page.evaluate(() => history.back());
    await inLobby(page, "the phone's back");

    // Every game's session was closed on the way out.
    const open = await call<{ total: number }>('/v1/thirdGame/betRecord', {}, token).catch(() => null);
    expect(open).not.toBeNull();
    expect(loads, 'page loads after the first').toBe(0);
    console.log(`five games launched and left in ${Date.now() - started} ms`);

    // And the game page reached again by the phone's forward has no game left to show.
    await page.evaluate(() => history.forward());
    await shown(page, 'webview-no-game').waitFor({ timeout: UI_TIMEOUT });
    await shown(page, 'webview-home').click();
    await inLobby(page, 'Back to the lobby after forward');
    // The Home tab leads to the lobby after all that, too.
    await viaHomeTab(page);
    expect(await sameLoad(page)).toBe(true);
  }, 300_000);

  it('shows the game under one bar, with its balance in USDT and a full-screen toggle, in English and Arabic, light and dark', async () => {
    for (const settings of [
      { language: 'en_US', theme: 'dark' as const },
      { language: 'en_US', theme: 'light' as const },
      { language: 'ar_EG', theme: 'dark' as const },
      { language: 'ar_EG', theme: 'light' as const },
    ]) {
      const page = await phone(settings);
      const game = await launch(page, 'demo_fruit_slot', 'Fruit Lines');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(settings.language === 'ar_EG' ? 'rtl' : 'ltr');
      // One bar: the app's (back, name, full screen); the game's own bar gives way to two floating
      // chips (its lobby button and balance), so the game's stage starts at the top of the frame.
      const frame = await page.locator(FRAME).boundingBox();
      expect(frame!.y).toBeLessThan(45);
      const stageTop = await game.locator('#stage').evaluate((el) => el.getBoundingClientRect().top);
      expect(stageTop).toBeLessThan(2);
      expect(await game.locator('#lobby').isVisible()).toBe(true);
      await screenshot(page, `game-launcher-${settings.language}-${settings.theme}`);
      if (settings.theme === 'dark') {
        // Full screen: the game alone, one small button brings the bar back.
        await shown(page, 'webview-full').click();
        await shown(page, 'webview-unfull').waitFor({ timeout: UI_TIMEOUT });
        expect(await shown(page, 'webview-back').count()).toBe(0);
        expect((await page.locator(FRAME).boundingBox())?.height).toBeGreaterThanOrEqual(844);
        await screenshot(page, `game-launcher-${settings.language}-full`);
        await shown(page, 'webview-unfull').click();
        await shown(page, 'webview-back').waitFor({ timeout: UI_TIMEOUT });
      }
      await shown(page, 'webview-back').click();
      await inLobby(page, 'the back arrow');
    }
  }, 300_000);
});
