import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database.ts';

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
});
