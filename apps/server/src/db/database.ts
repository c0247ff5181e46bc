import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** PGlite only: its data directory as a tarball another PGlite can start from (PGliteStart.loadDataDir). */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * How an in-memory PGlite starts when it need not start from nothing: its compiled WebAssembly and
 * file bundle (compiled once per process instead of once per database), and a data directory to
 * start from (a dump of another PGlite, e.g. one already migrated), which skips initdb.
 */
export interface PGliteStart {
  wasmModule?: WebAssembly.Module;
  fsBundle?: Blob;
  loadDataDir?: Blob;
}

const INT8 = 20;

/**
 * Marks a statement that runs many times a second with the same text: its first line. PostgreSQL then
 * keeps it prepared on each connection, so a large statement (the turnover recording, a batch of
 * wallet callbacks) is parsed once per connection and, once its plan proves generic, not planned
 * again. Only for statements whose text never varies with their input (values are parameters, lists
 * are arrays), else each variant would be kept.
 */
export const HOT_STATEMENT = '/* hot */';

/** A pool whose clients run statements that start with HOT_STATEMENT as named prepared statements. */
function preparingHotStatements(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `hot_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
    }
    return name;
  };
  (pool as { connect: unknown }).connect = async () => {
    const client = await connect();
    const marked = client as pg.PoolClient & { hotQueryWrapped?: boolean };
    if (!marked.hotQueryWrapped) {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (textOrConfig: unknown, values?: unknown, ...rest: unknown[]) =>
        typeof textOrConfig === 'string' && textOrConfig.trimStart().startsWith(HOT_STATEMENT)
          ? query({ name: nameOf(textOrConfig), text: textOrConfig, values }, ...rest)
          : query(textOrConfig, values, ...rest);
      marked.hotQueryWrapped = true;
    }
    return client;
  };
  return pool;
}

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite: in `dataDir` (kept across restarts) or,
 * with dataDir 'memory', only for the life of the process. Both return int8 columns as bigint so
 * money never passes through a float.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  poolSize?: number;
  onIdleError?: (error: Error) => void;
  pglite?: PGliteStart;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      types: { getTypeParser: (oid: number, format?: any) => (oid === INT8 ? BigInt : pg.types.getTypeParser(oid, format)) } as any,
    });
    // A connection the server ends while idle (restart, failover, a dropped database) must not crash
    // the process; the pool replaces it on the next checkout.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingHotStatements(pool) }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let location: string | undefined;
  if (options.dataDir !== 'memory') {
    location = resolve(join(options.dataDir, 'pglite'));
    mkdirSync(location, { recursive: true });
  }
  const pglite = new PGlite({ ...options.pglite, dataDir: location, parsers: { [pgliteTypes.INT8]: (value: string) => BigInt(value) } });
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy(), dumpDataDir: () => pglite.dumpDataDir('none') };
}
