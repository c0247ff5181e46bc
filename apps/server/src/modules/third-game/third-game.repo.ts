import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { ThirdGameTables } from './tables.ts';

export interface NewThirdGameSession {
  /** A fresh random token per launch (256 bits), handed to the aggregator with the game URL. */
  token: string;
  playerId: number;
  aggregator: string;
  gameCode: string;
  gameType: number;
  manufacturer: string;
}

export interface ThirdGameSession {
  id: bigint;
  token: string;
  playerId: number;
  aggregator: string;
  gameCode: string;
  gameType: number;
  manufacturer: string;
  createdAt: Date;
  endedAt: Date | null;
}

type Tables = Kysely<Database & ThirdGameTables>;

/** The database with the third-party game tables in view (they are declared next to this module). */
export function withThirdGameTables(db: Db): Tables {
  return db.withTables<ThirdGameTables>();
}

/** Game sessions of third-party games: one per launch, named by its token. */
export class ThirdGameRepository {
  constructor(private readonly db: Db) {}

  async createSession(session: NewThirdGameSession, trx?: Db): Promise<ThirdGameSession> {
    const row = await withThirdGameTables(trx ?? this.db)
      .insertInto('third_game_sessions')
      .values({
        token: session.token,
        player_id: session.playerId,
        aggregator: session.aggregator,
        game_code: session.gameCode,
        game_type: session.gameType,
        manufacturer: session.manufacturer,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSession(row);
  }

  /** Ends the player's open sessions (of one game, or all); returns how many ended. */
  async endSessions(playerId: number, gameCode?: string, trx?: Db): Promise<number> {
    let query = withThirdGameTables(trx ?? this.db)
      .updateTable('third_game_sessions')
      .set({ ended_at: new Date() })
      .where('player_id', '=', playerId)
      .where('ended_at', 'is', null);
    if (gameCode !== undefined) query = query.where('game_code', '=', gameCode);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows ?? 0n);
  }

  /**
   * Ends the player's open game sessions that no live app session started before: after a logout or a
   * password reset every one, after a login elsewhere those launched before it (a game entered since
   * the new login stays). Returns how many ended.
   */
  async endSessionsOutlivingLogin(playerId: number): Promise<number> {
    const result = await sql`
      update third_game_sessions g set ended_at = now()
      where g.player_id = ${playerId} and g.ended_at is null
        and not exists (
          select 1 from player_sessions s
          where s.player_id = ${playerId} and s.ended_at is null and s.expires_at > now() and s.created_at <= g.created_at
        )`.execute(this.db);
    return Number(result.numAffectedRows ?? 0n);
  }

  async findSession(token: string, trx?: Db): Promise<ThirdGameSession | null> {
    const row = await withThirdGameTables(trx ?? this.db)
      .selectFrom('third_game_sessions')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirst();
    return row ? toSession(row) : null;
  }
}

function toSession(row: {
  id: bigint;
  token: string;
  player_id: number;
  aggregator: string;
  game_code: string;
  game_type: number;
  manufacturer: string;
  created_at: Date;
  ended_at: Date | null;
}): ThirdGameSession {
  return {
    id: BigInt(row.id),
    token: row.token,
    playerId: row.player_id,
    aggregator: row.aggregator,
    gameCode: row.game_code,
    gameType: Number(row.game_type),
    manufacturer: row.manufacturer,
    createdAt: row.created_at,
    endedAt: row.ended_at,
  };
}
