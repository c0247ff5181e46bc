import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The operator's economy settings and their audit trail. */
export class EconomySettingsRepository {
  constructor(private readonly db: Db) {}

  all() {
    return this.db.selectFrom('economy_settings').select(['key', 'value', 'updated_at', 'updated_by']).execute();
  }

  /** Stores a value and, in the same statement, the audit row of the change (previous value included). */
  async upsert(key: string, value: unknown, updatedBy: string): Promise<void> {
    const json = JSON.stringify(value);
    await sql`
      with previous as (select value from economy_settings where key = ${key} for update),
      audit as (
        insert into economy_settings_audit (key, old_value, new_value, updated_by)
        values (${key}, (select value from previous), ${json}::jsonb, ${updatedBy})
      )
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
