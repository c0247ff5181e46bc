import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The marks an operator puts on accounts: experience gold (the account type and its grants) and
 * special invitation (the account type, the codes and who registered with which). The two type
 * columns live on the player's row; only this repository writes them.
 */
export class PlayerMarkRepository {
  constructor(private readonly db: Db) {}

  /** The marks of a player, with the row locked until `trx` ends when one is given; undefined if no such player. */
  async marks(playerId: number, lock = false) {
    let query = this.db
      .selectFrom('players')
      .select(['id', 'special_invite_type', 'experience_type', 'first_recharge_at', 'status'])
      .where('id', '=', playerId);
    if (lock) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  async specialInviteMarkedAt(playerId: number): Promise<Date | null> {
    const row = await this.db.selectFrom('special_invite_redemptions').select('created_at').where('player_id', '=', playerId).executeTakeFirst();
    return row?.created_at ?? null;
  }

  async grantedExperienceGold(playerId: number): Promise<bigint> {
    const row = await this.db
      .selectFrom('experience_gold_grants')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
      .where('player_id', '=', playerId)
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  }

  async findGrant(requestId: string) {
    const row = await this.db.selectFrom('experience_gold_grants').selectAll().where('request_id', '=', requestId).executeTakeFirst();
    return row && { ...row, amount: BigInt(row.amount) };
  }

  async insertGrant(grant: { requestId: string; playerId: number; amount: bigint; note: string | null }) {
    await this.db
      .insertInto('experience_gold_grants')
      .values({ request_id: grant.requestId, player_id: grant.playerId, amount: grant.amount, note: grant.note })
      .execute();
  }

  /** Makes the account an experience account (from none, or again while it still is one). */
  async markExperienceAccount(playerId: number) {
    await this.db.updateTable('players').set({ experience_type: 1, updated_at: new Date() }).where('id', '=', playerId).execute();
  }

  /** Which of these players are experience accounts (type 1); a small partial index answers it. */
  async experienceAccountsAmong(playerIds: number[]): Promise<number[]> {
    // One array parameter: a large round has more players than a statement may have parameters.
    const { rows } = await sql<{ id: number }>`select id from players where experience_type = 1 and id = any(${playerIds}::int[])`.execute(this.db);
    return rows.map((row) => row.id);
  }

  /** An experience account (type 1) has ended its experience (type 2, for good); true if it was one. */
  async endExperience(playerId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('players')
      .set({ experience_type: 2, updated_at: new Date() })
      .where('id', '=', playerId)
      .where('experience_type', '=', 1)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async insertInviteCodes(codes: string[], maxUses: number, note: string | null) {
    await this.db
      .insertInto('special_invite_codes')
      .values(codes.map((code) => ({ code, max_uses: maxUses, note })))
      .execute();
  }

  /**
   * Uses one of the code's places for this player and marks the account special (type 1), all in
   * the caller's transaction. False (and nothing written) when the code is unknown, disabled or used up.
   */
  async redeemInviteCode(code: string, playerId: number): Promise<boolean> {
    const taken = await this.db
      .updateTable('special_invite_codes')
      .set((eb) => ({ used: eb('used', '+', 1) }))
      .where('code', '=', code)
      .where('enabled', '=', true)
      .where((eb) => eb('used', '<', eb.ref('max_uses')))
      .returning('code')
      .executeTakeFirst();
    if (!taken) return false;
    await this.db.insertInto('special_invite_redemptions').values({ player_id: playerId, code }).execute();
    await this.db.updateTable('players').set({ special_invite_type: 1, updated_at: new Date() }).where('id', '=', playerId).execute();
    return true;
  }

  /** A special account (type 1) that chose a third-party game is special no more (type 2); true if it was. */
  async leaveSpecialInvite(playerId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('players')
      .set({ special_invite_type: 2, updated_at: new Date() })
      .where('id', '=', playerId)
      .where('special_invite_type', '=', 1)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
