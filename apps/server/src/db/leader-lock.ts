import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle, Db } from './database.ts';
import type { Database } from './schema.ts';

/** A stable 64-bit advisory lock key for a name, shared by every instance. */
export function advisoryKey(name: string): bigint {
  return createHash('sha256').update(`lobby:${name}`).digest().readBigInt64BE(0);
}

/**
 * The PostgreSQL server a job's lock session opens on: the URL the handle was opened with (a test
 * database reports its own), else the configured one.
 */
export function lockUrlOf(database: DatabaseHandle, configured: string | undefined): string | undefined {
  return (database as DatabaseHandle & { url?: string }).url ?? configured;
}

// On the embedded database every lock of the process shares one session, where advisory locks are
// re-entrant; holders are therefore tracked here, per database and per name.
const embeddedHolders = new WeakMap<Db, Map<string, LeaderLock>>();

const INT8 = 20;

/**
 * Leadership of one background job across server instances (the round engine, the auto-bet runner,
 * the deposit watcher, the withdrawal processor). On PostgreSQL: a session-level advisory lock
 * (`pg_try_advisory_lock`) on a session of the lock's own. The leader writes through that same
 * session (`ensure()` returns it), so if the session dies the lock is gone and so are the leader's
 * open transactions: a deposed leader cannot keep writing. Another instance, trying on its next
 * tick, takes over.
 *
 * The session comes from a one-connection pool of its own, with an error listener on its client: a
 * pooled client is watched only while idle, and a leader's session is never idle, so without it a
 * session cut by the server (failover, restart, an operator's pg_terminate_backend) would be an
 * uncaught error that takes the whole process down instead of just its leadership. The listener
 * also gives leadership up at once, and TCP keepalive notices a server that vanished silently.
 *
 * Leading is an efficiency guarantee, not a safety one: the jobs it guards make every state change
 * conditional on the previous state (a round is claimed with a conditional update, a deposit is
 * credited once by its transaction), so two leaders for a moment (a partition the database has not
 * noticed yet) still do each thing once.
 *
 * The embedded database lives in one process: there, one lock object per name leads at a time.
 */
export class LeaderLock {
  private readonly key: bigint;
  private own: { db: Db; pool: pg.Pool } | undefined;
  private held: { conn: Db; pid: number; release: () => void; finished: Promise<void> } | undefined;
  private acquiring: Promise<Db | null> | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    readonly name: string,
    /** The PostgreSQL server to open the lock's session on; without it a connection of the pool is held. */
    private readonly url?: string,
  ) {
    this.key = advisoryKey(name);
  }

  /** The executor to lead with when this instance leads (taking the lock if it is free), else null. */
  async ensure(): Promise<Db | null> {
    if (this.database.kind === 'pglite') {
      const holders = this.embeddedHolders();
      const holder = holders.get(this.name);
      if (holder && holder !== this) return null;
      holders.set(this.name, this);
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
    return this.database.kind === 'pglite' ? this.embeddedHolders().get(this.name) === this : this.held !== undefined;
  }

  /** The backend process of the session holding the lock (PostgreSQL), for operators and failover tests. */
  get backendPid(): number | null {
    return this.held?.pid ?? null;
  }

  private embeddedHolders(): Map<string, LeaderLock> {
    let holders = embeddedHolders.get(this.database.db);
    if (!holders) embeddedHolders.set(this.database.db, (holders = new Map()));
    return holders;
  }

  private session(): Db {
    if (!this.url) return this.database.db;
    if (!this.own) {
      const pool = new pg.Pool({
        connectionString: this.url,
        max: 1,
        keepAlive: true,
        application_name: `lobby ${this.name}`,
        types: { getTypeParser: (oid: number, format?: any) => (oid === INT8 ? BigInt : pg.types.getTypeParser(oid, format)) } as any,
      });
      // The session is the lock: once it reports an error, leadership goes with it.
      pool.on('connect', (client) => client.on('error', () => this.lost()));
      pool.on('error', () => undefined);
      this.own = { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
    }
    return this.own.db;
  }

  private lost(): void {
    const held = this.held;
    this.held = undefined;
    held?.release();
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
      const holders = this.embeddedHolders();
      if (holders.get(this.name) === this) holders.delete(this.name);
      return;
    }
    const held = this.held;
    this.held = undefined;
    if (!held) return;
    held.release();
    await held.finished;
  }

  /** Gives up leadership and closes the lock's own session. */
  async close(): Promise<void> {
    await this.release();
    const own = this.own;
    this.own = undefined;
    await own?.db.destroy();
  }
}
