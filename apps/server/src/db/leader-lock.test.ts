import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { LeaderLock } from './leader-lock.ts';
import { BackgroundWorker } from './worker.ts';

const log = pino({ level: 'silent' });

describe.runIf(process.env.DATABASE_URL)('leader lock on PostgreSQL (pg_try_advisory_lock)', () => {
  let first: DatabaseHandle & { url?: string };
  let second: DatabaseHandle;
  beforeAll(async () => {
    first = await createTestDatabase();
    // Another instance on the same database.
    second = await openDatabase({ url: first.url, dataDir: 'memory' });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('lets one instance lead; another takes over when the leader releases or its session dies', async () => {
    const a = new LeaderLock(first, 'test.job', first.url);
    const b = new LeaderLock(second, 'test.job', first.url);
    expect(await a.ensure()).toBe(true);
    expect(await b.ensure()).toBe(false);
    expect(await a.ensure()).toBe(true);

    // A killed process: PostgreSQL ends its session, and the lock with it.
    await sql`
      select pg_terminate_backend(pid) from pg_locks
      where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`.execute(second.db);
    await expect.poll(() => b.ensure(), { timeout: 5000 }).toBe(true);
    expect(await a.ensure()).toBe(false);
    expect(a.leading).toBe(false);

    await b.release();
    expect(await a.ensure()).toBe(true);
    await a.release();
  });

  it('runs a worker step on one instance only', async () => {
    let runs = 0;
    const step = async () => {
      runs++;
    };
    const one = new BackgroundWorker('job', 60_000, new LeaderLock(first, 'test.worker', first.url), step, log);
    const two = new BackgroundWorker('job', 60_000, new LeaderLock(second, 'test.worker', first.url), step, log);
    const ran = await Promise.all([one.runOnce(), two.runOnce(), one.runOnce(), two.runOnce()]);
    expect(ran.filter(Boolean)).toHaveLength(2);
    expect(runs).toBe(2);
    await one.stop();
    expect(await two.runOnce()).toBe(true);
    await two.stop();
  });
});

describe.skipIf(process.env.DATABASE_URL)('leader lock on the embedded database', () => {
  it('always leads: one process owns the database', async () => {
    const handle = await openDatabase({ dataDir: 'memory' });
    try {
      const a = new LeaderLock(handle, 'test.job');
      const b = new LeaderLock(handle, 'test.job');
      expect([await a.ensure(), await b.ensure()]).toEqual([true, true]);
    } finally {
      await handle.close();
    }
  });
});
