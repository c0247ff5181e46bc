import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle, Db } from '../../db/database.ts';

/**
 * Leadership of one background job across server instances, through a PostgreSQL session-level
 * advisory lock (`pg_try_advisory_lock`). The lock lives as long as the database session that took
 * it, so a connection is kept out of the pool while leading: when the process dies, its session
 * ends and another instance takes over on its next try.
 *
 * Leading is an efficiency guarantee, not a safety one: the jobs it guards make every state change
 * conditional on the previous state, so two leaders for a moment (a network partition the database
 * has not noticed yet) still credit and send each thing once.
 *
 * An embedded database has one process by construction, so that process always leads.
 */
export class LeaderLock {
  private readonly key: bigint;
  private held: { conn: Db; release: () => void; finished: Promise<void> } | undefined;
  private acquiring: Promise<boolean> | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    readonly name: string,
  ) {
    this.key = createHash('sha256').update(`lobby:${name}`).digest().readBigInt64BE(0);
  }

  /** True while this instance leads; takes the lock when it is free. */
  async ensure(): Promise<boolean> {
    if (this.database.kind === 'pglite') return true;
    if (this.held) {
      try {
        // A query that succeeds on the session holding the lock proves the lock is still ours.
        await sql`select 1`.execute(this.held.conn);
        return true;
      } catch {
        await this.release();
      }
    }
    this.acquiring ??= this.acquire().finally(() => (this.acquiring = undefined));
    return this.acquiring;
  }

  get leading(): boolean {
    return this.database.kind === 'pglite' || this.held !== undefined;
  }

  private acquire(): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      let answered = false;
      const answer = (value: boolean) => {
        if (!answered) {
          answered = true;
          resolve(value);
        }
      };
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      const finished = this.database.db
        .connection()
        .execute(async (conn) => {
          const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${this.key}) as locked`.execute(conn);
          if (!rows[0]?.locked) return answer(false);
          this.held = { conn, release, finished };
          answer(true);
          await released;
          await sql`select pg_advisory_unlock(${this.key})`.execute(conn).catch(() => undefined);
        })
        .catch(() => {
          this.held = undefined;
          answer(false);
        });
    });
  }

  /** Gives up leadership and returns the connection to the pool. */
  async release(): Promise<void> {
    const held = this.held;
    this.held = undefined;
    if (!held) return;
    held.release();
    await held.finished;
  }
}
