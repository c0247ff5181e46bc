import type { Db } from '../../db/database.ts';

export interface PlayerVipRow {
  xp: bigint;
  vip_level: number;
  month: string;
  month_xp: bigint;
  prev_month: string;
  prev_month_xp: bigint;
}

export interface GiftClaim {
  kind: 'level' | 'month';
  period: string;
  vipLevel: number;
  currency: 'USDT' | 'TRX';
  amount: bigint;
  requestId: string;
}

/** VIP progress and gift claims. */
export class VipRepository {
  constructor(private readonly db: Db) {}

  async progress(playerId: number, executor: Db = this.db): Promise<PlayerVipRow> {
    const row = await executor
      .selectFrom('player_vip')
      .select(['xp', 'vip_level', 'month', 'month_xp', 'prev_month', 'prev_month_xp'])
      .where('player_id', '=', playerId)
      .executeTakeFirst();
    return row ?? { xp: 0n, vip_level: 0, month: '', month_xp: 0n, prev_month: '', prev_month_xp: 0n };
  }

  async claims(playerId: number, executor: Db = this.db) {
    return executor.selectFrom('vip_gift_claims').select(['kind', 'period', 'request_id']).where('player_id', '=', playerId).execute();
  }

  /**
   * Records a gift as claimed; false when it already was. A parallel copy waits on the key until the
   * first commits, then finds it taken.
   */
  async insertClaim(trx: Db, playerId: number, claim: GiftClaim): Promise<boolean> {
    const inserted = await trx
      .insertInto('vip_gift_claims')
      .values({
        player_id: playerId,
        kind: claim.kind,
        period: claim.period,
        vip_level: claim.vipLevel,
        currency: claim.currency,
        amount: claim.amount,
        request_id: claim.requestId,
      })
      .onConflict((oc) => oc.columns(['player_id', 'kind', 'period']).doNothing())
      .returning('player_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async claim(playerId: number, kind: 'level' | 'month', period: string, executor: Db = this.db) {
    return executor
      .selectFrom('vip_gift_claims')
      .select(['request_id', 'amount', 'currency'])
      .where('player_id', '=', playerId)
      .where('kind', '=', kind)
      .where('period', '=', period)
      .executeTakeFirst();
  }
}
