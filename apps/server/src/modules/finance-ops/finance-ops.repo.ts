import type { PaymentKind } from '@lobby/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';

export type Currency = 'USDT' | 'TRX';

export interface Page {
  offset: number;
  limit: number;
}

export interface QueuedWithdrawalRow {
  id: string;
  player_id: number;
  account: string | null;
  nickname: string;
  currency: Currency;
  amount: string;
  fee: string;
  to_address: string;
  created_at: Date;
}

export interface PaymentFilters {
  kind: PaymentKind;
  currency?: Currency;
  status?: string;
  playerId?: number;
  from?: Date;
  to?: Date;
}

export interface PaymentRow {
  id: string;
  player_id: number;
  currency: Currency;
  amount: string;
  fee: string;
  status: string;
  address: string | null;
  tx_id: string | null;
  counterparty_id: number | null;
  to_currency: Currency | null;
  to_amount: string | null;
  created_at: Date;
  completed_at: Date | null;
}

/** What two players have in common: an address they registered or signed in from, a device code, a chain address. */
export type ShareKind = 'ip' | 'device' | 'wallet';

export interface LinkRow {
  subject_id: number;
  other_id: number;
  kind: ShareKind;
  value: string;
  how: string;
}

/**
 * Where players leave values another player may share, as (player_id, value) rows, and how the
 * console names each: an address registered or signed in from, a device code, a chain address paid
 * in from or bound for bets.
 */
const SHARED_VALUES: { kind: ShareKind; how: string; rows: RawBuilder<unknown> }[] = [
  { kind: 'ip', how: 'registration', rows: sql`select id as player_id, register_ip as value from players` },
  { kind: 'ip', how: 'sign-in', rows: sql`select player_id, login_ip as value from player_sessions` },
  { kind: 'device', how: 'device', rows: sql`select player_id, device_code as value from player_sessions where device_code is not null` },
  { kind: 'wallet', how: 'deposit source', rows: sql`select player_id, from_address as value from deposits` },
  { kind: 'wallet', how: 'bet address', rows: sql`select player_id, address as value from bet_addresses where activated_at is not null` },
];

/** Withdrawal states whose amount has left, or is leaving, the player's balance for good. */
const WITHDRAWN = ['queued', 'signed', 'broadcast', 'confirmed'];

/**
 * The finance and risk side of the console (CONSOLE.md "Screens" 4 and 8). Every read is bounded by
 * an index: the review queue by `withdrawals_open_idx`, a player's context by the per-player indexes
 * of deposits, withdrawals, wagering, daily bets, referral reviews and held wins (one statement per
 * facet for the whole page of players), payments by id, big winners by the daily bet figures.
 */
export class FinanceOpsRepository {
  constructor(private readonly db: Db) {}

  async withdrawalQueue(page: Page): Promise<{ rows: QueuedWithdrawalRow[]; total: number }> {
    const [list, count] = await Promise.all([
      sql<QueuedWithdrawalRow>`
        select w.id::text as id, w.player_id, p.account, p.nickname, w.currency, w.amount::text as amount, w.fee::text as fee, w.to_address, w.created_at
        from withdrawals w join players p on p.id = w.player_id
        where w.status = 'pending_review'
        order by w.id
        limit ${page.limit} offset ${page.offset}`.execute(this.db),
      sql<{ total: string }>`select count(*)::text as total from withdrawals where status = 'pending_review'`.execute(this.db),
    ]);
    return { rows: list.rows, total: Number(count.rows[0]!.total) };
  }

  /** Credited deposits and withdrawals gone or going out, all time, per player and currency. */
  async moneyInAndOut(playerIds: number[]) {
    const { rows } = await sql<{ player_id: number; currency: Currency; deposited: string; withdrawn: string }>`
      select player_id, currency, sum(deposited)::text as deposited, sum(withdrawn)::text as withdrawn
      from (
        select player_id, currency, amount as deposited, 0 as withdrawn from deposits
        where player_id = any(${playerIds}::int[]) and status = 'credited'
        union all
        select player_id, currency, 0, amount from withdrawals
        where player_id = any(${playerIds}::int[]) and status = any(${WITHDRAWN}::text[])
      ) flows
      group by player_id, currency`.execute(this.db);
    return rows;
  }

  async wagering(playerIds: number[]) {
    const { rows } = await sql<{ player_id: number; currency: Currency; outstanding: string; required: string }>`
      select player_id, currency, outstanding::text as outstanding, required::text as required
      from wagering where player_id = any(${playerIds}::int[])`.execute(this.db);
    return rows;
  }

  /** Settled bets per player and currency from the Shanghai day `fromDay` on, from the daily bet figures. */
  async playSince(playerIds: number[], fromDay: string) {
    const { rows } = await sql<{ player_id: number; currency: Currency; bets: string; stakes: string; payouts: string }>`
      select player_id, currency, sum(bet_count)::text as bets, sum(bet_amount)::text as stakes, sum(payout_amount)::text as payouts
      from player_daily_bets
      where player_id = any(${playerIds}::int[]) and day >= ${fromDay}::date
      group by player_id, currency`.execute(this.db);
    return rows;
  }

  /** Frozen status, the self-referral review of each player's invitation and of those they invited, and held wins. */
  async riskFlags(playerIds: number[]) {
    const [players, reviews, heldInvitees, heldWins] = await Promise.all([
      sql<{ id: number; status: number }>`select id, status from players where id = any(${playerIds}::int[])`.execute(this.db),
      sql<{ player_id: number; inviter_id: number; matched: string; status: 'held' | 'cleared' }>`
        select player_id, inviter_id, matched, status from referral_reviews where player_id = any(${playerIds}::int[])`.execute(this.db),
      sql<{ inviter_id: number; count: string }>`
        select inviter_id, count(*)::text as count from referral_reviews
        where inviter_id = any(${playerIds}::int[]) and status = 'held' group by inviter_id`.execute(this.db),
      sql<{ player_id: number; currency: Currency; count: string; amount: string }>`
        select player_id, currency, count(*)::text as count, sum(amount)::text as amount from provider_held_wins
        where status = 'held' and player_id = any(${playerIds}::int[]) group by player_id, currency`.execute(this.db),
    ]);
    return { players: players.rows, reviews: reviews.rows, heldInvitees: heldInvitees.rows, heldWins: heldWins.rows };
  }

  /**
   * Every other player sharing something with one of `playerIds`: an address the subject registered
   * or signed in from that the other registered or signed in from, a device code both signed in with,
   * or a chain address one deposited from or bound as bet address that the other deposited from or
   * bound. One row per (subject, other, what, how).
   */
  async links(playerIds: number[]): Promise<LinkRow[]> {
    const marks = SHARED_VALUES.map(
      (source) =>
        sql`select s.player_id as subject_id, ${source.kind}::text as kind, v.value from subject s join (${source.rows}) v on v.player_id = s.player_id`,
    );
    const links = SHARED_VALUES.map(
      (source) => sql`
        select m.subject_id, v.player_id as other_id, m.kind, m.value, ${source.how}::text as how
        from marks m join (${source.rows}) v on v.value = m.value where m.kind = ${source.kind}`,
    );
    const { rows } = await sql<LinkRow>`
      with subject as (select unnest(${playerIds}::int[]) as player_id),
      marks as (${sql.join(marks, sql` union `)}),
      links as (${sql.join(links, sql` union `)})
      select subject_id, other_id, kind, value, how from links where other_id <> subject_id
      order by subject_id, other_id, kind, value, how`.execute(this.db);
    return rows;
  }

  async playerCards(playerIds: number[]) {
    const { rows } = await sql<{ id: number; account: string | null; nickname: string; status: number; created_at: Date }>`
      select id, account, nickname, status, created_at from players where id = any(${playerIds}::int[])`.execute(this.db);
    return rows;
  }

  async playerExists(playerId: number): Promise<boolean> {
    const { rows } = await sql`select 1 from players where id = ${playerId}`.execute(this.db);
    return rows.length > 0;
  }

  /** Payments of one kind matching `filters`, newest (highest id) first, below `beforeId` when given. */
  async payments(filters: PaymentFilters, limit: number, beforeId?: bigint): Promise<PaymentRow[]> {
    const { columns, table, where } = paymentQuery(filters);
    const conditions = beforeId === undefined ? where : [...where, sql`id < ${beforeId.toString()}::bigint`];
    const { rows } = await sql<PaymentRow>`
      select ${columns} from ${table}
      ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
      order by id desc
      limit ${limit}`.execute(this.db);
    return rows;
  }

  /**
   * Per currency, the players with the largest payouts − stakes over the Shanghai days [fromDay,
   * toDay], from the daily bet figures (one row per player, day, game type and currency): winners
   * only, at most `limit` per currency.
   */
  async bigWinners(fromDay: string, toDay: string, currencies: Currency[], limit: number) {
    const { rows } = await sql<{
      player_id: number;
      currency: Currency;
      bets: string;
      stakes: string;
      payouts: string;
      net: string;
      account: string | null;
      nickname: string;
      status: number;
    }>`
      with totals as (
        select player_id, currency, sum(bet_count) as bets, sum(bet_amount) as stakes, sum(payout_amount) as payouts,
               sum(payout_amount) - sum(bet_amount) as net
        from player_daily_bets
        where day >= ${fromDay}::date and day <= ${toDay}::date and currency = any(${currencies}::text[])
        group by player_id, currency
      ),
      ranked as (
        select *, row_number() over (partition by currency order by net desc, player_id) as place from totals where net > 0
      )
      select r.player_id, r.currency, r.bets::text as bets, r.stakes::text as stakes, r.payouts::text as payouts, r.net::text as net,
             p.account, p.nickname, p.status
      from ranked r join players p on p.id = r.player_id
      where r.place <= ${limit}
      order by r.currency, r.place`.execute(this.db);
    return rows;
  }
}

/** The columns every kind of payment is listed with, its table, and the filters as conditions on it. */
function paymentQuery(filters: PaymentFilters): { columns: RawBuilder<unknown>; table: RawBuilder<unknown>; where: RawBuilder<unknown>[] } {
  const where: RawBuilder<unknown>[] = [];
  if (filters.from) where.push(sql`created_at >= ${filters.from}`);
  if (filters.to) where.push(sql`created_at < ${filters.to}`);
  switch (filters.kind) {
    case 'deposit':
    case 'withdrawal': {
      if (filters.currency) where.push(sql`currency = ${filters.currency}`);
      if (filters.status) where.push(sql`status = ${filters.status}`);
      if (filters.playerId !== undefined) where.push(sql`player_id = ${filters.playerId}`);
      const deposit = filters.kind === 'deposit';
      return {
        columns: sql`id::text as id, player_id, currency, amount::text as amount, ${deposit ? sql`'0'` : sql`fee::text`} as fee, status,
                     ${deposit ? sql`from_address` : sql`to_address`} as address, tx_id,
                     null::integer as counterparty_id, null::text as to_currency, null::text as to_amount,
                     created_at, ${deposit ? sql`credited_at` : sql`completed_at`} as completed_at`,
        table: deposit ? sql`deposits` : sql`withdrawals`,
        where,
      };
    }
    case 'exchange':
      if (filters.currency) where.push(sql`(from_currency = ${filters.currency} or to_currency = ${filters.currency})`);
      if (filters.playerId !== undefined) where.push(sql`player_id = ${filters.playerId}`);
      return {
        columns: sql`id::text as id, player_id, from_currency as currency, amount::text as amount, '0' as fee, 'done' as status,
                     null::text as address, null::text as tx_id, null::integer as counterparty_id, to_currency, to_amount::text as to_amount,
                     created_at, created_at as completed_at`,
        table: sql`exchanges`,
        where,
      };
    case 'transfer':
      if (filters.currency) where.push(sql`currency = ${filters.currency}`);
      if (filters.playerId !== undefined) where.push(sql`(sender_id = ${filters.playerId} or receiver_id = ${filters.playerId})`);
      return {
        columns: sql`id::text as id, sender_id as player_id, currency, amount::text as amount, '0' as fee, 'done' as status,
                     null::text as address, null::text as tx_id, receiver_id as counterparty_id, null::text as to_currency, null::text as to_amount,
                     created_at, created_at as completed_at`,
        table: sql`player_transfers`,
        where,
      };
  }
}
