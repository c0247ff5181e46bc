import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { pgliteStart } from './pglite-template.ts';

/**
 * A database of the test's own: in-memory PGlite by default (started already migrated, see
 * pglite-template.ts), or, when DATABASE_URL is set, a new database with a random name on that
 * PostgreSQL server, dropped when the test closes it.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory', pglite: await pgliteStart() });

  const name = `lobby_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), dataDir: 'memory' });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // Let connections closing on their own finish first: forcing them shuts down clients that
      // are still saying goodbye, and they report it as an error.
      for (let i = 0; i < 50; i++) {
        const { rows } = await dropper.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
