import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type Currency = 'USDT' | 'TRX';

/** The sums of one UTC day, currency and game type (0: money of no game), over the slots. */
export interface DayFigures {
  day: string;
  currency: Currency;
  gameType: number;
  deposits: bigint;
  depositAmount: bigint;
  firstDeposits: bigint;
  firstDepositAmount: bigint;
  withdrawals: bigint;
  withdrawalAmount: bigint;
  bets: bigint;
  stake: bigint;
  payout: bigint;
  bonusPaid: bigint;
  bonusReleased: bigint;
  bonusForfeited: bigint;
}

export const FIGURE_FIELDS = [
  'deposits',
  'depositAmount',
  'firstDeposits',
  'firstDepositAmount',
  'withdrawals',
  'withdrawalAmount',
  'bets',
  'stake',
  'payout',
  'bonusPaid',
  'bonusReleased',
  'bonusForfeited',
] as const satisfies readonly (keyof DayFigures)[];

/** The daily row's column of each figure. */
const COLUMN_OF: Record<(typeof FIGURE_FIELDS)[number], string> = {
  deposits: 'deposits',
  depositAmount: 'deposit_amount',
  firstDeposits: 'first_deposits',
  firstDepositAmount: 'first_deposit_amount',
  withdrawals: 'withdrawals',
  withdrawalAmount: 'withdrawal_amount',
  bets: 'bets',
  stake: 'stake',
  payout: 'payout',
  bonusPaid: 'bonus_paid',
  bonusReleased: 'bonus_released',
  bonusForfeited: 'bonus_forfeited',
};

export interface OpenQueues {
  withdrawalsToReview: number;
  unansweredChats: number;
  heldWins: number;
  flaggedReferrals: number;
}

/** 'YYYY-MM-DD' of the UTC day `days` before `day`. */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Reads of the operators' figures: the daily rows the money paths keep (migration 0031), never the
 * bets; and the counts of the queues staff work through, each on an index of its open rows.
 */
export class FiguresRepository {
  constructor(private readonly db: Db) {}

  /** Every (day, currency, game type) with figures from `from` to `to`, both UTC days included. */
  async days(from: string, to: string): Promise<DayFigures[]> {
    const sums = FIGURE_FIELDS.map((field) => sql`sum(${sql.ref(COLUMN_OF[field])})::text as ${sql.ref(field)}`);
    const { rows } = await sql<Record<string, string>>`
      select to_char(day, 'YYYY-MM-DD') as day, currency, game_type::int4 as game_type, ${sql.join(sums)}
      from ops_daily_figures
      where day >= ${from}::date and day <= ${to}::date
      group by day, currency, game_type
      order by day, currency, game_type`.execute(this.db);
    return rows.map(
      (row) =>
        ({
          day: row.day!,
          currency: row.currency as Currency,
          gameType: Number(row.game_type),
          ...Object.fromEntries(FIGURE_FIELDS.map((field) => [field, BigInt(row[field]!)])),
        }) as DayFigures,
    );
  }

  /** Registrations per UTC day from `from` to `to`. */
  async registrations(from: string, to: string): Promise<Map<string, number>> {
    const { rows } = await sql<{ day: string; registrations: string }>`
      select to_char(day, 'YYYY-MM-DD') as day, sum(registrations)::text as registrations
      from ops_daily_registrations where day >= ${from}::date and day <= ${to}::date group by day`.execute(this.db);
    return new Map(rows.map((row) => [row.day, Number(row.registrations)]));
  }

  /** Real accounts whose last recorded round fell on or after each of the given UTC days: an index-only count each. */
  async activePlayers(since: readonly string[]): Promise<number[]> {
    const { rows } = await sql<Record<string, string>>`
      select ${sql.join(
        since.map((day, index) => sql`(select count(*) from player_vip where last_played_on >= ${day}::date)::text as ${sql.ref(`since_${index}`)}`),
      )}`.execute(this.db);
    return since.map((_, index) => Number(rows[0]?.[`since_${index}`] ?? 0));
  }

  async openQueues(): Promise<OpenQueues> {
    const { rows } = await sql<{ withdrawals: string; chats: string; held: string; referrals: string }>`
      select
        (select count(*) from withdrawals where status = 'pending_review')::text as withdrawals,
        (select count(*) from support_conversations where status = 'open' and awaiting_reply)::text as chats,
        (select count(*) from provider_held_wins where status = 'held')::text as held,
        (select count(*) from referral_reviews where status = 'held')::text as referrals`.execute(this.db);
    const row = rows[0]!;
    return {
      withdrawalsToReview: Number(row.withdrawals),
      unansweredChats: Number(row.chats),
      heldWins: Number(row.held),
      flaggedReferrals: Number(row.referrals),
    };
  }
}
