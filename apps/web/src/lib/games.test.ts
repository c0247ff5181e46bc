import { LANGUAGES, type Game, type HomeData } from '@lobby/contract';
import { HASH_GAMES } from '@lobby/hash-games';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  categoryOf,
  gameName,
  gamesOf,
  gridColumns,
  hashGameNameWith,
  hasTransferAddress,
  isSelfDeveloped,
  searchGames,
  vendorOptions,
  visibleCategories,
} from './games';

function game(overrides: Partial<Game>): Game {
  return {
    id: 1,
    gameType: 10,
    aggregator: 'AGG',
    manufacturer: 'PG',
    gameCode: 'code',
    nameZh: '游戏',
    nameEn: 'Game',
    logoZh: '',
    logoEn: '',
    sort: 0,
    isHot: false,
    isNew: false,
    period: null,
    rewardRate: '1.95',
    transferBetAddress: [],
    transferBetLimit: [],
    requiresLogin: false,
    ...overrides,
  };
}

const slot = categoryOf(10)!;
const hash = categoryOf(1)!;

describe('navigation', () => {
  it('keeps the server order and drops disabled or unknown entries, with home first', () => {
    const navbar = [
      { id: 12, status: 1 },
      { id: 1, status: 1 },
      { id: 0, status: 1 },
      { id: 11, status: 0 },
      { id: 99, status: 1 },
    ] as HomeData['navbar'];
    expect(visibleCategories(navbar).map((c) => c.navId)).toEqual([0, 12, 1]);
  });

  it('shows home alone before the server answers', () => {
    expect(visibleCategories(undefined).map((c) => c.key)).toEqual(['home']);
  });

  it('maps every navigation id of the spec', () => {
    expect(CATEGORIES.map((c) => c.navId)).toEqual([0, 1, 2, 10, 11, 12, 13, 14]);
  });
});

describe('games', () => {
  it('names games in Chinese for Chinese readers only', () => {
    const g = game({ nameZh: '幸运哈希', nameEn: 'Lucky Hash' });
    expect(gameName(g, 'zh_TW')).toBe('幸运哈希');
    expect(gameName(g, 'pt_BR')).toBe('Lucky Hash');
  });

  it('lists only hash games with a transfer address on home', () => {
    expect(hasTransferAddress(game({ transferBetAddress: ['TXyz'] }))).toBe(true);
    expect(hasTransferAddress(game({ transferBetAddress: ['', ' '] }))).toBe(false);
    expect(hasTransferAddress(game({ transferBetAddress: [] }))).toBe(false);
  });

  it('treats games without type or from BITG as self-developed', () => {
    expect(isSelfDeveloped({ gameType: 0, manufacturer: 'PG' })).toBe(true);
    expect(isSelfDeveloped({ gameType: 10, manufacturer: 'BITG' })).toBe(true);
    expect(isSelfDeveloped({ gameType: 10, manufacturer: 'PG' })).toBe(false);
  });

  it('orders a category by sort and keeps at most 19 games', () => {
    const slotGames = Array.from({ length: 25 }, (_, i) => game({ id: i + 1, sort: 25 - i }));
    const home = { slotGames } as unknown as HomeData;
    const shown = gamesOf(home, slot);
    expect(shown).toHaveLength(19);
    expect(shown[0].id).toBe(25);
  });

  it('uses three columns from three games on', () => {
    expect([0, 1, 2, 3, 9].map(gridColumns)).toEqual([2, 2, 2, 3, 3]);
  });
});

describe('search', () => {
  const games = [
    game({ id: 1, nameEn: 'Mahjong Ways', manufacturer: 'PG', sort: 1, isHot: true }),
    game({ id: 2, nameEn: 'Aztec Gems', manufacturer: 'JILI', sort: 2, isNew: true }),
    game({ id: 3, nameEn: 'Zeus', manufacturer: 'PG', sort: 3 }),
  ];

  it('filters by name and vendor', () => {
    expect(searchGames(games, { gameName: 'aztec', vendor: '', orderType: '' }, slot, 'en_US').map((g) => g.id)).toEqual([2]);
    expect(searchGames(games, { gameName: '', vendor: 'PG', orderType: '' }, slot, 'en_US').map((g) => g.id)).toEqual([1, 3]);
  });

  it('orders by newest, hottest, A-Z and Z-A', () => {
    const order = (orderType: string) => searchGames(games, { gameName: '', vendor: '', orderType }, slot, 'en_US').map((g) => g.id);
    expect(order('newest')[0]).toBe(2);
    expect(order('hottest')[0]).toBe(1);
    expect(order('az')).toEqual([2, 1, 3]);
    expect(order('za')).toEqual([3, 1, 2]);
  });

  it('picks hash games by round length', () => {
    const hashGames = [
      game({ id: 1, gameType: 1, period: 1 }),
      game({ id: 51, gameType: 1, period: 4 }),
      game({ id: 101, gameType: 1, period: 2 }),
      game({ id: 301, gameType: 1, period: 3 }),
      game({ id: 401, gameType: 1, period: 5 }),
    ];
    const pick = (orderType: string) => searchGames(hashGames, { gameName: '', vendor: '', orderType }, hash, 'en_US').map((g) => g.id);
    expect(pick('')).toEqual([1, 51, 101, 301, 401]);
    expect(pick('nineSeconds')).toEqual([51]);
    expect(pick('oneMinute')).toEqual([101]);
    expect(pick('threeMinutes')).toEqual([301]);
    expect(pick('balance')).toEqual([1]);
    expect(pick('thirtySeconds')).toEqual([401]);
  });

  it('offers HASH GAME as the only hash vendor and present vendors elsewhere', () => {
    expect(vendorOptions(hash, [], [])).toEqual([{ abbr: 'HASH', name: 'HASH GAME' }]);
    const manufacturers = [
      { abbr: 'PG', name: 'PG Soft' },
      { abbr: 'EVO', name: 'Evolution' },
    ];
    expect(vendorOptions(slot, games, manufacturers)).toEqual([
      { abbr: 'PG', name: 'PG Soft' },
      { abbr: 'JILI', name: 'JILI' },
    ]);
  });
});

describe('hash game names', () => {
  const bundles = import.meta.glob<Record<string, unknown>>('../locales/*.json', { eager: true, import: 'default' });
  const translator = (language: string) => {
    const instance = i18next.createInstance();
    void instance.init({
      lng: language,
      resources: { [language]: { translation: bundles[`../locales/${language}.json`] } },
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    return instance.getFixedT(language);
  };
  const namesIn = (language: string) => HASH_GAMES.map((g) => hashGameNameWith(translator(language), g.id)!);

  it('names every hash game as the catalogue does in Chinese and English', () => {
    const t = translator('en_US');
    expect(hashGameNameWith(t, 1)).toBe('Hash Big-Small');
    expect(hashGameNameWith(t, 53)).toBe('9s Bull');
    expect(hashGameNameWith(translator('zh_CN'), 53)).toBe('9秒哈希牛牛');
    expect(hashGameNameWith(t, 9999)).toBeUndefined();
  });

  it.each(LANGUAGES)('gives every hash game its own name in %s, none of them English unless English is read', (language) => {
    const names = namesIn(language);
    expect(new Set(names).size).toBe(HASH_GAMES.length);
    for (const name of names) expect(name).not.toMatch(/hashName\.|\{\{/);
    if (language !== 'en_US') {
      const english = new Set(namesIn('en_US'));
      expect(names.filter((name) => english.has(name))).toEqual([]);
    }
  });

  it('falls back to the catalogue names while the language texts are not loaded', () => {
    const bull = game({ id: 3, gameType: 1, nameZh: '哈希牛牛', nameEn: 'Hash Bull' });
    expect(gameName(bull, 'th_TH')).toBe('Hash Bull');
  });
});
