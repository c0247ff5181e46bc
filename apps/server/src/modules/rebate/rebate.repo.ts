import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LedgerCurrency } from '../../money/ledger.service.ts';

export interface RebateClaimRow {
  id: bigint;
  currency: LedgerCurrency;
  amount: bigint;
  details: Record<string, string>;
  created_at: Date;
}

/** Rebate accruals (written by turnover recording) and the claims that empty them. */
export class RebateRepository {
  constructor(private readonly db: Db) {}

  accruals(playerId: number) {
    return this.db
      .selectFrom('rebate_accruals')
      .select(['currency', 'game_type', 'accrued', 'total_accrued'])
      .where('player_id', '=', playerId)
      .orderBy('currency')
      .orderBy('game_type')
      .execute();
  }

  /**
   * Empties a currency's accruals and answers what they held, row by row. The rows stay locked until
   * the transaction ends, so a parallel claim waits and then finds them empty, and accruals of bets
   * settling meanwhile wait too and land after the claim.
   */
  async takeAccrued(playerId: number, currency: LedgerCurrency): Promise<{ gameType: number; amount: bigint }[]> {
    const { rows } = await sql<{ game_type: number; accrued: string }>`
      with taken as (
        select game_type, accrued from rebate_accruals
        where player_id = ${playerId} and currency = ${currency} and accrued > 0
        for update
      )
      update rebate_accruals r set accrued = 0, updated_at = now()
      from taken
      where r.player_id = ${playerId} and r.currency = ${currency} and r.game_type = taken.game_type
      returning taken.game_type, taken.accrued::text as accrued`.execute(this.db);
    return rows.map((row) => ({ gameType: Number(row.game_type), amount: BigInt(row.accrued) })).sort((a, b) => a.gameType - b.gameType);
  }

  findClaim(playerId: number, requestId: string): Promise<RebateClaimRow | undefined> {
    return this.db
      .selectFrom('rebate_claims')
      .select(['id', 'currency', 'amount', 'details', 'created_at'])
      .where('player_id', '=', playerId)
      .where('request_id', '=', requestId)
      .executeTakeFirst() as Promise<RebateClaimRow | undefined>;
  }

  async insertClaim(claim: {
    playerId: number;
    currency: LedgerCurrency;
    amount: bigint;
    requestId: string;
    details: Record<string, string>;
  }): Promise<RebateClaimRow> {
    return (await this.db
      .insertInto('rebate_claims')
      .values({
        player_id: claim.playerId,
        currency: claim.currency,
        amount: claim.amount,
        request_id: claim.requestId,
        details: JSON.stringify(claim.details),
      })
      .returning(['id', 'currency', 'amount', 'details', 'created_at'])
      .executeTakeFirstOrThrow()) as RebateClaimRow;
  }

  async claims(
    playerId: number,
    currency: LedgerCurrency | undefined,
    page: { offset: number; limit: number },
  ): Promise<{ rows: RebateClaimRow[]; total: number }> {
    let query = this.db.selectFrom('rebate_claims').where('player_id', '=', playerId);
    if (currency) query = query.where('currency', '=', currency);
    const [rows, count] = await Promise.all([
      query.select(['id', 'currency', 'amount', 'details', 'created_at']).orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
      query.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as RebateClaimRow[], total: Number(count.n) };
  }

  async claimedTotals(playerId: number): Promise<Map<LedgerCurrency, bigint>> {
    const rows = await this.db
      .selectFrom('rebate_claims')
      .select(['currency', sql<string>`sum(amount)::text`.as('total')])
      .where('player_id', '=', playerId)
      .groupBy('currency')
      .execute();
    return new Map(rows.map((row) => [row.currency, BigInt(row.total)]));
  }
}
