import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { FiguresTables } from './tables.ts';

export type NoteAuthor = { kind: 'staff' | 'key'; id: number; name: string };

/** player_staff_notes: append-only, so there is an insert and a read, and nothing else. */
export class PlayerNotesRepository {
  private readonly db: Kysely<Database & Pick<FiguresTables, 'player_staff_notes'>>;

  constructor(db: Db) {
    this.db = db.withTables<Pick<FiguresTables, 'player_staff_notes'>>();
  }

  add(playerId: number, author: NoteAuthor, body: string) {
    return this.db
      .insertInto('player_staff_notes')
      .values({ player_id: playerId, staff_kind: author.kind, staff_id: author.id, staff_name: author.name, body })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Newest first; `beforeId` continues a previous page. */
  list(playerId: number, limit: number, beforeId?: number) {
    let query = this.db.selectFrom('player_staff_notes').selectAll().where('player_id', '=', playerId);
    if (beforeId !== undefined) query = query.where('id', '<', BigInt(beforeId));
    return query.orderBy('id', 'desc').limit(limit).execute();
  }
}
