/**
 * The lobby's own rows and its search, at a phone's size in English (light) and Arabic (dark): a
 * search from the Lobby tab reaches every category and vendor and says where each game is; a category
 * with no games is not offered; a favourite stays on its row after a reload; a game entered shows on
 * the recently played row. Screenshots go to e2e/screenshots/.
 */
import { NavId, type FoundGame, type HomeData } from '@lobby/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markActivityPopupsSeen, openApp, presetSettings, presetToken, screenshot, shown, waitForApp } from './support/app.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { measureLayout } from './support/layout.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let catalogue: HomeData;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  catalogue = (await server.call<HomeData>('/v1/app/home', { language: 'en_US' })).data;
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

async function signedInPhone(language: string, theme: 'light' | 'dark'): Promise<{ page: Page; token: string }> {
  const account = `shelf${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);
  const reply = await server.call<{ token: string }>('/v1/player/register', { kind: 1, account, password: 'shelves123', lang: language });
  expect(reply.code, reply.msg).toBe(0);
  const { context, page } = await newPhone(browser, { colorScheme: theme, locale: language.replace('_', '-') });
  contexts.push(context);
  await presetSettings(context, { language, theme });
  await presetToken(context, reply.data.token);
  await markActivityPopupsSeen(context, server, reply.data.token);
  return { page, token: reply.data.token };
}

const rowIds = (page: Page, testId: string) =>
  shown(page, testId)
    .locator('[data-testid^="game-tile-"]')
    .evaluateAll((tiles) => tiles.map((tile) => Number(tile.getAttribute('data-testid')!.slice('game-tile-'.length))));

describe.each([
  { language: 'en_US', theme: 'light' as const, other: 'dark' as const, crypto: 'Crypto' },
  { language: 'ar_EG', theme: 'dark' as const, other: 'light' as const, crypto: 'العملات الرقمية' },
])('the lobby in $language, $theme', ({ language, theme, other, crypto }) => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await signedInPhone(language, theme));
    await openApp(page, `${server.url}/home`);
    await shown(page, 'screen-home').waitFor();
  });

  it('searches every category and vendor from the Lobby tab, and each result says where it is', async () => {
    const rocket = catalogue.cryptoGames.find((game) => game.nameEn.startsWith('Rocket'))!;
    expect(rocket, 'the catalogue has a Rocket crash game').toBeDefined();
    await shown(page, 'lobby-search').fill('rocket');
    const results = shown(page, 'lobby-search-results');
    await results.getByTestId(`game-tile-${rocket.id}`).waitFor();
    // The server's answer is what the grid shows, in its order, each tile naming its category.
    const found = (await server.call<{ list: FoundGame[] }>('/v1/lobby/searchGames', { keyword: 'rocket', limit: 60 })).data.list;
    expect(await rowIds(page, 'lobby-search-results')).toEqual(found.map((entry) => entry.game.id));
    expect(found.find((entry) => entry.game.id === rocket.id)!.navId).toBe(NavId.CRYPTO);
    const where = await results.getByTestId(`game-tile-${rocket.id}`).locator('.game-tile__vendor').textContent();
    expect(where).toContain(crypto);
    await screenshot(page, `lobby-search-${language}-${theme}`);

    await shown(page, 'lobby-search').fill('no game is called this');
    await shown(page, 'lobby-search-empty').waitFor();
    await shown(page, 'lobby-search-clear').click();
    await shown(page, 'home-block-slot').waitFor();
  });

  it('offers no category without games (live casino and sports here)', async () => {
    expect([catalogue.liveGames.length, catalogue.sportGames.length]).toEqual([0, 0]);
    await shown(page, 'nav-slot').waitFor();
    for (const key of ['live', 'sport']) expect(await shown(page, `nav-${key}`).count(), key).toBe(0);
    for (const key of ['hash', 'crypto', 'slot', 'fish', 'poker']) expect(await shown(page, `nav-${key}`).count(), key).toBe(1);
  });

  it('keeps a favourite on its row after a reload, and takes it off again', async () => {
    const slot = catalogue.slotGames[0];
    const heart = shown(page, 'home-block-slot').getByTestId(`favourite-${slot.id}`);
    await heart.click();
    await expect.poll(() => rowIds(page, 'shelf-favourites')).toEqual([slot.id]);
    expect(await heart.getAttribute('aria-pressed')).toBe('true');

    await page.reload();
    await waitForApp(page);
    await expect.poll(() => rowIds(page, 'shelf-favourites')).toEqual([slot.id]);
    await shown(page, 'shelf-favourites').scrollIntoViewIfNeeded();
    await screenshot(page, `lobby-favourites-${language}-${theme}`);

    await shown(page, 'shelf-favourites').getByTestId(`favourite-${slot.id}`).click();
    await expect.poll(() => shown(page, 'shelf-favourites').count()).toBe(0);
  });

  it('shows a game the player entered first on the recently played row', async () => {
    const hash = catalogue.hashGames.find((game) => !game.requiresLogin)!;
    await shown(page, 'nav-hash').click();
    await shown(page, 'category-hash').getByTestId(`game-tile-${hash.id}`).click();
    await page.waitForURL((url) => url.pathname === '/hashGame');
    // Back as the phone's back key goes, to the lobby's Lobby tab.
    await page.goBack();
    await shown(page, 'screen-home').waitFor();
    await shown(page, 'nav-home').click();
    await expect.poll(() => rowIds(page, 'shelf-recent')).toEqual([hash.id]);
    await screenshot(page, `lobby-recent-${language}-${theme}`);
  });

  it(`draws both rows and the search in the ${other} theme too`, async () => {
    const { page: second, token } = await signedInPhone(language, other);
    const [hash, slot] = [catalogue.hashGames[0], catalogue.slotGames[1]];
    expect((await server.call('/v1/lobby/recentGames/add', { gameId: hash.id }, token)).code).toBe(0);
    expect((await server.call('/v1/lobby/favourite/add', { gameId: slot.id }, token)).code).toBe(0);
    await openApp(second, `${server.url}/home`);
    await expect.poll(() => rowIds(second, 'shelf-recent')).toEqual([hash.id]);
    await expect.poll(() => rowIds(second, 'shelf-favourites')).toEqual([slot.id]);
    await screenshot(second, `lobby-shelves-${language}-${other}`);
    await shown(second, 'lobby-search').fill('fish');
    await shown(second, 'lobby-search-results').waitFor();
    await screenshot(second, `lobby-search-${language}-${other}`);
  });
});

describe('fitting a 390 px phone', () => {
  it('lays out the rows and the search results inside the screen in all eight languages', async () => {
    const problems: string[] = [];
    for (const language of ['en_US', 'zh_CN', 'zh_TW', 'vi_VN', 'th_TH', 'id_ID', 'pt_BR', 'ar_EG']) {
      const { page, token } = await signedInPhone(language, 'dark');
      await server.call('/v1/lobby/recentGames/add', { gameId: catalogue.hashGames[0].id }, token);
      await server.call('/v1/lobby/favourite/add', { gameId: catalogue.cryptoGames[0].id }, token);
      await openApp(page, `${server.url}/home`);
      await shown(page, 'shelf-favourites').waitFor();
      const measure = async (view: string) => {
        const report = await measureLayout(page, ['.category-nav__track', '.banners__track', '.hash-cards', '.game-row']);
        if (report.scrollWidth > report.clientWidth) problems.push(`${language} ${view}: the page scrolls sideways`);
        for (const o of report.overflows)
          problems.push(`${language} ${view}: ${o.element} "${o.text}" spans ${o.left}..${o.right}, outside ${o.within} ${o.boundLeft}..${o.boundRight}`);
      };
      await measure('rows');
      await shown(page, 'lobby-search').fill('o');
      await shown(page, 'lobby-search-results').waitFor();
      await measure('search');
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });
});
