import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../db/database.ts';
import { playerBalances, playersBalances, systemAccountTotals } from './balances.ts';
import { Ledger } from './ledger.service.ts';
import { bet, fund, migratedTestDatabase, newPlayerId } from './test-support.ts';

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

describe('balances read from the ledger', () => {
  it('reads one player’s wallets, a currency never used as zero', async () => {
    const player = newPlayerId();
    await fund(ledger, player, 7n, 'TRX');
    expect(await playerBalances(db, player)).toEqual({ USDT: 0n, TRX: 7n });
  });

  it('reads many players’ wallets in one query, leaving out players without an account', async () => {
    const [a, b, none] = [newPlayerId(), newPlayerId(), newPlayerId()];
    await fund(ledger, a, 10n);
    await bet(ledger, a, 4n);
    await fund(ledger, b, 3n, 'TRX');
    const balances = await playersBalances(db, [a, b, none]);
    expect(balances.get(a)).toEqual({ USDT: 6n, TRX: 0n });
    expect(balances.get(b)).toEqual({ USDT: 0n, TRX: 3n });
    expect(balances.has(none)).toBe(false);
    expect((await playersBalances(db, [])).size).toBe(0);
  });

  it('totals an operator account kind per currency', async () => {
    const before = await systemAccountTotals(db, 'deposit_clearing');
    const clearing = (currency: string, totals: { currency: string; amount: bigint }[]) => totals.find((t) => t.currency === currency)?.amount ?? 0n;
    await fund(ledger, newPlayerId(), 5n);
    const after = await systemAccountTotals(db, 'deposit_clearing');
    expect(clearing('USDT', after) - clearing('USDT', before)).toBe(-5n);
  });
});
