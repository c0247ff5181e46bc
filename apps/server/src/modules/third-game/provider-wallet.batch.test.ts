import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../money/ledger-check.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { ProviderWalletService, type WalletOutcome } from './provider-wallet.service.ts';
import { ThirdGameRepository, withThirdGameTables } from './third-game.repo.ts';
import { walletPlayer } from './provider-wallet.test-support.ts';

// Bets and wins that arrive together are applied together (provider-wallet.batch.ts). With one batch
// in flight at a time, calls submitted in one go queue behind the first and leave as one batch, so
// these tests know a batch formed; each call must be answered exactly as when it is sent alone.

let t: TestApp;
let wallet: ProviderWalletService;
let batches = 0;
const GAME = 'demo_slot';

beforeAll(async () => {
  t = await startTestApp({ HUB88_CURRENCY: 'USD' });
  const app = t.app.services.providerWallet;
  wallet = new ProviderWalletService(t.app.database.db, t.app.services.ledger, { ...app.options, batching: { maxConcurrent: 1 } });
  const applyBatch = wallet.repo.applyBatch.bind(wallet.repo);
  wallet.repo.applyBatch = (...args) => {
    batches++;
    return applyBatch(...args);
  };
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
const ok = (balance: bigint): WalletOutcome => ({ status: 'RS_OK', balance });

describe('bets and wins applied together', () => {
  it("applies 40 players' rounds together, each once, answering each player's balance after it", async () => {
    const players = await Promise.all(Array.from({ length: 40 }, () => player(1_000_000n)));
    const before = batches;
    const bets = players.map((p) => p.bet(100_000n));
    expect(await Promise.all(bets.map((b) => wallet.bet(b)))).toEqual(players.map(() => ok(900_000n)));
    const wins = players.map((p, i) => p.win(bets[i], i % 3 === 0 ? 200_000n : 0n));
    const after = players.map((_, i) => (i % 3 === 0 ? 1_100_000n : 900_000n));
    expect(await Promise.all(wins.map((w) => wallet.win(w)))).toEqual(after.map(ok));
    expect(batches - before).toBeGreaterThanOrEqual(2);

    for (const [i, p] of players.entries()) expect(await units(p.playerId)).toBe(after[i]);
    const ids = players.map((p) => p.playerId);
    const rounds = await withThirdGameTables(t.app.database.db)
      .selectFrom('provider_rounds')
      .select(['player_id', 'round', 'bet_total', 'win_total', 'bet_count', 'closed_at', 'game_type', 'manufacturer'])
      .where('player_id', 'in', ids)
      .execute();
    expect(rounds).toHaveLength(40);
    for (const round of rounds) {
      const i = ids.indexOf(round.player_id);
      expect(round).toMatchObject({
        round: bets[i].round,
        bet_total: 1_000_000n,
        win_total: i % 3 === 0 ? 2_000_000n : 0n,
        bet_count: 1,
        game_type: 10,
        manufacturer: 'Demo Studio',
      });
      expect(round.closed_at).not.toBeNull();
    }
    const turnover = await t.app.database.db.selectFrom('turnover_records').select(['player_id', 'round_key', 'valid']).where('player_id', 'in', ids).execute();
    expect(turnover.map((r) => [r.round_key, r.valid]).sort()).toEqual(players.map((_, i) => [`tp:hub88:${bets[i].round}`, 1_000_000n]).sort());

    // Every call again, in one go: each answers as it did, and nothing moves.
    const again = await Promise.all([...bets.map((b) => wallet.bet(b)), ...wins.map((w) => wallet.win(w))]);
    expect(again.every((outcome) => outcome.status === 'RS_OK')).toBe(true);
    for (const [i, p] of players.entries()) expect(await units(p.playerId)).toBe(after[i]);
  });

  it('answers each call the batch cannot apply as the protocol says, and the plain ones as usual', async () => {
    const plain = await Promise.all(Array.from({ length: 12 }, () => player(1_000_000n)));
    const [ended, wrongCurrency, rolledBack, replayed, otherGame] = await Promise.all(Array.from({ length: 5 }, () => player(1_000_000n)));
    await new ThirdGameRepository(t.app.database.db).endSessions(ended.playerId);
    const refunded = rolledBack.bet(100_000n);
    expect(await wallet.bet(refunded)).toEqual(ok(900_000n));
    expect(
      (await wallet.rollback({ ...refunded, transactionUuid: randomUUID(), referenceTransactionUuid: refunded.transactionUuid, roundClosed: true })).status,
    ).toBe('RS_OK');
    const known = replayed.bet(100_000n);
    expect(await wallet.bet(known)).toEqual(ok(900_000n));

    const before = batches;
    const [endedOutcome, currencyOutcome, afterRollback, replay, unknownGame, ...plainOutcomes] = await Promise.all([
      wallet.bet(ended.bet(100_000n)),
      wallet.bet(wrongCurrency.bet(100_000n, { currency: 'EUR' })),
      wallet.win(rolledBack.win(refunded, 50_000n)),
      wallet.bet(known),
      wallet.bet(otherGame.bet(100_000n, { gameCode: 'no_such_game' })),
      ...plain.map((p) => wallet.bet(p.bet(100_000n))),
    ]);

    expect(batches).toBeGreaterThan(before);
    expect(endedOutcome).toEqual({ status: 'RS_ERROR_TOKEN_EXPIRED', balance: 1_000_000n });
    expect(currencyOutcome.status).toBe('RS_ERROR_WRONG_CURRENCY');
    expect(afterRollback).toEqual({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', balance: 1_000_000n });
    expect(replay).toEqual(ok(900_000n));
    expect(unknownGame.status).toBe('RS_ERROR_INVALID_GAME');
    expect(plainOutcomes).toEqual(plain.map(() => ok(900_000n)));
    for (const p of [ended, wrongCurrency, rolledBack, otherGame]) expect(await units(p.playerId)).toBe(1_000_000n);
  });

  it('answers an overdraft in a batch with RS_ERROR_NOT_ENOUGH_MONEY and applies the other calls once', async () => {
    const rich = await Promise.all(Array.from({ length: 10 }, () => player(1_000_000n)));
    const poor = await player(50_000n);
    const before = batches;
    const [poorOutcome, ...richOutcomes] = await Promise.all([wallet.bet(poor.bet(100_000n)), ...rich.map((p) => wallet.bet(p.bet(100_000n)))]);
    expect(batches).toBeGreaterThan(before);
    expect(poorOutcome).toEqual({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 50_000n });
    expect(richOutcomes).toEqual(rich.map(() => ok(900_000n)));
    for (const p of rich) expect(await units(p.playerId)).toBe(900_000n);
    expect(await units(poor.playerId)).toBe(50_000n);
  });
});
