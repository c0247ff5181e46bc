import { createHash } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  formatMicro,
  GAME_LIST_CAP,
  GameType,
  HOME_DEFAULT_LANGUAGE,
  NavId,
  normalizeLanguage,
  type CurrencyCode,
  type CustomerServiceKindName,
  type Game,
  type HomeData,
  type Language,
} from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { fail } from '../../http/app-error.ts';
import { logoPath, MAIL_SCOPE, SITE_SCOPE, transferAddressSeeds } from './catalogue.ts';
import { LobbyRepository, type BannerRow, type GameOverrides, type GameRow, type TransferAddressRow } from './lobby.repo.ts';
import { renderGameLogo, type LogoVariant } from './logos.ts';
import type { Aggregator } from '../third-game/aggregator.ts';
import { syncAggregatorCatalogue } from './aggregator-catalogue.ts';
import { categoryKey, DEFAULT_GAME_TYPE, gameTypeByMeaning, resolveCategory } from './game-categories.ts';
import { isTronAddress } from './tron-address.ts';

export interface LobbyOptions {
  /** Public origin of the API for /production.json; the request's own origin when unset. */
  publicHost?: string;
  /** Chat endpoint for /production.json; `${host}/chat` when unset. */
  chatUrl?: string;
  /** How long the assembled catalogue is reused before the tables are read again. */
  cacheMs?: number;
  /**
   * False on the devnet: its blocks and transactions exist only on this server, so the site settings
   * offer no block-explorer links (a public explorer would not know them).
   */
  publicExplorer?: boolean;
}

export type ConfigScope = typeof SITE_SCOPE | typeof MAIL_SCOPE;

/** Published after anything the lobby shows changed (operator banners too): every instance drops its cached catalogue. */
export const CHANGED = 'lobby.changed';
const DEFAULT_CACHE_MS = 5_000;
const CHANNEL_MD5 = /^[0-9a-f]{32}$/;

/**
 * The home lists of the third-party categories and the game types each shows. Mini games (scratch
 * cards, keno, instant games) have no category of their own in the navigation: they sit with the
 * crypto games, the other short instant games.
 */
const CATEGORY_LISTS = [
  [[GameType.CRYPTO, GameType.MINI], 'cryptoGames', NavId.CRYPTO],
  [[GameType.FISH], 'fishGames', NavId.FISH],
  [[GameType.LIVE], 'liveGames', NavId.LIVE],
  [[GameType.POKER], 'pokerGames', NavId.POKER],
  [[GameType.SLOT], 'slotGames', NavId.SLOT],
  [[GameType.SPORT], 'sportGames', NavId.SPORT],
] as const;

/** The navigation category a game of this type is shown in. */
export function navIdOfGameType(gameType: number): number {
  if (gameType === GameType.HASH) return NavId.HASH;
  return CATEGORY_LISTS.find(([types]) => (types as readonly number[]).includes(gameType))?.[2] ?? NavId.SLOT;
}

/** One game a search found, with the category it is shown in and its vendor's name. */
export interface FoundGame {
  game: Game;
  navId: number;
  vendorName: string;
}

interface Catalogue {
  /** Home data without the banner, which depends on who asks. */
  home: Omit<HomeData, 'imageUrl'>;
  banners: BannerRow[];
  games: Map<number, GameRow>;
  /** Every game the lobby shows, as tiles, by id: switched on, still listed, of a category not hidden. */
  shown: Map<number, Game>;
  manufacturerNames: Map<string, string>;
  logos: Map<string, string>;
  hashGames: HashGameState;
}

/** What the hash games read on every bet: which games are on, and each transfer level's address and limits. */
export interface HashGameState {
  enabled: ReadonlyMap<number, boolean>;
  transferAddresses: readonly TransferAddressRow[];
}

/**
 * The lobby: what the home screen shows, launch channels, customer service, site settings and funnel
 * key points. The catalogue is the hottest public read, so it is assembled once and reused for a few
 * seconds; any change made through this service drops it on every instance at once.
 */
export class LobbyService {
  private readonly repo: LobbyRepository;
  private readonly cacheMs: number;
  private cached: { at: number; value: Catalogue } | null = null;
  private loading: Promise<Catalogue> | null = null;
  private generation = 0;
  private readonly unsubscribe: () => void;

  constructor(
    db: Db,
    private readonly bus: EventBus,
    private readonly options: LobbyOptions = {},
  ) {
    this.repo = new LobbyRepository(db);
    this.cacheMs = options.cacheMs ?? DEFAULT_CACHE_MS;
    this.unsubscribe = bus.subscribe(CHANGED, () => this.invalidate());
  }

  /** Writes the starting catalogue into whichever lobby tables are still empty. */
  async ensureCatalogue(): Promise<string[]> {
    const filled = await this.repo.seedEmptyTables();
    if (filled.length > 0) await this.changed();
    return filled;
  }

  close() {
    this.unsubscribe();
  }

  async home(input: { language?: string; promotionChannel?: string }): Promise<HomeData> {
    const catalogue = await this.catalogue();
    const language = normalizeLanguage(input.language) ?? HOME_DEFAULT_LANGUAGE;
    const banner = pickBanners(catalogue.banners, language, input.promotionChannel)[0];
    return { ...catalogue.home, imageUrl: banner?.image_url ?? null };
  }

  async banners(input: { language?: string; promotionChannel?: string }, fallbackLanguage: Language) {
    const catalogue = await this.catalogue();
    const language = normalizeLanguage(input.language) ?? fallbackLanguage;
    return pickBanners(catalogue.banners, language, input.promotionChannel).map((row) => ({
      id: row.id,
      imageUrl: row.image_url,
      link: row.link,
      sort: row.sort,
    }));
  }

  /** SPEC section 5: a launch link's channel applies only to the client version it was made for. */
  async channel(channelMd5: string, clientVersion: string | undefined) {
    const none = { clientVersion: null, promotionChannel: null };
    const md5 = channelMd5.trim().toLowerCase();
    if (!CHANNEL_MD5.test(md5) || !clientVersion) return none;
    const row = await this.repo.findChannel(md5);
    if (!row || row.client_version !== clientVersion) return none;
    return { clientVersion: row.client_version, promotionChannel: row.promotion_channel };
  }

  async customerService(language: Language) {
    const rows = await this.repo.listCustomerService();
    return rows.map((row) => ({
      kind: row.kind as CustomerServiceKindName,
      name: row.name[language] ?? row.name[DEFAULT_LANGUAGE] ?? Object.values(row.name)[0] ?? row.kind,
      url: row.url,
    }));
  }

  /** Every contact for operators: ids, names in each language, enabled or not, in the players' order. */
  async customerServiceContacts() {
    const rows = await this.repo.allCustomerService();
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind as CustomerServiceKindName,
      name: row.name,
      url: row.url,
      enabled: row.enabled,
      sort: row.sort,
    }));
  }

  /** Replaces the contacts with this list, in this order; the service screen shows it on its next read. */
  async setCustomerService(entries: readonly { kind: CustomerServiceKindName; name: Partial<Record<Language, string>>; url: string; enabled: boolean }[]) {
    await this.repo.replaceCustomerService(entries.map((entry) => ({ ...entry, name: entry.name as Record<string, string> })));
    await this.changed();
  }

  /** A client that already holds the current version gets `changed: false` and nothing else. */
  async syncConfig(scope: ConfigScope, sinceVersion: number | undefined) {
    if (sinceVersion !== undefined) {
      const current = await this.repo.configVersion(scope);
      if (current && current.version === sinceVersion) return { version: current.version, changed: false, items: {} };
    }
    const { version, items } = await this.repo.readConfig(scope);
    return { version, changed: true, items: scope === SITE_SCOPE ? this.forThisChain(items) : items };
  }

  private forThisChain(items: Record<string, unknown>): Record<string, unknown> {
    const links = items.links;
    if (this.options.publicExplorer !== false || typeof links !== 'object' || links === null || !('explorer' in links)) return items;
    const { explorer: _noPublicExplorer, ...others } = links as Record<string, unknown>;
    return { ...items, links: others };
  }

  async recordKeypoint(input: {
    kind: number;
    playerId: number | null;
    ip: string;
    clientIp: string | null;
    clientVersion?: string;
    promotionChannel?: string;
    domain?: string;
    clientDeviceOs?: string;
    clientDeviceCode?: string;
    customData?: Record<string, unknown>;
  }) {
    const row = await this.repo.insertKeypoint({
      kind: input.kind,
      playerId: input.playerId,
      clientVersion: input.clientVersion ?? null,
      promotionChannel: input.promotionChannel ?? null,
      domain: input.domain ?? null,
      clientIp: input.clientIp,
      clientDeviceOs: input.clientDeviceOs ?? null,
      clientDeviceCode: input.clientDeviceCode ?? null,
      customData: input.customData ?? null,
      ip: input.ip,
    });
    return { id: Number(row.id) };
  }

  async ranking(limit: number, language: Language) {
    const [rows, catalogue] = await Promise.all([this.repo.recentWins(limit), this.catalogue()]);
    const chinese = language === 'zh_CN' || language === 'zh_TW';
    return rows.map((row) => {
      const game = catalogue.games.get(row.game_id);
      return {
        nickname: row.display_name,
        gameId: row.game_id,
        gameName: game ? (chinese ? game.name_zh : game.name_en) : String(row.game_id),
        amount: formatMicro(row.amount),
        currency: row.currency,
        time: row.won_at.toISOString(),
      };
    });
  }

  async rewardPool() {
    const rows = await this.repo.rewardPool();
    return rows.map((row) => ({ currency: row.currency, amount: formatMicro(row.amount) }));
  }

  /** The SVG logo at `/static/games/<id>[-zh|-en].svg`, or null for a game the lobby does not know. */
  async logo(gameId: number, variant: LogoVariant): Promise<string | null> {
    const catalogue = await this.catalogue();
    const game = catalogue.games.get(gameId);
    if (!game) return null;
    const key = `${gameId}-${variant}`;
    let svg = catalogue.logos.get(key);
    if (svg === undefined) {
      svg = renderGameLogo(
        {
          id: game.id,
          gameType: game.game_type,
          manufacturerName: catalogue.manufacturerNames.get(game.manufacturer) ?? game.manufacturer,
          nameZh: game.name_zh,
          nameEn: game.name_en,
          period: game.period,
        },
        variant,
      );
      catalogue.logos.set(key, svg);
    }
    return svg;
  }

  /** What the app shells read at start: the API origin and the chat endpoint. */
  productionInfo(requestOrigin: string) {
    const host = this.options.publicHost ?? requestOrigin;
    return { host, chatUrl: this.options.chatUrl ?? `${host.replace(/\/+$/, '')}/chat` };
  }

  // Operator changes. Each one drops the cached catalogue everywhere, so the next home call shows it.

  async setNavStatus(navId: number, status: 0 | 1) {
    if (!(await this.repo.setNavStatus(navId, status))) throw fail('CONFIG_NOT_FOUND', `nav ${navId}`);
    await this.changed();
  }

  /** The operator's visibility switch; an aggregator refresh never changes it. */
  async setGameEnabled(gameId: number, enabled: boolean) {
    if (!(await this.repo.setGameEnabled(gameId, enabled))) throw fail('GAME_NOT_FOUND', `game ${gameId}`);
    await this.changed();
  }

  /** The operator's hot, new and sort choices; they survive every aggregator refresh (null hands the choice back). */
  async setGameOverrides(gameId: number, overrides: GameOverrides) {
    if (!(await this.repo.setGameOverrides(gameId, overrides))) throw fail('GAME_NOT_FOUND', `game ${gameId}`);
    await this.changed();
  }

  /** Fetches the aggregator's game list and makes it the lobby's third-party catalogue. */
  async syncAggregatorGames(aggregator: Aggregator) {
    const result = await syncAggregatorCatalogue(this.repo, aggregator);
    await this.changed();
    return result;
  }

  /** A game the lobby shows (enabled and listed), or undefined. */
  async visibleGame(gameId: number): Promise<GameRow | undefined> {
    const catalogue = await this.catalogue();
    return catalogue.shown.has(gameId) ? catalogue.games.get(gameId) : undefined;
  }

  /** The games among `ids` the lobby shows, as tiles, in the order asked. */
  async shownGames(ids: readonly number[]): Promise<Game[]> {
    const { shown } = await this.catalogue();
    return ids.flatMap((id) => shown.get(id) ?? []);
  }

  /**
   * Every game the lobby shows whose name (in either catalogue language) or vendor contains `keyword`,
   * whatever its category, ignoring case and accents: names that start with it first, then in
   * navigation order and sort. Each says where it is shown.
   */
  async searchGames(keyword: string, limit: number): Promise<FoundGame[]> {
    const needle = searchable(keyword);
    if (!needle) return [];
    const catalogue = await this.catalogue();
    const navOrder = catalogue.home.navbar.map((nav) => nav.id as number);
    const found: (FoundGame & { rank: number })[] = [];
    for (const game of catalogue.shown.values()) {
      const vendorName = catalogue.manufacturerNames.get(game.manufacturer) ?? game.manufacturer;
      const names = [game.nameEn, game.nameZh].map(searchable);
      const rank = names.some((name) => name.startsWith(needle) || name.includes(` ${needle}`))
        ? 0
        : names.some((name) => name.includes(needle))
          ? 1
          : searchable(vendorName).includes(needle)
            ? 2
            : -1;
      if (rank < 0) continue;
      found.push({ game, navId: navIdOfGameType(game.gameType), vendorName, rank });
    }
    const position = (navId: number) => (navOrder.includes(navId) ? navOrder.indexOf(navId) : navOrder.length);
    return found
      .sort((a, b) => a.rank - b.rank || position(a.navId) - position(b.navId) || a.game.sort - b.game.sort || a.game.id - b.game.id)
      .slice(0, limit)
      .map(({ rank: _rank, ...entry }) => entry);
  }

  /**
   * An operator's decision about an aggregator category: shown as `gameType`, hidden, or (remove)
   * read by its meaning again. Its games move at once, on every instance. Returns how many moved.
   */
  async setCategoryRule(category: string, decision: { gameType?: number | null; hidden?: boolean; remove?: boolean }) {
    const key = categoryKey(category);
    if (!key) throw fail('INVALID_PARAMETERS', 'the category has no letters or digits');
    const rules = await this.repo.categoryRules();
    const current = rules.get(key);
    const gameType = decision.gameType !== undefined ? decision.gameType : (current?.gameType ?? null);
    const hidden = decision.hidden ?? current?.hidden ?? false;
    // Neither a type nor hidden leaves nothing to decide: the rule goes.
    const rule = decision.remove || (gameType === null && !hidden) ? ({ key, remove: true } as const) : { key, gameType, hidden };
    const next = new Map(rules);
    if ('remove' in rule) next.delete(key);
    else next.set(key, rule);
    const moved = await this.repo.setCategoryRule(rule, (name) => resolveCategory(name, next).gameType);
    await this.changed();
    return { key, rule: 'remove' in rule ? null : { gameType: rule.gameType, hidden: rule.hidden }, moved };
  }

  /**
   * The aggregators' categories as operators review them: each with its games, how it is shown (the
   * type, hidden or not) and why (`rule`, `meaning`, or `default` when nobody could read it: unmapped).
   */
  /** The aggregators' games with the operator's choices, a page at a time (the console's catalogue). */
  aggregatorGames(filter: { search?: string; gameType?: number; category?: string; page: number; pageSize: number }) {
    return this.repo.aggregatorGames(filter);
  }

  async categoryReport() {
    const [categories, rules] = await Promise.all([this.repo.aggregatorCategories(), this.repo.categoryRules()]);
    const report = categories.map((row) => {
      const key = categoryKey(row.category);
      const rule = rules.get(key);
      const resolved = resolveCategory(row.category, rules);
      const source = rule?.gameType != null ? 'rule' : gameTypeByMeaning(row.category) !== null ? 'meaning' : 'default';
      return {
        ...row,
        key,
        gameType: resolved.gameType,
        navId: navIdOfGameType(resolved.gameType),
        hidden: resolved.hidden,
        source,
        unmapped: resolved.unmapped,
      };
    });
    return { defaultGameType: DEFAULT_GAME_TYPE, categories: report, unmapped: report.filter((row) => row.unmapped) };
  }

  async hashGameState(): Promise<HashGameState> {
    return (await this.catalogue()).hashGames;
  }

  /** The hash games' catalogue rows, on or off (names, sort), as the operator's settings list them. */
  async hashGameRows(): Promise<GameRow[]> {
    return [...(await this.catalogue()).games.values()].filter((game) => game.game_type === GameType.HASH).sort((a, b) => a.sort - b.sort || a.id - b.id);
  }

  /**
   * Replaces each transfer address that is still the catalogue's seed (an address nobody holds the
   * key of) by `addressFor(gameId, level)`. An address an operator has set is left alone. Returns how
   * many were replaced.
   */
  async replaceSeededTransferAddresses(addressFor: (gameId: number, level: number) => string): Promise<number> {
    let replaced = 0;
    for (const seed of transferAddressSeeds()) {
      const address = addressFor(seed.game_id, seed.level);
      if (!isTronAddress(address)) throw fail('INVALID_TRON_ADDRESS', address);
      if (await this.repo.replaceTransferAddressIfSeed(seed.game_id, seed.level, seed.address, address)) replaced++;
    }
    if (replaced > 0) await this.changed();
    return replaced;
  }

  /** Points a transfer game's level at another receiving address (e.g. one the house holds the key of). */
  async setTransferAddress(gameId: number, level: 0 | 1, address: string, limits: Record<CurrencyCode, { min: bigint; max: bigint }>) {
    if (!isTronAddress(address)) throw fail('INVALID_TRON_ADDRESS', address);
    await this.repo.upsertTransferAddress(gameId, level, {
      address,
      trx_min: limits.TRX.min,
      trx_max: limits.TRX.max,
      usdt_min: limits.USDT.min,
      usdt_max: limits.USDT.max,
    });
    await this.changed();
  }

  async addBanner(input: {
    imageUrl: string;
    link?: string | null;
    sort?: number;
    language?: Language | null;
    promotionChannel?: string | null;
    startsAt?: Date | null;
    endsAt?: Date | null;
  }): Promise<number> {
    const id = await this.repo.insertBanner({
      image_url: input.imageUrl,
      link: input.link ?? null,
      sort: input.sort ?? 0,
      language: input.language ?? null,
      promotion_channel: input.promotionChannel ?? null,
      starts_at: input.startsAt ?? null,
      ends_at: input.endsAt ?? null,
    });
    await this.changed();
    return id;
  }

  async setBannerEnabled(id: number, enabled: boolean) {
    if (!(await this.repo.setBannerEnabled(id, enabled))) throw fail('CONFIG_NOT_FOUND', `banner ${id}`);
    await this.changed();
  }

  /** Registers a launch channel; its link carries the md5 of the channel name unless one is given. */
  async saveChannel(input: { promotionChannel: string; clientVersion: string; channelMd5?: string }) {
    const md5 = (input.channelMd5 ?? createHash('md5').update(input.promotionChannel).digest('hex')).toLowerCase();
    await this.repo.upsertChannel(md5, { promotion_channel: input.promotionChannel, client_version: input.clientVersion, enabled: true });
    return md5;
  }

  /** Sets one setting and bumps its scope's version in the same transaction, so no client misses it. */
  async setConfig(scope: ConfigScope, key: string, value: unknown) {
    const version = await this.repo.setConfig(scope, key, value);
    await this.changed();
    return version;
  }

  /**
   * Called by settlement for a win worth showing on the ticker. The reference (a bet id) makes a repeated
   * report harmless; the name is stored masked so the ticker never shows a whole nickname.
   */
  async recordWin(input: { playerId: number; nickname: string; gameId: number; currency: CurrencyCode; amount: bigint; reference: string; wonAt?: Date }) {
    await this.repo.insertWin({
      playerId: input.playerId,
      displayName: maskName(input.nickname),
      gameId: input.gameId,
      currency: input.currency,
      amount: input.amount,
      reference: input.reference,
      wonAt: input.wonAt,
    });
  }

  invalidate() {
    this.generation++;
    this.cached = null;
    this.loading = null;
  }

  private async changed() {
    this.invalidate();
    await this.bus.publish(CHANGED, {});
  }

  private catalogue(): Promise<Catalogue> {
    if (this.cached && Date.now() - this.cached.at < this.cacheMs) return Promise.resolve(this.cached.value);
    if (this.loading) return this.loading;
    // A load that started before an invalidation must not put its (older) result in the cache.
    const generation = this.generation;
    const loading = this.load()
      .then((value) => {
        if (generation === this.generation) this.cached = { at: Date.now(), value };
        return value;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = null;
      });
    this.loading = loading;
    return loading;
  }

  private async load(): Promise<Catalogue> {
    const [games, addresses, navbar, manufacturers, banners, site, rules] = await Promise.all([
      this.repo.listGames(),
      this.repo.listTransferAddresses(),
      this.repo.listNavbar(),
      this.repo.listManufacturers(),
      this.repo.listLiveBanners(),
      this.repo.readConfig(SITE_SCOPE),
      this.repo.categoryRules(),
    ]);

    const addressesByGame = new Map<number, TransferAddressRow[]>();
    for (const row of addresses) {
      const list = addressesByGame.get(row.game_id) ?? [];
      list.push(row);
      addressesByGame.set(row.game_id, list);
    }

    // Shown: switched on by the operator and, for aggregator games, still listed by the aggregator and
    // of a category the operator has not hidden.
    const hiddenCategories = new Set([...rules.values()].filter((rule) => rule.hidden).map((rule) => rule.key));
    const enabled = games.filter((game) => game.enabled && game.listed && !(game.category && hiddenCategories.has(categoryKey(game.category))));
    const shown = new Map(enabled.map((game) => [game.id, toGame(game, addressesByGame.get(game.id) ?? [])]));
    const makers = new Set(enabled.map((game) => game.manufacturer));
    const listOf = (...types: readonly number[]) =>
      enabled
        .filter((game) => types.includes(game.game_type))
        .sort((a, b) => a.sort - b.sort || a.id - b.id)
        .map((game) => shown.get(game.id)!);

    const home: Omit<HomeData, 'imageUrl'> = {
      navbar: navbar.filter((nav) => nav.status === 1).map((nav) => ({ id: nav.nav_id as HomeData['navbar'][number]['id'], status: nav.status })),
      // The vendor selector offers only vendors with a game to show.
      manufacturers: manufacturers.filter((m) => m.enabled && makers.has(m.abbr)).map((m) => ({ abbr: m.abbr, name: m.name })),
      showBadges: site.items.badgesEnabled !== false,
      // The hash catalogue is fixed and small, and the hash page filters it by round length, so it is
      // sent whole; the third-party lists are the ones the lobby caps.
      hashGames: listOf(GameType.HASH),
      cryptoGames: [],
      fishGames: [],
      liveGames: [],
      pokerGames: [],
      slotGames: [],
      sportGames: [],
    };
    for (const [types, key] of CATEGORY_LISTS) home[key] = listOf(...types).slice(0, GAME_LIST_CAP);

    return {
      home,
      banners,
      games: new Map(games.map((game) => [game.id, game])),
      shown,
      manufacturerNames: new Map(manufacturers.map((m) => [m.abbr, m.name])),
      logos: new Map(),
      hashGames: {
        enabled: new Map(games.filter((game) => game.game_type === GameType.HASH).map((game) => [game.id, game.enabled])),
        transferAddresses: addresses,
      },
    };
  }
}

function toGame(row: GameRow, addresses: TransferAddressRow[]): Game {
  const levels = addresses.length === 0 ? -1 : Math.max(...addresses.map((a) => a.level));
  const transferBetAddress: string[] = [];
  const transferBetLimit: Game['transferBetLimit'] = [];
  for (let level = 0; level <= levels; level++) {
    const entry = addresses.find((a) => a.level === level);
    const usdt = { currency: 'USDT', min: formatMicro(entry?.usdt_min ?? 0n), max: formatMicro(entry?.usdt_max ?? 0n) };
    const trx = { currency: 'TRX', min: formatMicro(entry?.trx_min ?? 0n), max: formatMicro(entry?.trx_max ?? 0n) };
    transferBetAddress.push(entry?.address ?? '');
    transferBetLimit.push({ ...usdt, currencies: [usdt, trx] });
  }
  return {
    id: row.id,
    gameType: row.game_type,
    aggregator: row.aggregator,
    manufacturer: row.manufacturer,
    gameCode: row.game_code,
    nameZh: row.name_zh,
    nameEn: row.name_en,
    // An aggregator game without a thumbnail gets the lobby's drawn logo.
    logoZh: row.logo_zh || logoPath(row.id, 'zh'),
    logoEn: row.logo_en || logoPath(row.id, 'en'),
    sort: row.sort,
    isHot: row.is_hot,
    isNew: row.is_new,
    period: row.period,
    rewardRate: row.reward_rate ?? '',
    transferBetAddress,
    transferBetLimit,
    requiresLogin: row.requires_login,
  };
}

/** Banners for this language and channel: untargeted ones and those aimed at exactly this audience. */
function pickBanners(banners: BannerRow[], language: Language, promotionChannel: string | undefined) {
  return banners.filter(
    (row) => (row.language === null || row.language === language) && (row.promotion_channel === null || row.promotion_channel === promotionChannel),
  );
}

/** Text as a search compares it: lower case, without accents, spaces collapsed. */
function searchable(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function maskName(nickname: string): string {
  const chars = [...nickname.trim()];
  if (chars.length === 0) return '***';
  if (chars.length <= 3) return `${chars[0]}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}
