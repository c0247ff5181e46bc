import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../../money/ledger-check.ts';
import { createAutomationKey } from '../../../testing/ops-key.ts';
import { startTestApp, type TestApp } from '../../../testing/test-app.ts';
import { ThirdGameRepository, withThirdGameTables } from '../third-game.repo.ts';
import { TEST_AGGREGATOR_PUBLIC_KEY_PEM } from './test-key-pair.ts';
import { callbacks, newToken, walletCall } from './wallet-test-support.ts';

// What the wallet believes of a signed callback (PROVIDERS.md "Plausibility"), as the aggregator and
// the operator see it: signed callbacks over real HTTP, the player's own calls, the operator calls.

let t: TestApp;
/** Keys acting under a person's name, as the finance staff deciding held wins. */
const staff: Record<'alice' | 'bob' | 'carol', string> = { alice: '', bob: '', carol: '' };
const GAME = 'demo_slot';

beforeAll(async () => {
  t = await startTestApp({ HUB88_PUBLIC_KEY: TEST_AGGREGATOR_PUBLIC_KEY_PEM, HUB88_CURRENCY: 'USD' });
  // Keys created by no staff member: three different people, each may ask for a release and decide another's.
  for (const name of ['alice', 'bob', 'carol'] as const)
    staff[name] = (await createAutomationKey(db(), ['finance.held-wins', 'finance.adjust.approve'], name)).key;
});

afterAll(async () => {
  await t?.close();
});

afterEach(async () => {
  const check = await checkLedger(t.app.database.db);
  expect(check.problems).toEqual([]);
});

const db = () => t.app.database.db;

/** A signed-in player with `usd` dollars of USDT and a game session of GAME opened after the login. */
async function player(usd = 100) {
  const registered = await t.registerPlayer();
  const { playerId } = registered;
  await t.app.services.ledger.transfer({
    idempotencyKey: `test-deposit:${playerId}`,
    kind: 'deposit',
    legs: [
      { account: { kind: 'deposit_clearing' }, currency: 'USDT', amount: -BigInt(usd) * 1_000_000n },
      { account: { kind: 'player', playerId }, currency: 'USDT', amount: BigInt(usd) * 1_000_000n },
    ],
  });
  const token = await openGame(playerId);
  return { ...registered, appToken: registered.token, token, ...callbacks(playerId, token, GAME) };
}

async function openGame(playerId: number): Promise<string> {
  const token = newToken();
  await new ThirdGameRepository(db()).createSession({ token, playerId, aggregator: 'hub88', gameCode: GAME, gameType: 10, manufacturer: 'Demo Studio' });
  return token;
}

const post = (path: string, body: unknown) => walletCall(t.url, path, body);
const usdtMicro = (playerId: number) => t.app.services.ledger.balance({ kind: 'player', playerId }, 'USDT');
const sessionEnded = async (token: string) => (await new ThirdGameRepository(db()).findSession(token))?.endedAt !== null;
const transactionRows = (playerId: number) =>
  withThirdGameTables(db())
    .selectFrom('provider_transactions')
    .select(['transaction_uuid', 'kind', 'rolled_back'])
    .where('player_id', '=', playerId)
    .orderBy('id')
    .execute();
/** A held-wins operator call (`list`, `release`, `reject`), with the automation key unless another is given. */
const ops = (action: string, body: unknown, key?: string | null) => t.ops(`/ops/v1/heldWins/${action}`, body, key);
/** A second person's decision on a four-eyes request. */
const decide = (id: number, approve: boolean, key: string) =>
  t.ops('/ops/v1/approvals/decide', { id, approve, reason: 'checked the round with the studio' }, key);

describe('game sessions end with the app session they were played in', () => {
  it('refuses a bet with RS_ERROR_TOKEN_EXPIRED after the player logged out', async () => {
    const p = await player(10);
    expect((await post('/transaction/bet', p.bet(100_000))).json.status).toBe('RS_OK');
    expect((await t.call('/v1/player/logout', {}, { token: p.appToken })).code).toBe(0);
    await expect.poll(() => sessionEnded(p.token)).toBe(true);
    expect((await post('/transaction/bet', p.bet(100_000))).json).toMatchObject({ status: 'RS_ERROR_TOKEN_EXPIRED', balance: 900_000 });
    expect(await usdtMicro(p.playerId)).toBe(9_000_000n);
  });

  it('ends after a password reset (every app session ended), and a win of a bet placed before still pays', async () => {
    const p = await player(10);
    const bet = p.bet(100_000);
    expect((await post('/transaction/bet', bet)).json.status).toBe('RS_OK');
    // What a reset with an e-mailed code does: every app session ends as password_changed, announced.
    await sql`update player_sessions set ended_at = now(), end_reason = 'password_changed' where player_id = ${p.playerId} and ended_at is null`.execute(db());
    await t.app.services.sessions.announceEnded(p.playerId);
    await expect.poll(() => sessionEnded(p.token)).toBe(true);
    expect((await post('/transaction/bet', p.bet(100_000))).json.status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect((await post('/transaction/win', p.win(bet, 300_000))).json).toMatchObject({ status: 'RS_OK', balance: 1_200_000 });
  });

  it('ends the games launched before a login elsewhere, and keeps a game entered after it', async () => {
    const p = await player(10);
    const login = await t.call('/v1/player/login', { kind: 1, account: p.account, password: p.password });
    expect(login.code).toBe(0);
    await expect.poll(() => sessionEnded(p.token)).toBe(true);
    const fresh = callbacks(p.playerId, await openGame(p.playerId), GAME);
    // Another announcement (another instance, a late one) leaves the game of the live login alone.
    await t.app.services.sessions.announceEnded(p.playerId);
    expect((await post('/transaction/bet', p.bet(100_000))).json.status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect((await post('/transaction/bet', fresh.bet(100_000))).json).toMatchObject({ status: 'RS_OK', balance: 900_000 });
  });

  it('ends when the account is frozen, and stays ended once it is good again', async () => {
    const p = await player(10);
    await sql`update players set status = 1 where id = ${p.playerId}`.execute(db());
    expect(await sessionEnded(p.token)).toBe(true);
    expect((await post('/transaction/bet', p.bet(100_000))).json.status).toBe('RS_ERROR_USER_DISABLED');
    await sql`update players set status = 0 where id = ${p.playerId}`.execute(db());
    expect((await post('/transaction/bet', p.bet(100_000))).json).toMatchObject({ status: 'RS_ERROR_TOKEN_EXPIRED', balance: 1_000_000 });
    expect(await usdtMicro(p.playerId)).toBe(10_000_000n);
  });

  it('refuses a bet on a session idle for longer than the idle time, and a callback keeps a session alive', async () => {
    const p = await player(10);
    const quiet = await openGame(p.playerId);
    await sql`update third_game_sessions set last_seen_at = now() - interval '31 minutes' where token = ${quiet}`.execute(db());
    await sql`update third_game_sessions set last_seen_at = now() - interval '29 minutes' where token = ${p.token}`.execute(db());
    const idle = callbacks(p.playerId, quiet, GAME);
    expect((await post('/transaction/bet', idle.bet(100_000))).json).toMatchObject({ status: 'RS_ERROR_TOKEN_EXPIRED', balance: 1_000_000 });
    expect((await post('/transaction/bet', p.bet(100_000))).json).toMatchObject({ status: 'RS_OK', balance: 900_000 });
    const seen = await withThirdGameTables(db())
      .selectFrom('third_game_sessions')
      .select('last_seen_at')
      .where('token', '=', p.token)
      .executeTakeFirstOrThrow();
    expect(Date.now() - seen.last_seen_at.getTime()).toBeLessThan(60_000);
  });
});

describe('POST /hub88/wallet/transaction/win after its round closed', () => {
  it('refuses the win with RS_ERROR_TRANSACTION_DOES_NOT_EXIST and changes nothing; the closing win still replays', async () => {
    const p = await player(10);
    const bet = p.bet(100_000);
    await post('/transaction/bet', bet);
    const closing = p.win(bet, 200_000);
    expect((await post('/transaction/win', closing)).json).toMatchObject({ status: 'RS_OK', balance: 1_100_000 });
    const late = p.win(bet, 500_000, { round_closed: false });
    expect((await post('/transaction/win', late)).json).toMatchObject({ status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', balance: 1_100_000 });
    expect((await post('/transaction/win', late)).json.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect((await post('/transaction/win', closing)).json).toMatchObject({ status: 'RS_OK', balance: 1_100_000 });
    expect(await usdtMicro(p.playerId)).toBe(11_000_000n);
    expect((await transactionRows(p.playerId)).map((row) => row.transaction_uuid)).toEqual([bet.transaction_uuid, closing.transaction_uuid]);
    const [round] = await t.app.services.providerWallet.rounds({ playerId: p.playerId, limit: 1 });
    expect(round).toMatchObject({ betTotal: 1_000_000n, winTotal: 2_000_000n });
  });

  it('refuses a win on another bet of a round a win closed', async () => {
    const p = await player(10);
    const first = p.bet(100_000);
    const second = { ...p.bet(100_000), round: first.round };
    await post('/transaction/bet', first);
    await post('/transaction/bet', second);
    expect((await post('/transaction/win', p.win(first, 0))).json.status).toBe('RS_OK');
    expect((await post('/transaction/win', p.win(second, 400_000))).json).toMatchObject({ status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', balance: 800_000 });
    expect(await usdtMicro(p.playerId)).toBe(8_000_000n);
  });
});

describe('POST /hub88/wallet/transaction/rollback of a bet whose round has a win', () => {
  it('refuses the rollback with RS_ERROR_TRANSACTION_DOES_NOT_EXIST and refunds nothing', async () => {
    const p = await player(10);
    const bet = p.bet(100_000);
    await post('/transaction/bet', bet);
    expect((await post('/transaction/win', p.win(bet, 300_000))).json).toMatchObject({ status: 'RS_OK', balance: 1_200_000 });
    const rollback = p.rollback(bet);
    expect((await post('/transaction/rollback', rollback)).json).toMatchObject({ status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', balance: 1_200_000 });
    expect(await usdtMicro(p.playerId)).toBe(12_000_000n);
    const rows = await transactionRows(p.playerId);
    expect(rows.map((row) => [row.kind, row.rolled_back])).toEqual([
      ['bet', false],
      ['win', false],
    ]);
  });

  it('refuses the rollback of another bet of that round, also after a win of 0 that left the round open', async () => {
    const p = await player(10);
    const first = p.bet(100_000);
    const second = { ...p.bet(200_000), round: first.round };
    await post('/transaction/bet', first);
    expect((await post('/transaction/win', p.win(first, 0, { round_closed: false }))).json.status).toBe('RS_OK');
    await post('/transaction/bet', second);
    expect((await post('/transaction/rollback', p.rollback(second))).json).toMatchObject({ status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', balance: 700_000 });
    expect(await usdtMicro(p.playerId)).toBe(7_000_000n);
  });
});

describe('implausible wins', () => {
  it('holds a win of 5,000,000 on a bet of 10 for an operator, answering RS_OK with the balance without it', async () => {
    const p = await player(10);
    const bet = p.bet(10);
    await post('/transaction/bet', bet);
    const win = p.win(bet, 5_000_000);
    expect((await post('/transaction/win', win)).json).toMatchObject({ status: 'RS_OK', balance: 999_990 });
    expect((await post('/transaction/win', win)).json).toMatchObject({ status: 'RS_OK', balance: 999_990 });
    expect(await usdtMicro(p.playerId)).toBe(9_999_900n);
  });

  it('lets an operator list a held win and ask for its release, which a second person approves: paid once, with the reason', async () => {
    const p = await player(10);
    const bet = p.bet(10);
    await post('/transaction/bet', bet);
    await post('/transaction/win', p.win(bet, 5_000_000));
    const listed = await ops('list', { playerId: p.playerId });
    expect(listed.data.list).toEqual([
      expect.objectContaining({ playerId: p.playerId, round: bet.round, amount: '50', stakes: '0.0001', currency: 'USDT', reason: 'multiple', status: 'held' }),
    ]);
    const id = listed.data.list[0].id;
    const held = await t.app.services.ledger.balance({ kind: 'provider_held_wins' }, 'USDT');
    expect(held).toBeGreaterThanOrEqual(50_000_000n);

    const asked = await ops('release', { id, reason: 'verified with the studio' }, staff.alice);
    expect(asked).toMatchObject({
      code: 0,
      data: {
        decidedNow: false,
        heldWin: { id, status: 'held' },
        approvalRequest: {
          kind: 'heldWin.release',
          status: 'pending',
          requestedBy: { name: 'alice' },
          payload: { heldWinId: id, playerId: p.playerId, amount: '50', currency: 'USDT' },
        },
      },
    });
    const request = asked.data.approvalRequest.id;
    expect((await ops('release', { id, reason: 'verified with the studio' }, staff.bob)).data.approvalRequest.id).toBe(request);
    expect(await usdtMicro(p.playerId)).toBe(9_999_900n);
    expect((await decide(request, true, staff.alice)).code).toBe(10058);

    const decisions = await Promise.all([decide(request, true, staff.bob), decide(request, true, staff.carol)]);
    expect(decisions.map((d) => d.code).sort()).toEqual([0, 10059]);
    const decider = decisions.find((d) => d.code === 0)!.data.decidedBy.name;
    expect(await usdtMicro(p.playerId)).toBe(9_999_900n + 50_000_000n);
    expect(await t.app.services.ledger.balance({ kind: 'provider_held_wins' }, 'USDT')).toBe(held - 50_000_000n);
    const [round] = await t.app.services.providerWallet.rounds({ playerId: p.playerId, limit: 1 });
    expect(round.winTotal).toBe(50_000_000n);
    expect((await ops('reject', { id, reason: 'too late' }, staff.bob)).code).toBe(10021);
    expect((await ops('release', { id, reason: 'verified with the studio' }, staff.alice)).data).toMatchObject({
      decidedNow: false,
      approvalRequest: null,
      heldWin: { status: 'released' },
    });
    expect((await ops('list', { status: 'released', playerId: p.playerId })).data.list[0]).toMatchObject({
      decidedBy: decider,
      decisionReason: 'verified with the studio',
    });
  });

  /** A player of 10 USD whose win of 50 on a bet of 0.0001 is held. */
  async function playerWithHeldWin() {
    const p = await player(10);
    const bet = p.bet(10);
    await post('/transaction/bet', bet);
    await post('/transaction/win', p.win(bet, 5_000_000));
    const [held] = (await ops('list', { playerId: p.playerId })).data.list;
    return { p, held };
  }

  it('fails a release request whose win was rejected meanwhile (10021): the player is paid nothing', async () => {
    const { p, held } = await playerWithHeldWin();
    const request = (await ops('release', { id: held.id, reason: 'looks fine to me' }, staff.alice)).data.approvalRequest.id;
    expect((await ops('reject', { id: held.id, reason: 'the studio confirmed a fault' }, staff.bob)).data).toMatchObject({
      decidedNow: true,
      heldWin: { status: 'rejected' },
    });
    expect((await decide(request, true, staff.carol)).code).toBe(10021);
    expect(await usdtMicro(p.playerId)).toBe(9_999_900n);
  });

  it('refuses a second person without finance.held-wins with 10055', async () => {
    const { key: adjuster } = await createAutomationKey(db(), ['finance.adjust.approve'], 'dave');
    const { held } = await playerWithHeldWin();
    const request = (await ops('release', { id: held.id, reason: 'looks fine to me' }, staff.alice)).data.approvalRequest.id;
    expect(await decide(request, true, adjuster)).toMatchObject({ status: 403, code: 10055 });
  });

  it('holds a win above the absolute cap whatever its stakes, and a rejection returns it to the settlement account', async () => {
    const p = await player(200);
    const bet = p.bet(10_000_000); // 100 USD
    await post('/transaction/bet', bet);
    // 100,001 USD: 1,000x the stake, plausible by the multiple, above the 100,000 USDT cap.
    expect((await post('/transaction/win', p.win(bet, 10_000_100_000))).json).toMatchObject({ status: 'RS_OK', balance: 10_000_000 });
    const [held] = (await ops('list', { playerId: p.playerId })).data.list;
    expect(held).toMatchObject({ reason: 'cap', amount: '100001' });
    const rejected = await ops('reject', { id: held.id, reason: 'the studio confirmed a fault' }, staff.carol);
    expect(rejected.data).toMatchObject({ decidedNow: true, heldWin: { status: 'rejected', decidedBy: 'carol' } });
    expect(await usdtMicro(p.playerId)).toBe(100_000_000n);
    expect((await ops('release', { id: held.id, reason: 'changed my mind' }, staff.carol)).code).toBe(10021);
  });

  it('refuses the operator calls without a key, without finance.held-wins, or with bad input, deciding nothing', async () => {
    expect((await ops('list', {}, 'wrong-key-wrong-key')).status).toBe(401);
    expect((await ops('list', {}, null)).status).toBe(401);
    const { key: reader } = await createAutomationKey(db(), ['finance.read']);
    expect(await ops('release', { id: 1, reason: 'not mine to decide' }, reader)).toMatchObject({ status: 403, code: 10055 });
    expect((await ops('release', { id: 1 })).code).toBe(12);
    expect((await ops('release', { id: 1, reason: 'why', by: 'someone' })).code).toBe(12);
    expect((await ops('release', { id: 999_999, reason: 'no such win' })).code).toBe(12);
  });
});
