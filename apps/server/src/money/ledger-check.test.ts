import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../db/database.ts';
import { checkLedger } from './ledger-check.ts';
import { InsufficientFundsError, Ledger } from './ledger.service.ts';
import { bet, fund, migratedTestDatabase, newPlayerId, uniqueKey } from './test-support.ts';

let database: DatabaseHandle;
let db: Db;
let ledger: Ledger;

beforeAll(async () => {
  database = await migratedTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/**
 * Each test tampers with the books inside a transaction that is rolled back afterwards, so tests see
 * only their own data and leave nothing behind. `db` and `ledger` point into that transaction.
 */
function tampering(name: string, body: () => Promise<void>) {
  it(name, async () => {
    const trx = await database.db.startTransaction().execute();
    db = trx;
    ledger = new Ledger(trx);
    try {
      await body();
    } finally {
      await trx.rollback().execute();
    }
  });
}

async function accountId(playerId: number): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('kind', '=', 'player')
    .where('owner_id', '=', BigInt(playerId))
    .executeTakeFirstOrThrow();
  return BigInt(row.id);
}

describe('the ledger check', () => {
  tampering('passes on an empty ledger', async () => {
    const result = await checkLedger(db);
    expect(result).toEqual({
      ok: true,
      problems: [],
      stats: {
        accounts: 0,
        transfers: 0,
        entries: 0,
        playerBalances: { USDT: '0', TRX: '0' },
        bonusBalances: { USDT: '0', TRX: '0' },
        houseBalances: { USDT: '0', TRX: '0' },
      },
    });
  });

  tampering('passes after real activity and reports what players and the house hold', async () => {
    const alice = newPlayerId();
    await fund(ledger, alice, 1_000n);
    await fund(ledger, alice, 5n, 'TRX');
    await bet(ledger, alice, 300n);
    const result = await checkLedger(db);
    expect(result.ok).toBe(true);
    expect(result.stats).toMatchObject({ transfers: 3, entries: 6, playerBalances: { USDT: '700', TRX: '5' }, houseBalances: { USDT: '300', TRX: '0' } });
  });

  tampering('detects a balance changed behind the ledger’s back', async () => {
    const alice = newPlayerId();
    await fund(ledger, alice, 1_000n);
    await db
      .updateTable('ledger_accounts')
      .set({ balance: 1_000_000n })
      .where('id', '=', await accountId(alice))
      .execute();
    const result = await checkLedger(db);
    expect(result.ok).toBe(false);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(/1 accounts whose balance differs from the sum of their entries/);
    expect(result.problems[0]).toContain(`player ${alice} USDT) balance 1000000, entries sum to 1000`);
  });

  tampering('detects an entry added outside a transfer, which unbalances it', async () => {
    const alice = newPlayerId();
    const { transferId } = await fund(ledger, alice, 1_000n);
    await db
      .insertInto('ledger_entries')
      .values({ transfer_id: transferId, account_id: await accountId(alice), currency: 'USDT', amount: 1n })
      .execute();
    const result = await checkLedger(db);
    expect(result.ok).toBe(false);
    expect(result.problems.join('\n')).toContain(`transfer ${transferId} USDT sums to 1`);
    expect(result.problems.join('\n')).toMatch(/accounts whose balance differs/);
  });

  tampering('detects a transfer without entries and an entry in the wrong currency', async () => {
    const alice = newPlayerId();
    const { transferId } = await fund(ledger, alice, 1_000n);
    await db.insertInto('ledger_transfers').values({ idempotency_key: 'orphan', kind: 'test' }).execute();
    await db
      .insertInto('ledger_entries')
      .values({ transfer_id: transferId, account_id: await accountId(alice), currency: 'TRX', amount: 1n })
      .execute();
    const problems = (await checkLedger(db)).problems.join('\n');
    expect(problems).toMatch(/1 transfers without entries: transfer \d+ \(orphan\)/);
    expect(problems).toMatch(/1 entries in a currency other than their account/);
  });

  tampering('detects an entry naming a transfer or an account that does not exist', async () => {
    const alice = newPlayerId();
    const { transferId } = await fund(ledger, alice, 1_000n);
    const account = await accountId(alice);
    // Balanced in itself, so only the missing rows it names give it away.
    await db
      .insertInto('ledger_entries')
      .values([
        { transfer_id: transferId + 1_000n, account_id: account, currency: 'USDT', amount: 1n },
        { transfer_id: transferId + 1_000n, account_id: account, currency: 'USDT', amount: -1n },
        { transfer_id: transferId, account_id: account + 1_000n, currency: 'USDT', amount: 2n },
        { transfer_id: transferId, account_id: account, currency: 'USDT', amount: -2n },
      ])
      .execute();
    const problems = (await checkLedger(db)).problems.join('\n');
    expect(problems).toMatch(/3 entries whose transfer or account does not exist/);
    expect(problems).toContain(`of transfer ${transferId + 1_000n} on account ${account}`);
    expect(problems).toContain(`of transfer ${transferId} on account ${account + 1_000n}`);
  });

  tampering('detects a negative player balance even if the database constraint were dropped', async () => {
    const alice = newPlayerId();
    await fund(ledger, alice, 10n);
    await sql`alter table ledger_accounts drop constraint ledger_player_balance_non_negative`.execute(db);
    await db
      .updateTable('ledger_accounts')
      .set({ balance: -5n })
      .where('id', '=', await accountId(alice))
      .execute();
    const problems = (await checkLedger(db)).problems.join('\n');
    expect(problems).toContain(`1 negative player balances (cash or bonus): player ${alice} USDT -5`);
  });

  tampering('detects bonus money that no requirement, open bet or experience holds', async () => {
    const alice = newPlayerId();
    await ledger.transfer({
      idempotencyKey: uniqueKey('stray-bonus'),
      kind: 'test',
      legs: [
        { account: { kind: 'bonus_pool' }, currency: 'TRX', amount: -7n },
        { account: { kind: 'player_bonus', playerId: alice }, currency: 'TRX', amount: 7n },
      ],
    });
    const result = await checkLedger(db);
    expect(result.problems).toEqual([`1 bonus balances with no requirement left to release them: player ${alice} TRX bonus 7`]);
    expect(result.stats.bonusBalances).toEqual({ USDT: '0', TRX: '7' });
  });

  tampering('lists a bounded number of examples with the full count', async () => {
    const players = Array.from({ length: 25 }, () => newPlayerId());
    for (const p of players) await fund(ledger, p, 10n);
    await db
      .updateTable('ledger_accounts')
      .set((eb) => ({ balance: eb('balance', '+', 1n) }))
      .where('kind', '=', 'player')
      .execute();
    const [problem] = (await checkLedger(db)).problems;
    expect(problem).toMatch(/^25 accounts whose balance differs from the sum of their entries \(first 20\)/);
  });
});

describe('ledger entries', () => {
  tampering('cannot be updated', async () => {
    const { transferId } = await fund(ledger, newPlayerId(), 10n);
    await expect(db.updateTable('ledger_entries').set({ amount: 11n }).where('transfer_id', '=', transferId).execute()).rejects.toThrow(/append-only/);
  });

  tampering('cannot be deleted', async () => {
    const { transferId } = await fund(ledger, newPlayerId(), 10n);
    await expect(db.deleteFrom('ledger_entries').where('transfer_id', '=', transferId).execute()).rejects.toThrow(/append-only/);
  });
});

/** Runs a statement the database must refuse, under a savepoint, so the test's transaction goes on. */
async function refusal(statement: () => Promise<unknown>): Promise<string> {
  await sql`savepoint refused`.execute(db);
  try {
    await statement();
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await sql`rollback to savepoint refused`.execute(db);
  }
}

describe('what ledger entries name', () => {
  tampering('keeps every account: none can be deleted, truncated or renumbered', async () => {
    const alice = newPlayerId();
    await fund(ledger, alice, 10n);
    const id = await accountId(alice);
    expect(await refusal(() => db.deleteFrom('ledger_accounts').where('id', '=', id).execute())).toMatch(/delete of ledger_accounts refused/);
    expect(
      await refusal(() =>
        db
          .updateTable('ledger_accounts')
          .set({ id: id + 1_000n })
          .where('id', '=', id)
          .execute(),
      ),
    ).toMatch(/update of ledger_accounts refused/);
    expect(await refusal(() => sql`truncate ledger_accounts`.execute(db))).toMatch(/truncate of ledger_accounts refused/);
    expect(await accountId(alice)).toBe(id);
  });

  tampering('keeps a transfer that has entries, and lets one without go', async () => {
    const { transferId } = await fund(ledger, newPlayerId(), 10n);
    expect(await refusal(() => db.deleteFrom('ledger_transfers').where('id', '=', transferId).execute())).toMatch(
      /ledger transfers with entries are never deleted/,
    );
    expect(
      await refusal(() =>
        db
          .updateTable('ledger_transfers')
          .set({ id: transferId + 1_000n })
          .where('id', '=', transferId)
          .execute(),
      ),
    ).toMatch(/update of ledger_transfers refused/);
    expect(await refusal(() => sql`truncate ledger_transfers cascade`.execute(db))).toMatch(/truncate of ledger_transfers refused/);
    await db
      .insertInto('ledger_transfers')
      .values({ idempotency_key: uniqueKey('empty'), kind: 'test' })
      .execute();
    const removed = await db.deleteFrom('ledger_transfers').where('kind', '=', 'test').executeTakeFirst();
    expect(removed.numDeletedRows).toBe(1n);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('player balances', () => {
  tampering('bonus balances are refused below zero by the database itself', async () => {
    await expect(
      ledger.transfer({
        idempotencyKey: uniqueKey('bonus-overdraft'),
        kind: 'test',
        legs: [
          { account: { kind: 'player_bonus', playerId: newPlayerId() }, currency: 'USDT', amount: -1n },
          { account: { kind: 'bonus_pool' }, currency: 'USDT', amount: 1n },
        ],
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
  });

  tampering('are refused below zero by the database itself', async () => {
    const alice = newPlayerId();
    await fund(ledger, alice, 10n);
    await expect(
      db
        .updateTable('ledger_accounts')
        .set({ balance: -1n })
        .where('id', '=', await accountId(alice))
        .execute(),
    ).rejects.toThrow(/ledger_player_balance_non_negative/);
  });
});
