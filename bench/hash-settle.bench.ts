/**
 * Settlement of one round holding 100,000 page bets, on PostgreSQL: the engine's own settleRound (claim,
 * one UPDATE ... FROM, one ledger transfer for the round) timed from start to commit.
 * Budget: bets settled per second >= 5.5x PostgreSQL's 1-statement transactions/s measured in the same
 * run (bench/reference.ts). Afterwards every bet must match settle() and the ledger check must pass.
 * DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres); the run uses
 * a scratch database it drops at the end.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { areasOf, blockIdFor, gamesDecidedAt, hashGame, resultOf, settle } from '@lobby/hash-games';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { checkLedger } from '../apps/server/src/money/ledger-check.ts';
import { settleRound } from '../apps/server/src/modules/hash-game/settlement.ts';
import { oneStatementReference, ratioRow } from './reference.ts';
import { report, scratchDatabase } from './support.ts';

const BETS = Number(process.env.BENCH_BETS ?? 100_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 20_000);
/** Settled bets of earlier rounds already in the table, as in a live system. */
const HISTORY = Number(process.env.BENCH_HISTORY ?? 200_000);
/** Bets settled per second, as a multiple of the 1-statement transactions/s. */
const BUDGET_RATIO = 5.5;
const REFERENCE_S = Number(process.env.BENCH_SECONDS ?? 10);
// A multiple of every round length, so all 22 games have a round decided here.
const ROUND = 3_600_000;
const FIRST_PLAYER = 1_000_000;
/**
 * The share of players who set a limit (PROTECTION.md): their payouts are counted against their loss
 * limits in the settling statement. 0 measures the round as most players play it; compare a run
 * with BENCH_PROTECTED_SHARE=0.1 to see what protection adds.
 */
const PROTECTED_SHARE = Number(process.env.BENCH_PROTECTED_SHARE ?? 0);

const database = await scratchDatabase();
const handle = await openDatabase({ url: database.url, dataDir: 'memory', poolSize: 4 });
const db = handle.db;
let ok = false;
try {
  await migrateToLatest(db);

  // Players hold money and have staked it, as they would have through the bet call.
  const combos = gamesDecidedAt(ROUND).flatMap((gameId) => areasOf(hashGame(gameId).kind).map((area) => ({ gameId, area })));
  const stakeOf = (i: number) => 1_000_000n + BigInt((i * 7919) % 50_000_000);
  const staked = new Map<number, bigint>();
  for (let i = 0; i < BETS; i++) {
    const player = FIRST_PLAYER + (i % PLAYERS);
    staked.set(player, (staked.get(player) ?? 0n) + stakeOf(i));
  }
  const total = [...staked.values()].reduce((a, b) => a + b, 0n);
  const players = [...staked.keys()];
  // Real accounts, so the round's turnover, XP, levels and rebates are recorded as in production.
  await sql`
    insert into players (id, account, password_hash, nickname, invite_code, register_ip)
    select p, 'bench' || p, 'x', 'bench' || p, 'B' || p, '127.0.0.1' from unnest(${players}::int4[]) as p`.execute(db);
  await sql`
    select ledger_post_transfer('bench:funding', 'deposit', null, null,
      ${[...players.map(() => 'player'), 'deposit_clearing']}::text[],
      ${[...players.map(String), '0']}::int8[],
      ${[...players.map(() => 'USDT'), 'USDT']}::text[],
      ${[...players.map((p) => String(staked.get(p)! * 2n)), String(-total * 2n)]}::int8[])`.execute(db);
  await sql`
    select ledger_post_transfer('bench:stakes', 'hash_bet', null, null,
      ${[...players.map(() => 'player'), 'house']}::text[],
      ${[...players.map(String), '0']}::int8[],
      ${[...players.map(() => 'USDT'), 'USDT']}::text[],
      ${[...players.map((p) => String(-staked.get(p)!)), String(total)]}::int8[])`.execute(db);

  const protectedPlayers = players.filter((_, i) => i < Math.round(players.length * PROTECTED_SHARE));
  await sql`
    insert into player_protection (player_id, tracks_spend) select p, true from unnest(${protectedPlayers}::int4[]) as p`.execute(db);
  await sql`
    insert into hash_bets (source, player_id, request_id, game_id, level, round, area, currency, amount, odds_bp, status, payout, settled_at)
    select 'page', ${FIRST_PLAYER} + (i % ${PLAYERS}), 'h' || i, 1, 0, 1 + (i % 1000000), 'big', 'USDT', 1000000, 19500, 6, 0, now()
    from generate_series(1, ${HISTORY}::int) as i`.execute(db);
  await sql`
    insert into hash_bets (source, player_id, request_id, game_id, level, round, area, currency, amount, odds_bp)
    select 'page', ${FIRST_PLAYER} + (i % ${PLAYERS}), 'r' || i, c.game_id, (i % 2), ${ROUND}, c.area, 'USDT',
           1000000 + ((i::int8 * 7919) % 50000000), 19500 + (case when c.area in ('0','1','2','3','4','5','6','7','8','9') then 78500 when c.area = 'tie' then 60500 else 0 end)
    from generate_series(0, ${BETS - 1}::int) as i
    join unnest(${combos.map((c) => c.gameId)}::int2[], ${combos.map((c) => c.area)}::text[]) with ordinality as c(game_id, area, n)
      on c.n = (i % ${combos.length}) + 1`.execute(db);
  await sql`vacuum analyze hash_bets`.execute(db);
  await sql`vacuum analyze ledger_accounts`.execute(db);

  const blockId = blockIdFor(ROUND, 'c0ffee'.padEnd(64, '7'));
  const block = { height: ROUND, blockId, parentHash: '0'.repeat(64), time: Date.now() };
  await db
    .insertInto('hash_blocks')
    .values({ height: BigInt(ROUND), block_id: blockId, parent_hash: block.parentHash, block_time: BigInt(block.time) })
    .execute();

  // The settlement runs on a session of its own, so the database's CPU time for it can be read
  // beside the wall time: on a shared machine the two differ by what other processes took.
  // The reference right before the settlement, on the same server and database.
  const reference = await oneStatementReference(database.url, REFERENCE_S);
  const settler = await openDatabase({ url: database.url, dataDir: 'memory', poolSize: 1 });
  const { rows: backend } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(settler.db);
  const cpuMs = () => {
    try {
      const fields = readFileSync(`/proc/${backend[0].pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      return Number.NaN;
    }
  };
  const cpuBefore = cpuMs();
  const started = performance.now();
  const settled = await settleRound(settler.db, block);
  const elapsed = performance.now() - started;
  const cpu = cpuMs() - cpuBefore;
  await settler.close();
  console.log(
    `settled round ${ROUND}: ${settled?.bets} bets of ${settled?.players.length} players, ${settled?.paidPlayers.length} paid, in ${elapsed.toFixed(0)} ms ` +
      `(database CPU ${Number.isNaN(cpu) ? 'n/a' : `${cpu.toFixed(0)} ms`}; PostgreSQL, ${HISTORY} earlier bets in the table)`,
  );
  const betsPerSecond = (BETS * 1000) / elapsed;
  console.log(
    `bets settled/s: ${betsPerSecond.toFixed(0)}; 1-statement transactions/s: ${reference.tps.toFixed(0)}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  // Every bet against the package, and the books.
  const rows = await db
    .selectFrom('hash_bets')
    .select(['game_id', 'area', 'odds_bp', 'amount', 'status', 'payout'])
    .where('round', '=', BigInt(ROUND))
    .execute();
  const results = new Map<number, ReturnType<typeof resultOf>>(gamesDecidedAt(ROUND).map((g) => [g, resultOf(g, blockId, ROUND)]));
  let mismatches = 0;
  for (const row of rows) {
    const expected = settle({ area: row.area, result: results.get(row.game_id)!, odds: row.odds_bp, stake: row.amount });
    const status = expected.outcome === 'win' ? 5 : expected.outcome === 'lose' ? 6 : 4;
    if (row.payout !== expected.payout || row.status !== status) mismatches++;
  }
  const again = await settleRound(db, block);
  const check = await checkLedger(db);
  ok = report([
    ratioRow(`bets settled/s in one round of ${BETS}`, betsPerSecond, 'bets/s', reference, BUDGET_RATIO),
    {
      name: 'bets matching settle()',
      value: `${rows.length - mismatches}/${rows.length}`,
      budget: `${BETS}/${BETS}`,
      ok: mismatches === 0 && rows.length === BETS,
    },
    { name: 'second settlement of the round', value: again === null ? 'none' : 'RAN', budget: 'none', ok: again === null },
    { name: 'ledger check', value: check.ok ? 'ok' : 'FAILED', budget: 'ok', ok: check.ok },
    ...(protectedPlayers.length > 0 ? [await protectionRow(db, protectedPlayers.length)] : []),
  ]);
  if (!check.ok) console.log(check.problems.join('\n'));
} finally {
  await handle.close();
  // Closed sockets take a moment to go: dropping the database first would cut them mid-goodbye.
  await new Promise((resolve) => setTimeout(resolve, 250));
  await database.drop();
}
process.exit(ok ? 0 : 1);

/** With protected players: their payouts of the round were counted against their limits, every one of them. */
async function protectionRow(db: typeof handle.db, count: number) {
  const { rows } = await sql<{ players: string }>`select count(distinct player_id)::text as players from protection_spend where returned > 0`.execute(db);
  const { rows: winners } = await sql<{ players: string }>`
    select count(distinct b.player_id)::text as players from hash_bets b join player_protection p on p.player_id = b.player_id
    where b.round = ${ROUND} and b.payout > 0`.execute(db);
  const counted = Number(rows[0]!.players);
  return {
    name: `protected players (${count}) with payouts counted`,
    value: String(counted),
    budget: winners[0]!.players,
    ok: counted === Number(winners[0]!.players),
  };
}
