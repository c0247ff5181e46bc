/**
 * The seamless wallet under an aggregator's load: bet + win pairs (one round each) sent as signed
 * Hub88 callbacks through real HTTP to the server running as its own process on PostgreSQL. Callbacks
 * that arrive together are applied together, one statement per batch (provider_wallet_apply: the
 * transaction rows, the rounds, the ledger transfers and the closed rounds' turnover).
 * Budget, as ratios to the floor the wallet is built on, plain ledger transfers (player -> house and
 * back, no HTTP, as many in flight) measured in the same run on the same database: rounds/s >= 0.15x
 * the plain transfers/s, and callback p99 <= 2x the plain transfer's p99. (The 0.15 is the first
 * budget, 2,000 rounds/s, on the machine where plain transfers ran at 13,000-15,700/s.) The ledger
 * check must pass afterwards.
 *
 * The callbacks are signed before the clock starts (RSA signing is the aggregator's cost, not ours);
 * the server verifies every signature while measured. BENCH_ROUNDS sets the number of rounds,
 * BENCH_IN_FLIGHT the callbacks in flight. DATABASE_URL names the server (default
 * postgres://postgres@127.0.0.1:5432/postgres); the run uses a scratch database it drops at the end.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { checkLedger } from '../apps/server/src/money/ledger-check.ts';
import { Ledger } from '../apps/server/src/money/ledger.service.ts';
import { signBody, SIGNATURE_HEADER } from '../apps/server/src/modules/third-game/hub88/signature.ts';
import { TEST_AGGREGATOR_PRIVATE_KEY_PEM, TEST_AGGREGATOR_PUBLIC_KEY_PEM } from '../apps/server/src/modules/third-game/hub88/test-key-pair.ts';
import { aggregatorUserId } from '../apps/server/src/modules/third-game/hub88/user-id.ts';
import { ThirdGameRepository } from '../apps/server/src/modules/third-game/third-game.repo.ts';
import { report, scratchDatabase, startProcess, stopProcess } from './support.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10_000);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 32);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 256);
const LEDGER_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP_ROUNDS = Number(process.env.BENCH_WARM_UP_ROUNDS ?? 2_000);
/** Rounds/s as a multiple of plain ledger transfers/s, and callback p99 as a multiple of theirs. */
const BUDGET_ROUNDS_RATIO = 0.15;
const BUDGET_P99_RATIO = 2;
const STAKE = 10_000; // 0.10 USD
const GAME = 'bench_slot';

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

interface Signed {
  body: string;
  signature: string;
}

const port = '18411';
const base = `http://127.0.0.1:${port}`;
const database = await scratchDatabase();
const server = await startProcess(
  'apps/server/src/main.ts',
  {
    DATABASE_URL: database.url,
    DATA_DIR: 'memory',
    PORT: port,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEVNET_PORT: '0',
    DEMO_AGGREGATOR_PORT: '0',
    RATE_LIMIT_PER_MINUTE: '100000000',
    WEB_DIST_DIR: '/nonexistent',
    HUB88_PUBLIC_KEY: TEST_AGGREGATOR_PUBLIC_KEY_PEM,
  },
  `${base}/healthz`,
);
const handle = await openDatabase({ url: database.url, dataDir: 'memory', poolSize: 8 });
const agent = new Agent({ connections: IN_FLIGHT });
let ok = false;

async function send(path: string, signed: Signed): Promise<string> {
  const response = await request(`${base}/hub88/wallet${path}`, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signed.signature },
    body: signed.body,
  });
  const reply = (await response.body.json()) as { status: string };
  return reply.status;
}

const sign = (body: object): Signed => {
  const text = JSON.stringify(body);
  return { body: text, signature: signBody(text, TEST_AGGREGATOR_PRIVATE_KEY_PEM) };
};

async function plainLedger(ledger: Ledger, playerIds: number[], seconds: number) {
  const latencies: number[] = [];
  let sequence = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async (lane: number) => {
    let n = 0;
    while (performance.now() < deadline) {
      const player = { kind: 'player' as const, playerId: playerIds[(lane + IN_FLIGHT * n++) % playerIds.length] };
      for (const direction of [-1n, 1n]) {
        const started = performance.now();
        await ledger.transfer({
          idempotencyKey: `plain:${++sequence}`,
          kind: direction < 0n ? 'bet' : 'payout',
          legs: [
            { account: player, currency: 'USDT', amount: direction * 100_000n },
            { account: { kind: 'house' }, currency: 'USDT', amount: -direction * 100_000n },
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
  return { tps: latencies.length / elapsed, p99: percentile(sorted, 0.99) };
}

try {
  const db = handle.db;
  const ledger = new Ledger(db);
  const sessions = new ThirdGameRepository(db);
  const players: { id: number; token: string }[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const row = await db
      .insertInto('players')
      .values({
        account: `pw${i}x${randomBytes(3).toString('hex')}`,
        email: null,
        password_hash: 'x',
        nickname: 'bench',
        invite_code: randomBytes(5).toString('hex'),
        inviter_id: null,
        register_ip: '127.0.0.1',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ledger.transfer({
      idempotencyKey: `bench-deposit:${row.id}`,
      kind: 'deposit',
      legs: [
        { account: { kind: 'deposit_clearing' }, currency: 'USDT', amount: -1_000_000_000_000n },
        { account: { kind: 'player', playerId: row.id }, currency: 'USDT', amount: 1_000_000_000_000n },
      ],
    });
    const token = randomBytes(32).toString('hex');
    await sessions.createSession({ token, playerId: row.id, aggregator: 'hub88', gameCode: GAME, gameType: 10, manufacturer: 'Bench Studio' });
    players.push({ id: row.id, token });
  }

  // Every round's two callbacks, signed up front as the aggregator would sign them.
  const signingStarted = performance.now();
  const rounds = Array.from({ length: ROUNDS + WARM_UP_ROUNDS }, (_, n) => {
    const player = players[n % players.length];
    const common = { user: aggregatorUserId(player.id), token: player.token, game_code: GAME, currency: 'USD', round: `r-${randomUUID()}` };
    const betUuid = randomUUID();
    return {
      bet: sign({ ...common, request_uuid: randomUUID(), transaction_uuid: betUuid, round_closed: false, amount: STAKE }),
      win: sign({
        ...common,
        request_uuid: randomUUID(),
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: betUuid,
        round_closed: true,
        amount: n % 3 === 0 ? 2 * STAKE : 0,
      }),
    };
  });
  const signingSeconds = (performance.now() - signingStarted) / 1000;

  const statuses = new Map<string, number>();
  const latencies: number[] = [];
  const play = async (slice: typeof rounds, measure: boolean) => {
    let next = 0;
    const lane = async () => {
      // A player's bet and win go one after the other, as a game plays a round.
      while (next < slice.length) {
        const round = slice[next++];
        for (const [path, signed] of [
          ['/transaction/bet', round.bet],
          ['/transaction/win', round.win],
        ] as const) {
          const started = performance.now();
          const status = await send(path, signed);
          if (measure) {
            latencies.push(performance.now() - started);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  };
  // Warm-up: pool connections, plan caches, JIT, and every settlement shard's ledger row (a batch
  // that meets a shard for the first time is answered one by one, once per shard in a server's life).
  await play(rounds.slice(ROUNDS), false);
  const started = performance.now();
  await play(rounds.slice(0, ROUNDS), true);
  const elapsed = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  const roundsPerSecond = ROUNDS / elapsed;
  const allOk = (statuses.get('RS_OK') ?? 0) === ROUNDS * 2;

  const plain = await plainLedger(
    ledger,
    players.map((p) => p.id),
    LEDGER_SECONDS,
  );
  const check = await checkLedger(db);

  console.log(
    `wallet callbacks:  ${roundsPerSecond.toFixed(0)} rounds/s = ${(2 * roundsPerSecond).toFixed(0)} callbacks/s, ` +
      `p50 ${percentile(sorted, 0.5).toFixed(2)} ms, p99 ${percentile(sorted, 0.99).toFixed(2)} ms ` +
      `(${ROUNDS} rounds, ${IN_FLIGHT} in flight, ${PLAYERS} players, ${elapsed.toFixed(1)} s)`,
  );
  console.log(`  statuses:        ${[...statuses].map(([s, n]) => `${s} ${n}`).join(', ')}`);
  console.log(
    `plain ledger:      ${plain.tps.toFixed(0)} transfers/s, p99 ${plain.p99.toFixed(2)} ms (same database, no HTTP, ${IN_FLIGHT} in flight, ${LEDGER_SECONDS} s)`,
  );
  console.log(`callbacks / plain: ${((2 * roundsPerSecond) / plain.tps).toFixed(2)}`);
  console.log(`signing (client):  ${((rounds.length * 2) / signingSeconds).toFixed(0)} signatures/s, before the clock`);
  console.log(
    `load average:      ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const roundsRatio = roundsPerSecond / plain.tps;
  const p99 = percentile(sorted, 0.99);
  ok = report([
    {
      name: 'rounds/s (bet + win) / plain transfers/s',
      value: `${roundsRatio.toFixed(3)}x (${roundsPerSecond.toFixed(0)} / ${plain.tps.toFixed(0)})`,
      budget: `>= ${BUDGET_ROUNDS_RATIO}x`,
      ok: roundsRatio >= BUDGET_ROUNDS_RATIO,
    },
    {
      name: 'callback p99 / plain transfer p99',
      value: `${(p99 / plain.p99).toFixed(2)}x (${p99.toFixed(2)} ms / ${plain.p99.toFixed(2)} ms)`,
      budget: `<= ${BUDGET_P99_RATIO}x`,
      ok: p99 <= BUDGET_P99_RATIO * plain.p99,
    },
    { name: 'every callback RS_OK', value: allOk ? 'yes' : 'NO', budget: 'yes', ok: allOk },
    { name: 'ledger check after the run', value: check.ok ? 'ok' : 'FAILED', budget: 'ok', ok: check.ok },
  ]);
  if (!check.ok) console.error(check.problems.join('\n'));
} finally {
  await agent.close();
  await handle.close();
  await stopProcess(server);
  await database.drop();
}
process.exit(ok ? 0 : 1);
