import { describe, expect, it } from 'vitest';
import { playerBalances } from './balances.ts';
import { checkLedger } from './ledger-check.ts';
import { IdempotencyConflictError, InsufficientFundsError, type TransferLeg } from './ledger.service.ts';
import { bet, fund, ledgerTestDatabase, newPlayerId, uniqueKey } from './test-support.ts';

const test = ledgerTestDatabase();

/** A round's payouts: one leg per player, the house paying the sum. */
function payouts(credits: { playerId: number; currency: 'USDT' | 'TRX'; amount: bigint }[]): TransferLeg[] {
  const house = new Map<'USDT' | 'TRX', bigint>();
  const legs: TransferLeg[] = credits.map(({ playerId, currency, amount }) => {
    house.set(currency, (house.get(currency) ?? 0n) + amount);
    return { account: { kind: 'player', playerId }, currency, amount };
  });
  for (const [currency, total] of house) legs.push({ account: { kind: 'house' }, currency, amount: -total });
  return legs;
}

const transfersUnder = async (prefix: string) =>
  test.db.selectFrom('ledger_transfers').select(['id', 'idempotency_key']).where('idempotency_key', 'like', `${prefix}%`).execute();

describe('Ledger.postRound (a round’s payouts)', () => {
  it('credits every player in one transfer, with one entry per leg, and says so once', async () => {
    const players = Array.from({ length: 200 }, () => newPlayerId());
    // Wallets and a house shard exist, as they do once players have staked.
    for (const playerId of players) await fund(test.ledger, playerId, 1n);
    await fund(test.ledger, players[0], 1n);
    await bet(test.ledger, players[0], 1n);
    const key = uniqueKey();
    const legs = payouts(players.map((playerId, i) => ({ playerId, currency: 'USDT', amount: BigInt(1_000 + i) })));

    const posted = await test.db.transaction().execute((trx) => test.ledger.postRound({ idempotencyKey: key, kind: 'hash_payout', legs }, trx));
    const again = await test.db.transaction().execute((trx) => test.ledger.postRound({ idempotencyKey: key, kind: 'hash_payout', legs }, trx));

    expect([posted, again]).toEqual([true, false]);
    const transfers = await transfersUnder(key);
    expect(transfers).toHaveLength(1);
    const entries = await test.db.selectFrom('ledger_entries').select('amount').where('transfer_id', '=', transfers[0].id).execute();
    expect(entries).toHaveLength(players.length + 1);
    expect((await playerBalances(test.db, players[0])).USDT).toBe(1n + 1_000n);
    expect((await playerBalances(test.db, players[199])).USDT).toBe(1n + 1_199n);
    expect((await checkLedger(test.db)).problems).toEqual([]);
  });

  it('falls back to postings that create accounts when a wallet does not exist yet, moving each amount once', async () => {
    const known = newPlayerId();
    await fund(test.ledger, known, 5n);
    const fresh = Array.from({ length: 1_200 }, () => newPlayerId());
    const key = uniqueKey();
    const legs = payouts([{ playerId: known, currency: 'USDT', amount: 7n }, ...fresh.map((playerId) => ({ playerId, currency: 'TRX' as const, amount: 3n }))]);

    const posted = await test.db.transaction().execute((trx) => test.ledger.postRound({ idempotencyKey: key, kind: 'hash_payout', legs }, trx));

    expect(posted).toBe(true);
    // More player legs than one part holds: two balanced parts, under the key and the key with ':1'.
    expect((await transfersUnder(key)).map((t) => t.idempotency_key).sort()).toEqual([key, `${key}:1`]);
    expect((await playerBalances(test.db, known)).USDT).toBe(12n);
    for (const playerId of [fresh[0], fresh[1_199]]) expect((await playerBalances(test.db, playerId)).TRX).toBe(3n);
    expect((await checkLedger(test.db)).problems).toEqual([]);
  });

  it('merges legs on the same wallet and currency, so a caller may pass one leg per bet', async () => {
    const player = newPlayerId();
    await fund(test.ledger, player, 1n);
    const key = uniqueKey();
    const legs = payouts([
      { playerId: player, currency: 'USDT', amount: 10n },
      { playerId: player, currency: 'USDT', amount: 5n },
    ]);

    expect(await test.db.transaction().execute((trx) => test.ledger.postRound({ idempotencyKey: key, kind: 'hash_payout', legs }, trx))).toBe(true);

    const [transfer] = await transfersUnder(key);
    expect(await test.db.selectFrom('ledger_entries').select('amount').where('transfer_id', '=', transfer.id).execute()).toHaveLength(2);
    expect((await playerBalances(test.db, player)).USDT).toBe(16n);
  });

  it('refuses a round that would take a player below zero with InsufficientFundsError, moving nothing', async () => {
    const player = newPlayerId();
    await fund(test.ledger, player, 3n);
    await bet(test.ledger, player, 1n);
    const key = uniqueKey();
    const legs: TransferLeg[] = [
      { account: { kind: 'player', playerId: player }, currency: 'USDT', amount: -5n },
      { account: { kind: 'house' }, currency: 'USDT', amount: 5n },
    ];

    const refused = test.db.transaction().execute((trx) => test.ledger.postRound({ idempotencyKey: key, kind: 'hash_debit', legs }, trx));

    await expect(refused).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(refused).rejects.toMatchObject({ playerIds: [player] });
    expect(await transfersUnder(key)).toEqual([]);
    expect((await playerBalances(test.db, player)).USDT).toBe(2n);
  });

  it('refuses a key already used by a transfer of another kind', async () => {
    const player = newPlayerId();
    await fund(test.ledger, player, 1n);
    const key = uniqueKey();
    const legs = payouts([{ playerId: player, currency: 'USDT', amount: 2n }]);
    await test.db.transaction().execute((trx) => test.ledger.postRound({ idempotencyKey: key, kind: 'hash_payout', legs }, trx));

    const reused = test.db.transaction().execute((trx) => test.ledger.postRound({ idempotencyKey: key, kind: 'bonus', legs }, trx));

    await expect(reused).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect((await playerBalances(test.db, player)).USDT).toBe(3n);
  });

  it('moves nothing for a posting whose legs cancel out', async () => {
    const key = uniqueKey();
    const posted = await test.db.transaction().execute((trx) => test.ledger.postRound({ idempotencyKey: key, kind: 'hash_payout', legs: [] }, trx));
    expect(posted).toBe(false);
    expect(await transfersUnder(key)).toEqual([]);
  });
});
