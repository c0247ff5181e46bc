import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMPLATE_ENV, writeMigratedDump } from './pglite-template.ts';

/**
 * Before the server tests on PGlite: one fresh database migrated to the latest schema, dumped to a
 * file every test process starts its databases from (pglite-template.ts). On PostgreSQL nothing: each
 * test database is created and migrated on the server.
 */
export default async function setup() {
  if (process.env.DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'lobby-pglite-'));
  const file = join(dir, 'migrated.tar');
  await writeMigratedDump(file);
  process.env[TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
