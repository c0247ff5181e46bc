import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { advisoryKey } from '../../db/leader-lock.ts';

/** Wrong fund passwords, counted per player (the password itself is stored on the player). */
export class FundPasswordRepository {
  constructor(private readonly db: Db) {}

  /** Holds the player's fund-password lock until the caller's transaction ends. */
  async lockPlayer(playerId: number): Promise<void> {
    await sql`select pg_advisory_xact_lock(${advisoryKey(`fund-password:${playerId}`)})`.execute(this.db);
  }

  /** Wrong fund passwords of a player within the last `minutes`. */
  async countRecentFailures(playerId: number, minutes: number): Promise<number> {
    const row = await this.db
      .selectFrom('fund_password_failures')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('player_id', '=', playerId)
      .where('failed_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async recordFailure(playerId: number): Promise<void> {
    await this.db.insertInto('fund_password_failures').values({ player_id: playerId }).execute();
  }

  async clearFailures(playerId: number): Promise<void> {
    await this.db.deleteFrom('fund_password_failures').where('player_id', '=', playerId).execute();
  }
}
