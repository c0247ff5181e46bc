import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../money/ledger-check.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { withThirdGameTables } from './third-game.repo.ts';
import { bothWallets, walletPlayer } from './provider-wallet.test-support.ts';

// The plausibility rules hold on both ways a bet or win is applied: together with others in one
// statement (provider_wallet_apply), and one by one. Each test runs against a wallet of each kind.

let t: TestApp;
let wallets: ReturnType<typeof bothWallets>;
const GAME = 'demo_slot';

beforeAll(async () => {
  t = await startTestApp({ HUB88_CURRENCY: 'USD' });
  wallets = bothWallets(t, { plausibility: { sessionIdleSeconds: 600, winHoldMultiple: 100n, winHoldCap: 1_000_000_000n } });
});

afterAll(async () => {
  await t?.close();
});

afterEach(async () => {
  const check = await checkLedger(t.app.database.db);
  expect(check.problems).toEqual([]);
});

/** A player with `units` (1/100000 USD) of USDT and an open session of GAME. */
const player = (units: bigint) => walletPlayer(t, units, GAME);

const units = async (playerId: number) => (await t.app.services.ledger.balance({ kind: 'player', playerId }, 'USDT')) / 10n;
const heldOf = (playerId: number) =>
  withThirdGameTables(t.app.database.db)
    .selectFrom('provider_held_wins')
    .select(['amount', 'stakes', 'reason', 'status'])
    .where('player_id', '=', playerId)
    .execute();

describe.each(['batched', 'one by one'] as const)('the seamless wallet, %s', (kind) => {
  const wallet = () => wallets[kind];

  it('refuses a bet with RS_ERROR_TOKEN_EXPIRED on a session idle for longer than its idle time, and takes one seen within it', async () => {
    const p = await player(1_000_000n);
    await sql`update third_game_sessions set last_seen_at = now() - interval '11 minutes' where token = ${p.token}`.execute(t.app.database.db);
    expect(await wallet().bet(p.bet(100_000n))).toEqual({ status: 'RS_ERROR_TOKEN_EXPIRED', balance: 1_000_000n });
    await sql`update third_game_sessions set last_seen_at = now() - interval '9 minutes' where token = ${p.token}`.execute(t.app.database.db);
    expect(await wallet().bet(p.bet(100_000n))).toEqual({ status: 'RS_OK', balance: 900_000n });
    expect(await units(p.playerId)).toBe(900_000n);
  });

  it('refuses a win after its round closed and records nothing of it; the closing win replays as before', async () => {
    const p = await player(1_000_000n);
    const bet = p.bet(100_000n);
    await wallet().bet(bet);
    const closing = p.win(bet, 150_000n);
    expect(await wallet().win(closing)).toEqual({ status: 'RS_OK', balance: 1_050_000n });
    const late = p.win(bet, 150_000n, false);
    expect(await wallet().win(late)).toEqual({ status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', balance: 1_050_000n });
    expect(await wallet().win(closing)).toEqual({ status: 'RS_OK', balance: 1_050_000n });
    expect(await wallet().repo.find('hub88', late.transactionUuid)).toBeNull();
    const [round] = await wallet().rounds({ playerId: p.playerId, limit: 1 });
    expect(round).toMatchObject({ winTotal: 1_500_000n });
  });

  it('refuses the rollback of a bet whose round has a win', async () => {
    const p = await player(1_000_000n);
    const bet = p.bet(100_000n);
    await wallet().bet(bet);
    await wallet().win(p.win(bet, 0n, false));
    const rollback = { ...bet, transactionUuid: randomUUID(), referenceTransactionUuid: bet.transactionUuid, roundClosed: true };
    expect(await wallet().rollback(rollback)).toEqual({ status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', balance: 900_000n });
    expect(await units(p.playerId)).toBe(900_000n);
    expect((await wallet().repo.find('hub88', bet.transactionUuid))?.rolledBack).toBe(false);
  });

  it('holds a win above the multiple of its round stakes, answering RS_OK with the balance without it; a plausible win is paid', async () => {
    const p = await player(1_000_000n);
    const bet = p.bet(1_000n);
    await wallet().bet(bet);
    expect(await wallet().win(p.win(bet, 100_000n, false))).toEqual({ status: 'RS_OK', balance: 1_099_000n });
    const big = p.win(bet, 100_001n);
    expect(await wallet().win(big)).toEqual({ status: 'RS_OK', balance: 1_099_000n });
    expect(await wallet().win(big)).toEqual({ status: 'RS_OK', balance: 1_099_000n });
    expect(await heldOf(p.playerId)).toEqual([{ amount: 1_000_010n, stakes: 10_000n, reason: 'multiple', status: 'held' }]);
    const [round] = await wallet().rounds({ playerId: p.playerId, limit: 1 });
    expect(round).toMatchObject({ betTotal: 10_000n, winTotal: 1_000_000n });
    expect(round.closedAt).toBeInstanceOf(Date);
  });

  it('holds a win above the absolute cap', async () => {
    const p = await player(100_000_000n);
    const bet = p.bet(10_000_000n);
    await wallet().bet(bet);
    expect(await wallet().win(p.win(bet, 100_000_001n))).toEqual({ status: 'RS_OK', balance: 90_000_000n });
    expect(await heldOf(p.playerId)).toEqual([{ amount: 1_000_000_010n, stakes: 100_000_000n, reason: 'cap', status: 'held' }]);
  });
});
