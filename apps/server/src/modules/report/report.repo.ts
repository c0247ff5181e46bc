import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type Currency = 'USDT' | 'TRX';

export interface DailyBetRow {
  day: string;
  game_type: number;
  bet_count: number;
  bet_amount: string;
  valid_amount: string;
  payout_amount: string;
}

export interface DetailBetRow {
  kind: 'hash' | 'third';
  id: string;
  game_type: number;
  game_id: number | null;
  game_code: string | null;
  name_zh: string | null;
  name_en: string | null;
  manufacturer: string | null;
  amount: string;
  payout: string | null;
  status: number | null;
  bet_count: number | null;
  created_at: Date;
  settled_at: Date | null;
}

/**
 * The report read model: totals come from `player_daily_bets`, which settlement keeps per player,
 * Shanghai day, game type and currency; money in and out of the window from the player's own deposit,
 * withdrawal and bonus rows; the detail page from the player's bets and third-party rounds.
 */
export class ReportRepository {
  constructor(private readonly db: Db) {}

  /** The player's daily rows of a currency from `fromDay` to `toDay`, both included. */
  async dailyBets(playerId: number, currency: Currency, fromDay: string, toDay: string): Promise<DailyBetRow[]> {
    const { rows } = await sql<DailyBetRow>`
      select to_char(day, 'YYYY-MM-DD') as day, game_type, bet_count, bet_amount::text as bet_amount,
             valid_amount::text as valid_amount, payout_amount::text as payout_amount
      from player_daily_bets
      where player_id = ${playerId} and day >= ${fromDay}::date and day <= ${toDay}::date and currency = ${currency}`.execute(this.db);
    return rows;
  }

  /**
   * In one round trip: the daily rows as `dailyBets` does, and the credited deposits, withdrawals not
   * refused or failed, and bonuses of the currency in [from, to).
   */
  async window(playerId: number, currency: Currency, range: { fromDay: string; toDay: string; from: Date; to: Date }) {
    const { rows } = await sql<DailyBetRow & { deposits: string | null; withdrawals: string | null; bonuses: string | null }>`
      select to_char(day, 'YYYY-MM-DD') as day, game_type, bet_count, bet_amount::text as bet_amount,
             valid_amount::text as valid_amount, payout_amount::text as payout_amount,
             null::text as deposits, null::text as withdrawals, null::text as bonuses
      from player_daily_bets
      where player_id = ${playerId} and day >= ${range.fromDay}::date and day <= ${range.toDay}::date and currency = ${currency}
      union all
      select null, null, null, null, null, null,
        coalesce((select sum(amount) from deposits
          where player_id = ${playerId} and currency = ${currency} and status = 'credited' and credited_at >= ${range.from} and credited_at < ${range.to}), 0)::text,
        coalesce((select sum(amount) from withdrawals
          where player_id = ${playerId} and currency = ${currency} and status not in ('rejected', 'failed') and created_at >= ${range.from} and created_at < ${range.to}), 0)::text,
        coalesce((select sum(amount) from bonus_credits
          where player_id = ${playerId} and currency = ${currency} and created_at >= ${range.from} and created_at < ${range.to}), 0)::text`.execute(this.db);
    const flows = rows.find((row) => row.day === null)!;
    return {
      daily: rows.filter((row) => row.day !== null) as DailyBetRow[],
      flows: { deposits: BigInt(flows.deposits!), withdrawals: BigInt(flows.withdrawals!), bonuses: BigInt(flows.bonuses!) },
    };
  }

  /** A page of the player's hash bets of a currency placed in [from, to), newest first. */
  async hashBets(playerId: number, currency: Currency, from: Date, to: Date, page: { offset: number; limit: number }) {
    const filter = sql`player_id = ${playerId} and currency = ${currency} and created_at >= ${from} and created_at < ${to}`;
    const [list, count] = await Promise.all([
      sql<DetailBetRow>`
        select 'hash' as kind, id::text as id, 1 as game_type, game_id, null as game_code, null as name_zh, null as name_en, null as manufacturer,
               amount::text as amount, payout::text as payout, status, null as bet_count, created_at, settled_at
        from hash_bets where ${filter}
        order by id desc limit ${page.limit} offset ${page.offset}`.execute(this.db),
      sql<{ total: string }>`select count(*)::text as total from hash_bets where ${filter}`.execute(this.db),
    ]);
    return { rows: list.rows, total: Number(count.rows[0]!.total) };
  }

  /** A page of the player's third-party rounds of a game type and currency opened in [from, to), newest first. */
  async thirdPartyRounds(playerId: number, gameType: number, currency: Currency, from: Date, to: Date, page: { offset: number; limit: number }) {
    const filter = sql`r.player_id = ${playerId} and r.game_type = ${gameType} and r.currency = ${currency} and r.opened_at >= ${from} and r.opened_at < ${to}`;
    const [list, count] = await Promise.all([
      sql<DetailBetRow>`
        select 'third' as kind, r.id::text as id, r.game_type, g.id as game_id, r.game_code, g.name_zh, g.name_en, r.manufacturer,
               r.bet_total::text as amount, case when r.closed_at is null then null else r.win_total::text end as payout,
               null as status, r.bet_count, r.opened_at as created_at, r.closed_at as settled_at
        from provider_rounds r
        left join games g on g.aggregator = r.aggregator and g.game_code = r.game_code and g.manufacturer = r.manufacturer
        where ${filter}
        order by r.id desc limit ${page.limit} offset ${page.offset}`.execute(this.db),
      sql<{ total: string }>`select count(*)::text as total from provider_rounds r where ${filter}`.execute(this.db),
    ]);
    return { rows: list.rows, total: Number(count.rows[0]!.total) };
  }
}
