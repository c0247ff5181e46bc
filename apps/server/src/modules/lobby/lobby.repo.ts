import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { systemAccountTotals } from '../../money/balances.ts';

export type GameRow = Awaited<ReturnType<LobbyRepository['listGames']>>[number];
export type TransferAddressRow = Awaited<ReturnType<LobbyRepository['listTransferAddresses']>>[number];
export type BannerRow = Awaited<ReturnType<LobbyRepository['listLiveBanners']>>[number];

/** The ledger account kind that holds the lobby's reward pool, one account per currency. */
export const REWARD_POOL_ACCOUNT_KIND = 'reward_pool';

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
    return this.db
      .selectFrom('customer_service')
      .select(['kind', 'name', 'url'])
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
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
