import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** A stable 64-bit advisory lock key for a name, shared by every instance. */
export function advisoryKey(name: string): bigint {
  return createHash('sha256').update(`lobby:${name}`).digest().readBigInt64BE(0);
}

// On the embedded database every engine of the process shares one session, where advisory locks are
// re-entrant; holders are therefore tracked here, per database.
const embeddedHolders = new WeakMap<Db, EngineLock>();

const INT8 = 20;

/**
 * Who runs the round engine. On PostgreSQL: a session-level advisory lock (`pg_try_advisory_lock`)
 * on a session of the engine's own. The engine writes through that same session (`ensure()`
 * returns it), so if the session dies the lock is gone and so are the engine's open transactions:
 * a deposed leader cannot keep writing. Another instance, trying on its next tick, takes over.
 *
 * The session comes from a one-connection pool of its own, with an error listener on its client: a
 * pooled client is watched only while idle, and a leader's session is never idle, so without it a
 * session cut by the server (failover, restart, an operator's pg_terminate_backend) would be an
 * uncaught error that takes the whole process down instead of just its leadership.
 *
 * Exactly-once settlement does not rest on the lock alone: each round is claimed with a conditional
 * update, so even two leaders at once (a partition the database has not noticed yet) settle it once.
 */
export class EngineLock {
  private readonly key: bigint;
  private own: { db: Db; pool: pg.Pool } | undefined;
  private held: { conn: Db; pid: number; release: () => void; finished: Promise<void> } | undefined;
  private acquiring: Promise<Db | null> | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    /** The PostgreSQL server to open the engine's session on; without it a pooled connection is used. */
    private readonly url?: string,
    readonly name = 'hash-game.round-engine',
  ) {
    this.key = advisoryKey(name);
  }

  /** The executor to lead with when this instance leads (taking the lock if it is free), else null. */
  async ensure(): Promise<Db | null> {
    if (this.database.kind === 'pglite') {
      const holder = embeddedHolders.get(this.database.db);
      if (holder && holder !== this) return null;
      embeddedHolders.set(this.database.db, this);
      return this.database.db;
    }
    if (this.held) {
      try {
        // A query that succeeds on the session holding the lock proves the lock is still ours.
        await sql`select 1`.execute(this.held.conn);
        return this.held.conn;
      } catch {
        await this.release();
      }
    }
    this.acquiring ??= this.acquire().finally(() => (this.acquiring = undefined));
    return this.acquiring;
  }

  get leading(): boolean {
    return this.database.kind === 'pglite' ? embeddedHolders.get(this.database.db) === this : this.held !== undefined;
  }

  /** The backend process of the session holding the lock (PostgreSQL), for operators and failover tests. */
  get backendPid(): number | null {
    return this.held?.pid ?? null;
  }

  private session(): Db {
    if (!this.url) return this.database.db;
    if (!this.own) {
      const pool = new pg.Pool({
        connectionString: this.url,
        max: 1,
        types: { getTypeParser: (oid: number, format?: any) => (oid === INT8 ? BigInt : pg.types.getTypeParser(oid, format)) } as any,
      });
      pool.on('connect', (client) => client.on('error', () => undefined));
      pool.on('error', () => undefined);
      this.own = { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
    }
    return this.own.db;
  }

  private acquire(): Promise<Db | null> {
    return new Promise<Db | null>((resolve) => {
      let answered = false;
      const answer = (value: Db | null) => {
        if (!answered) {
          answered = true;
          resolve(value);
        }
      };
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      const finished = this.session()
        .connection()
        .execute(async (conn) => {
          const { rows } = await sql<{ locked: boolean; pid: number }>`
            select pg_try_advisory_lock(${this.key}) as locked, pg_backend_pid() as pid`.execute(conn);
          if (!rows[0]?.locked) return answer(null);
          this.held = { conn, pid: rows[0].pid, release, finished };
          answer(conn);
          await released;
          await sql`select pg_advisory_unlock(${this.key})`.execute(conn).catch(() => undefined);
        })
        .catch(() => {
          this.held = undefined;
          answer(null);
        });
    });
  }

  /** Gives up leadership (the session stays open for the next try, until `close`). */
  async release(): Promise<void> {
    if (this.database.kind === 'pglite') {
      if (embeddedHolders.get(this.database.db) === this) embeddedHolders.delete(this.database.db);
      return;
    }
    const held = this.held;
    this.held = undefined;
    if (!held) return;
    held.release();
    await held.finished;
  }

  /** Gives up leadership and closes the engine's own session. */
  async close(): Promise<void> {
    await this.release();
    const own = this.own;
    this.own = undefined;
    await own?.db.destroy();
  }
}
