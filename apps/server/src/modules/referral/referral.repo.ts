import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type Currency = 'USDT' | 'TRX';

/** Commission rows hold micro-units × 10^6 as exact numeric: the micro-units are their floor. */
export const SCALE = 1_000_000n;

/** Integer part of a non-negative numeric as PostgreSQL prints it. */
export function floorScaled(value: string | null | undefined): bigint {
  if (!value) return 0n;
  return BigInt(value.split('.')[0]!) / SCALE;
}

export interface ReferralClaimRow {
  id: string;
  currency: Currency;
  amount: string;
  claimed_before: string;
  created_at: Date;
}

/**
 * The referral tree (`referral_ancestors`, kept by the database when a player is inserted), the
 * commission accrued by settlement (`referral_daily`) and the claims paid from it.
 */
export class ReferralRepository {
  constructor(private readonly db: Db) {}

  /** Members per level, and how many joined at or after `since`. */
  async teamSize(playerId: number, since: Date) {
    const { rows } = await sql<{ level: number; members: string; recent: string }>`
      select level, count(*)::text as members, count(*) filter (where joined_at >= ${since})::text as recent
      from referral_ancestors where ancestor_id = ${playerId} group by level`.execute(this.db);
    return rows.map((row) => ({ level: Number(row.level), members: Number(row.members), recent: Number(row.recent) }));
  }

  /** Commission accrued per currency, in all and on `day`, as scaled numeric text. */
  async commissionTotals(playerId: number, day: string) {
    const { rows } = await sql<{ currency: Currency; total: string; today: string | null }>`
      select currency, sum(commission_scaled)::text as total, sum(commission_scaled) filter (where day = ${day}::date)::text as today
      from referral_daily where beneficiary_id = ${playerId} group by currency`.execute(this.db);
    return rows;
  }

  /** Commission accrued in one currency, scaled. */
  async commissionTotal(playerId: number, currency: Currency): Promise<string | null> {
    const { rows } = await sql<{ total: string | null }>`
      select sum(commission_scaled)::text as total from referral_daily where beneficiary_id = ${playerId} and currency = ${currency}`.execute(this.db);
    return rows[0]?.total ?? null;
  }

  async claimedTotals(playerId: number): Promise<Map<Currency, bigint>> {
    const { rows } = await sql<{ currency: Currency; claimed: string }>`
      select currency, claimed::text as claimed from referral_claimed where player_id = ${playerId}`.execute(this.db);
    return new Map(rows.map((row) => [row.currency, BigInt(row.claimed)]));
  }

  /** Locks the player's claimed total of a currency (created at 0 the first time) until the transaction ends. */
  async lockClaimed(playerId: number, currency: Currency): Promise<bigint> {
    await sql`insert into referral_claimed (player_id, currency) values (${playerId}, ${currency}) on conflict do nothing`.execute(this.db);
    const { rows } = await sql<{ claimed: string }>`
      select claimed::text as claimed from referral_claimed where player_id = ${playerId} and currency = ${currency} for update`.execute(this.db);
    return BigInt(rows[0]!.claimed);
  }

  async findClaim(playerId: number, requestId: string): Promise<ReferralClaimRow | undefined> {
    const { rows } = await sql<ReferralClaimRow>`
      select id::text as id, currency, amount::text as amount, claimed_before::text as claimed_before, created_at
      from referral_claims where player_id = ${playerId} and request_id = ${requestId}`.execute(this.db);
    return rows[0];
  }

  /** Records a claim and raises the claimed total; the caller holds the lock of `lockClaimed`. */
  async insertClaim(input: { playerId: number; requestId: string; currency: Currency; amount: bigint; claimedBefore: bigint }): Promise<ReferralClaimRow> {
    const { rows } = await sql<ReferralClaimRow>`
      with claim as (
        insert into referral_claims (player_id, request_id, currency, amount, claimed_before)
        values (${input.playerId}, ${input.requestId}, ${input.currency}, ${input.amount.toString()}::int8, ${input.claimedBefore.toString()}::int8)
        returning id, currency, amount, claimed_before, created_at
      ),
      raised as (
        update referral_claimed set claimed = claimed + ${input.amount.toString()}::int8
        where player_id = ${input.playerId} and currency = ${input.currency}
        returning 1
      )
      select id::text as id, currency, amount::text as amount, claimed_before::text as claimed_before, created_at from claim`.execute(this.db);
    return rows[0]!;
  }

  /** A page of the team, newest first; `level` narrows it to one level. */
  async members(playerId: number, level: number | undefined, page: { offset: number; limit: number }) {
    const levelFilter = level === undefined ? sql`` : sql`and level = ${level}`;
    const [list, count] = await Promise.all([
      sql<{ player_id: number; level: number; joined_at: Date }>`
        select player_id, level, joined_at from referral_ancestors
        where ancestor_id = ${playerId} ${levelFilter}
        order by joined_at desc, player_id desc
        limit ${page.limit} offset ${page.offset}`.execute(this.db),
      sql<{ total: string }>`select count(*)::text as total from referral_ancestors where ancestor_id = ${playerId} ${levelFilter}`.execute(this.db),
    ]);
    return { rows: list.rows.map((row) => ({ playerId: row.player_id, level: Number(row.level), joinedAt: row.joined_at })), total: Number(count.rows[0]!.total) };
  }

  /** Valid turnover of these players per currency, from their daily rows. */
  async validTurnover(playerIds: readonly number[]) {
    if (playerIds.length === 0) return [];
    const { rows } = await sql<{ player_id: number; currency: Currency; valid: string }>`
      select player_id, currency, sum(valid_amount)::text as valid from player_daily_bets
      where player_id = any(${[...playerIds]}::int4[]) group by player_id, currency`.execute(this.db);
    return rows;
  }

  /** Turnover and commission per game type that the given levels of the team brought on a day. */
  async dayCommission(playerId: number, levels: readonly number[], day: string, currency: Currency) {
    const { rows } = await sql<{ game_type: number; valid: string; commission: string }>`
      select game_type, sum(valid_amount)::text as valid, sum(commission_scaled)::text as commission
      from referral_daily
      where beneficiary_id = ${playerId} and currency = ${currency} and day = ${day}::date and level = any(${[...levels]}::int2[])
      group by game_type order by game_type`.execute(this.db);
    return rows;
  }

  /**
   * Members of the given levels who registered, made their first deposit, or had deposits of the
   * currency credited within [from, to). Deposits and first recharges are read here in one
   * statement each rather than member by member through their modules: a team has thousands.
   */
  async dayMembersActivity(playerId: number, levels: readonly number[], from: Date, to: Date, currency: Currency) {
    const levelList = [...levels];
    const { rows } = await sql<{ new_members: string; first_deposits: string; deposit_count: string; deposit_amount: string | null }>`
      select
        (select count(*) from referral_ancestors a
          where a.ancestor_id = ${playerId} and a.level = any(${levelList}::int2[]) and a.joined_at >= ${from} and a.joined_at < ${to})::text as new_members,
        (select count(*) from players p join referral_ancestors a on a.player_id = p.id
          where p.first_recharge_at >= ${from} and p.first_recharge_at < ${to}
            and a.ancestor_id = ${playerId} and a.level = any(${levelList}::int2[]))::text as first_deposits,
        d.deposit_count::text as deposit_count, d.deposit_amount::text as deposit_amount
      from (
        select count(*) as deposit_count, sum(dep.amount) as deposit_amount
        from deposits dep join referral_ancestors a on a.player_id = dep.player_id
        where dep.status = 'credited' and dep.credited_at >= ${from} and dep.credited_at < ${to} and dep.currency = ${currency}
          and a.ancestor_id = ${playerId} and a.level = any(${levelList}::int2[])
      ) d`.execute(this.db);
    const row = rows[0]!;
    return {
      newMembers: Number(row.new_members),
      firstDeposits: Number(row.first_deposits),
      depositCount: Number(row.deposit_count),
      depositAmount: BigInt(row.deposit_amount ?? '0'),
    };
  }
}
