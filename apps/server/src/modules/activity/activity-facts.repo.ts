import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { ActivityTables } from './tables.ts';

export interface TurnoverFacts {
  /** Valid turnover over every game. */
  valid: bigint;
  /** Stakes less payouts over every game: what the player lost net (negative when ahead). */
  netLoss: bigint;
  /** Rounds of the counted hash games (a round is a block: every hash bet it decides for the player). */
  hashRounds: number;
  /** Valid turnover of the counted hash games. */
  hashValid: bigint;
}

export interface InviteeFacts {
  playerId: number;
  deposits: bigint;
  turnover: bigint;
  /** Flagged as a self-referral and not cleared by an operator (ECONOMY.md "Referral"): its reward waits. */
  underReview: boolean;
}

/**
 * The facts activities are decided on, read for one player at a time from what other modules record
 * as it happens: valid turnover per settled round (turnover module), credited deposits (wallet) and
 * the player row (e-mail bound, first recharge, inviter).
 */
export class ActivityFactsRepository {
  private readonly db: Kysely<Database & ActivityTables>;

  constructor(db: Db) {
    this.db = db.withTables<ActivityTables>();
  }

  /** Turnover of the player's rounds settled in [from, to) in one currency; hash rounds only of `hashGameIds` (all when null). */
  async turnover(playerId: number, currency: string, from: Date, to: Date, hashGameIds: readonly number[] | null): Promise<TurnoverFacts> {
    // A hash round is a block (`hash:<height>`, every game the player bet on there): it counts for the
    // task when one of its bets is on a counted game. Older keys name their game (`hash:<game>:...`).
    const counted =
      hashGameIds === null
        ? sql`game_type = 1`
        : sql`game_type = 1 and case when round_key ~ '^hash:[0-9]+$'
            then exists (select 1 from hash_bets b where b.player_id = turnover_records.player_id and b.round = split_part(round_key, ':', 2)::int8 and b.game_id = any(${hashGameIds}::int2[]))
            else split_part(round_key, ':', 2) = any(${hashGameIds.map(String)}::text[]) end`;
    const { rows } = await sql<{ valid: string; net_loss: string; hash_rounds: number; hash_valid: string }>`
      select coalesce(sum(valid), 0)::text as valid,
             coalesce(sum(stake - payout), 0)::text as net_loss,
             (count(*) filter (where ${counted}))::int as hash_rounds,
             coalesce(sum(valid) filter (where ${counted}), 0)::text as hash_valid
      from turnover_records
      where player_id = ${playerId} and currency = ${currency} and settled_at >= ${from} and settled_at < ${to}`.execute(this.db);
    const row = rows[0]!;
    return { valid: BigInt(row.valid), netLoss: BigInt(row.net_loss), hashRounds: Number(row.hash_rounds), hashValid: BigInt(row.hash_valid) };
  }

  /** The player's first credited deposit of a currency. */
  async firstDeposit(playerId: number, currency: string): Promise<{ amount: bigint; creditedAt: Date } | undefined> {
    const row = await this.db
      .selectFrom('deposits')
      .select(['amount', 'credited_at'])
      .where('player_id', '=', playerId)
      .where('currency', '=', currency as never)
      .where('status', '=', 'credited')
      .orderBy('credited_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row && row.credited_at ? { amount: BigInt(row.amount), creditedAt: row.credited_at } : undefined;
  }

  async player(playerId: number): Promise<{ email: string | null; firstRechargeAt: Date | null } | undefined> {
    const row = await this.db.selectFrom('players').select(['email', 'first_recharge_at']).where('id', '=', playerId).executeTakeFirst();
    return row && { email: row.email, firstRechargeAt: row.first_recharge_at ?? null };
  }

  /**
   * The player's invitees not yet paid for by `activityId`, oldest first, with their credited
   * deposits and valid turnover in `currency`.
   */
  async unpaidInvitees(inviterId: number, activityId: number, currency: string, limit: number): Promise<InviteeFacts[]> {
    const { rows } = await sql<{ id: number; deposits: string; turnover: string; under_review: boolean }>`
      select p.id,
             exists (select 1 from referral_reviews r where r.player_id = p.id and r.status = 'held') as under_review,
             (select coalesce(sum(d.amount), 0) from deposits d where d.player_id = p.id and d.currency = ${currency} and d.status = 'credited')::text as deposits,
             (select coalesce(sum(t.valid), 0) from turnover_records t where t.player_id = p.id and t.currency = ${currency})::text as turnover
      from players p
      where p.inviter_id = ${inviterId}
        and not exists (select 1 from activity_claims c where c.activity_id = ${activityId} and c.player_id = ${inviterId} and c.period = 'invitee:' || p.id)
      order by p.id
      limit ${limit}`.execute(this.db);
    return rows.map((row) => ({ playerId: row.id, deposits: BigInt(row.deposits), turnover: BigInt(row.turnover), underReview: row.under_review }));
  }
}
