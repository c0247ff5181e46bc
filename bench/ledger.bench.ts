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
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { checkLedger } from '../apps/server/src/money/ledger-check.ts';
import { Ledger } from '../apps/server/src/money/ledger.service.ts';
import { oneStatementReference, percentile } from './reference.ts';
import { report, scratchDatabase } from './support.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 64);
const POOL = Number(process.env.BENCH_POOL ?? 16);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 4);
const PLAYERS = 2_048;
const STAKE = 1_000_000n;
const BUDGET_TPS = 3_000;
const BUDGET_P99_MS = 50;

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
    await sql`vacuum analyze`.execute(db);

    // Warm-up: JIT, pool connections, plpgsql plan caches.
    await ledgerLoad(ledger, 2, 'warmup');
    const measured = await ledgerLoad(ledger, DURATION_S, 'run');
    // For the record only: the same load with every transfer in its own statement.
    const ungrouped = await ledgerLoad(new Ledger(db, { batching: false }), DURATION_S, 'single');
    const baseline = await oneStatementReference(database.url, DURATION_S);
    const check = await checkLedger(db);

    console.log(
      `ledger transfer:    ${measured.tps.toFixed(0)} transfers/s, p50 ${measured.p50.toFixed(2)} ms, p99 ${measured.p99.toFixed(2)} ms ` +
        `(${measured.count} transfers, ${IN_FLIGHT} in flight, ${BATCHES} statements at once, pool ${POOL}, ${DURATION_S} s)`,
    );
    console.log(
      `  without grouping: ${ungrouped.tps.toFixed(0)} transfers/s, p50 ${ungrouped.p50.toFixed(2)} ms, p99 ${ungrouped.p99.toFixed(2)} ms (one statement per transfer, for comparison)`,
    );
    console.log(`ledger / pgbench:   ${(measured.tps / baseline.tps).toFixed(2)}`);
    console.log(
      `load average:       ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    ok = report([
      {
        name: 'ledger transfers/s',
        value: measured.tps.toFixed(0),
        budget: `>= ${BUDGET_TPS} (pgbench ${baseline.tps.toFixed(0)})`,
        ok: measured.tps >= BUDGET_TPS,
      },
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
