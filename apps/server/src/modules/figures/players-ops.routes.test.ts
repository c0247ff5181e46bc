import { BetStatus, ErrorCode } from '@lobby/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import type { OpsAuditEntry } from '../../http/ops-call.ts';
import { Ledger } from '../../money/ledger.service.ts';
import { useMigratedTestDatabase } from '../../testing/migrated-database.ts';
import { opsTestServer, staffMember } from '../../testing/ops-test-server.ts';
import { newWallet } from '../wallet/test-support.ts';
import { registerFiguresOpsRoutes } from './figures.routes.ts';
import { registerPlayersOpsRoutes } from './players-ops.routes.ts';

const CALLERS = [staffMember('support', ['players.read', 'players.pii']), staffMember('viewer', ['players.read']), staffMember('analyst', ['dashboard.read'])];

/** The operator calls of this module on a server of their own, callers named by `x-test-staff`, audit records kept in `audit`. */
async function consoleServer(db: Db) {
  const audit: OpsAuditEntry[] = [];
  const server = await opsTestServer(
    db,
    CALLERS,
    (ops) => {
      registerPlayersOpsRoutes(ops, db);
      registerFiguresOpsRoutes(ops, db, { trxPerUsdt: () => null, onlinePlayers: () => 7 });
    },
    { record: async (entry) => void audit.push(entry) },
  );
  return { call: server.call, audit };
}

async function insertPlayer(db: Db, values: { account: string; email?: string; inviterId?: number; ip?: string }): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into players (account, email, password_hash, nickname, invite_code, inviter_id, register_ip, last_login_ip)
    values (${values.account}, ${values.email ?? null}, 'x', ${`nick ${values.account}`}, ${values.account.toUpperCase()}, ${values.inviterId ?? null},
            ${values.ip ?? '203.0.113.7'}, ${values.ip ?? '203.0.113.7'})
    returning id`.execute(db);
  return rows[0]!.id;
}

describe('operator calls of the players and the dashboard', () => {
  const handle = useMigratedTestDatabase();
  const db = () => handle().db;
  let server: Awaited<ReturnType<typeof consoleServer>>;
  let alice: number;
  let alicia: number;
  const depositAddress = newWallet().address;
  const betAddress = newWallet().address;
  const payer = newWallet().address;

  beforeAll(async () => {
    server = await consoleServer(db());
    alice = await insertPlayer(db(), { account: 'Alice01', email: 'alice@example.com' });
    alicia = await insertPlayer(db(), { account: 'alicia', email: 'alicia@example.org', inviterId: alice, ip: '198.51.100.23' });
    await sql`insert into deposit_addresses (player_id, derivation_index, address, trx_cursor, usdt_cursor) values (${alice}, 1, ${depositAddress}, 0, 0)`.execute(
      db(),
    );
    await sql`insert into bet_addresses (player_id, address, status, activation_amount, expires_at) values (${alicia}, ${betAddress}, 1, 1000000, now() + interval '1 day')`.execute(
      db(),
    );
    await sql`
      insert into player_sessions (player_id, token_hash, expires_at, login_ip, client_ip, device_code)
      values (${alice}, 'h1', now() - interval '1 day', '203.0.113.7', null, 'ios-1'), (${alice}, 'h2', now() + interval '1 day', '192.0.2.44', '192.0.2.45', 'web')`.execute(
      db(),
    );
    const ledger = new Ledger(db());
    for (const [kind, amount] of [
      ['player', 100_000_000n],
      ['player_bonus', 20_000_000n],
    ] as const) {
      await ledger.transfer({
        idempotencyKey: `seed:${kind}`,
        kind: kind === 'player' ? 'deposit' : 'bonus',
        legs: [
          { account: { kind: kind === 'player' ? 'deposit_clearing' : 'activity_bonuses' }, currency: 'USDT', amount: -amount },
          { account: { kind, playerId: alice }, currency: 'USDT', amount },
        ],
      });
    }
    await sql`insert into wagering (player_id, currency, outstanding, required) values (${alice}, 'USDT', 35000000, 60000000)`.execute(db());
    await sql`
      insert into deposits (player_id, currency, tx_id, address, from_address, amount, block_timestamp, status, credited_at)
      values (${alice}, 'USDT', 'tx-1', ${depositAddress}, ${payer}, 100000000, 0, 'credited', now())`.execute(db());
    await sql`
      insert into withdrawals (player_id, request_id, currency, amount, fee, to_address, status)
      values (${alice}, 'w-1', 'USDT', 20000000, 500000, ${payer}, 'pending_review')`.execute(db());
    await sql`
      insert into hash_bets (source, player_id, request_id, game_id, level, round, area, currency, amount, odds_bp, status, payout, settled_at)
      values ('page', ${alice}, 'r-1', 1, 0, 100, 'big', 'USDT', 5000000, 19500, ${BetStatus.SETTLED_WIN}, 9750000, now()),
             ('page', ${alice}, 'r-2', 1, 0, 101, 'small', 'USDT', 2000000, 19500, ${BetStatus.UNSETTLED}, null, null)`.execute(db());
    await sql`insert into support_conversations (player_id, awaiting_reply, waiting_since) values (${alice}, true, now())`.execute(db());
    await sql`insert into referral_reviews (player_id, inviter_id, matched) values (${alicia}, ${alice}, 'device')`.execute(db());
    await sql`
      insert into provider_held_wins (aggregator, transaction_uuid, player_id, round, game_code, currency, amount, stakes, reason)
      values ('hub88', 'u-1', ${alicia}, 'round-1', 'demo_slot', 'USDT', 900000000, 1000000, 'multiple')`.execute(db());
  });

  describe('/ops/v1/players/search', () => {
    const search = (query: string, as = 'support') => server.call('/ops/v1/players/search', { query }, as);

    it('finds a player by id, account in any case, e-mail, deposit address and bound bet address', async () => {
      expect((await search(String(alice))).data.list.map((p: any) => [p.playerId, p.matched])).toEqual([[alice, 'id']]);
      expect((await search('ALICE01')).data.list.map((p: any) => [p.playerId, p.matched])).toEqual([[alice, 'account']]);
      expect((await search('Alicia@Example.org')).data.list.map((p: any) => [p.playerId, p.matched])).toEqual([[alicia, 'email']]);
      expect((await search(depositAddress)).data.list.map((p: any) => [p.playerId, p.matched])).toEqual([[alice, 'depositAddress']]);
      expect((await search(betAddress)).data.list.map((p: any) => [p.playerId, p.matched])).toEqual([[alicia, 'betAddress']]);
    });

    it('finds the players who registered or signed in from an address, only for a caller who may see personal data', async () => {
      expect((await search('192.0.2.44')).data.list.map((p: any) => [p.playerId, p.matched])).toEqual([[alice, 'ip']]);
      expect((await search('198.51.100.23')).data.list.map((p: any) => [p.playerId, p.matched])).toEqual([[alicia, 'ip']]);
      expect((await search('203.0.113.7')).data.list.map((p: any) => p.playerId)).toContain(alice);
      expect((await search('192.0.2.44', 'viewer')).data).toMatchObject({ list: [], total: 0 });
    });

    it('finds accounts by their beginning, newest first, with the total over all pages', async () => {
      const reply = await server.call('/ops/v1/players/search', { query: 'ali', pageSize: 1 }, 'support');
      expect(reply.data).toMatchObject({ total: 2, page: 1, pageSize: 1 });
      expect(reply.data.list.map((p: any) => p.playerId)).toEqual([alicia]);
      const second = await server.call('/ops/v1/players/search', { query: 'ali', pageSize: 1, page: 2 }, 'support');
      expect(second.data.list.map((p: any) => p.playerId)).toEqual([alice]);
      expect((await server.call('/ops/v1/players/search', { query: 'ali', page: 9 }, 'support')).data).toMatchObject({ list: [], total: 2 });
    });

    it('masks e-mails for a caller without players.pii, and records the search as a view of personal data', async () => {
      expect((await search('alice01', 'viewer')).data.list[0].email).toBe('a***@example.com');
      expect((await search('alice01', 'support')).data.list[0].email).toBe('alice@example.com');
      expect(server.audit.at(-1)).toMatchObject({ action: '/ops/v1/players/search', kind: 'pii', target: 'search:alice01', code: 0 });
    });

    it('refuses a caller without players.read with 10055, and nobody signed in with 401', async () => {
      expect(await search('alice01', 'analyst')).toMatchObject({ status: 403, code: ErrorCode.PERMISSION_DENIED });
      expect((await server.call('/ops/v1/players/search', { query: 'alice01' }, null)).status).toBe(401);
    });
  });

  describe('/ops/v1/players/get', () => {
    it('shows balances cash and bonus with wagering, VIP, marks, registration and last sign-in, personal data whole with players.pii', async () => {
      const { data } = await server.call('/ops/v1/players/get', { playerId: alice }, 'support');
      expect(data).toMatchObject({
        playerId: alice,
        account: 'Alice01',
        email: 'alice@example.com',
        status: 0,
        registerIp: '203.0.113.7',
        depositAddress,
        openChat: true,
        personalDataShown: true,
        lastSignInAt: expect.any(String),
      });
      expect(data.balances).toEqual([
        { currency: 'USDT', cash: '100', bonus: '20', wageringOutstanding: '35', wageringRequired: '60', bonusAtStake: '0', experienceGold: false },
        { currency: 'TRX', cash: '0', bonus: '0', wageringOutstanding: '0', wageringRequired: '0', bonusAtStake: '0', experienceGold: false },
      ]);
      expect(server.audit.at(-1)).toMatchObject({ action: '/ops/v1/players/get', kind: 'pii', target: `player:${alice}`, actor: { name: 'support' } });
    });

    it('masks e-mail, addresses and IP addresses for a caller without players.pii', async () => {
      const { data } = await server.call('/ops/v1/players/get', { playerId: alicia }, 'viewer');
      expect(data).toMatchObject({ email: 'a***@example.org', registerIp: '198.51.*.*', personalDataShown: false, inviterId: alice });
      expect(data.betAddresses).toEqual([`${betAddress.slice(0, 4)}…${betAddress.slice(-4)}`]);
    });

    it('answers 10004 for a player who does not exist', async () => {
      expect(await server.call('/ops/v1/players/get', { playerId: 99_999_999 }, 'support')).toMatchObject({ code: ErrorCode.PLAYER_MISSING });
    });
  });

  describe('the player page tabs', () => {
    it('/ops/v1/players/ledger lists cash and bonus entries newest first', async () => {
      const { data } = await server.call('/ops/v1/players/ledger', { playerId: alice }, 'viewer');
      expect(data.total).toBe(2);
      expect(data.list.map((e: any) => [e.kind, e.account, e.amount])).toEqual([
        ['bonus', 'bonus', '20'],
        ['deposit', 'cash', '100'],
      ]);
    });

    it('/ops/v1/players/bets lists hash bets newest first, open ones without payout', async () => {
      const { data } = await server.call('/ops/v1/players/bets', { playerId: alice, kind: 'hash' }, 'viewer');
      expect(data.list.map((b: any) => [b.stake, b.payout])).toEqual([
        ['2', null],
        ['5', '9.75'],
      ]);
      expect((await server.call('/ops/v1/players/bets', { playerId: alice, kind: 'third' }, 'viewer')).data).toMatchObject({ list: [], total: 0 });
    });

    it('/ops/v1/players/payments lists deposits and withdrawals, addresses masked without players.pii', async () => {
      const deposits = await server.call('/ops/v1/players/payments', { playerId: alice, kind: 'deposit' }, 'viewer');
      expect(deposits.data.list).toEqual([
        expect.objectContaining({ kind: 'deposit', amount: '100', status: 'credited', address: `${payer.slice(0, 4)}…${payer.slice(-4)}` }),
      ]);
      const withdrawals = await server.call('/ops/v1/players/payments', { playerId: alice, kind: 'withdrawal' }, 'support');
      expect(withdrawals.data.list).toEqual([
        expect.objectContaining({ kind: 'withdrawal', amount: '20', fee: '0.5', status: 'pending_review', address: payer }),
      ]);
    });

    it('/ops/v1/players/sessions lists sign-ins newest first with address and device, and which are open', async () => {
      const { data } = await server.call('/ops/v1/players/sessions', { playerId: alice }, 'viewer');
      expect(data.list.map((s: any) => [s.loginIp, s.device, s.open])).toEqual([
        ['192.0.*.*', 'web', true],
        ['203.0.*.*', 'ios-1', false],
      ]);
    });

    it('/ops/v1/players/referral shows the inviter, the team and the self-referral review', async () => {
      const invited = await server.call('/ops/v1/players/referral', { playerId: alicia }, 'viewer');
      expect(invited.data).toMatchObject({
        inviter: { playerId: alice, account: 'Alice01' },
        ancestors: [{ level: 1, playerId: alice }],
        review: { matched: 'device', status: 'held' },
      });
      const inviter = await server.call('/ops/v1/players/referral', { playerId: alice }, 'viewer');
      expect(inviter.data).toMatchObject({
        inviter: null,
        team: { level1: 1, level2: 0, level3: 0 },
        members: { total: 1, list: [{ playerId: alicia, level: 1 }] },
      });
    });
  });

  describe('staff notes on a player', () => {
    const add = (playerId: number, body: unknown, as = 'viewer') => server.call('/ops/v1/players/addNote', { playerId, body }, as);

    it('adds a note written by the signed-in caller, refuses a body naming an author, and audits it as a change', async () => {
      expect(await server.call('/ops/v1/players/addNote', { playerId: alicia, body: 'Forged.', author: { name: 'someone else' } }, 'viewer')).toMatchObject({
        code: ErrorCode.INVALID_PARAMETERS,
      });
      const reply = await add(alicia, '  Asked about a late deposit.  ');
      expect(reply.code).toBe(0);
      expect(reply.data.note).toMatchObject({
        playerId: alicia,
        body: 'Asked about a late deposit.',
        author: { kind: 'staff', name: 'viewer' },
        createdAt: expect.any(String),
      });
      expect(server.audit.at(-1)).toMatchObject({
        action: '/ops/v1/players/addNote',
        kind: 'change',
        target: `player:${alicia}`,
        code: 0,
        actor: { name: 'viewer' },
      });
    });

    it('lists notes newest first, a page at a time, and a correction is a new note beside the first', async () => {
      await add(alice, 'First contact.', 'support');
      await add(alice, 'Correction: second contact.', 'viewer');
      await add(alice, 'Third.', 'support');
      const first = await server.call('/ops/v1/players/notes', { playerId: alice, limit: 2 }, 'viewer');
      expect(first.data.list.map((n: any) => [n.body, n.author.name])).toEqual([
        ['Third.', 'support'],
        ['Correction: second contact.', 'viewer'],
      ]);
      expect(first.data.nextBeforeId).toBe(first.data.list[1].id);
      const second = await server.call('/ops/v1/players/notes', { playerId: alice, limit: 2, beforeId: first.data.nextBeforeId }, 'viewer');
      expect(second.data).toEqual({
        list: [expect.objectContaining({ body: 'First contact.', author: expect.objectContaining({ name: 'support' }) })],
        nextBeforeId: null,
      });
      expect((await server.call('/ops/v1/players/notes', { playerId: alicia }, 'viewer')).data.list.map((n: any) => n.body)).toEqual([
        'Asked about a late deposit.',
      ]);
      expect(server.audit.at(-1)).toMatchObject({ action: '/ops/v1/players/notes', kind: 'read', target: `player:${alicia}` });
    });

    it('refuses an empty, blank or over-long note with 12 and keeps nothing of it', async () => {
      const before = (await server.call('/ops/v1/players/notes', { playerId: alicia }, 'viewer')).data.list.length;
      expect(await add(alicia, '')).toMatchObject({ code: ErrorCode.INVALID_PARAMETERS });
      expect(await add(alicia, '   ')).toMatchObject({ code: ErrorCode.INVALID_PARAMETERS });
      expect(await add(alicia, 'x'.repeat(2001))).toMatchObject({ code: ErrorCode.INVALID_PARAMETERS });
      expect((await add(alicia, 'y'.repeat(2000))).code).toBe(0);
      expect((await server.call('/ops/v1/players/notes', { playerId: alicia }, 'viewer')).data.list.length).toBe(before + 1);
    });

    it('refuses a player who does not exist with 10004, and a caller without players.read with 10055', async () => {
      expect(await add(99_999_999, 'Nobody.')).toMatchObject({ code: ErrorCode.PLAYER_MISSING });
      expect(await server.call('/ops/v1/players/notes', { playerId: 99_999_999 }, 'viewer')).toMatchObject({ code: ErrorCode.PLAYER_MISSING });
      expect(await add(alice, 'Not mine to write.', 'analyst')).toMatchObject({ status: 403, code: ErrorCode.PERMISSION_DENIED });
    });
  });

  describe('/ops/v1/dashboard/figures', () => {
    it('counts the open queues and the players online, for a caller with dashboard.read only', async () => {
      const { data } = await server.call('/ops/v1/dashboard/figures', {}, 'analyst');
      expect(data.queues).toEqual({ withdrawalsToReview: 1, unansweredChats: 1, heldWins: 1, flaggedReferrals: 1 });
      expect(data.onlinePlayers).toBe(7);
      expect(data.periods.map((p: any) => p.period)).toEqual(['today', '7d', '30d']);
      expect(data.periods[0].registrations).toBe(2);
    });

    it('refuses a caller without dashboard.read with 10055', async () => {
      expect(await server.call('/ops/v1/dashboard/figures', {}, 'viewer')).toMatchObject({ status: 403, code: ErrorCode.PERMISSION_DENIED });
    });
  });
});
