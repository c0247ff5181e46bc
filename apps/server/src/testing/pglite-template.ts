import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { openDatabase, type PGliteStart } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/** Names the file holding a migrated PGlite's dump, written once per test run (test-global-setup.ts). */
export const TEMPLATE_ENV = 'LOBBY_PGLITE_TEMPLATE';

const require = createRequire(import.meta.url);
const PGLITE_DIST = join(dirname(require.resolve('@electric-sql/pglite')));

/** PGlite's WebAssembly compiled and its file bundle read: once per process, not once per database. */
async function runtime(): Promise<Required<Pick<PGliteStart, 'wasmModule' | 'fsBundle'>>> {
  return {
    wasmModule: await WebAssembly.compile(readFileSync(join(PGLITE_DIST, 'pglite.wasm'))),
    fsBundle: new Blob([readFileSync(join(PGLITE_DIST, 'pglite.data'))]),
  };
}

/** A fresh PGlite migrated to the latest schema, as a dump another PGlite can start from. */
export async function migratedDump(start: PGliteStart = {}): Promise<Blob> {
  let dump: Blob | undefined;
  const handle = await openDatabase({ dataDir: 'memory', pglite: start });
  try {
    await migrateToLatest(handle.db);
    dump = await handle.dumpDataDir!();
  } finally {
    await handle.close();
  }
  return dump;
}

let started: Promise<PGliteStart> | undefined;

/**
 * How a test's PGlite starts: migrated already, from the dump the run's global setup wrote (or, when
 * a test runs without it, one made here once per process). Initdb and the migrations, most of a test
 * database's cost on PGlite, then run once per run instead of once per test database; the migrations
 * on a fresh database are still run by that setup, and by every test database on PostgreSQL.
 */
export function pgliteStart(): Promise<PGliteStart> {
  started ??= (async () => {
    const base = await runtime();
    const file = process.env[TEMPLATE_ENV];
    const loadDataDir = file && existsSync(file) ? new Blob([readFileSync(file)]) : await migratedDump(base);
    return { ...base, loadDataDir };
  })();
  return started;
}

/** Writes a migrated dump to `file` for the test processes (see TEMPLATE_ENV). */
export async function writeMigratedDump(file: string): Promise<void> {
  const dump = await migratedDump(await runtime());
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}
