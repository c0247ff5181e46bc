import type { Kysely } from 'kysely';
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

  async find(id: string): Promise<StoredMedia | undefined> {
    const row = await this.db.selectFrom('media').select(['id', 'kind', 'bytes']).where('id', '=', id).executeTakeFirst();
    // PGlite answers bytea as Uint8Array, node-postgres as Buffer.
    return row ? { id: row.id, kind: row.kind, bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) } : undefined;
  }
}
