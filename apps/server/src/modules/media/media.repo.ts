import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { MediaKind, MediaTables } from './tables.ts';

export interface StoredMedia {
  id: string;
  kind: MediaKind;
  bytes: Buffer;
}

/** The media table: content-addressed rows, written once and never changed. */
export class MediaRepository {
  private readonly db: Kysely<Database & MediaTables>;

  constructor(db: Db) {
    this.db = db.withTables<MediaTables>();
  }

  /** Stores the bytes unless the same content is already there (same id), in which case nothing changes. */
  async insert(row: { id: string; kind: MediaKind; bytes: Buffer; purpose: string }): Promise<void> {
    await this.db
      .insertInto('media')
      .values({ id: row.id, kind: row.kind, size: row.bytes.length, bytes: row.bytes, purpose: row.purpose })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  /**
   * Records that the player stored this item and adds its size to what the player owns, unless that
   * would pass `capBytes`: one statement, so parallel uploads of one player cannot pass the cap
   * together. An item the player already owns adds nothing. False when refused.
   */
  async own(playerId: number, mediaId: string, size: number, capBytes: number): Promise<boolean> {
    const { rows } = await sql<{ added: number; counted: number }>`
      with added as (
        insert into media_owners (player_id, media_id, size) values (${playerId}, ${mediaId}, ${size})
        on conflict do nothing
        returning size
      ),
      counted as (
        insert into media_usage as u (player_id, bytes)
        select ${playerId}, size from added where size <= ${capBytes}::int8
        on conflict (player_id) do update set bytes = u.bytes + excluded.bytes where u.bytes + excluded.bytes <= ${capBytes}::int8
        returning 1
      )
      select (select count(*) from added)::int as added, (select count(*) from counted)::int as counted`.execute(this.db);
    return rows[0]!.added === rows[0]!.counted;
  }

  async find(id: string): Promise<StoredMedia | undefined> {
    const row = await this.db.selectFrom('media').select(['id', 'kind', 'bytes']).where('id', '=', id).executeTakeFirst();
    // PGlite answers bytea as Uint8Array, node-postgres as Buffer.
    return row ? { id: row.id, kind: row.kind, bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) } : undefined;
  }
}
