import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseMicro } from '@lobby/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../bench/support.ts';
import { accountKeysFromSeed } from '../apps/server/src/chain/hd.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { advisoryKey } from '../apps/server/src/db/leader-lock.ts';
import { createAutomationKey } from '../apps/server/src/testing/ops-key.ts';
import { BlockPacer, fundedOutsideWallet, sendUsdt, type OutsideWallet } from './support/chain.ts';
import {
  freshIp,
  openSocket,
  startInstance,
  startStandaloneDevnet,
  waitFor,
  type RecordingSocket,
  type ServerInstance,
  type StandaloneDevnet,
} from './support/instances.ts';

/**
 * Two server processes on one PostgreSQL database and one Redis behave as one deployment: a session
 * ended on one is ended on the other, money moved by either reaches a socket on the other, every
 * page bet is settled exactly once whichever instance took it, the per-address rate limit counts
 * requests to both, and killing the instance that runs the round engine loses no bet.
 *
 * The chain is a standalone devnet process (manual blocks, produced here every 400 ms), so it
 * survives either server. Both servers get the same operator keys and so derive the same deposit
 * addresses. Redis is the machine's (REDIS_URL, default redis://127.0.0.1:6379) on a database number
 * picked at random for the run, so the shared rate-limit counters start from nothing. The servers
 * trust X-Forwarded-For and every request states a client address of its own, so only the
 * rate-limit check spends the small per-address budget. Session caches and the websocket session
 * sweep keep their 60 s defaults: what is checked must come through Redis, not from a cache expiring.
 */

const MICRO = 1_000_000n;
const RATE_LIMIT = 30;
const DEPOSIT = 100n * MICRO;
const PASSWORD = 'twoInst2024';
/** The games bets go on: big/small with 3 s rounds (one block) and with 1-minute rounds (20 blocks). */
const QUICK_GAME = 1;
const LONG_GAME = 101;

const redisBase = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const redisUrl = `${redisBase.replace(/\/\d*$/, '')}/${1 + Math.floor(Math.random() * 15)}`;

let database: { url: string; drop(): Promise<void> };
let admin: pg.Client;
let devnet: StandaloneDevnet;
let pacer: BlockPacer;
const dataDirs: string[] = [];
let a: ServerInstance;
/** An API key for the ledger check, as an owner creates for automation. */
let opsKey = '';
let b: ServerInstance;
const sockets: RecordingSocket[] = [];

interface Player {
  account: string;
  token: string;
}
/** The player of the money checks, once signed in and funded. */
let player: Player;
let outsideWallet: OutsideWallet;
/** Every page bet the player placed, by id, with the instance that took it. */
const placed = new Map<number, { gameId: number; round: number; stake: bigint; on: string }>();

async function register(on: ServerInstance): Promise<Player> {
  const account = `ti${randomBytes(6).toString('hex')}`;
  const reply = await on.call('/v1/player/register', { kind: 1, account, password: PASSWORD });
  expect(reply.code, reply.msg).toBe(0);
  return { account, token: reply.data.token };
}

async function login(on: ServerInstance, account: string): Promise<string> {
  const reply = await on.call('/v1/player/login', { kind: 1, account, password: PASSWORD });
  expect(reply.code, reply.msg).toBe(0);
  return reply.data.token;
}

/** A socket on `on`, signed in with `token`. */
async function authenticatedSocket(on: ServerInstance, token: string): Promise<RecordingSocket> {
  const socket = await openSocket(on.url);
  sockets.push(socket);
  socket.send({ op: 'auth', token });
  const answer = await socket.next(`socket on ${on.name} signed in`, (frame) => frame.op === 'auth' || frame.op === 'error');
  expect(answer).toEqual({ op: 'auth', ok: true });
  return socket;
}

async function usdtBalance(on: ServerInstance, token: string): Promise<bigint> {
  const reply = await on.call('/v1/player/balance/get', {}, { token });
  expect(reply.code, reply.msg).toBe(0);
  const usdt = reply.data.balances?.usdt ?? reply.data.usdt;
  return parseMicro(String(usdt))!;
}

async function placeBet(on: ServerInstance, gameId: number, stake: string, area: 'big' | 'small'): Promise<number> {
  // A bet can meet the round closing under it (21006) on a slow machine; a new key bets on the next one.
  for (let attempt = 0; ; attempt++) {
    const reply = await on.call(
      '/v1/hashGame/bet',
      { requestId: `bet${randomBytes(8).toString('hex')}`, gameId, area, amount: stake, currency: 'USDT', level: 0 },
      { token: player.token },
    );
    if (reply.code === 0) {
      placed.set(reply.data.bet.id, { gameId, round: reply.data.bet.round, stake: parseMicro(stake)!, on: on.name });
      return reply.data.bet.id;
    }
    if (reply.code !== 21006 || attempt >= 3) expect(reply.code, reply.msg).toBe(0);
  }
}

/**
 * The name (A or B) of the instance holding the advisory lock `name`, read from PostgreSQL. Only this
 * test's database counts: servers of other tests running at the same time hold the same lock in theirs.
 */
async function holderOf(lockName: string): Promise<string | null> {
  const key = BigInt.asUintN(64, advisoryKey(lockName));
  const { rows } = await admin.query<{ application_name: string }>(
    `select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.classid::bigint = $1 and l.objid::bigint = $2 and l.objsubid = 1
        and l.database = (select oid from pg_database where datname = current_database())`,
    [String(key >> 32n), String(key & 0xffffffffn)],
  );
  return rows[0]?.application_name ?? null;
}

async function ledgerCheck(on: ServerInstance): Promise<{ ok: boolean; problems: string[] }> {
  const response = await fetch(`${on.url}/ops/v1/ledger/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': opsKey, 'x-forwarded-for': freshIp() },
    body: '{}',
  });
  const reply = (await response.json()) as { code: number; data: { ok: boolean; problems: string[] } };
  expect(reply.code).toBe(0);
  return reply.data;
}

/** Every placed bet is settled, and its settlement is what the ledger holds: waits for stragglers. */
async function waitUntilAllSettled(timeoutMs = 45_000): Promise<void> {
  const ids = [...placed.keys()];
  await waitFor(
    `all ${ids.length} bets settled`,
    async () => {
      const { rows } = await admin.query(`select count(*)::int as open from hash_bets where id = any($1::int8[]) and settled_at is null`, [ids]);
      return rows[0].open === 0;
    },
    timeoutMs,
    250,
  );
}

beforeAll(async () => {
  database = await scratchDatabase();
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const basePort = 19_000 + Math.floor(Math.random() * 800) * 3;
  devnet = await startStandaloneDevnet(basePort);
  pacer = new BlockPacer(devnet.url, 400).start();

  const hotWalletKey = randomBytes(32).toString('hex');
  const depositXpub = accountKeysFromSeed(randomBytes(32)).xpub;
  const envFor = (name: string, port: number) => {
    const dataDir = mkdtempSync(join(tmpdir(), `lobby-two-${name}-`));
    dataDirs.push(dataDir);
    const url = new URL(database.url);
    // Names the instance's sessions in pg_stat_activity, so the test can see who holds which lock.
    url.searchParams.set('application_name', name);
    return {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      TRON_API_URL: devnet.url,
      HOT_WALLET_PRIVATE_KEY: hotWalletKey,
      DEPOSIT_XPUB: depositXpub,
      DEPOSIT_CONFIRMATIONS: '1',
      DEPOSIT_POLL_MS: '300',
      WITHDRAWAL_POLL_MS: '300',
      HASH_ENGINE_POLL_MS: '200',
      HASH_TRANSFER_POLL_MS: '500',
      // A starved process on a shared machine must not read a late block as a stalled chain.
      HASH_HEAD_MAX_AGE_SECONDS: '20',
      TRUST_PROXY: 'true',
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      CREDENTIALS_RATE_PER_MINUTE: '10000',
      MAIL_RATE_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(dataDir, 'no-web-app'),
    };
  };
  // Started together: migrations, the catalogue seed and leadership are decided between them.
  [a, b] = await Promise.all([startInstance('A', envFor('A', basePort + 1)), startInstance('B', envFor('B', basePort + 2))]);
  // Made once the instances have migrated the database between them; each finds it at its first use.
  const keys = await openDatabase({ url: database.url, dataDir: 'memory', poolSize: 1 });
  try {
    opsKey = (await createAutomationKey(keys.db, ['finance.read'], 'two-instances')).key;
  } finally {
    await keys.close();
  }
  await waitFor('one instance leads the round engine', async () => (await holderOf('hash-game.round-engine')) !== null, 30_000);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await pacer?.stop();
  await devnet?.stop();
  await admin?.end();
  // Closed sessions take a moment to go; the drop forces out any that linger.
  await database?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('two server instances on one database and one Redis', () => {
  it('ends the session on B when the player signs in on A: calls answer 10032 at once, the socket hears it', async () => {
    const first = await register(a);
    // B has the session cached and a socket following it before the new login.
    expect((await b.call('/v1/player/load', {}, { token: first.token })).code).toBe(0);
    const socket = await authenticatedSocket(b, first.token);

    const second = await login(a, first.account);

    const onB = await b.call('/v1/player/load', {}, { token: first.token });
    expect(onB.code).toBe(10032);
    const ended = await socket.next('session frame on B', (frame) => frame.op === 'session', 10_000);
    expect(ended).toMatchObject({ op: 'session', code: 10032 });
    expect(typeof ended.msg).toBe('string');
    // The new session works on both.
    expect((await b.call('/v1/player/load', {}, { token: second })).code).toBe(0);
    expect((await a.call('/v1/player/load', {}, { token: second })).code).toBe(0);
  });

  it('pushes the balance of a deposit and of a bet placed on A to a socket signed in on B', async () => {
    player = await register(a);
    const socket = await authenticatedSocket(b, player.token);
    const address = (await b.call('/v1/bank/deposit/address', {}, { token: player.token })).data.address;
    // Both instances derive the same address from the shared operator key.
    expect((await a.call('/v1/bank/deposit/address', {}, { token: player.token })).data.address).toBe(address);

    outsideWallet = await fundedOutsideWallet(devnet.url, { trx: 100n * MICRO, usdt: 1_000n * MICRO });
    await sendUsdt(devnet.url, outsideWallet, address, DEPOSIT);
    const credited = await socket.next(
      'deposit balance on B',
      (frame) => frame.channel === 'player' && frame.event === 'balance' && parseMicro(frame.data.usdt) === DEPOSIT,
      45_000,
    );
    expect(credited.data.usdt).toBe('100');

    await placeBet(a, QUICK_GAME, '1.5', 'big');
    await socket.next(
      'bet balance on B',
      (frame) => frame.channel === 'player' && frame.event === 'balance' && parseMicro(frame.data.usdt) === DEPOSIT - 1_500_000n,
      20_000,
    );
  });

  it('settles page bets placed on both instances exactly once, and the ledger check passes', async () => {
    const stakes = ['1', '2', '1.5', '3', '1.25', '2.75'];
    for (const [i, stake] of stakes.entries()) {
      await placeBet(i % 2 === 0 ? a : b, i < 4 ? QUICK_GAME : LONG_GAME, stake, i % 3 === 0 ? 'small' : 'big');
    }
    expect(new Set([...placed.values()].map((bet) => bet.on))).toEqual(new Set(['A', 'B']));
    await waitUntilAllSettled();

    const ids = [...placed.keys()];
    const { rows: bets } = await admin.query<{ id: string; round: string; amount: string; payout: string; status: number }>(
      `select id, round, amount, payout, status from hash_bets where id = any($1::int8[])`,
      [ids],
    );
    expect(bets).toHaveLength(ids.length);
    for (const bet of bets) expect([4, 5, 6]).toContain(bet.status);
    // One ledger transfer per settled round: no round was claimed twice.
    const rounds = [...new Set(bets.map((bet) => bet.round))];
    const { rows: transfers } = await admin.query<{ idempotency_key: string }>(
      `select idempotency_key from ledger_transfers where idempotency_key like 'hash:round:%'`,
    );
    const perRound = new Map<string, number>();
    for (const { idempotency_key } of transfers) {
      const round = idempotency_key.split(':')[2];
      perRound.set(round, (perRound.get(round) ?? 0) + 1);
    }
    for (const round of rounds) expect(perRound.get(round) ?? 0, `transfers of round ${round}`).toBeLessThanOrEqual(1);
    const { rows: claims } = await admin.query<{ height: string }>(`select height from hash_blocks where height = any($1::int8[]) and settled_at is not null`, [
      rounds,
    ]);
    expect(claims).toHaveLength(rounds.length);

    // The wallet holds exactly the deposit, minus stakes, plus what settlement paid, on both instances.
    const stakesTotal = bets.reduce((sum, bet) => sum + BigInt(bet.amount), 0n);
    const payouts = bets.reduce((sum, bet) => sum + BigInt(bet.payout), 0n);
    const expected = DEPOSIT - stakesTotal + payouts;
    expect(await usdtBalance(a, player.token)).toBe(expected);
    expect(await usdtBalance(b, player.token)).toBe(expected);
    expect(await ledgerCheck(b)).toMatchObject({ ok: true });
  });

  it('refuses the next bet on B within a second of a self-exclusion taken on A', async () => {
    const someone = await register(a);
    const bet = () =>
      b.call(
        '/v1/hashGame/bet',
        { requestId: `se${randomBytes(8).toString('hex')}`, gameId: QUICK_GAME, area: 'big', amount: '1', currency: 'USDT', level: 0 },
        { token: someone.token },
      );
    // Not excluded yet: refused only for want of money.
    expect([21002, 21006]).toContain((await bet()).code);
    const excluded = await a.call('/v1/player/protection/self_exclude', { period: '6m', confirm: true, password: PASSWORD }, { token: someone.token });
    expect(excluded.code, excluded.msg).toBe(0);
    // B judges bets from its own copy of who is excluded, so it must have heard of it through Redis.
    const deadline = Date.now() + 1_000;
    let code = (await bet()).code;
    while (code !== 10062 && Date.now() < deadline) code = (await bet()).code;
    expect(code).toBe(10062);
  });

  it('limits requests from one address at the count across both instances', async () => {
    const ip = `192.0.2.${1 + Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 6; i++) {
      const reply = await (i % 2 === 0 ? a : b).call('/v1/hashGame/round', { gameId: QUICK_GAME }, { ip });
      statuses.push(reply.status === 429 ? reply.code : reply.status);
    }
    // Each instance alone saw only half the limit; together they reached it.
    expect(statuses.slice(0, RATE_LIMIT)).toEqual(Array(RATE_LIMIT).fill(200));
    expect(statuses.slice(RATE_LIMIT)).toEqual(Array(6).fill(10001));
  });

  it('loses nothing when the engine leader is killed mid-round: the other takes over and settles its bets', async () => {
    // A moment without a holder (its lock connection renewed on a loaded machine) is not a failover.
    let leaderName: string | null = null;
    await waitFor('an instance holding the round engine', async () => (leaderName = await holderOf('hash-game.round-engine')) !== null, 30_000);
    expect(leaderName === 'A' || leaderName === 'B').toBe(true);
    const leader = leaderName === 'A' ? a : b;
    const survivor = leaderName === 'A' ? b : a;

    // Bets on a 1-minute round (20 blocks) and a 3 s round, on both instances, then the leader dies
    // before the long round's block: only the survivor can settle it.
    const before = new Set(placed.keys());
    // Bet early in a round, so the leader surely dies before its block: a dozen blocks still to come.
    await waitFor('a fresh 1-minute round', async () => {
      const { data } = await survivor.call('/v1/hashGame/round', { gameId: LONG_GAME });
      return data.round - data.head.height >= 12;
    });
    const longBet = await placeBet(leader, LONG_GAME, '2', 'big');
    await placeBet(survivor, LONG_GAME, '1', 'small');
    await placeBet(leader, QUICK_GAME, '1', 'big');
    const longRound = placed.get(longBet)!.round;
    const { rows: head } = await admin.query<{ height: string }>(`select max(height) as height from hash_blocks`);
    expect(Number(head[0].height)).toBeLessThan(longRound - 1);

    await leader.kill('SIGKILL');

    await waitFor('the survivor leads the round engine', async () => (await holderOf('hash-game.round-engine')) === survivor.name, 20_000);
    await waitUntilAllSettled();
    const { rows: settled } = await admin.query<{ status: number }>(`select status from hash_bets where id = any($1::int8[])`, [
      [...placed.keys()].filter((id) => !before.has(id)),
    ]);
    expect(settled.map((row) => row.status).every((status) => status >= 4 && status <= 6)).toBe(true);

    // A deposit after the failover is credited too: the survivor now watches deposits.
    const address = (await survivor.call('/v1/bank/deposit/address', {}, { token: player.token })).data.address;
    const socket = await authenticatedSocket(survivor, player.token);
    const held = await usdtBalance(survivor, player.token);
    await sendUsdt(devnet.url, outsideWallet, address, 5n * MICRO);
    await socket.next(
      'second deposit credited by the survivor',
      (frame) => frame.event === 'balance' && parseMicro(frame.data.usdt) === held + 5n * MICRO,
      45_000,
    );

    const { rows: bets } = await admin.query<{ amount: string; payout: string }>(`select amount, payout from hash_bets where id = any($1::int8[])`, [
      [...placed.keys()],
    ]);
    const expected = DEPOSIT + 5n * MICRO - bets.reduce((sum, bet) => sum + BigInt(bet.amount), 0n) + bets.reduce((sum, bet) => sum + BigInt(bet.payout), 0n);
    expect(await usdtBalance(survivor, player.token)).toBe(expected);
    expect(await ledgerCheck(survivor)).toMatchObject({ ok: true });
    pacer.check();
  });
});
