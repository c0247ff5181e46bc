import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { StaffApiKeysTable, StaffTables } from './tables.ts';

export type ApiKeyRow = Selectable<StaffApiKeysTable>;

/** staff_api_keys: keys for automation, found by the hash of what the caller presents. */
export class ApiKeysRepo {
  private readonly db: Kysely<Database & StaffTables>;

  constructor(private readonly database: Db) {
    this.db = database.withTables<StaffTables>();
  }

  insert(row: {
    name: string;
    keyHash: string;
    permissions: string[];
    createdBy: number | null;
    expiresAt: Date;
    approvedAt: Date | null;
  }): Promise<ApiKeyRow> {
    return this.db
      .insertInto('staff_api_keys')
      .values({
        name: row.name,
        key_hash: row.keyHash,
        permissions: row.permissions,
        created_by: row.createdBy,
        expires_at: row.expiresAt,
        approved_at: row.approvedAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The key with this hash, if it is approved and neither revoked nor expired; marks it used. */
  async usable(keyHash: string, now: Date): Promise<ApiKeyRow | undefined> {
    return this.db
      .updateTable('staff_api_keys')
      .set({ last_used_at: now })
      .where('key_hash', '=', keyHash)
      .where('approved_at', 'is not', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
  }

  list(): Promise<ApiKeyRow[]> {
    return this.db.selectFrom('staff_api_keys').selectAll().orderBy('id', 'desc').execute();
  }

  find(id: number, db: Db = this.database): Promise<ApiKeyRow | undefined> {
    return db.withTables<StaffTables>().selectFrom('staff_api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Approves a key still waiting, unrevoked and unexpired; undefined when it is none of those. */
  approve(id: number, now: Date, db: Db = this.database): Promise<ApiKeyRow | undefined> {
    return db
      .withTables<StaffTables>()
      .updateTable('staff_api_keys')
      .set({ approved_at: now })
      .where('id', '=', id)
      .where('approved_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
  }

  async revoke(id: number, now: Date): Promise<ApiKeyRow | undefined> {
    return this.db
      .updateTable('staff_api_keys')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }
}
