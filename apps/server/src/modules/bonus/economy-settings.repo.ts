import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The operator's economy settings and their audit trail. */
export class EconomySettingsRepository {
  constructor(private readonly db: Db) {}

  all() {
    return this.db.selectFrom('economy_settings').select(['key', 'value', 'updated_at', 'updated_by']).execute();
  }

  /**
   * Stores a value and the audit row of the change, previous value included (the default in force
   * when no value was stored yet); call inside a transaction.
   */
  async upsert(key: string, value: unknown, updatedBy: string, defaultValue: unknown = null): Promise<void> {
    const json = JSON.stringify(value);
    const previous = await this.db.selectFrom('economy_settings').select('value').where('key', '=', key).forUpdate().executeTakeFirst();
    await this.db
      .insertInto('economy_settings_audit')
      .values({
        key,
        old_value: previous === undefined && defaultValue === null ? null : JSON.stringify(previous === undefined ? defaultValue : previous.value),
        new_value: json,
        updated_by: updatedBy,
      })
      .execute();
    await sql`
      insert into economy_settings (key, value, updated_at, updated_by)
      values (${key}, ${json}::jsonb, now(), ${updatedBy})
      on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by`.execute(this.db);
  }

  audit(key: string, limit: number) {
    return this.db
      .selectFrom('economy_settings_audit')
      .select(['id', 'key', 'old_value', 'new_value', 'updated_by', 'created_at'])
      .where('key', '=', key)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
