/**
 * Reports and team performance read aggregates, not bets: `/v1/reportForm/winOrLoseForm` (and the
 * bet summary) for a player with 100,000 settled bets over 30 days, and the team performance calls
 * (`/v1/referral/summary`, `/performance`, `/members`) for an inviter with a 10,000-member team
 * (100 / 900 / 9,000 over three levels) who each bet every day of the 30. Budget: p99 <= 50 ms each,
 * on PostgreSQL, the server as its own process. Seeding is set-based: players and bets by
 * generate_series, then each day's bets recorded by the statement settlement uses (modules/turnover).
 * BENCH_SECONDS (default 5) per call, BENCH_CONNECTIONS (default 4); BENCH_KEEP_DB=1 keeps the
 * scratch database (its URL is printed) to EXPLAIN the queries afterwards.
 */
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { shanghaiDay, shanghaiMonth, turnoverCtes } from '../apps/server/src/modules/turnover/turnover.repo.ts';
import { DEFAULT_TURNOVER_TERMS } from '../apps/server/src/modules/vip/vip-terms.ts';
import { report, scratchDatabase, startProcess, stopProcess } from './support.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const PLAYER_BETS = 100_000;
const DAYS = 30;
const LEVELS = [100, 900, 9_000];
const BUDGET_MS = 50;
const DAY_MS = 86_400_000;

const database = await scratchDatabase();
const apiPort = '18311';
const api = await startProcess(
  'apps/server/src/main.ts',
  { DATABASE_URL: database.url, PORT: apiPort, HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', WEB_DIST_DIR: '/nonexistent' },
  `http://127.0.0.1:${apiPort}/healthz`,
);
const base = `http://127.0.0.1:${apiPort}`;
const handle = await openDatabase({ url: database.url, dataDir: 'memory', poolSize: 4 });
const db = handle.db;
let ok = false;

async function register(account: string) {
  const reply = await (
    await fetch(`${base}/v1/player/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 1, account, password: 'bench123' }),
    })
  ).json();
  return { token: reply.data.token as string, playerId: reply.data.player.id as number };
}

async function load(path: string, token: string, body: unknown) {
  const options = {
    url: base + path,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
  };
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const check = await (await fetch(base + path, { method: 'POST', headers: options.headers, body: options.body })).json();
  if (check.code !== 0) throw new Error(`${path} answered ${JSON.stringify(check)}`);
  return { p99: result.latency.p99, rps: result.requests.average, sample: check.data };
}

try {
  const stamp = Date.now().toString(36);
  const bettor = await register(`benchbettor${stamp}`);
  const inviter = await register(`benchinviter${stamp}`);
  const seedStart = performance.now();

  // The team: level 1 invited by the inviter, each level below spread over the one above.
  const firstId = 10_000_000;
  const levelStart = [firstId, firstId + LEVELS[0]!, firstId + LEVELS[0]! + LEVELS[1]!];
  for (let level = 0; level < 3; level++) {
    const parent = level === 0 ? sql`${inviter.playerId}::int4` : sql`${levelStart[level - 1]!}::int4 + (g % ${LEVELS[level - 1]!})`;
    await sql`
      insert into players (id, account, password_hash, nickname, invite_code, register_ip, inviter_id, created_at)
      select ${levelStart[level]!}::int4 + g, 'team' || (${levelStart[level]!}::int4 + g), 'x', 'member' || (${levelStart[level]!}::int4 + g),
             'T' || (${levelStart[level]!}::int4 + g), '127.0.0.1', ${parent}, now() - (g % ${DAYS}) * interval '1 day'
      from generate_series(0, ${LEVELS[level]! - 1}) as g`.execute(db);
  }
  const teamSize = LEVELS.reduce((a, b) => a + b, 0);
  const lastMember = firstId + teamSize - 1;
  // Deposits today for a fifth of the team, the first ever for half of those.
  await sql`
    insert into deposits (player_id, currency, tx_id, address, from_address, amount, block_number, block_timestamp, status, credited_at)
    select p, 'USDT', 'benchtx' || p, 'Tbench', 'Tfrom', 50000000, 1, 0, 'credited', now() from generate_series(${firstId}::int4, ${lastMember}::int4, 5) as p`.execute(
    db,
  );
  await sql`update players set first_recharge_at = now() where id between ${firstId} and ${lastMember} and id % 10 = 0`.execute(db);

  // The bettor's 100,000 settled bets over 30 days; members' bets exist only as the rounds recorded below.
  const now = Date.now();
  // In the first hour of each Shanghai day, so all 30 days lie inside the report window at any hour.
  const todayStart = Math.floor(new Date(`${shanghaiDay(new Date(now))}T00:00:00+08:00`).getTime() / 1000);
  await sql`
    insert into hash_bets (source, player_id, request_id, game_id, level, round, area, currency, amount, odds_bp, status, payout, created_at, settled_at)
    select 'page', ${bettor.playerId}, 'b' || g, 1, 0, 1 + g, case when g % 2 = 0 then 'big' else 'small' end, 'USDT', 1000000 + (g * 7919) % 50000000, 19500,
           case when g % 3 = 0 then 5 else 6 end, case when g % 3 = 0 then (1000000 + (g * 7919) % 50000000)::int8 * 195 / 100 else 0 end,
           to_timestamp(${todayStart}::int8 - (g % ${DAYS}) * 86400 + (g % 3600)), to_timestamp(${todayStart}::int8 - (g % ${DAYS}) * 86400 + (g % 3600) + 3)
    from generate_series(0, ${PLAYER_BETS - 1}) as g`.execute(db);
  // Each day's rounds recorded as settlement records them: turnover, daily report rows, commission;
  // every member loses one bet a day.
  for (let d = 0; d < DAYS; d++) {
    const at = new Date(now - d * DAY_MS);
    const dayStart = new Date(`${shanghaiDay(at)}T00:00:00+08:00`);
    await sql`
      with turnover_input as (
        select player_id, 'bench:' || id as round_key, 1::int2 as game_type, currency, amount as stake, payout, 1 as bets
        from hash_bets where settled_at >= ${dayStart} and settled_at < ${new Date(dayStart.getTime() + DAY_MS)}
        union all
        select p, 'bench:m:' || p || ':' || ${d}::int4, 1::int2, 'USDT', 2000000 + (p % 97) * 10000, 0, 1
        from generate_series(${firstId}::int4, ${lastMember}::int4) as p
      ),
      ${turnoverCtes(DEFAULT_TURNOVER_TERMS, { month: shanghaiMonth(at), day: shanghaiDay(at), once: true, withBetCount: true })}
      select count(*) from turnover_level_ups`.execute(db);
  }
  // As autovacuum would have by now: visibility maps let the team counts read the index alone.
  await sql`vacuum analyze`.execute(db);
  const seedMs = performance.now() - seedStart;
  if (process.env.BENCH_KEEP_DB === '1') console.log(`bettor ${bettor.playerId}, inviter ${inviter.playerId}`);
  console.log(`seeded ${PLAYER_BETS} bets of one player and a ${teamSize}-member team betting ${DAYS} days in ${(seedMs / 1000).toFixed(1)} s`);

  const winLose = await load('/v1/reportForm/winOrLoseForm', bettor.token, { currencyCode: 'USDT', lastDay: DAYS });
  if (winLose.sample.betCount !== PLAYER_BETS) throw new Error(`winOrLoseForm counted ${winLose.sample.betCount} bets`);
  const summary = await load('/v1/reportForm/betFormSummary', bettor.token, { currencyCode: 'USDT', lastDay: DAYS });
  const teamSummary = await load('/v1/referral/summary', inviter.token, {});
  if (teamSummary.sample.teamTotal !== teamSize) throw new Error(`summary counted ${teamSummary.sample.teamTotal} members`);
  const teamDay = await load('/v1/referral/performance', inviter.token, { isTeam: 1, currencyCode: 'USDT', selectDay: shanghaiDay() });
  const members = await load('/v1/referral/members', inviter.token, { page: 50, pageSize: 20 });
  console.log(
    `team today: ${teamDay.sample.newMembers} new, ${teamDay.sample.depositCount} deposits, turnover ${teamDay.sample.validTurnover}, commission ${teamDay.sample.commission}`,
  );
  const row = (name: string, m: { p99: number; rps: number }) => ({
    name: `${name} p99 (${m.rps.toFixed(0)} req/s)`,
    value: `${m.p99} ms`,
    budget: `<= ${BUDGET_MS} ms`,
    ok: m.p99 <= BUDGET_MS,
  });
  ok = report([
    row('reportForm/winOrLoseForm, 100k bets / 30 days', winLose),
    row('reportForm/betFormSummary, 100k bets / 30 days', summary),
    row('referral/summary, 10k team', teamSummary),
    row('referral/performance team day, 10k team', teamDay),
    row('referral/members page 50, 10k team', members),
  ]);
} finally {
  await handle.close();
  await stopProcess(api);
  if (process.env.BENCH_KEEP_DB === '1') console.log(`kept ${database.url}`);
  else await database.drop();
}
process.exit(ok ? 0 : 1);
