/**
 * The web foundation at a phone's size against the real server: the lobby from the server's catalogue,
 * category search, sign-up, logout and login, language (right to left) and theme, the end of a
 * session replaced by a login elsewhere, guarded routes and deep links. It also writes the screenshots
 * of e2e/screenshots/ for people to look at.
 */
import { readFileSync } from 'node:fs';
import { errorMessage, NavId, type Game, type HomeData } from '@lobby/contract';
import { hashGame } from '@lobby/hash-games';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, presetSettings, presetToken, screenshot, shown, waitForApp } from './support/app.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const CATEGORY_KEYS: Record<number, string> = {
  [NavId.HASH]: 'hash',
  [NavId.CRYPTO]: 'crypto',
  [NavId.SLOT]: 'slot',
  [NavId.FISH]: 'fish',
  [NavId.LIVE]: 'live',
  [NavId.POKER]: 'poker',
  [NavId.SPORT]: 'sport',
};
const LISTS: Record<string, keyof HomeData> = {
  hash: 'hashGames',
  crypto: 'cryptoGames',
  slot: 'slotGames',
  fish: 'fishGames',
  live: 'liveGames',
  poker: 'pokerGames',
  sport: 'sportGames',
};
const GAME_LIST_CAP = 19;

let server: RunningServer;
let browser: Browser;
let catalogue: HomeData;
const contexts: BrowserContext[] = [];

/** The lobby as the app shows it: enabled categories with games, in server order, each list by sort, capped. */
function categories() {
  return catalogue.navbar
    .filter((item) => item.status === 1 && CATEGORY_KEYS[item.id])
    .map((item) => {
      const key = CATEGORY_KEYS[item.id];
      const games = [...(catalogue[LISTS[key]] as Game[])].sort((a, b) => a.sort - b.sort).slice(0, GAME_LIST_CAP);
      return { key, games };
    })
    .filter((category) => category.games.length > 0);
}

const withTransferAddress = (game: Game) => game.transferBetAddress.some((address) => address.trim() !== '');

async function phone(options: Parameters<typeof newPhone>[1] = {}): Promise<Page> {
  const { context, page } = await newPhone(browser, options);
  contexts.push(context);
  return page;
}

function uniqueAccount(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);
}

async function registerThroughApi(account: string, password: string): Promise<string> {
  const reply = await server.call<{ token: string }>('/v1/player/register', { kind: 1, account, password, lang: 'en_US' });
  expect(reply.code, reply.msg).toBe(0);
  return reply.data.token;
}

async function tilesIn(page: Page, testId: string): Promise<string[]> {
  return shown(page, testId)
    .locator('[data-testid^="game-tile-"]')
    .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-testid')!.slice('game-tile-'.length)));
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const reply = await server.call<HomeData>('/v1/app/home', { language: 'en_US' });
  expect(reply.code).toBe(0);
  catalogue = reply.data;
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('deep links and guarded routes', () => {
  it('serves the app on any non-API path and shows the linked screen again after a reload', async () => {
    const response = await fetch(`${server.url}/detail/setLang`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('data-testid="launch-screen"');

    const page = await phone();
    await openApp(page, `${server.url}/detail/setLang`);
    await shown(page, 'screen-set-lang').waitFor();
    await page.reload();
    await waitForApp(page);
    await shown(page, 'screen-set-lang').waitFor();
    expect(new URL(page.url()).pathname).toBe('/detail/setLang');
  });

  it('asks a visitor on their own records (messages, reports, bonuses) to log in, as on the bet records', async () => {
    const page = await phone();
    for (const [path, testId] of [
      ['siteMessage', 'mail-visitor'],
      ['report', 'report-visitor'],
      ['bonusRecord', 'bonusRecord-visitor'],
    ]) {
      await openApp(page, `${server.url}/${path}`);
      await shown(page, testId).waitFor();
      expect(await shown(page, 'empty-state').count()).toBe(0);
    }
    await shown(page, 'bonusRecord-visitor-login').click();
    await shown(page, 'screen-login').waitFor();
  });

  it('sends a signed-out visitor from a guarded route to the login entry', async () => {
    const page = await phone();
    for (const path of ['/userProfile', '/UserInfo', '/safeCenter', '/trade/Recharge']) {
      await openApp(page, `${server.url}${path}`);
      await page.waitForURL((url) => url.pathname === '/register' && url.search === '?type=1');
      await shown(page, 'screen-login').waitFor();
    }
  });
});

describe('the lobby', () => {
  it('shows one block per category of the server catalogue, in its navigation order', async () => {
    const page = await phone();
    await openApp(page, `${server.url}/home`);
    await shown(page, 'screen-home').waitFor();

    const navOrder = await shown(page, 'category-nav')
      .locator('[data-testid^="nav-"]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')));
    expect(navOrder).toEqual(['nav-home', ...categories().map((c) => `nav-${c.key}`)]);

    for (const { key, games } of categories()) {
      const shownGames = key === 'hash' ? games.filter(withTransferAddress) : games;
      const block = shown(page, `home-block-${key}`);
      if (shownGames.length === 0) {
        expect(await block.count(), `no block for the empty ${key} list`).toBe(0);
        continue;
      }
      await block.waitFor({ state: 'attached' });
      const first = shownGames[0];
      await block.getByTestId(key === 'hash' ? `hash-card-${first.id}` : `game-tile-${first.id}`).waitFor({ state: 'attached' });
      if (key !== 'hash') expect(await tilesIn(page, `home-block-${key}`)).toEqual(shownGames.map((g) => String(g.id)));
    }
  });

  it('searches a category by name, vendor and type, with three columns from three games on', async () => {
    const slot = categories().find((c) => c.key === 'slot');
    expect(slot && slot.games.length, 'the catalogue has slot games to search').toBeGreaterThanOrEqual(3);
    const games = slot!.games;

    const page = await phone();
    await openApp(page, `${server.url}/home`);
    await shown(page, 'nav-slot').click();
    await shown(page, 'category-slot').waitFor();
    const grid = shown(page, 'game-grid');
    expect(await grid.getAttribute('data-columns')).toBe('3');
    expect(await tilesIn(page, 'game-grid')).toEqual(games.map((g) => String(g.id)));

    const matching = (needle: string) => games.filter((g) => [g.nameEn, g.nameZh].some((name) => name.toLowerCase().includes(needle.toLowerCase())));

    // One game by its full name: two wide columns.
    const target = games.find((g) => matching(g.nameEn).length === 1)!;
    await shown(page, 'search-name').fill(target.nameEn);
    await expect.poll(() => tilesIn(page, 'game-grid')).toEqual([String(target.id)]);
    expect(await grid.getAttribute('data-columns')).toBe('2');

    // A word several names share: the grid holds exactly those.
    const word = games.map((g) => g.nameEn.split(/\s+/)[0]).sort((a, b) => matching(b).length - matching(a).length)[0];
    const sharing = matching(word);
    await shown(page, 'search-name').fill(word.toLowerCase());
    await expect.poll(() => tilesIn(page, 'game-grid')).toEqual(sharing.map((g) => String(g.id)));
    expect(await grid.getAttribute('data-columns')).toBe(sharing.length >= 3 ? '3' : '2');
    await shown(page, 'search-name').fill('');
    await expect.poll(() => tilesIn(page, 'game-grid')).toHaveLength(games.length);

    // The vendor selector: 'all' first, then the vendors present; one vendor keeps only its games.
    const vendorValues = await shown(page, 'search-vendor')
      .locator('option')
      .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
    expect(vendorValues[0]).toBe('');
    expect(new Set(vendorValues.slice(1))).toEqual(new Set(games.map((g) => g.manufacturer)));
    const counts = new Map<string, number>();
    for (const game of games) counts.set(game.manufacturer, (counts.get(game.manufacturer) ?? 0) + 1);
    const vendor = [...counts].sort((a, b) => b[1] - a[1])[0][0];
    const ofVendor = games.filter((g) => g.manufacturer === vendor);
    await shown(page, 'search-vendor').selectOption(vendor);
    await expect.poll(() => tilesIn(page, 'game-grid')).toEqual(ofVendor.map((g) => String(g.id)));

    // The type selector orders what the other filters left: Z-A, then A-Z.
    const byName = [...ofVendor].sort((a, b) => a.nameEn.localeCompare(b.nameEn, 'en-US'));
    await shown(page, 'search-type').selectOption('za');
    await expect.poll(() => tilesIn(page, 'game-grid')).toEqual([...byName].reverse().map((g) => String(g.id)));
    await shown(page, 'search-type').selectOption('az');
    await expect.poll(() => tilesIn(page, 'game-grid')).toEqual(byName.map((g) => String(g.id)));
    await shown(page, 'search-vendor').selectOption('');
    await expect.poll(() => tilesIn(page, 'game-grid')).toHaveLength(games.length);
  });

  it("switches category from the navigation bar and from a block's All button", async () => {
    const [first, second] = categories().filter((c) => c.games.length > 0 && c.key !== 'slot');
    const page = await phone();
    await openApp(page, `${server.url}/home`);

    await shown(page, `nav-${first.key}`).click();
    await shown(page, `category-${first.key}`).waitFor();
    expect(await shown(page, `nav-${first.key}`).getAttribute('aria-selected')).toBe('true');
    await shown(page, `nav-${second.key}`).click();
    await shown(page, `category-${second.key}`).waitFor();
    expect(await shown(page, `category-${first.key}`).count()).toBe(0);

    await shown(page, 'nav-home').click();
    await shown(page, 'block-all-slot').click();
    await shown(page, 'category-slot').waitFor();
    expect(await shown(page, 'nav-slot').getAttribute('aria-selected')).toBe('true');
    expect(await shown(page, 'nav-home').getAttribute('aria-selected')).toBe('false');
  });
});

describe('signing in', () => {
  const account = uniqueAccount('web');
  const password = 'lobby2024';

  it('registers with an account and a password, logs out and logs back in', async () => {
    const page = await phone();
    await openApp(page, `${server.url}/register`);
    await shown(page, 'screen-signup').waitFor();
    await shown(page, 'auth-kind-account').click();
    await shown(page, 'auth-account').fill(account);
    await shown(page, 'auth-password').fill(password);
    await shown(page, 'auth-confirm').fill(password);
    await shown(page, 'auth-submit').click();
    await page.waitForURL((url) => url.pathname === '/home');
    await shown(page, 'home-balance').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lobby.token'))).toBeTruthy();

    await shown(page, 'tab-userProfile').click();
    await shown(page, 'screen-user-profile').waitFor();
    await expect.poll(() => shown(page, 'profile-nickname').textContent()).not.toBe('');
    await shown(page, 'logout').click();
    await shown(page, 'logout-confirm').getByTestId('popup-confirm').click();
    await page.waitForURL((url) => url.pathname === '/home');
    await shown(page, 'home-login').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lobby.token'))).toBeNull();

    await shown(page, 'home-login').click();
    await shown(page, 'screen-login').waitFor();
    await shown(page, 'auth-kind-account').click();
    await shown(page, 'auth-account').fill(account);
    await shown(page, 'auth-password').fill(password);
    await shown(page, 'auth-submit').click();
    await page.waitForURL((url) => url.pathname === '/home');
    await shown(page, 'home-balance').waitFor();
  });

  it('shows a refusal without covering the field being filled', async () => {
    const page = await phone();
    await openApp(page, `${server.url}/register?type=1`);
    await shown(page, 'auth-kind-account').click();
    await shown(page, 'auth-account').fill(uniqueAccount('nobody'));
    await shown(page, 'auth-password').fill('lobby2024');
    // Enter sends the form and leaves the password field focused, as on a phone keyboard.
    await shown(page, 'auth-password').press('Enter');
    await page.getByTestId('toast').waitFor();
    const boxes = await page.evaluate(() => {
      const box = (element: Element | null) => {
        const rect = element!.getBoundingClientRect();
        return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
      };
      return { toast: box(document.querySelector('[data-testid="toast"]')), field: box(document.activeElement), tag: document.activeElement?.tagName };
    });
    expect(boxes.tag).toBe('INPUT');
    const { toast, field } = boxes;
    const intersect = toast.top < field.bottom && field.top < toast.bottom && toast.left < field.right && field.left < toast.right;
    expect(intersect, JSON.stringify(boxes)).toBe(false);
  });

  it('ends the session with the logged-in-elsewhere message when the account logs in on another device', async () => {
    const page = await phone();
    await openApp(page, `${server.url}/register?type=1`);
    await shown(page, 'auth-kind-account').click();
    await shown(page, 'auth-account').fill(account);
    await shown(page, 'auth-password').fill(password);
    await shown(page, 'auth-submit').click();
    await shown(page, 'home-balance').waitFor();

    // Toasts leave after two seconds; every one shown is kept (across page loads) so none can be missed.
    const keepToasts = () => {
      const read = (): string[] => JSON.parse(sessionStorage.getItem('seenToasts') ?? '[]');
      new MutationObserver(() => {
        const seen = read();
        for (const toast of document.querySelectorAll('[data-testid="toast"]')) {
          const text = toast.textContent ?? '';
          if (!seen.includes(text)) seen.push(text);
        }
        sessionStorage.setItem('seenToasts', JSON.stringify(seen));
      }).observe(document, { childList: true, subtree: true, characterData: true });
    };
    await page.evaluate(keepToasts);
    await page.addInitScript(keepToasts);

    const elsewhere = await server.call('/v1/player/login', { kind: 1, account, password });
    expect(elsewhere.code).toBe(0);
    // The live connection may bring the end of the session at once; otherwise the next call this
    // browser makes (the heartbeat at start, the profile) carries the replaced session.
    await page.goto(`${server.url}/userProfile`);
    await page.waitForFunction(
      (message) => (JSON.parse(sessionStorage.getItem('seenToasts') ?? '[]') as string[]).some((text) => text.includes(message)),
      errorMessage(10032, 'en_US'),
    );
    await page.waitForURL((url) => url.pathname === '/register' && url.search === '?type=1');
    await shown(page, 'screen-login').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lobby.token'))).toBeNull();
  });
});

describe('language and theme', () => {
  /**
   * Words of the English interface texts. Brand and currency names, placeholders and anything the
   * Arabic texts use as well (such as USDT) are not English left over.
   */
  function englishWords(): Set<string> {
    const words = (messages: unknown): string[] =>
      typeof messages === 'string'
        ? (messages.replace(/\{\{[^}]*\}\}/g, ' ').match(/[A-Za-z]{2,}/g) ?? [])
        : Object.values(messages as Record<string, unknown>).flatMap(words);
    const read = (language: string) => JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${language}.json`, import.meta.url), 'utf8'));
    const arabic = new Set(words(read('ar_EG')).map((w) => w.toLowerCase()));
    const brands = new Set(['hashlobby', 'hash', 'lobby', 'usdt', 'trx', 'tron', 'tronlink', 'vip', 'id']);
    return new Set(
      words(read('en_US'))
        .map((w) => w.toLowerCase())
        .filter((w) => !arabic.has(w) && !brands.has(w)),
    );
  }

  it('turns the page right to left in Arabic, with no English interface text left', async () => {
    const page = await phone();
    await openApp(page, `${server.url}/detail/setLang`);
    await shown(page, 'lang-option-ar_EG').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar-EG');
    await expect.poll(() => shown(page, 'screen-title').textContent()).not.toBe('Language');

    // What the player can read in the interface language: text outside elements that declare their own
    // language (each language offers itself in its own script, "English" included).
    const visibleText = await page.evaluate(() => {
      const parts: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('[lang]') !== document.documentElement) continue;
        if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        parts.push(node.textContent ?? '');
      }
      return parts.join(' ');
    });
    const english = englishWords();
    const leftOver = (visibleText.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => english.has(word.toLowerCase()));
    expect(leftOver).toEqual([]);
    expect(visibleText).toMatch(/[\u0600-\u06ff]/);

    await page.reload();
    await waitForApp(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });

  it('names the hash games on home in every language', async () => {
    const hash = categories()
      .find((c) => c.key === 'hash')!
      .games.filter(withTransferAddress);
    const first = hash[0];
    for (const language of ['zh_CN', 'zh_TW', 'en_US', 'pt_BR', 'vi_VN', 'id_ID', 'th_TH', 'ar_EG']) {
      const texts = JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${language}.json`, import.meta.url), 'utf8'));
      const page = await phone();
      await presetSettings(page.context(), { language, theme: 'dark' });
      await openApp(page, `${server.url}/home`);
      const title = shown(page, `hash-card-${first.id}`).locator('.hash-card__title');
      // A 3-second game is called by its kind alone.
      expect(hashGame(first.id).period).toBe(1);
      expect((await title.textContent())?.trim(), language).toBe(texts.hashName.kind[hashGame(first.id).kind]);
      if (!['zh_CN', 'zh_TW', 'en_US'].includes(language)) expect((await title.textContent())?.trim()).not.toBe(first.nameEn);
      await page.context().close();
    }
  });

  it('switches between dark and light and keeps the choice after a reload', async () => {
    const page = await phone();
    await openApp(page, `${server.url}/menu`);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    expect(await theme()).toBe('dark');
    const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await shown(page, 'theme-toggle').click();
    await expect.poll(theme).toBe('light');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(darkBackground);

    await page.reload();
    await waitForApp(page);
    expect(await theme()).toBe('light');
    expect(await shown(page, 'theme-value').textContent()).toBe('Light');
  });
});

describe('screenshots', () => {
  it('writes home, category, login and profile in both themes, left to right and right to left', async () => {
    const account = uniqueAccount('shot');
    const password = 'lobby2024';
    const token = await registerThroughApi(account, password);
    for (const language of ['en_US', 'ar_EG']) {
      for (const theme of ['dark', 'light'] as const) {
        const suffix = `${theme}-${language}`;
        const visitor = await phone({ colorScheme: theme });
        await presetSettings(visitor.context(), { language, theme });
        await openApp(visitor, `${server.url}/home`);
        await shown(visitor, 'home-block-slot').waitFor();
        await screenshot(visitor, `home-${suffix}`);
        await shown(visitor, 'nav-slot').click();
        await shown(visitor, 'game-grid').waitFor();
        await screenshot(visitor, `category-${suffix}`);
        await shown(visitor, 'home-login').click();
        await shown(visitor, 'screen-login').waitFor();
        await screenshot(visitor, `login-${suffix}`);

        const player = await phone({ colorScheme: theme });
        await presetSettings(player.context(), { language, theme });
        await presetToken(player.context(), token);
        await openApp(player, `${server.url}/userProfile`);
        await shown(player, 'screen-user-profile').waitFor();
        await expect.poll(() => shown(player, 'profile-nickname').textContent()).not.toBe('');
        await screenshot(player, `profile-${suffix}`);
      }
    }
  });
});
