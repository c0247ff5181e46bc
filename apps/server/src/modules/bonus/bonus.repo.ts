import { sql, type Selectable } from 'kysely';
import type { BonusForfeitsTable } from './tables.ts';
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
  cycle: number;
  bonus_at_stake: bigint;
  locked: boolean;
  legacy: boolean;
}

/** A forfeit or a waiver, as stored. */
export type BonusForfeitRow = Selectable<BonusForfeitsTable>;

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
   * target (and a new cycle, whose release is keyed apart); otherwise it adds to the current one.
   * `locked` marks experience gold, which is never released.
   */
  async addWagering(playerId: number, currency: LedgerCurrency, amount: bigint, locked = false): Promise<void> {
    await sql`
      insert into wagering as w (player_id, currency, outstanding, required, locked)
      values (${playerId}, ${currency}, ${amount}, ${amount}, ${locked})
      on conflict (player_id, currency) do update set
        required = case when w.outstanding = 0 then excluded.required else w.required + excluded.required end,
        cycle = case when w.outstanding = 0 then w.cycle + 1 else w.cycle end,
        outstanding = w.outstanding + excluded.outstanding,
        locked = w.locked or excluded.locked,
        updated_at = now()`.execute(this.db);
  }

  /** Wagering per currency (currencies never credited a bonus are absent); `forUpdate` locks the rows. */
  wagering(playerId: number, forUpdate = false): Promise<WageringRow[]> {
    const query = this.db
      .selectFrom('wagering')
      .select(['currency', 'outstanding', 'required', 'cycle', 'bonus_at_stake', 'locked', 'legacy'])
      .where('player_id', '=', playerId)
      .orderBy('currency');
    return (forUpdate ? query.forUpdate() : query).execute() as Promise<WageringRow[]>;
  }

  /** Drops a requirement to nothing (a forfeit, a waiver, the end of an experience); a live one reaching 0 releases what bonus is left. */
  async clearWagering(playerId: number, currency: LedgerCurrency): Promise<void> {
    await this.db
      .updateTable('wagering')
      .set({ outstanding: 0n, required: 0n, legacy: false, locked: false, updated_at: new Date() })
      .where('player_id', '=', playerId)
      .where('currency', '=', currency)
      .execute();
  }

  /**
   * The bonus credits of the requirement now outstanding, newest first: the newest credits whose
   * wagering added up to `required` (a requirement starts from nothing, so its credits are exactly the
   * latest that add up to it).
   */
  async creditsOfRequirement(playerId: number, currency: LedgerCurrency, required: bigint): Promise<bigint> {
    const { rows } = await sql<{ amount: string | null }>`
      select sum(c.amount)::text as amount from (
        select amount, sum(wagering_added) over (order by id desc) - wagering_added as before
        from bonus_credits
        where player_id = ${playerId} and currency = ${currency} and wagering_added > 0
      ) c
      where c.before < ${required}`.execute(this.db);
    return BigInt(rows[0]?.amount ?? 0);
  }

  async insertForfeit(row: Omit<BonusForfeitRow, 'id' | 'created_at'>): Promise<BonusForfeitRow | undefined> {
    return (await this.db
      .insertInto('bonus_forfeits')
      .values(row)
      .onConflict((conflict) => conflict.columns(['player_id', 'request_id']).where('request_id', 'is not', null).doNothing())
      .returningAll()
      .executeTakeFirst()) as BonusForfeitRow | undefined;
  }

  findForfeit(playerId: number, requestId: string): Promise<BonusForfeitRow | undefined> {
    return this.db.selectFrom('bonus_forfeits').selectAll().where('player_id', '=', playerId).where('request_id', '=', requestId).executeTakeFirst() as Promise<
      BonusForfeitRow | undefined
    >;
  }

  /** A player's forfeits and waivers, newest first. */
  forfeits(playerId: number, limit: number): Promise<BonusForfeitRow[]> {
    return this.db.selectFrom('bonus_forfeits').selectAll().where('player_id', '=', playerId).orderBy('id', 'desc').limit(limit).execute() as Promise<
      BonusForfeitRow[]
    >;
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
