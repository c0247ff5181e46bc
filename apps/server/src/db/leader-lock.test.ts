import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackgroundWorker } from '../modules/wallet/worker.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { LeaderLock } from './leader-lock.ts';

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
    try {
      expect(await a.ensure()).not.toBeNull();
      expect(await b.ensure()).toBeNull();
      expect(await a.ensure()).not.toBeNull();

      // A killed process: PostgreSQL ends its session, and the lock with it.
      await sql`select pg_terminate_backend(${a.backendPid})`.execute(second.db);
      await expect.poll(async () => (await b.ensure()) !== null, { timeout: 5000 }).toBe(true);
      expect(await a.ensure()).toBeNull();
      expect(a.leading).toBe(false);

      await b.release();
      expect(await a.ensure()).not.toBeNull();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('leads through its own session: a deposed leader can no longer write, and knows it is deposed', async () => {
    const lock = new LeaderLock(first, 'test.session', first.url);
    try {
      const session = await lock.ensure();
      expect(session).not.toBeNull();
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(session!);
      expect(rows[0].pid).toBe(lock.backendPid);

      await sql`select pg_terminate_backend(${lock.backendPid})`.execute(first.db);
      await expect(sql`select 1`.execute(session!)).rejects.toThrow();
      await expect.poll(() => lock.leading, { timeout: 5000 }).toBe(false);
    } finally {
      await lock.close();
    }
  });

  it('keeps jobs of different names apart: each has its own leader', async () => {
    const engine = new LeaderLock(first, 'test.engine', first.url);
    const runner = new LeaderLock(second, 'test.runner', first.url);
    try {
      expect(await engine.ensure()).not.toBeNull();
      expect(await runner.ensure()).not.toBeNull();
    } finally {
      await engine.close();
      await runner.close();
    }
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
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory' });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('lets one lock of a name lead, with the database itself, until it releases', async () => {
    const a = new LeaderLock(handle, 'test.job');
    const b = new LeaderLock(handle, 'test.job');
    expect(await a.ensure()).toBe(handle.db);
    expect(await b.ensure()).toBeNull();
    expect([a.leading, b.leading]).toEqual([true, false]);
    await a.close();
    expect(await b.ensure()).toBe(handle.db);
    await b.close();
  });

  it('keeps jobs of different names apart: the process leads each', async () => {
    const engine = new LeaderLock(handle, 'test.engine');
    const runner = new LeaderLock(handle, 'test.runner');
    expect([await engine.ensure(), await runner.ensure()]).toEqual([handle.db, handle.db]);
    await engine.close();
    await runner.close();
  });
});
