/**
 * Ledger transfers (player -> house and back) from one Node process with many in flight, on
 * PostgreSQL, beside a single-statement SQL transfer driven by pgbench on the same server in the same
 * run. Budget: >= 3,000 transfers/s and p99 <= 50 ms; the ledger check must pass afterwards.
 * The ledger runs as the server runs it (transfers grouped into shared statements under load); the
 * same load with one statement per transfer is printed for comparison, outside the budget.
 * DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres); the run uses a
 * scratch database it drops at the end. The machine's load average is printed because every figure
 * here moves with it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { checkLedger } from '../apps/server/src/money/ledger-check.ts';
import { Ledger } from '../apps/server/src/money/ledger.service.ts';
import { report, scratchDatabase } from './support.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 64);
const POOL = Number(process.env.BENCH_POOL ?? 16);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 4);
const PLAYERS = 2_048;
const STAKE = 1_000_000n;
const BUDGET_TPS = 3_000;
const BUDGET_P99_MS = 50;

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

async function ledgerLoad(ledger: Ledger, seconds: number, tag: string) {
  const latencies: number[] = [];
  let sequence = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async (lane: number) => {
    // Each lane owns its players, so a payout never races its own bet; the house shards are shared.
    let round = 0;
    while (performance.now() < deadline) {
      const playerId = 1 + ((lane + IN_FLIGHT * round++) % PLAYERS);
      const player = { kind: 'player' as const, playerId };
      for (const direction of [-1n, 1n]) {
        const started = performance.now();
        await ledger.transfer({
          idempotencyKey: `${tag}:${++sequence}`,
          kind: direction < 0n ? 'bet' : 'payout',
          legs: [
            { account: player, currency: 'USDT', amount: direction * STAKE },
            { account: { kind: 'house' }, currency: 'USDT', amount: -direction * STAKE },
          ],
        });
        latencies.push(performance.now() - started);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, (_, lane) => worker(lane)));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return { count: latencies.length, tps: latencies.length / elapsed, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

function pgbenchBinary(): string {
  const packaged = '/usr/lib/postgresql/15/bin/pgbench';
  return existsSync(packaged) ? packaged : 'pgbench';
}

/** The floor any ledger pays: one UPDATE moving 1 between two rows, one statement per transaction. */
async function pgbenchTransfer(url: string) {
  const dir = await mkdtemp(join(tmpdir(), 'ledger-bench-'));
  try {
    const script = join(dir, 'transfer.sql');
    await writeFile(
      script,
      [
        `\\set a random(1, ${PLAYERS})`,
        `\\set b (:a % ${PLAYERS}) + 1`,
        'update bench_accounts set balance = balance + case when id = :a then -1 else 1 end where id in (:a, :b);',
        '',
      ].join('\n'),
    );
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(pgbenchBinary(), ['-n', '-c', '8', '-j', '2', '-T', String(DURATION_S), '-l', '--log-prefix', join(dir, 'log'), '-f', script, url], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.stderr.on('data', (chunk) => (text += chunk));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`pgbench exited with ${code}:\n${text}`))));
    });
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
    if (!Number.isFinite(tps)) throw new Error(`unexpected pgbench output:\n${output}`);
    // Per-transaction log lines: client, transaction, latency in µs, script, epoch, µs.
    const latencies: number[] = [];
    for (const file of (await readdir(dir)).filter((f) => f.startsWith('log'))) {
      for (const line of (await readFile(join(dir, file), 'utf8')).split('\n')) {
        const fields = line.split(' ');
        if (fields.length >= 3) latencies.push(Number(fields[2]) / 1000);
      }
    }
    const sorted = Float64Array.from(latencies).sort();
    return { tps, p99: percentile(sorted, 0.99) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const database = await scratchDatabase();
let ok = false;
try {
  const handle = await openDatabase({ url: database.url, dataDir: 'memory', poolSize: POOL });
  try {
    const db = handle.db;
    await migrateToLatest(db);
    const ledger = new Ledger(db, { batching: { maxConcurrent: BATCHES } });
    const funding = Array.from({ length: PLAYERS }, (_, i) =>
      ledger.transfer({
        idempotencyKey: `fund:${i + 1}`,
        kind: 'deposit',
        legs: [
          { account: { kind: 'deposit_clearing' }, currency: 'USDT', amount: -1_000n * STAKE },
          { account: { kind: 'player', playerId: i + 1 }, currency: 'USDT', amount: 1_000n * STAKE },
        ],
      }),
    );
    await Promise.all(funding);
    await sql`create table bench_accounts (id integer primary key, balance bigint not null check (balance >= 0))`.execute(db);
    await sql`insert into bench_accounts select g, 1000000000000 from generate_series(1, ${PLAYERS}) g`.execute(db);
    await sql`vacuum analyze`.execute(db);

    // Warm-up: JIT, pool connections, plpgsql plan caches.
    await ledgerLoad(ledger, 2, 'warmup');
    const measured = await ledgerLoad(ledger, DURATION_S, 'run');
    // For the record only: the same load with every transfer in its own statement.
    const ungrouped = await ledgerLoad(new Ledger(db, { batching: false }), DURATION_S, 'single');
    const baseline = await pgbenchTransfer(database.url);
    const check = await checkLedger(db);

    console.log(
      `ledger transfer:    ${measured.tps.toFixed(0)} transfers/s, p50 ${measured.p50.toFixed(2)} ms, p99 ${measured.p99.toFixed(2)} ms ` +
        `(${measured.count} transfers, ${IN_FLIGHT} in flight, ${BATCHES} statements at once, pool ${POOL}, ${DURATION_S} s)`,
    );
    console.log(
      `  without grouping: ${ungrouped.tps.toFixed(0)} transfers/s, p50 ${ungrouped.p50.toFixed(2)} ms, p99 ${ungrouped.p99.toFixed(2)} ms (one statement per transfer, for comparison)`,
    );
    console.log(`pgbench 1-statement: ${baseline.tps.toFixed(0)} transfers/s, p99 ${baseline.p99.toFixed(2)} ms (-c 8 -j 2, ${DURATION_S} s)`);
    console.log(`ledger / pgbench:   ${(measured.tps / baseline.tps).toFixed(2)}`);
    console.log(`load average:       ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    ok = report([
      { name: 'ledger transfers/s', value: measured.tps.toFixed(0), budget: `>= ${BUDGET_TPS} (pgbench ${baseline.tps.toFixed(0)})`, ok: measured.tps >= BUDGET_TPS },
      {
        name: 'ledger transfer p99',
        value: `${measured.p99.toFixed(2)} ms`,
        budget: `<= ${BUDGET_P99_MS} ms (pgbench ${baseline.p99.toFixed(2)} ms)`,
        ok: measured.p99 <= BUDGET_P99_MS,
      },
      { name: 'ledger check after the run', value: check.ok ? 'ok' : 'FAILED', budget: 'ok', ok: check.ok },
    ]);
    if (!check.ok) console.error(check.problems.join('\n'));
  } finally {
    await handle.close();
  }
} finally {
  await database.drop();
}
process.exit(ok ? 0 : 1);
