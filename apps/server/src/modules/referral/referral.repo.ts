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

export interface ReviewRow {
  player_id: number;
  inviter_id: number;
  matched: 'address' | 'device';
  status: 'held' | 'cleared';
  flagged_at: Date;
  cleared_at: Date | null;
  cleared_by: string | null;
  note: string | null;
}

/**
 * The referral tree (`referral_ancestors`, kept by the database when a player is inserted), the
 * commission accrued by settlement (`referral_daily`) and the claims paid from it.
 */
export class ReferralRepository {
  constructor(private readonly db: Db) {}

  /**
   * In one round trip: members per level and how many joined at or after `since`; commission accrued
   * per currency in all and on `day` (scaled numeric text); what was claimed per currency.
   */
  async overview(playerId: number, since: Date, day: string) {
    const { rows } = await sql<{ kind: 'team' | 'commission' | 'claimed' | 'held'; key: string; a: string | null; b: string | null }>`
      select 'team' as kind, level::text as key, count(*)::text as a, count(*) filter (where joined_at >= ${since})::text as b
      from referral_ancestors where ancestor_id = ${playerId} group by level
      union all
      select 'commission', currency, sum(commission_scaled)::text, sum(commission_scaled) filter (where day = ${day}::date)::text
      from referral_daily where beneficiary_id = ${playerId} group by currency
      union all
      select 'claimed', currency, claimed::text, null from referral_claimed where player_id = ${playerId}
      union all
      select 'held', currency, sum(commission_scaled)::text, null from referral_held where ancestor_id = ${playerId} group by currency`.execute(this.db);
    return {
      team: rows.filter((r) => r.kind === 'team').map((r) => ({ level: Number(r.key), members: Number(r.a), recent: Number(r.b) })),
      commission: rows.filter((r) => r.kind === 'commission').map((r) => ({ currency: r.key as Currency, total: r.a, today: r.b })),
      claimed: new Map(rows.filter((r) => r.kind === 'claimed').map((r) => [r.key as Currency, BigInt(r.a ?? '0')])),
      held: new Map(rows.filter((r) => r.kind === 'held').map((r) => [r.key as Currency, floorScaled(r.a)])),
    };
  }

  /**
   * Flags a self-referral (ECONOMY.md "Referral"): the review row, and the invitee's level-1 ancestry
   * row held, so settlement accrues the pair's commission into `referral_held`.
   */
  async flag(input: { playerId: number; inviterId: number; matched: 'address' | 'device' }): Promise<void> {
    await sql`insert into referral_reviews (player_id, inviter_id, matched) values (${input.playerId}, ${input.inviterId}, ${input.matched})`.execute(this.db);
    await sql`update referral_ancestors set held = true where player_id = ${input.playerId} and level = 1 and ancestor_id = ${input.inviterId}`.execute(
      this.db,
    );
  }

  /** Flagged pairs, newest first; `status` narrows them. With the commission each pair has held, per currency. */
  async reviews(status: 'held' | 'cleared' | undefined, page: { offset: number; limit: number }) {
    const filter = status === undefined ? sql`` : sql`where r.status = ${status}`;
    const { rows } = await sql<ReviewRow & { held: { currency: Currency; scaled: string }[] | null; total: string }>`
      select r.player_id, r.inviter_id, r.matched, r.status, r.flagged_at, r.cleared_at, r.cleared_by, r.note,
             (select json_agg(json_build_object('currency', h.currency, 'scaled', h.scaled::text)) from (
               select currency, sum(commission_scaled) as scaled from referral_held
               where ancestor_id = r.inviter_id and player_id = r.player_id group by currency) h) as held,
             count(*) over ()::text as total
      from referral_reviews r ${filter}
      order by r.flagged_at desc, r.player_id desc
      limit ${page.limit} offset ${page.offset}`.execute(this.db);
    return {
      rows: rows.map(({ held, total: _total, ...row }) => ({ ...row, held: new Map((held ?? []).map((h) => [h.currency, floorScaled(h.scaled)])) })),
      total: Number(rows[0]?.total ?? 0),
    };
  }

  /** The review of an invitee, locked until the transaction ends. */
  async lockReview(playerId: number): Promise<ReviewRow | undefined> {
    const { rows } = await sql<ReviewRow>`
      select player_id, inviter_id, matched, status, flagged_at, cleared_at, cleared_by, note
      from referral_reviews where player_id = ${playerId} for update`.execute(this.db);
    return rows[0];
  }

  /** Clears a held review: the pair's ancestry row is no longer held. */
  async clear(review: ReviewRow, by: string, note: string | null): Promise<void> {
    await sql`update referral_reviews set status = 'cleared', cleared_at = now(), cleared_by = ${by}, note = ${note} where player_id = ${review.player_id}`.execute(
      this.db,
    );
    await sql`update referral_ancestors set held = false where player_id = ${review.player_id} and ancestor_id = ${review.inviter_id}`.execute(this.db);
  }

  /**
   * Moves the held commission of the ancestor's pairs that are no longer held into `referral_daily`
   * (same day, level, game type and currency it was earned on), where claims read it: one statement,
   * so each held row counts once. Also catches commission a settlement that began before the clear
   * accrued as held. Answers the micro-units moved per currency.
   */
  async releaseCleared(ancestorId: number): Promise<Map<Currency, bigint>> {
    const { rows } = await sql<{ currency: Currency; scaled: string }>`
      with moved as (
        delete from referral_held h
        where h.ancestor_id = ${ancestorId}
          and not exists (select 1 from referral_ancestors a where a.player_id = h.player_id and a.ancestor_id = h.ancestor_id and a.held)
        returning h.ancestor_id, h.currency, h.day, h.level, h.game_type, h.commission_scaled
      ),
      summed as (
        select ancestor_id, currency, day, level, game_type, sum(commission_scaled) as scaled
        from moved group by ancestor_id, currency, day, level, game_type
      ),
      added as (
        insert into referral_daily as rd (beneficiary_id, day, level, game_type, currency, valid_amount, commission_scaled)
        select ancestor_id, day, level, game_type, currency, 0, scaled from summed
        order by currency, day, level, game_type
        on conflict (beneficiary_id, currency, day, level, game_type) do update set commission_scaled = rd.commission_scaled + excluded.commission_scaled
      )
      select currency, sum(scaled)::text as scaled from summed group by currency`.execute(this.db);
    return new Map(rows.map((row) => [row.currency, floorScaled(row.scaled)]));
  }

  /** Commission accrued in one currency, scaled. */
  async commissionTotal(playerId: number, currency: Currency): Promise<string | null> {
    const { rows } = await sql<{ total: string | null }>`
      select sum(commission_scaled)::text as total from referral_daily where beneficiary_id = ${playerId} and currency = ${currency}`.execute(this.db);
    return rows[0]?.total ?? null;
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

  /** A page of the team, newest first, with each member's valid turnover per currency; `level` narrows it to one level. */
  async members(playerId: number, level: number | undefined, page: { offset: number; limit: number }) {
    const levelFilter = level === undefined ? sql`` : sql`and level = ${level}`;
    const { rows } = await sql<{
      player_id: number | null;
      level: number | null;
      joined_at: Date | null;
      usdt: string | null;
      trx: string | null;
      total: string;
    }>`
      with team_page as (
        select player_id, level, joined_at from referral_ancestors
        where ancestor_id = ${playerId} ${levelFilter}
        order by joined_at desc, player_id desc
        limit ${page.limit} offset ${page.offset}
      )
      select m.player_id, m.level, m.joined_at, t.usdt, t.trx,
             (select count(*) from referral_ancestors where ancestor_id = ${playerId} ${levelFilter})::text as total
      from (select 1) as one
      left join team_page m on true
      left join lateral (
        select sum(valid_amount) filter (where currency = 'USDT')::text as usdt, sum(valid_amount) filter (where currency = 'TRX')::text as trx
        from player_daily_bets where player_id = m.player_id
      ) t on true
      order by m.joined_at desc, m.player_id desc`.execute(this.db);
    return {
      rows: rows.flatMap((row) =>
        row.player_id === null
          ? []
          : [{ playerId: row.player_id, level: Number(row.level), joinedAt: row.joined_at!, usdt: BigInt(row.usdt ?? '0'), trx: BigInt(row.trx ?? '0') }],
      ),
      total: Number(rows[0]?.total ?? 0),
    };
  }

  /**
   * One Shanghai day [from, to) of the given levels of the team, in one round trip: turnover and
   * commission per game type, members who registered, made their first deposit, and deposits of the
   * currency credited. Deposits and first recharges are read here in one statement rather than
   * member by member through their modules: a team has thousands.
   */
  async day(playerId: number, levels: readonly number[], day: string, from: Date, to: Date, currency: Currency) {
    const levelList = [...levels];
    const { rows } = await sql<{
      new_members: string;
      first_deposits: string;
      deposit_count: string;
      deposit_amount: string | null;
      by_game_type: { game_type: number; valid: string; commission: string }[] | null;
    }>`
      select
        (select count(*) from referral_ancestors a
          where a.ancestor_id = ${playerId} and a.level = any(${levelList}::int2[]) and a.joined_at >= ${from} and a.joined_at < ${to})::text as new_members,
        (select count(*) from players p join referral_ancestors a on a.player_id = p.id
          where p.first_recharge_at >= ${from} and p.first_recharge_at < ${to}
            and a.ancestor_id = ${playerId} and a.level = any(${levelList}::int2[]))::text as first_deposits,
        d.deposit_count::text as deposit_count, d.deposit_amount::text as deposit_amount,
        (select json_agg(c order by c.game_type) from (
          select game_type, sum(valid_amount)::text as valid, sum(commission_scaled)::text as commission
          from referral_daily
          where beneficiary_id = ${playerId} and currency = ${currency} and day = ${day}::date and level = any(${levelList}::int2[])
          group by game_type
        ) c) as by_game_type
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
      byGameType: (row.by_game_type ?? []).map((c) => ({ gameType: Number(c.game_type), valid: BigInt(c.valid), scaled: BigInt(c.commission.split('.')[0]!) })),
    };
  }
}
