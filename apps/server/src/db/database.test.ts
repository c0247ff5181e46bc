import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database.ts';
import { HOT_STATEMENT } from './database.ts';

describe('openDatabase', () => {
  it('returns int8 as bigint, exactly, beyond 2^53', async () => {
    const handle = await createTestDatabase();
    try {
      const result = await sql<{ big: unknown; count: unknown }>`select 9007199254740993::int8 as big, count(*) as count`.execute(handle.db);
      expect(result.rows[0]).toEqual({ big: 9007199254740993n, count: 1n });
    } finally {
      await handle.close();
    }
  });

  it('keeps a statement marked hot prepared on its PostgreSQL connection, and answers it as any other', async () => {
    const handle = await createTestDatabase();
    try {
      const hot = (n: number) => sql<{ doubled: number }>`${sql.raw(HOT_STATEMENT)} select ${n}::int4 * 2 as doubled`;
      await handle.db.connection().execute(async (connection) => {
        expect((await hot(21).execute(connection)).rows).toEqual([{ doubled: 42 }]);
        expect((await hot(5).execute(connection)).rows).toEqual([{ doubled: 10 }]);
        if (handle.kind !== 'postgres') return;
        const prepared = await sql<{
          name: string;
        }>`select name from pg_prepared_statements where statement like ${'%' + 'select $1::int4 * 2 as doubled%'}`.execute(connection);
        expect(prepared.rows).toHaveLength(1);
        expect(prepared.rows[0].name).toMatch(/^hot_[0-9a-f]{20}$/);
        // An unmarked statement stays unnamed.
        await sql`select 3 as plain`.execute(connection);
        expect((await sql`select count(*)::int4 as n from pg_prepared_statements`.execute(connection)).rows).toEqual([{ n: 1 }]);
      });
    } finally {
      await handle.close();
    }
  });
});
