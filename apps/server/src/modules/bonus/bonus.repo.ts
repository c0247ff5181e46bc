import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LedgerCurrency } from '../../money/ledger.service.ts';

export interface BonusCreditRow {
  id: bigint;
  player_id: number;
  bonus_type: number;
  source: string;
  source_ref: string;
  currency: LedgerCurrency;
  amount: bigint;
  wagering_added: bigint;
  ledger_key: string;
  created_at: Date;
}

export interface WageringRow {
  currency: LedgerCurrency;
  outstanding: bigint;
  required: bigint;
}

/** Bonus credits and outstanding wagering. */
export class BonusRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records a credit under its ledger key; undefined when the key is already recorded (a copy of the
   * same credit committed first: this insert waited for it and did nothing).
   */
  async insertCredit(row: Omit<BonusCreditRow, 'id' | 'created_at'>): Promise<bigint | undefined> {
    const inserted = await this.db
      .insertInto('bonus_credits')
      .values(row)
      .onConflict((conflict) => conflict.column('ledger_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id;
  }

  findCredit(ledgerKey: string): Promise<BonusCreditRow | undefined> {
    return this.db.selectFrom('bonus_credits').selectAll().where('ledger_key', '=', ledgerKey).executeTakeFirst() as Promise<BonusCreditRow | undefined>;
  }

  /**
   * Raises outstanding wagering. A requirement that arrives while nothing is outstanding starts a new
   * target; otherwise it adds to the current one.
   */
  async addWagering(playerId: number, currency: LedgerCurrency, amount: bigint): Promise<void> {
    await sql`
      insert into wagering as w (player_id, currency, outstanding, required)
      values (${playerId}, ${currency}, ${amount}, ${amount})
      on conflict (player_id, currency) do update set
        required = case when w.outstanding = 0 then excluded.required else w.required + excluded.required end,
        outstanding = w.outstanding + excluded.outstanding,
        updated_at = now()`.execute(this.db);
  }

  /** Outstanding wagering per currency (currencies never credited a bonus are absent). */
  wagering(playerId: number): Promise<WageringRow[]> {
    return this.db
      .selectFrom('wagering')
      .select(['currency', 'outstanding', 'required'])
      .where('player_id', '=', playerId)
      .orderBy('currency')
      .execute() as Promise<WageringRow[]>;
  }

  /** A page of a player's bonus credits, newest first, with the total count. */
  async credits(
    playerId: number,
    filter: { bonusType?: number; currency?: LedgerCurrency; from?: Date; to?: Date },
    page: { offset: number; limit: number },
  ): Promise<{ rows: BonusCreditRow[]; total: number }> {
    let query = this.db.selectFrom('bonus_credits').where('player_id', '=', playerId);
    if (filter.bonusType !== undefined) query = query.where('bonus_type', '=', filter.bonusType);
    if (filter.currency !== undefined) query = query.where('currency', '=', filter.currency);
    if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
      query.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as BonusCreditRow[], total: Number(count.n) };
  }
}
