/**
 * The console's reads on a grown site: `/ops/v1/dashboard/figures` (today, 7 and 30 days), player
 * search (id, account, e-mail, deposit address, account beginning) and a player's page with its bets
 * and ledger tabs, on 100,000 players and 5,000,000 bets (4,000,000 hash bets, 1,000,000 third-party
 * rounds) over 60 days. Budget: p99 <= 100 ms per call, printed beside a reference measured in the same
 * run on the same pool: a primary-key lookup of a player (the least any call costs), as a ratio.
 * The calls go through the real OpsRegistrar (authorize, validate, audit into the hash-chained audit
 * log, envelope) over HTTP from BENCH_CONNECTIONS callers in a closed loop for BENCH_SECONDS (default 5)
 * each. One caller by default: a console has a handful of staff, and the audit log appends one record
 * at a time (an advisory lock to commit), so more callers at once measure its queue rather than the
 * call. Seeding is set-based (generate_series, the money tables' triggers off); the
 * figures' daily rows are then summed from the seeded rows as the money paths would have kept them.
 * DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres); the run uses a
 * scratch database it drops at the end (BENCH_KEEP_DB=1 keeps it).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { installErrorHandler } from '../apps/server/src/http/error-handler.ts';
import { OpsRegistrar, type StaffActor } from '../apps/server/src/http/ops-call.ts';
import { AuditLog } from '../apps/server/src/modules/audit/audit-log.ts';
import { registerFiguresOpsRoutes } from '../apps/server/src/modules/figures/figures.routes.ts';
import { registerPlayersOpsRoutes } from '../apps/server/src/modules/figures/players-ops.routes.ts';
import { parseRational } from '../apps/server/src/modules/wallet/settings.ts';
import { PERMISSIONS } from '../packages/contract/src/ops/permissions.ts';
import { percentile } from './reference.ts';
import { report, scratchDatabase } from './support.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);
const PLAYERS = 100_000;
const HASH_BETS = 4_000_000;
const ROUNDS = 1_000_000;
const DAYS = 60;
const BUDGET_MS = 100;
const FIRST = 1_000;

const database = await scratchDatabase();
const handle = await openDatabase({ url: database.url, dataDir: 'memory', poolSize: CONNECTIONS + 2 });
const db = handle.db;
let ok = false;

/** A base58 TRON-shaped address per number (no 0, O, I or l). */
const addressOf = (n: ReturnType<typeof sql>) => sql`'T' || lpad(translate((${n})::text, '0', 'z'), 33, 'A')`;

async function seed() {
  await migrateToLatest(db);
  const started = performance.now();
  await db.connection().execute(async (c) => {
    // The money tables' triggers keep figures and the referral tree as rows arrive one by one; the
    // seed writes millions at once and sums the figures itself below.
    await sql`set session_replication_role = replica`.execute(c);
    await sql`set work_mem = '256MB'`.execute(c);
    await sql`set maintenance_work_mem = '512MB'`.execute(c);
    await sql`set synchronous_commit = off`.execute(c);
    // Millions of rows load faster into bare tables, their indexes built once afterwards.
    const { rows: indexes } = await sql<{ name: string; definition: string }>`
      select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.schemaname = current_schema() and i.tablename in ('hash_bets', 'provider_rounds', 'ledger_entries', 'player_sessions')
        and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`.execute(c);
    for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(c);
    await sql`
      insert into players (id, account, email, password_hash, nickname, invite_code, register_ip, last_login_ip, first_recharge_at, created_at)
      select g, 'p' || g, 'p' || g || '@example.com', 'x', 'player ' || g, 'I' || g, '10.' || (g % 250) || '.' || (g / 250 % 250) || '.1', '10.0.0.1',
             now() - (g % ${DAYS}) * interval '1 day', now() - (g % ${DAYS}) * interval '1 day' - interval '1 hour'
      from generate_series(${FIRST}::int4, ${FIRST + PLAYERS - 1}::int4) g`.execute(c);
    await sql`select setval(pg_get_serial_sequence('players', 'id'), ${FIRST + PLAYERS})`.execute(c);
    await sql`
      insert into player_vip (player_id, xp, vip_level, last_played_on)
      select g, (g % 1000) * 1000000, g % 5, (now() at time zone 'UTC')::date - (g % ${DAYS}) from generate_series(${FIRST}::int4, ${FIRST + PLAYERS - 1}::int4) g`.execute(
      c,
    );
    await sql`
      insert into deposit_addresses (player_id, derivation_index, address, trx_cursor, usdt_cursor)
      select g, g, ${addressOf(sql`g`)}, 0, 0 from generate_series(${FIRST}::int4, ${FIRST + PLAYERS - 1}::int4) g`.execute(c);
    await sql`
      insert into bet_addresses (player_id, address, status, activation_amount, expires_at)
      select g, ${addressOf(sql`g + 10000000`)}, 1, 1000000, now() from generate_series(${FIRST}::int4, ${FIRST + PLAYERS - 1}::int4, 10) g`.execute(c);
    await sql`
      insert into player_sessions (player_id, token_hash, created_at, expires_at, login_ip, device_code)
      select ${FIRST}::int4 + g % ${PLAYERS}, 'h' || g, now() - (g % ${DAYS}) * interval '1 day', now() - (g % ${DAYS}) * interval '1 day' + interval '7 days', '10.0.0.1', 'web'
      from generate_series(1, ${PLAYERS * 3}) g`.execute(c);
    await sql`
      insert into ledger_accounts (kind, owner_id, currency, balance)
      select kind, g, currency, 1000000000 from generate_series(${FIRST}::int4, ${FIRST + PLAYERS - 1}::int4) g,
        (values ('player'), ('player_bonus')) k(kind), (values ('USDT'), ('TRX')) c(currency)`.execute(c);
    await sql`
      insert into wagering (player_id, currency, outstanding, required)
      select g, 'USDT', 5000000, 20000000 from generate_series(${FIRST}::int4, ${FIRST + PLAYERS - 1}::int4, 3) g`.execute(c);
    // Five ledger entries per player on their USDT cash account.
    await sql`
      insert into ledger_transfers (id, idempotency_key, kind, reference)
      select g, 'seed:' || g, case when g % 5 = 0 then 'deposit' else 'hash_payout' end, null from generate_series(1, ${PLAYERS * 5}) g`.execute(c);
    await sql`
      insert into ledger_entries (transfer_id, account_id, currency, amount, created_at)
      select g, a.id, 'USDT', 1000000, now() - (g % ${DAYS}) * interval '1 day'
      from generate_series(1, ${PLAYERS * 5}) g
      join ledger_accounts a on a.kind = 'player' and a.currency = 'USDT' and a.owner_id = ${FIRST} + g % ${PLAYERS}`.execute(c);
    await sql`
      insert into deposits (player_id, currency, tx_id, address, from_address, amount, block_timestamp, status, created_at, credited_at)
      select g, case when g % 4 = 0 then 'TRX' else 'USDT' end, 'tx' || g, ${addressOf(sql`g`)}, ${addressOf(sql`g + 20000000`)}, 10000000 + g % 1000 * 100000, 0, 'credited',
             now() - (g % ${DAYS}) * interval '1 day', now() - (g % ${DAYS}) * interval '1 day'
      from generate_series(${FIRST}::int4, ${FIRST + PLAYERS - 1}::int4) g`.execute(c);
    await sql`
      insert into withdrawals (player_id, request_id, currency, amount, fee, to_address, status, created_at, completed_at)
      select g, 'w' || g, 'USDT', 5000000, 500000, ${addressOf(sql`g + 30000000`)}, case when g % 50 = 0 then 'pending_review' else 'confirmed' end,
             now() - (g % ${DAYS}) * interval '1 day', case when g % 50 = 0 then null else now() - (g % ${DAYS}) * interval '1 day' end
      from generate_series(${FIRST}::int4, ${FIRST + PLAYERS - 1}::int4, 5) g`.execute(c);
    await sql`
      insert into hash_bets (source, player_id, request_id, game_id, level, round, area, currency, amount, odds_bp, status, payout, created_at, settled_at)
      select 'page', ${FIRST}::int4 + ((g::int8 * 7919) % ${PLAYERS})::int4, 'b' || g, 1, 0, 1 + g / 50, case when g % 2 = 0 then 'big' else 'small' end,
             case when g % 10 = 0 then 'TRX' else 'USDT' end, 1000000 + g % 50 * 100000, 19500, case when g % 2 = 0 then 5 else 6 end,
             case when g % 2 = 0 then (1000000 + g % 50 * 100000)::int8 * 195 / 100 else 0 end,
             now() - (g % ${DAYS}) * interval '1 day', now() - (g % ${DAYS}) * interval '1 day' + interval '3 seconds'
      from generate_series(1, ${HASH_BETS}) g`.execute(c);
    await sql`
      insert into provider_rounds (aggregator, player_id, round, game_code, game_type, manufacturer, currency, bet_total, win_total, bet_count, opened_at, closed_at)
      select 'hub88', ${FIRST}::int4 + ((g::int8 * 104729) % ${PLAYERS})::int4, 'r' || g, 'slot' || g % 40, 10 + g % 3, 'Bench', 'USDT', 2000000, case when g % 3 = 0 then 5000000 else 0 end, 1,
             now() - (g % ${DAYS}) * interval '1 day', now() - (g % ${DAYS}) * interval '1 day' + interval '1 minute'
      from generate_series(1, ${ROUNDS}) g`.execute(c);
    for (const index of indexes) await sql.raw(index.definition).execute(c);
    // The figures as the money paths keep them: one row per UTC day, currency and game type.
    const day = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date`);
    await sql`
      insert into ops_daily_figures (day, currency, game_type, slot, bets, stake, payout)
      select ${day('settled_at')}, currency, 1, 0, count(*), sum(amount), sum(payout) from hash_bets group by 1, 2
      union all
      select ${day('closed_at')}, currency, game_type, 0, count(*), sum(bet_total), sum(win_total) from provider_rounds group by 1, 2, 3`.execute(c);
    await sql`
      insert into ops_daily_figures (day, currency, game_type, slot, deposits, deposit_amount, first_deposits, first_deposit_amount)
      select ${day('credited_at')}, currency, 0, 1, count(*), sum(amount), count(*), sum(amount) from deposits group by 1, 2`.execute(c);
    await sql`
      insert into ops_daily_figures (day, currency, game_type, slot, withdrawals, withdrawal_amount)
      select ${day('completed_at')}, currency, 0, 2, count(*), sum(amount) from withdrawals where status = 'confirmed' group by 1, 2`.execute(c);
    await sql`
      insert into ops_daily_registrations (day, slot, registrations)
      select ${day('created_at')}, 0, count(*) from players group by 1`.execute(c);
    await sql`set session_replication_role = origin`.execute(c);
  });
  await sql`vacuum analyze`.execute(db);
  return (performance.now() - started) / 1000;
}

/** A closed loop of CONNECTIONS callers for DURATION_S seconds: the latency of every call, sorted. */
async function measure(call: (n: number) => Promise<void>) {
  const latencies: number[] = [];
  let n = 0;
  const until = performance.now() + DURATION_S * 1000;
  const caller = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await call(n++);
      latencies.push(performance.now() - started);
    }
  };
  // Warm-up: plans, pool connections, JIT.
  for (let i = 0; i < 20; i++) await call(n++);
  await Promise.all(Array.from({ length: CONNECTIONS }, caller));
  const sorted = Float64Array.from(latencies).sort();
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), rps: latencies.length / DURATION_S };
}

try {
  const seconds = await seed();
  console.log(`seeded ${PLAYERS} players, ${HASH_BETS} hash bets and ${ROUNDS} third-party rounds over ${DAYS} days in ${seconds.toFixed(1)} s`);

  const owner: StaffActor = { kind: 'key', id: 1, name: 'bench', permissions: new Set(PERMISSIONS), verifiedAt: null, sessionId: null };
  const http = Fastify();
  installErrorHandler(http);
  const ops = new OpsRegistrar(http, { authenticate: async () => owner }, new AuditLog(db));
  registerFiguresOpsRoutes(ops, db, { trxPerUsdt: () => parseRational('4') });
  registerPlayersOpsRoutes(ops, db);
  const base = await http.listen({ port: 0, host: '127.0.0.1' });

  const post = async (path: string, body: unknown) => {
    const reply = (await (
      await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    ).json()) as {
      code: number;
      data: any;
    };
    if (reply.code !== 0) throw new Error(`${path} ${JSON.stringify(body)} answered ${JSON.stringify(reply)}`);
    return reply.data;
  };
  const player = (n: number) => FIRST + ((n * 7_919) % PLAYERS);

  const sample = await post('/ops/v1/dashboard/figures', {});
  const month = sample.periods[2];
  console.log(
    `30 days: ${month.registrations} registrations, ${month.activePlayers} active, ${month.currencies[0].bets.count} USDT bets, GGR ${month.usdtEquivalent.ggr} USDT-eq; queues ${JSON.stringify(sample.queues)}`,
  );
  const searches = [
    (n: number) => String(player(n)),
    (n: number) => `p${player(n)}`,
    (n: number) => `p${player(n)}@example.com`,
    (n: number) => `T${String(player(n)).replaceAll('0', 'z').padStart(33, 'A')}`,
    (n: number) => `p${100 + (n % 900)}`,
  ];
  const reference = await measure(async (n) => {
    await sql`select id, account, status from players where id = ${player(n)}`.execute(db);
  });
  const dashboard = await measure(async () => void (await post('/ops/v1/dashboard/figures', {})));
  const search = await measure(async (n) => void (await post('/ops/v1/players/search', { query: searches[n % searches.length]!(n) })));
  const page = await measure(async (n) => void (await post('/ops/v1/players/get', { playerId: player(n) })));
  const bets = await measure(async (n) => void (await post('/ops/v1/players/bets', { playerId: player(n), kind: n % 2 === 0 ? 'hash' : 'third' })));
  const ledger = await measure(async (n) => void (await post('/ops/v1/players/ledger', { playerId: player(n) })));
  await http.close();

  console.log(
    `reference: primary-key lookup of a player, p50 ${reference.p50.toFixed(2)} ms, p99 ${reference.p99.toFixed(2)} ms (${CONNECTIONS} callers, ${DURATION_S} s)`,
  );
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const row = (name: string, m: { p50: number; p99: number; rps: number }) => ({
    name: `${name} p99 (${m.rps.toFixed(0)} calls/s, p50 ${m.p50.toFixed(1)} ms)`,
    value: `${m.p99.toFixed(1)} ms`,
    budget: `<= ${BUDGET_MS} ms; ${(m.p99 / reference.p99).toFixed(1)}x the primary-key lookup's ${reference.p99.toFixed(2)} ms`,
    ok: m.p99 <= BUDGET_MS,
  });
  ok = report([
    row('dashboard/figures, 30 days', dashboard),
    row('players/search', search),
    row('players/get', page),
    row('players/bets page 1', bets),
    row('players/ledger page 1', ledger),
  ]);
} finally {
  await handle.close();
  if (process.env.BENCH_KEEP_DB === '1') console.log(`kept ${database.url}`);
  else await database.drop();
}
process.exit(ok ? 0 : 1);
