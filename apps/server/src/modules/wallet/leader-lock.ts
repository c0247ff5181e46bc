import { createHash } from 'node:crypto';
import pg from 'pg';
import type { DatabaseHandle } from '../../db/database.ts';

/**
 * Leadership of one background job across server instances, through a PostgreSQL session-level
 * advisory lock (`pg_try_advisory_lock`). The lock lives as long as the database session that took
 * it: when the leading process dies its session ends, and another instance takes over on its next
 * try. The session is a connection of its own, not one borrowed from the pool: a pooled connection
 * held for hours has no one listening for its errors, and its loss would take the process down.
 *
 * Leading is an efficiency guarantee, not a safety one: the jobs it guards make every state change
 * conditional on the previous state, so two leaders for a moment (a network partition the database
 * has not noticed yet) still credit and send each thing once.
 *
 * An embedded database has one process by construction, so that process always leads.
 */
export class LeaderLock {
  private readonly key: string;
  private client: pg.Client | undefined;
  private holding = false;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'kind'>,
    readonly name: string,
    /** Where the PostgreSQL database is; required unless the database is embedded. */
    private readonly url?: string,
  ) {
    this.key = createHash('sha256').update(`lobby:${name}`).digest().readBigInt64BE(0).toString();
    if (database.kind === 'postgres' && !url) throw new Error(`leader lock ${name}: the PostgreSQL URL is required`);
  }

  /** True while this instance leads; takes the lock when it is free. */
  async ensure(): Promise<boolean> {
    if (this.database.kind === 'pglite') return true;
    try {
      const client = this.client ?? (await this.connect());
      if (this.holding) {
        // A query that succeeds on the session holding the lock proves the lock is still ours.
        await client.query('select 1');
        return true;
      }
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [this.key]);
      this.holding = rows[0]?.locked === true;
      return this.holding;
    } catch {
      this.drop();
      return false;
    }
  }

  get leading(): boolean {
    return this.database.kind === 'pglite' || this.holding;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true, application_name: `lobby ${this.name}` });
    // The session is the lock: once it reports an error or ends, the lock is gone with it.
    const lost = () => {
      if (this.client === client) this.drop();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    this.client = client;
    return client;
  }

  private drop(): void {
    const client = this.client;
    this.client = undefined;
    this.holding = false;
    client?.end().catch(() => undefined);
  }

  /** Gives up leadership and closes the session. */
  async release(): Promise<void> {
    const client = this.client;
    if (!client) return;
    if (this.holding) await client.query('select pg_advisory_unlock($1::bigint)', [this.key]).catch(() => undefined);
    this.client = undefined;
    this.holding = false;
    await client.end().catch(() => undefined);
  }
}
