import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { systemAccountTotals } from '../../money/balances.ts';
import { categoryKey, type CategoryRule } from './game-categories.ts';
import { CUSTOMER_SERVICE, gameSeeds, MAIL_CONFIG, MAIL_SCOPE, MANUFACTURERS, NAVBAR, SITE_CONFIG, SITE_SCOPE, transferAddressSeeds } from './catalogue.ts';

export type GameRow = Awaited<ReturnType<LobbyRepository['listGames']>>[number];
export type TransferAddressRow = Awaited<ReturnType<LobbyRepository['listTransferAddresses']>>[number];
export type BannerRow = Awaited<ReturnType<LobbyRepository['listLiveBanners']>>[number];

/** The ledger account kind that holds the lobby's reward pool, one account per currency. */
export const REWARD_POOL_ACCOUNT_KIND = 'reward_pool';

// Any constants work as long as every instance uses the same ones.
const SEED_LOCK = 7_402_311;
const AGGREGATOR_SYNC_LOCK = 7_402_312;

type SeededTable = 'games' | 'game_transfer_addresses' | 'nav_config' | 'manufacturers' | 'customer_service' | 'site_config_versions';

/** One game of an aggregator's list, mapped to the lobby's columns. */
export interface AggregatorGameRow {
  gameType: number;
  /** The aggregator's category as it wrote it. */
  category: string;
  manufacturer: string;
  gameCode: string;
  name: string;
  logo: string;
  sort: number;
  isHot: boolean;
  isNew: boolean;
  listed: boolean;
}

export interface GameOverrides {
  hot?: boolean | null;
  new?: boolean | null;
  sort?: number | null;
}

export class LobbyRepository {
  constructor(private readonly db: Db) {}

  /** Every game, enabled or not: logos of a game taken off the lobby still resolve. */
  listGames() {
    return this.db.selectFrom('games').selectAll().orderBy('game_type').orderBy('sort').orderBy('id').execute();
  }

  async listTransferAddresses() {
    const rows = await this.db.selectFrom('game_transfer_addresses').selectAll().orderBy('game_id').orderBy('level').execute();
    return rows.map((row) => ({
      ...row,
      trx_min: micro(row.trx_min),
      trx_max: micro(row.trx_max),
      usdt_min: micro(row.usdt_min),
      usdt_max: micro(row.usdt_max),
    }));
  }

  listNavbar() {
    return this.db.selectFrom('nav_config').selectAll().orderBy('sort').orderBy('nav_id').execute();
  }

  listManufacturers() {
    return this.db.selectFrom('manufacturers').selectAll().orderBy('sort').orderBy('abbr').execute();
  }

  /** Enabled banners inside their time window, in display order; targeting is applied by the caller. */
  listLiveBanners() {
    return this.db
      .selectFrom('banners')
      .select(['id', 'image_url', 'link', 'sort', 'language', 'promotion_channel'])
      .where('enabled', '=', true)
      .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', sql<Date>`now()`)]))
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  listCustomerService() {
    return this.db.selectFrom('customer_service').select(['kind', 'name', 'url']).where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
  }

  /** Every contact, enabled or not, in the order players see them. */
  allCustomerService() {
    return this.db.selectFrom('customer_service').select(['id', 'kind', 'name', 'url', 'enabled', 'sort']).orderBy('sort').orderBy('id').execute();
  }

  /** Replaces every contact with these, in one transaction, sorted in the given order. */
  async replaceCustomerService(entries: readonly { kind: string; name: Record<string, string>; url: string; enabled: boolean }[]) {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('customer_service').execute();
      if (entries.length === 0) return;
      await trx
        .insertInto('customer_service')
        .values(
          entries.map((entry, index) => ({ kind: entry.kind, name: JSON.stringify(entry.name), url: entry.url, enabled: entry.enabled, sort: index + 1 })),
        )
        .execute();
    });
  }

  findChannel(channelMd5: string) {
    return this.db
      .selectFrom('promotion_channels')
      .select(['promotion_channel', 'client_version'])
      .where('channel_md5', '=', channelMd5)
      .where('enabled', '=', true)
      .executeTakeFirst();
  }

  async readConfig(scope: string): Promise<{ version: number; items: Record<string, unknown> }> {
    const version = await this.db.selectFrom('site_config_versions').select('version').where('scope', '=', scope).executeTakeFirst();
    const rows = await this.db.selectFrom('site_config').select(['key', 'value']).where('scope', '=', scope).orderBy('key').execute();
    return { version: version?.version ?? 0, items: Object.fromEntries(rows.map((row) => [row.key, row.value])) };
  }

  configVersion(scope: string) {
    return this.db.selectFrom('site_config_versions').select('version').where('scope', '=', scope).executeTakeFirst();
  }

  insertKeypoint(values: {
    kind: number;
    playerId: number | null;
    clientVersion: string | null;
    promotionChannel: string | null;
    domain: string | null;
    clientIp: string | null;
    clientDeviceOs: string | null;
    clientDeviceCode: string | null;
    customData: Record<string, unknown> | null;
    ip: string;
  }) {
    return this.db
      .insertInto('keypoints')
      .values({
        kind: values.kind,
        player_id: values.playerId,
        client_version: values.clientVersion,
        promotion_channel: values.promotionChannel,
        domain: values.domain,
        client_ip: values.clientIp,
        client_device_os: values.clientDeviceOs,
        client_device_code: values.clientDeviceCode,
        custom_data: values.customData === null ? null : JSON.stringify(values.customData),
        ip: values.ip,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  async recentWins(limit: number) {
    const rows = await this.db
      .selectFrom('ranking_wins')
      .select(['display_name', 'game_id', 'currency', 'amount', 'won_at'])
      .orderBy('won_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, amount: micro(row.amount) }));
  }

  /** Idempotent by reference: the same win reported twice is kept once. */
  insertWin(values: { playerId: number; displayName: string; gameId: number; currency: 'USDT' | 'TRX'; amount: bigint; reference: string; wonAt?: Date }) {
    return this.db
      .insertInto('ranking_wins')
      .values({
        player_id: values.playerId,
        display_name: values.displayName,
        game_id: values.gameId,
        currency: values.currency,
        amount: values.amount,
        reference: values.reference,
        ...(values.wonAt ? { won_at: values.wonAt } : {}),
      })
      .onConflict((oc) => oc.column('reference').doNothing())
      .execute();
  }

  /**
   * Fills each lobby table that is still empty with the starting catalogue. A table that already has
   * rows is left alone, so operators' changes survive restarts; instances starting together take an
   * advisory lock, so the catalogue is written exactly once. Returns the tables it filled.
   */
  async seedEmptyTables(): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
      const filled: string[] = [];
      const isEmpty = async (table: SeededTable) => {
        const row = await trx.selectFrom(table).select(sql<number>`1`.as('one')).limit(1).executeTakeFirst();
        return row === undefined;
      };
      if (await isEmpty('games')) {
        await trx.insertInto('games').values(gameSeeds()).execute();
        filled.push('games');
      }
      if (await isEmpty('game_transfer_addresses')) {
        const present = new Set((await trx.selectFrom('games').select('id').execute()).map((row) => row.id));
        const rows = transferAddressSeeds().filter((row) => present.has(row.game_id));
        if (rows.length > 0) {
          await trx.insertInto('game_transfer_addresses').values(rows).execute();
          filled.push('game_transfer_addresses');
        }
      }
      if (await isEmpty('nav_config')) {
        await trx
          .insertInto('nav_config')
          .values([...NAVBAR])
          .execute();
        filled.push('nav_config');
      }
      if (await isEmpty('manufacturers')) {
        await trx
          .insertInto('manufacturers')
          .values(MANUFACTURERS.map((m, index) => ({ abbr: m.abbr, name: m.name, sort: index })))
          .execute();
        filled.push('manufacturers');
      }
      if (await isEmpty('customer_service')) {
        await trx
          .insertInto('customer_service')
          .values(CUSTOMER_SERVICE.map((entry) => ({ kind: entry.kind, name: JSON.stringify(entry.name), url: entry.url, sort: entry.sort })))
          .execute();
        filled.push('customer_service');
      }
      if (await isEmpty('site_config_versions')) {
        await trx
          .insertInto('site_config_versions')
          .values([
            { scope: SITE_SCOPE, version: 1 },
            { scope: MAIL_SCOPE, version: 1 },
          ])
          .execute();
        const items = [
          ...Object.entries(SITE_CONFIG).map(([key, value]) => ({ scope: SITE_SCOPE, key, value: JSON.stringify(value) })),
          ...Object.entries(MAIL_CONFIG).map(([key, value]) => ({ scope: MAIL_SCOPE, key, value: JSON.stringify(value) })),
        ];
        await trx.insertInto('site_config').values(items).execute();
        filled.push('site_config');
      }
      return filled;
    });
  }

  /**
   * Makes the aggregator's games what the lobby lists: new games are added, known ones updated in
   * place (keyed by aggregator and game code, so instances refreshing together never duplicate one),
   * games it no longer lists are hidden. Hot, new and sort keep the operator's override when there is
   * one. New manufacturers are added after the known ones. Returns how many games were hidden.
   */
  async applyAggregatorList(aggregator: string, games: AggregatorGameRow[], manufacturers: { abbr: string; name: string }[], now: Date): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${AGGREGATOR_SYNC_LOCK})`.execute(trx);
      if (manufacturers.length > 0) {
        const last = await trx
          .selectFrom('manufacturers')
          .select((eb) => eb.fn.max('sort').as('sort'))
          .executeTakeFirst();
        const start = Number(last?.sort ?? 0) + 1;
        await trx
          .insertInto('manufacturers')
          .values(manufacturers.map((m, index) => ({ abbr: m.abbr, name: m.name, sort: start + index })))
          .onConflict((oc) => oc.column('abbr').doNothing())
          .execute();
      }
      if (games.length > 0) {
        await trx
          .insertInto('games')
          .values(
            games.map((game) => ({
              game_type: game.gameType,
              category: game.category,
              aggregator,
              manufacturer: game.manufacturer,
              game_code: game.gameCode,
              name_zh: game.name,
              name_en: game.name,
              logo_zh: game.logo,
              logo_en: game.logo,
              sort: game.sort,
              is_hot: game.isHot,
              is_new: game.isNew,
              period: null,
              reward_rate: null,
              requires_login: true,
              source: 'aggregator' as const,
              listed: game.listed,
              synced_at: now,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['aggregator', 'game_code']).where('source', '=', 'aggregator').doUpdateSet({
              game_type: sql`excluded.game_type`,
              category: sql`excluded.category`,
              manufacturer: sql`excluded.manufacturer`,
              name_zh: sql`excluded.name_zh`,
              name_en: sql`excluded.name_en`,
              logo_zh: sql`excluded.logo_zh`,
              logo_en: sql`excluded.logo_en`,
              sort: sql`coalesce(games.sort_override, excluded.sort)`,
              is_hot: sql`coalesce(games.hot_override, excluded.is_hot)`,
              is_new: sql`coalesce(games.new_override, excluded.is_new)`,
              listed: sql`excluded.listed`,
              synced_at: sql`excluded.synced_at`,
              updated_at: now,
            }),
          )
          .execute();
      }
      const codes = games.map((game) => game.gameCode);
      let hide = trx
        .updateTable('games')
        .set({ listed: false, updated_at: now })
        .where('source', '=', 'aggregator')
        .where('aggregator', '=', aggregator)
        .where('listed', '=', true);
      if (codes.length > 0) hide = hide.where('game_code', 'not in', codes);
      const hidden = await hide.executeTakeFirst();
      return Number(hidden.numUpdatedRows);
    });
  }

  /** Sets the operator's hot, new and sort choices of a game (null gives the aggregator's back). False if no such game. */
  async setGameOverrides(gameId: number, overrides: GameOverrides): Promise<boolean> {
    const set: Record<string, unknown> = { updated_at: new Date() };
    if (overrides.hot !== undefined) {
      set.hot_override = overrides.hot;
      if (overrides.hot !== null) set.is_hot = overrides.hot;
    }
    if (overrides.new !== undefined) {
      set.new_override = overrides.new;
      if (overrides.new !== null) set.is_new = overrides.new;
    }
    if (overrides.sort !== undefined) {
      set.sort_override = overrides.sort;
      if (overrides.sort !== null) set.sort = overrides.sort;
    }
    const result = await this.db.updateTable('games').set(set).where('id', '=', gameId).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The operators' decisions about categories, by category key. */
  async categoryRules(): Promise<Map<string, CategoryRule>> {
    const rows = await this.db.selectFrom('game_category_rules').select(['category_key', 'game_type', 'hidden']).execute();
    return new Map(rows.map((row) => [row.category_key, { key: row.category_key, gameType: row.game_type, hidden: row.hidden }]));
  }

  /**
   * Records an operator's decision about a category (null removes it) and moves the category's games
   * to the game type they are now shown under, in one transaction: the next catalogue read and the
   * rounds of games entered from now on see the new type. `typeOf` gives the type of a category
   * as the rules, updated, resolve it.
   */
  async setCategoryRule(rule: CategoryRule | { key: string; remove: true }, typeOf: (category: string) => number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${AGGREGATOR_SYNC_LOCK})`.execute(trx);
      if ('remove' in rule) {
        await trx.deleteFrom('game_category_rules').where('category_key', '=', rule.key).execute();
      } else {
        const values = { game_type: rule.gameType, hidden: rule.hidden, updated_at: new Date() };
        await trx
          .insertInto('game_category_rules')
          .values({ category_key: rule.key, ...values })
          .onConflict((oc) => oc.column('category_key').doUpdateSet(values))
          .execute();
      }
      const categories = await trx.selectFrom('games').select('category').distinct().where('source', '=', 'aggregator').execute();
      let moved = 0;
      for (const { category } of categories) {
        if (categoryKey(category) !== rule.key) continue;
        const result = await trx
          .updateTable('games')
          .set({ game_type: typeOf(category), updated_at: new Date() })
          .where('source', '=', 'aggregator')
          .where('category', '=', category)
          .where('game_type', '<>', typeOf(category))
          .executeTakeFirst();
        moved += Number(result.numUpdatedRows);
      }
      return moved;
    });
  }

  /** The aggregators' games, a page at a time, by name or code, game type or category, sorted as the lobby sorts them. */
  async aggregatorGames(filter: { search?: string; gameType?: number; category?: string; page: number; pageSize: number }) {
    let query = this.db.selectFrom('games').where('source', '=', 'aggregator');
    if (filter.search) {
      const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb('name_en', 'ilike', pattern), eb('name_zh', 'ilike', pattern), eb('game_code', 'ilike', pattern)]));
    }
    if (filter.gameType !== undefined) query = query.where('game_type', '=', filter.gameType);
    if (filter.category !== undefined) query = query.where('category', '=', filter.category);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('game_type')
        .orderBy('sort', 'desc')
        .orderBy('id')
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** Every category of the aggregators' games, as written, with how many games it holds and how many are listed. */
  async aggregatorCategories() {
    const rows = await this.db
      .selectFrom('games')
      .select((eb) => [
        'aggregator',
        'category',
        eb.fn.countAll<string>().as('games'),
        eb.fn.count<string>(sql`case when listed and enabled then 1 end`).as('shown'),
      ])
      .where('source', '=', 'aggregator')
      // Rows synced before categories were kept have none until the next refresh, which runs at start.
      .where('category', '<>', '')
      .groupBy(['aggregator', 'category'])
      .orderBy('aggregator')
      .orderBy('category')
      .execute();
    return rows.map((row) => ({ aggregator: row.aggregator, category: row.category, games: Number(row.games), shown: Number(row.shown) }));
  }

  async setNavStatus(navId: number, status: 0 | 1): Promise<boolean> {
    const result = await this.db.updateTable('nav_config').set({ status }).where('nav_id', '=', navId).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async setGameEnabled(gameId: number, enabled: boolean): Promise<boolean> {
    const result = await this.db.updateTable('games').set({ enabled, updated_at: new Date() }).where('id', '=', gameId).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Replaces a transfer address only while it is still `seedAddress`; true if it was. */
  async replaceTransferAddressIfSeed(gameId: number, level: number, seedAddress: string, address: string): Promise<boolean> {
    const result = await this.db
      .updateTable('game_transfer_addresses')
      .set({ address, updated_at: new Date() })
      .where('game_id', '=', gameId)
      .where('level', '=', level)
      .where('address', '=', seedAddress)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async upsertTransferAddress(
    gameId: number,
    level: number,
    values: { address: string; trx_min: bigint; trx_max: bigint; usdt_min: bigint; usdt_max: bigint },
  ) {
    const row = { ...values, updated_at: new Date() };
    await this.db
      .insertInto('game_transfer_addresses')
      .values({ game_id: gameId, level, ...row })
      .onConflict((oc) => oc.columns(['game_id', 'level']).doUpdateSet(row))
      .execute();
  }

  async insertBanner(values: {
    image_url: string;
    link: string | null;
    sort: number;
    language: string | null;
    promotion_channel: string | null;
    starts_at: Date | null;
    ends_at: Date | null;
  }): Promise<number> {
    const row = await this.db.insertInto('banners').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async setBannerEnabled(id: number, enabled: boolean): Promise<boolean> {
    const result = await this.db.updateTable('banners').set({ enabled }).where('id', '=', id).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async upsertChannel(channelMd5: string, values: { promotion_channel: string; client_version: string; enabled: boolean }) {
    await this.db
      .insertInto('promotion_channels')
      .values({ channel_md5: channelMd5, ...values })
      .onConflict((oc) => oc.column('channel_md5').doUpdateSet(values))
      .execute();
  }

  /** Sets one setting and bumps its scope's version in the same transaction, so no client misses it. */
  async setConfig(scope: string, key: string, value: unknown): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const bumped = await trx
        .insertInto('site_config_versions')
        .values({ scope, version: 1 })
        .onConflict((oc) => oc.column('scope').doUpdateSet((eb) => ({ version: eb('site_config_versions.version', '+', 1) })))
        .returning('version')
        .executeTakeFirstOrThrow();
      const json = JSON.stringify(value);
      await trx
        .insertInto('site_config')
        .values({ scope, key, value: json })
        .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet({ value: json, updated_at: new Date() }))
        .execute();
      return bumped.version;
    });
  }

  // The reward pool is money, so its truth is the ledger; the lobby only reads the balance.
  async rewardPool() {
    return systemAccountTotals(this.db, REWARD_POOL_ACCOUNT_KIND);
  }
}

/**
 * int8 columns as bigint whatever the driver hands back: the embedded database's driver does not apply
 * the configured int8 parser and answers numbers. Amounts here stay far below 2^53, so nothing is lost.
 */
function micro(value: bigint | number | string): bigint {
  return typeof value === 'bigint' ? value : BigInt(value);
}
