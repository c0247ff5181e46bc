import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import { playerBalances } from '../../money/balances.ts';
import { checkLedger } from '../../money/ledger-check.ts';
import { Ledger } from '../../money/ledger.service.ts';
import { bet, fund, migratedTestDatabase, newPlayerId, uniqueKey } from '../../money/test-support.ts';
import { postHashTransferInBulk, type HashLeg } from './hash-ledger.ts';

let database: DatabaseHandle;
let db: Db;
let ledger: Ledger;

beforeAll(async () => {
  database = await migratedTestDatabase();
  db = database.db;
  ledger = new Ledger(db);
});
afterAll(async () => {
  await database?.close();
});

/** A round's payouts: one leg per player, the house paying the sum. */
function payouts(credits: { playerId: number; currency: 'USDT' | 'TRX'; amount: bigint }[]): HashLeg[] {
  const house = new Map<'USDT' | 'TRX', bigint>();
  const legs: HashLeg[] = credits.map(({ playerId, currency, amount }) => {
    house.set(currency, (house.get(currency) ?? 0n) + amount);
    return { account: { kind: 'player', playerId }, currency, amount };
  });
  for (const [currency, total] of house) legs.push({ account: { kind: 'house' }, currency, amount: -total });
  return legs;
}

const transfersUnder = async (prefix: string) =>
  db.selectFrom('ledger_transfers').select(['id', 'idempotency_key']).where('idempotency_key', 'like', `${prefix}%`).execute();

describe('postHashTransferInBulk (a round’s payouts)', () => {
  it('credits every player in one transfer, with one entry per leg, and says so once', async () => {
    const players = Array.from({ length: 200 }, () => newPlayerId());
    // Wallets and a house shard exist, as they do once players have staked.
    for (const playerId of players) await fund(ledger, playerId, 1n);
    await fund(ledger, players[0], 1n);
    await bet(ledger, players[0], 1n);
    const key = uniqueKey();
    const legs = payouts(players.map((playerId, i) => ({ playerId, currency: 'USDT', amount: BigInt(1_000 + i) })));

    const posted = await db.transaction().execute((trx) => postHashTransferInBulk(trx, { idempotencyKey: key, kind: 'hash_payout', legs }));
    const again = await db.transaction().execute((trx) => postHashTransferInBulk(trx, { idempotencyKey: key, kind: 'hash_payout', legs }));

    expect([posted, again]).toEqual([true, false]);
    const transfers = await transfersUnder(key);
    expect(transfers).toHaveLength(1);
    const entries = await db.selectFrom('ledger_entries').select('amount').where('transfer_id', '=', transfers[0].id).execute();
    expect(entries).toHaveLength(players.length + 1);
    expect((await playerBalances(db, players[0])).USDT).toBe(1n + 1_000n);
    expect((await playerBalances(db, players[199])).USDT).toBe(1n + 1_199n);
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('falls back to postings that create accounts when a wallet does not exist yet, moving each amount once', async () => {
    const known = newPlayerId();
    await fund(ledger, known, 5n);
    const fresh = Array.from({ length: 1_200 }, () => newPlayerId());
    const key = uniqueKey();
    const legs = payouts([
      { playerId: known, currency: 'USDT', amount: 7n },
      ...fresh.map((playerId) => ({ playerId, currency: 'TRX' as const, amount: 3n })),
    ]);

    const posted = await db.transaction().execute((trx) => postHashTransferInBulk(trx, { idempotencyKey: key, kind: 'hash_payout', legs }));

    expect(posted).toBe(true);
    // More player legs than one part holds: two balanced parts, under the key and the key with ':1'.
    expect((await transfersUnder(key)).map((t) => t.idempotency_key).sort()).toEqual([key, `${key}:1`]);
    expect((await playerBalances(db, known)).USDT).toBe(12n);
    for (const playerId of [fresh[0], fresh[1_199]]) expect((await playerBalances(db, playerId)).TRX).toBe(3n);
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('moves nothing for a posting whose legs cancel out', async () => {
    const key = uniqueKey();
    const posted = await db.transaction().execute((trx) => postHashTransferInBulk(trx, { idempotencyKey: key, kind: 'hash_payout', legs: [] }));
    expect(posted).toBe(false);
    expect(await transfersUnder(key)).toEqual([]);
  });
});
