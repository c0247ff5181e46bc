import { GAME_LIST_CAP, GameType, NavId, RoundPeriod, SELF_DEVELOPED_MANUFACTURER, type Game, type HomeData, type Language } from '@lobby/contract';
import { HASH_GAMES } from '@lobby/hash-games';
import { i18n } from '../i18n';

export type CategoryKey = 'home' | 'hash' | 'crypto' | 'slot' | 'fish' | 'live' | 'poker' | 'sport';
type ListKey = 'hashGames' | 'cryptoGames' | 'slotGames' | 'fishGames' | 'liveGames' | 'pokerGames' | 'sportGames';

export interface Category {
  navId: number;
  key: CategoryKey;
  list?: ListKey;
}

/** Navigation ids of SPEC section 2 and the home-data list each category reads. */
export const CATEGORIES: readonly Category[] = [
  { navId: NavId.HOME, key: 'home' },
  { navId: NavId.HASH, key: 'hash', list: 'hashGames' },
  { navId: NavId.CRYPTO, key: 'crypto', list: 'cryptoGames' },
  { navId: NavId.SLOT, key: 'slot', list: 'slotGames' },
  { navId: NavId.FISH, key: 'fish', list: 'fishGames' },
  { navId: NavId.LIVE, key: 'live', list: 'liveGames' },
  { navId: NavId.POKER, key: 'poker', list: 'pokerGames' },
  { navId: NavId.SPORT, key: 'sport', list: 'sportGames' },
];

export function categoryOf(navId: number): Category | undefined {
  return CATEGORIES.find((c) => c.navId === navId);
}

/**
 * The navigation bar as the server configures it: its order, only enabled entries (status 1), only
 * ids the app knows. Home always leads, since the lobby itself cannot be switched off.
 */
export function visibleCategories(navbar: HomeData['navbar'] | undefined): Category[] {
  const seen = new Set<number>();
  const result: Category[] = [];
  for (const item of navbar ?? []) {
    const category = categoryOf(item.id);
    if (!category || item.status !== 1 || seen.has(item.id)) continue;
    seen.add(item.id);
    result.push(category);
  }
  const home = CATEGORIES[0];
  return [home, ...result.filter((c) => c.navId !== NavId.HOME)];
}

/** A category's games by their sort order, at most 19 (SPEC section 9), whatever the server sent. */
export function gamesOf(home: HomeData | undefined, category: Category): Game[] {
  if (!home || !category.list) return [];
  return [...(home[category.list] ?? [])].sort((a, b) => a.sort - b.sort).slice(0, GAME_LIST_CAP);
}

export const isChinese = (language: Language | string) => language === 'zh_CN' || language === 'zh_TW';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const HASH_GAME_BY_ID = new Map<number, (typeof HASH_GAMES)[number]>(HASH_GAMES.map((game) => [game.id, game]));

/**
 * A hash game's name with a translator of the main namespace: its kind, and its round length unless
 * it is a 3-second game. The catalogue names hash games in Chinese and English only; these names are
 * the same in those two languages and translated in the other six.
 */
export function hashGameNameWith(t: Translate, gameId: number): string | undefined {
  const game = HASH_GAME_BY_ID.get(gameId);
  if (!game) return undefined;
  if (game.period === RoundPeriod.THREE_SECONDS) return t(`hashName.kind.${game.kind}`);
  return t('hashName.timed', { name: t(`hashName.short.${game.kind}`), period: t(`hashName.period.${game.period}`) });
}

/** A hash game's name in a language whose texts are loaded; undefined for other games (or before the texts arrive). */
export function hashGameName(gameId: number, language: Language | string): string | undefined {
  if (!i18n.isInitialized || !i18n.hasResourceBundle(language, 'translation')) return undefined;
  return hashGameNameWith(i18n.getFixedT(language), gameId);
}

/** What a game is called for the player: hash games in every language, the others as the catalogue names them. */
export function gameName(game: Pick<Game, 'id' | 'gameType' | 'nameZh' | 'nameEn'>, language: Language | string): string {
  const hash = game.gameType === GameType.HASH ? hashGameName(game.id, language) : undefined;
  return hash ?? ((isChinese(language) ? game.nameZh : game.nameEn) || game.nameEn || game.nameZh);
}

export function gameLogo(game: Pick<Game, 'logoZh' | 'logoEn'>, language: Language | string): string {
  return (isChinese(language) ? game.logoZh : game.logoEn) || game.logoEn || game.logoZh;
}

/** The home hash block lists only games a player can bet on by transfer, i.e. with an address. */
export function hasTransferAddress(game: Game): boolean {
  return game.transferBetAddress.some((address) => address.trim() !== '');
}

/** SPEC section 5: no game type, or the in-house manufacturer. */
export function isSelfDeveloped(game: Pick<Game, 'gameType' | 'manufacturer'>): boolean {
  return !game.gameType || game.manufacturer === SELF_DEVELOPED_MANUFACTURER;
}

export const isHashGame = (game: Pick<Game, 'gameType'>) => game.gameType === GameType.HASH;

export type HashOrder = '' | 'nineSeconds' | 'oneMinute' | 'threeMinutes' | 'balance' | 'thirtySeconds';
export type GameOrder = '' | 'newest' | 'hottest' | 'az' | 'za';

/** Hash search types, in the order the selector shows them, and the round period each stands for. */
export const HASH_ORDER_PERIOD: Record<Exclude<HashOrder, ''>, number> = {
  nineSeconds: RoundPeriod.NINE_SECONDS,
  oneMinute: RoundPeriod.ONE_MINUTE,
  threeMinutes: RoundPeriod.THREE_MINUTES,
  balance: RoundPeriod.THREE_SECONDS,
  thirtySeconds: RoundPeriod.THIRTY_SECONDS,
};
export const HASH_ORDERS: HashOrder[] = ['', 'nineSeconds', 'oneMinute', 'threeMinutes', 'balance', 'thirtySeconds'];
export const GAME_ORDERS: GameOrder[] = ['', 'newest', 'hottest', 'az', 'za'];

export const HASH_VENDOR = { abbr: 'HASH', name: 'HASH GAME' } as const;

export interface SearchValue {
  gameName: string;
  vendor: string;
  orderType: string;
}

export const EMPTY_SEARCH: SearchValue = { gameName: '', vendor: '', orderType: '' };

/** Vendor choices after 'all': the hash page has only HASH GAME; others list vendors present in the category. */
export function vendorOptions(category: Category, games: Game[], manufacturers: HomeData['manufacturers'] | undefined) {
  if (category.key === 'hash') return [HASH_VENDOR];
  const present = new Set(games.map((g) => g.manufacturer));
  const known = (manufacturers ?? []).filter((m) => present.has(m.abbr));
  const unknown = [...present].filter((abbr) => !known.some((m) => m.abbr === abbr)).map((abbr) => ({ abbr, name: abbr }));
  return [...known, ...unknown];
}

/** Search by name, vendor and order type. Hash types pick a round length; other types order the grid. */
export function searchGames(games: Game[], search: SearchValue, category: Category, language: Language | string): Game[] {
  const needle = search.gameName.trim().toLowerCase();
  let result = games.filter((game) => {
    if (needle) {
      const names = [game.nameEn, game.nameZh, gameName(game, language)].map((n) => n.toLowerCase());
      if (!names.some((n) => n.includes(needle))) return false;
    }
    if (search.vendor && category.key !== 'hash' && game.manufacturer !== search.vendor) return false;
    return true;
  });

  if (category.key === 'hash') {
    const period = HASH_ORDER_PERIOD[search.orderType as Exclude<HashOrder, ''>];
    if (period !== undefined) result = result.filter((g) => g.period === period);
    return result;
  }

  const byName = (a: Game, b: Game) => gameName(a, language).localeCompare(gameName(b, language), language.replace('_', '-'));
  switch (search.orderType as GameOrder) {
    case 'newest':
      return [...result].sort((a, b) => Number(b.isNew) - Number(a.isNew) || a.sort - b.sort);
    case 'hottest':
      return [...result].sort((a, b) => Number(b.isHot) - Number(a.isHot) || a.sort - b.sort);
    case 'az':
      return [...result].sort(byName);
    case 'za':
      return [...result].sort((a, b) => byName(b, a));
    default:
      return result;
  }
}

/** Three columns once there are three games to fill them, else two wider tiles. */
export const gridColumns = (count: number) => (count >= 3 ? 3 : 2);
