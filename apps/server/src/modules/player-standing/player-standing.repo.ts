import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { PlayerStandingTables } from './tables.ts';

/** players.status as staff set it, and the history of those changes. */
export class PlayerStandingRepo {
  private readonly db: Kysely<Database & PlayerStandingTables>;

  constructor(db: Db) {
    this.db = db.withTables<PlayerStandingTables>();
  }

  /** Moves the player from one status to another; undefined when they were not in `from` (or do not exist). */
  async setStatus(playerId: number, from: number, to: number): Promise<{ id: number } | undefined> {
    return this.db.updateTable('players').set({ status: to }).where('id', '=', playerId).where('status', '=', from).returning('id').executeTakeFirst();
  }

  async statusOf(playerId: number): Promise<number | undefined> {
    return (await this.db.selectFrom('players').select('status').where('id', '=', playerId).executeTakeFirst())?.status;
  }

  async record(change: {
    playerId: number;
    from: number;
    to: number;
    reason: string;
    actorKind: 'staff' | 'key';
    actorId: number;
    actorName: string;
  }): Promise<void> {
    await this.db
      .insertInto('player_standing_changes')
      .values({
        player_id: change.playerId,
        from_status: change.from,
        to_status: change.to,
        reason: change.reason,
        actor_kind: change.actorKind,
        actor_id: change.actorId,
        actor_name: change.actorName,
      })
      .execute();
  }

  history(playerId: number, limit: number) {
    return this.db.selectFrom('player_standing_changes').selectAll().where('player_id', '=', playerId).orderBy('id', 'desc').limit(limit).execute();
  }
}
