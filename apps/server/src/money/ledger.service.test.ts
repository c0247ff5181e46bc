import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../db/database.ts';
import { playerBalances } from './balances.ts';
import { checkLedger } from './ledger-check.ts';
import { DEFAULT_HOUSE_SHARDS, IdempotencyConflictError, InsufficientFundsError, InvalidTransferError, Ledger, type TransferInput } from './ledger.service.ts';
import { bet, fund, migratedTestDatabase, newPlayerId, uniqueKey } from './test-support.ts';

let database: DatabaseHandle;
let db: Db;
let ledger: Ledger;
// A grouped statement that fails for anything but an account's first use is a bug, even though
// the transfers still go through one by one.
const batchErrors: unknown[] = [];
const onBatchError = (error: unknown) => batchErrors.push(error);

beforeAll(async () => {
  database = await migratedTestDatabase();
  db = database.db;
  ledger = new Ledger(db, { onBatchError });
});
afterEach(() => {
  expect(batchErrors).toEqual([]);
});
afterAll(async () => {
  await database?.close();
});

const player = (playerId: number) => ({ kind: 'player' as const, playerId });
const usdt = async (playerId: number) => (await playerBalances(db, playerId)).USDT;
const transferCount = async (key: string) =>
  Number(
    (
      await db
        .selectFrom('ledger_transfers')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('idempotency_key', '=', key)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function expectLedgerHealthy() {
  const result = await checkLedger(db);
  expect(result.problems).toEqual([]);
  expect(result.ok).toBe(true);
}

describe('a transfer', () => {
  it('moves money between accounts, records one entry per leg, and keeps the ledger check passing', async () => {
    const alice = newPlayerId();
    const bob = newPlayerId();
    await fund(ledger, alice, 5_000_000n);
    const result = await ledger.transfer({
      idempotencyKey: uniqueKey(),
      kind: 'gift',
      reference: 'gift-1',
      metadata: { note: 'thanks', big: 1n },
      legs: [
        { account: player(alice), currency: 'USDT', amount: -1_250_000n },
        { account: player(bob), currency: 'USDT', amount: 1_250_000n },
      ],
    });

    expect(result.replayed).toBe(false);
    expect(typeof result.transferId).toBe('bigint');
    expect(result.playerIds.sort()).toEqual([alice, bob].sort());
    expect(await usdt(alice)).toBe(3_750_000n);
    expect(await usdt(bob)).toBe(1_250_000n);
    const transfer = await db.selectFrom('ledger_transfers').selectAll().where('id', '=', result.transferId).executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ kind: 'gift', reference: 'gift-1', metadata: { note: 'thanks', big: '1' } });
    const entries = await db.selectFrom('ledger_entries').select(['amount', 'currency']).where('transfer_id', '=', result.transferId).execute();
    expect(entries.map((e) => BigInt(e.amount)).sort()).toEqual([-1_250_000n, 1_250_000n].sort());
    await expectLedgerHealthy();
  });

  it('creates each account on first use', async () => {
    const carol = newPlayerId();
    expect(await db.selectFrom('ledger_accounts').select('id').where('owner_id', '=', BigInt(carol)).execute()).toEqual([]);
    await fund(ledger, carol, 10n, 'TRX');
    const accounts = await db.selectFrom('ledger_accounts').select(['kind', 'currency', 'balance']).where('owner_id', '=', BigInt(carol)).execute();
    expect(accounts.map((a) => ({ ...a, balance: BigInt(a.balance) }))).toEqual([{ kind: 'player', currency: 'TRX', balance: 10n }]);
  });

  it('moves several currencies atomically, as an exchange does', async () => {
    const dave = newPlayerId();
    await fund(ledger, dave, 100_000_000n);
    await ledger.transfer({
      idempotencyKey: uniqueKey('exchange'),
      kind: 'exchange',
      legs: [
        { account: player(dave), currency: 'USDT', amount: -10_000_000n },
        { account: { kind: 'exchange' }, currency: 'USDT', amount: 10_000_000n },
        { account: { kind: 'exchange' }, currency: 'TRX', amount: -33_000_000n },
        { account: player(dave), currency: 'TRX', amount: 33_000_000n },
      ],
    });
    expect(await playerBalances(db, dave)).toEqual({ USDT: 90_000_000n, TRX: 33_000_000n });
    await expectLedgerHealthy();
  });

  it('lets house and system accounts go negative, never a player', async () => {
    const erin = newPlayerId();
    const before = await ledger.balance({ kind: 'bonus_pool' }, 'TRX');
    await ledger.transfer({
      idempotencyKey: uniqueKey('bonus'),
      kind: 'bonus',
      legs: [
        { account: { kind: 'bonus_pool' }, currency: 'TRX', amount: -7n },
        { account: player(erin), currency: 'TRX', amount: 7n },
      ],
    });
    expect(await ledger.balance({ kind: 'bonus_pool' }, 'TRX')).toBe(before - 7n);
    await expect(
      ledger.transfer({
        idempotencyKey: uniqueKey('bonus'),
        kind: 'bonus',
        legs: [
          { account: player(erin), currency: 'TRX', amount: -8n },
          { account: { kind: 'bonus_pool' }, currency: 'TRX', amount: 8n },
        ],
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
  });

  it('spreads house credits over its shards and reads the house balance as their sum', async () => {
    const frank = newPlayerId();
    await fund(ledger, frank, 1_000n);
    const before = await ledger.balance({ kind: 'house' }, 'USDT');
    for (let i = 0; i < 64; i++) await bet(ledger, frank, 1n);
    expect(await ledger.balance({ kind: 'house' }, 'USDT')).toBe(before + 64n);
    const shards = await db.selectFrom('ledger_accounts').select('owner_id').where('kind', '=', 'house').where('currency', '=', 'USDT').execute();
    expect(shards.length).toBeGreaterThan(1);
    expect(shards.every((s) => BigInt(s.owner_id) >= 0n && BigInt(s.owner_id) < BigInt(DEFAULT_HOUSE_SHARDS))).toBe(true);
    await expectLedgerHealthy();
  });

  it('spreads concurrent transfers on one system account over its shards, one shard each, and reads its balance as their sum', async () => {
    const players = Array.from({ length: 24 }, () => newPlayerId());
    const before = await ledger.balance({ kind: 'provider_settlement' }, 'USDT');
    const keys = players.map(() => uniqueKey('settle'));
    // Each one inside its own transaction, as the seamless wallet posts, and all at once.
    await Promise.all(
      players.map((playerId, i) =>
        db.transaction().execute((trx) =>
          ledger.transfer(
            {
              idempotencyKey: keys[i],
              kind: 'provider_win',
              legs: [
                { account: { kind: 'provider_settlement' }, currency: 'USDT', amount: -BigInt(1_000 + i) },
                { account: player(playerId), currency: 'USDT', amount: BigInt(1_000 + i) },
              ],
            },
            trx,
          ),
        ),
      ),
    );
    const paid = players.reduce((sum, _, i) => sum + BigInt(1_000 + i), 0n);
    expect(await ledger.balance({ kind: 'provider_settlement' }, 'USDT')).toBe(before - paid);
    for (const [i, playerId] of players.entries()) expect(await usdt(playerId)).toBe(BigInt(1_000 + i));
    const legs = await db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['t.idempotency_key', 'a.owner_id'])
      .where('t.idempotency_key', 'in', keys)
      .where('a.kind', '=', 'provider_settlement')
      .execute();
    expect(legs).toHaveLength(players.length);
    const used = new Set(legs.map((leg) => BigInt(leg.owner_id)));
    expect(used.size).toBeGreaterThan(1);
    expect([...used].every((shard) => shard >= 0n && shard < BigInt(DEFAULT_HOUSE_SHARDS))).toBe(true);
    const rows = await db.selectFrom('ledger_accounts').select('balance').where('kind', '=', 'provider_settlement').where('currency', '=', 'USDT').execute();
    expect(rows.reduce((sum, row) => sum + BigInt(row.balance), 0n)).toBe(before - paid);
    await expectLedgerHealthy();
  });

  it('keeps the single-row pools in one row', async () => {
    const playerId = newPlayerId();
    for (let i = 0; i < 8; i++) {
      await ledger.transfer({
        idempotencyKey: uniqueKey('gift'),
        kind: 'vip_gift',
        legs: [
          { account: { kind: 'vip_gifts' }, currency: 'USDT', amount: -1n },
          { account: player(playerId), currency: 'USDT', amount: 1n },
        ],
      });
    }
    const rows = await db.selectFrom('ledger_accounts').select('owner_id').where('kind', '=', 'vip_gifts').where('currency', '=', 'USDT').execute();
    expect(rows.map((row) => BigInt(row.owner_id))).toEqual([0n]);
  });
});

describe('a transfer the ledger refuses as a programming error', () => {
  const alice = newPlayerId();
  const refused: [string, Partial<TransferInput>][] = [
    [
      'legs that do not sum to zero',
      {
        legs: [
          { account: player(alice), currency: 'USDT', amount: 5n },
          { account: { kind: 'house' }, currency: 'USDT', amount: -4n },
        ],
      },
    ],
    [
      'legs that sum to zero overall but not per currency',
      {
        legs: [
          { account: player(alice), currency: 'USDT', amount: 5n },
          { account: { kind: 'house' }, currency: 'TRX', amount: -5n },
        ],
      },
    ],
    [
      'a zero amount',
      {
        legs: [
          { account: player(alice), currency: 'USDT', amount: 0n },
          { account: { kind: 'house' }, currency: 'USDT', amount: 0n },
        ],
      },
    ],
    [
      'a number instead of a bigint',
      {
        legs: [
          { account: player(alice), currency: 'USDT', amount: 5 as any },
          { account: { kind: 'house' }, currency: 'USDT', amount: -5 as any },
        ],
      },
    ],
    ['a single leg', { legs: [{ account: player(alice), currency: 'USDT', amount: 5n }] }],
    [
      'two legs on the same account',
      {
        legs: [
          { account: player(alice), currency: 'USDT', amount: 5n },
          { account: player(alice), currency: 'USDT', amount: 5n },
          { account: { kind: 'house' }, currency: 'USDT', amount: -10n },
        ],
      },
    ],
    [
      'an unknown account',
      {
        legs: [
          { account: { kind: 'casino' } as any, currency: 'USDT', amount: 5n },
          { account: { kind: 'house' }, currency: 'USDT', amount: -5n },
        ],
      },
    ],
    [
      'an invalid player id',
      {
        legs: [
          { account: player(-3), currency: 'USDT', amount: 5n },
          { account: { kind: 'house' }, currency: 'USDT', amount: -5n },
        ],
      },
    ],
    [
      'an unknown currency',
      {
        legs: [
          { account: player(alice), currency: 'BTC' as any, amount: 5n },
          { account: { kind: 'house' }, currency: 'BTC' as any, amount: -5n },
        ],
      },
    ],
    ['an empty idempotency key', { idempotencyKey: '' }],
  ];

  it.each(refused)('refuses %s and moves nothing', async (_name, override) => {
    const input = {
      idempotencyKey: uniqueKey(),
      kind: 'test',
      legs: [
        { account: player(alice), currency: 'USDT' as const, amount: 5n },
        { account: { kind: 'house' as const }, currency: 'USDT' as const, amount: -5n },
      ],
      ...override,
    };
    await expect(ledger.transfer(input)).rejects.toBeInstanceOf(InvalidTransferError);
    expect(await transferCount(input.idempotencyKey)).toBe(0);
    expect(await usdt(alice)).toBe(0n);
  });

  it('is refused by the database too, for a caller that bypasses the service', async () => {
    await expect(
      sql`select * from ledger_post_transfer('rogue', 'test', null, null, '{player,house}', '{1,0}', '{USDT,USDT}', '{5,-4}')`.execute(db),
    ).rejects.toThrow(/sum to zero/);
    expect(await transferCount('rogue')).toBe(0);
  });
});

describe('a debit beyond the balance', () => {
  it('throws InsufficientFundsError and changes nothing', async () => {
    const alice = newPlayerId();
    await fund(ledger, alice, 100n);
    const houseBefore = await ledger.balance({ kind: 'house' }, 'USDT');
    const key = uniqueKey('bet');
    const error = await bet(ledger, alice, 101n, key).catch((e) => e);
    expect(error).toBeInstanceOf(InsufficientFundsError);
    expect(error.playerIds).toEqual([alice]);
    expect(await usdt(alice)).toBe(100n);
    expect(await ledger.balance({ kind: 'house' }, 'USDT')).toBe(houseBefore);
    expect(await transferCount(key)).toBe(0);
    await expectLedgerHealthy();
  });

  it('leaves the idempotency key free, so the same request succeeds once the player can pay', async () => {
    const alice = newPlayerId();
    const key = uniqueKey('bet');
    await expect(bet(ledger, alice, 50n, key)).rejects.toBeInstanceOf(InsufficientFundsError);
    await fund(ledger, alice, 50n);
    expect((await bet(ledger, alice, 50n, key)).replayed).toBe(false);
    expect(await usdt(alice)).toBe(0n);
  });

  it('fails for a player who never had an account, without creating one', async () => {
    const ghost = newPlayerId();
    await expect(bet(ledger, ghost, 1n)).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await db.selectFrom('ledger_accounts').select('id').where('owner_id', '=', BigInt(ghost)).execute()).toEqual([]);
  });
});

describe('idempotency', () => {
  it('moves money once when the same key is sent 5 times in a row', async () => {
    const alice = newPlayerId();
    await fund(ledger, alice, 10n);
    const key = uniqueKey('bet');
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await bet(ledger, alice, 3n, key));
    expect(results.map((r) => r.replayed)).toEqual([false, true, true, true, true]);
    expect(new Set(results.map((r) => r.transferId)).size).toBe(1);
    expect(results.slice(1).every((r) => r.playerIds.length === 0)).toBe(true);
    expect(await usdt(alice)).toBe(7n);
    expect(await transferCount(key)).toBe(1);
  });

  it('moves money once when the same key is sent 5 times at once', async () => {
    const alice = newPlayerId();
    await fund(ledger, alice, 10n);
    const key = uniqueKey('bet');
    const results = await Promise.all(Array.from({ length: 5 }, () => bet(ledger, alice, 3n, key)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transferId)).size).toBe(1);
    expect(await usdt(alice)).toBe(7n);
    await expectLedgerHealthy();
  });

  it('refuses a key already used by a transfer of another kind', async () => {
    const alice = newPlayerId();
    await fund(ledger, alice, 10n);
    const key = uniqueKey('shared');
    await bet(ledger, alice, 1n, key);
    const payout = ledger.transfer({
      idempotencyKey: key,
      kind: 'payout',
      legs: [
        { account: { kind: 'house' }, currency: 'USDT', amount: -2n },
        { account: player(alice), currency: 'USDT', amount: 2n },
      ],
    });
    await expect(payout).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(await usdt(alice)).toBe(9n);
  });
});

describe('inside a caller transaction', () => {
  it('commits with the caller', async () => {
    const alice = newPlayerId();
    await fund(ledger, alice, 10n);
    await db.transaction().execute(async (trx) => {
      await ledger.transfer(
        {
          idempotencyKey: uniqueKey('withdrawal'),
          kind: 'withdrawal',
          legs: [
            { account: player(alice), currency: 'USDT', amount: -4n },
            { account: { kind: 'withdrawal_pending' }, currency: 'USDT', amount: 4n },
          ],
        },
        trx,
      );
      expect((await playerBalances(trx, alice)).USDT).toBe(6n);
    });
    expect(await usdt(alice)).toBe(6n);
  });

  it('rolls back with the caller, leaving no trace and the key free', async () => {
    const alice = newPlayerId();
    await fund(ledger, alice, 10n);
    const key = uniqueKey('withdrawal');
    await expect(
      db.transaction().execute(async (trx) => {
        await bet(new Ledger(trx), alice, 4n, key);
        throw new Error('the withdrawal row could not be created');
      }),
    ).rejects.toThrow('could not be created');
    expect(await usdt(alice)).toBe(10n);
    expect(await transferCount(key)).toBe(0);
    expect((await bet(ledger, alice, 4n, key)).replayed).toBe(false);
    await expectLedgerHealthy();
  });

  it('surfaces an overdraft as InsufficientFundsError and the whole transaction rolls back', async () => {
    const alice = newPlayerId();
    await fund(ledger, alice, 10n);
    await expect(
      db.transaction().execute(async (trx) => {
        await bet(new Ledger(trx), alice, 4n);
        await bet(new Ledger(trx), alice, 7n);
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await usdt(alice)).toBe(10n);
  });
});

describe('under concurrency', () => {
  it('lets exactly 10 of 100 concurrent debits of 1 through a balance of 10', async () => {
    const alice = newPlayerId();
    await fund(ledger, alice, 10n);
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, () => bet(ledger, alice, 1n)));
    const succeeded = outcomes.filter((o) => o.status === 'fulfilled');
    const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(succeeded).toHaveLength(10);
    expect(failed).toHaveLength(90);
    expect(failed.every((o) => o.reason instanceof InsufficientFundsError)).toBe(true);
    expect(await usdt(alice)).toBe(0n);
    await expectLedgerHealthy();
  });

  it('does not deadlock when players pay each other in both directions at once', async () => {
    const players = Array.from({ length: 6 }, () => newPlayerId());
    for (const p of players) await fund(ledger, p, 1_000n);
    const transfers = Array.from({ length: 120 }, (_, i) => {
      const from = players[i % players.length];
      const to = players[(i * 7 + 1) % players.length] === from ? players[(i + 1) % players.length] : players[(i * 7 + 1) % players.length];
      return ledger.transfer({
        idempotencyKey: uniqueKey('p2p'),
        kind: 'p2p',
        legs: [
          { account: player(from), currency: 'USDT', amount: -3n },
          { account: player(to), currency: 'USDT', amount: 3n },
          // Both ends also touch the house, the contended row.
          { account: { kind: 'house' }, currency: 'USDT', amount: 1n },
          { account: { kind: 'chain_fees' }, currency: 'USDT', amount: -1n },
        ],
      });
    });
    await Promise.all(transfers);
    let total = 0n;
    for (const p of players) total += await usdt(p);
    expect(total).toBe(6_000n);
    await expectLedgerHealthy();
  });
});

describe('transfers grouped into one statement', () => {
  // One statement at a time: the first transfer leaves alone, the ones queued behind it leave together.
  const grouped = () => new Ledger(db, { houseShards: 1, batching: { maxConcurrent: 1 }, onBatchError });
  const createdAt = async (transferIds: bigint[]) =>
    (await db.selectFrom('ledger_transfers').select('created_at').where('id', 'in', transferIds).execute()).map((r) => r.created_at.getTime());
  const betInput = (playerId: number, amount: bigint, key = uniqueKey('bet'), kind = 'bet'): TransferInput => ({
    idempotencyKey: key,
    kind,
    legs: [
      { account: player(playerId), currency: 'USDT', amount: -amount },
      { account: { kind: 'house' }, currency: 'USDT', amount },
    ],
  });

  it('posts them in one transaction, each with its own reference and metadata', async () => {
    const ledger = grouped();
    const players = Array.from({ length: 5 }, () => newPlayerId());
    for (const p of players) await fund(ledger, p, 100n);
    const blocker = ledger.transfer(betInput(players[0], 1n));
    const queued = players
      .slice(1)
      .map((p, i) => ledger.transfer({ ...betInput(p, 10n + BigInt(i)), reference: i % 2 ? null : `ref "${i}", {x}\\`, metadata: { i, quote: `'"{}` } }));
    await blocker;
    const results = await Promise.all(queued);
    expect(results.every((r) => !r.replayed)).toBe(true);
    expect(results.map((r) => r.playerIds)).toEqual(players.slice(1).map((p) => [p]));
    expect(new Set(await createdAt(results.map((r) => r.transferId))).size).toBe(1);
    const rows = await db
      .selectFrom('ledger_transfers')
      .select(['id', 'reference', 'metadata'])
      .where(
        'id',
        'in',
        results.map((r) => r.transferId),
      )
      .execute();
    for (const [i, result] of results.entries()) {
      const row = rows.find((r) => BigInt(r.id) === result.transferId)!;
      expect(row.reference).toBe(i % 2 ? null : `ref "${i}", {x}\\`);
      expect(row.metadata).toEqual({ i, quote: `'"{}` });
    }
    expect(await Promise.all(players.slice(1).map(usdt))).toEqual([90n, 89n, 88n, 87n]);
    await expectLedgerHealthy();
  });

  it('answers each transfer on its own: posted, replayed, refused for funds, refused for a reused key', async () => {
    const ledger = grouped();
    const [rich, other, broke, reuser, extra, blockerPlayer] = Array.from({ length: 6 }, () => newPlayerId());
    for (const p of [rich, other, reuser, extra, blockerPlayer]) await fund(ledger, p, 10n);
    await fund(ledger, broke, 1n);
    await bet(ledger, broke, 1n);
    const replayedKey = uniqueKey('bet');
    const first = await ledger.transfer(betInput(other, 2n, replayedKey));
    const payoutKey = uniqueKey('payout');
    await ledger.transfer(betInput(reuser, 1n, payoutKey, 'payout'));

    const blocker = ledger.transfer(betInput(blockerPlayer, 1n));
    const outcomes = Promise.allSettled([
      ledger.transfer(betInput(rich, 4n)),
      ledger.transfer(betInput(other, 2n, replayedKey)),
      ledger.transfer(betInput(broke, 1n)),
      ledger.transfer(betInput(reuser, 1n, payoutKey, 'bet')),
      ledger.transfer(betInput(extra, 3n)),
    ]);
    await blocker;
    const [posted, replayed, insufficient, conflict, alsoPosted] = await outcomes;

    expect(posted).toMatchObject({ status: 'fulfilled', value: { replayed: false, playerIds: [rich] } });
    expect(replayed).toMatchObject({ status: 'fulfilled', value: { replayed: true, transferId: first.transferId, playerIds: [] } });
    expect(insufficient.status === 'rejected' && insufficient.reason).toBeInstanceOf(InsufficientFundsError);
    expect(conflict.status === 'rejected' && conflict.reason).toBeInstanceOf(IdempotencyConflictError);
    expect(alsoPosted.status).toBe('fulfilled');
    if (posted.status === 'fulfilled' && alsoPosted.status === 'fulfilled') {
      expect(new Set(await createdAt([posted.value.transferId, alsoPosted.value.transferId])).size).toBe(1);
    }
    expect(await usdt(rich)).toBe(6n);
    expect(await usdt(other)).toBe(8n);
    expect(await usdt(broke)).toBe(0n);
    expect(await usdt(reuser)).toBe(9n);
    expect(await usdt(extra)).toBe(7n);
    await expectLedgerHealthy();
  });

  it('keeps a refused transfer’s key free for a later attempt', async () => {
    const ledger = grouped();
    const [broke, blockerPlayer, rich] = Array.from({ length: 3 }, () => newPlayerId());
    await fund(ledger, broke, 1n);
    await bet(ledger, broke, 1n);
    await fund(ledger, blockerPlayer, 1n);
    await fund(ledger, rich, 5n);
    const key = uniqueKey('bet');
    const blocker = ledger.transfer(betInput(blockerPlayer, 1n));
    const refused = ledger.transfer(betInput(broke, 3n, key)).catch((e) => e);
    const posted = ledger.transfer(betInput(rich, 1n));
    await blocker;
    expect(await refused).toBeInstanceOf(InsufficientFundsError);
    await posted;
    expect(await transferCount(key)).toBe(0);
    await fund(ledger, broke, 3n);
    expect((await ledger.transfer(betInput(broke, 3n, key))).replayed).toBe(false);
  });

  it('falls back to one by one when a transfer uses an account for the first time', async () => {
    const ledger = new Ledger(db, { batching: { maxConcurrent: 1 }, onBatchError });
    const newcomers = Array.from({ length: 6 }, () => newPlayerId());
    const results = await Promise.all(newcomers.map((p) => fund(ledger, p, 7n)));
    expect(results.every((r) => !r.replayed)).toBe(true);
    expect(await Promise.all(newcomers.map(usdt))).toEqual(newcomers.map(() => 7n));
    await expectLedgerHealthy();
  });

  it('never lets two transfers of one wallet pay for each other', async () => {
    // Netted in one statement, A -> B and B -> A would both pass; one after the other neither can.
    const ledger = grouped();
    const [a, b, blockerPlayer] = Array.from({ length: 3 }, () => newPlayerId());
    for (const p of [a, b]) {
      await fund(ledger, p, 1n);
      await bet(ledger, p, 1n);
    }
    await fund(ledger, blockerPlayer, 1n);
    const p2p = (from: number, to: number) =>
      ledger.transfer({
        idempotencyKey: uniqueKey('p2p'),
        kind: 'p2p',
        legs: [
          { account: player(from), currency: 'USDT', amount: -10n },
          { account: player(to), currency: 'USDT', amount: 10n },
        ],
      });
    const blocker = ledger.transfer(betInput(blockerPlayer, 1n));
    const outcomes = Promise.allSettled([p2p(a, b), p2p(b, a)]);
    await blocker;
    for (const outcome of await outcomes) expect(outcome.status === 'rejected' && outcome.reason).toBeInstanceOf(InsufficientFundsError);
    expect([await usdt(a), await usdt(b)]).toEqual([0n, 0n]);
  });

  it('is refused by the database when a wallet appears twice in one statement', async () => {
    await expect(
      sql`select * from ledger_post_transfers('{k1,k2}', '{bet,bet}', '{null,null}', '[{},{}]', '{1,1,2,2}',
            '{player,house,player,house}', '{1,0,1,0}', '{USDT,USDT,USDT,USDT}', '{-1,1,-1,1}')`.execute(db),
    ).rejects.toThrow(/player wallets distinct/);
  });
});
