import { describe, expect, it } from 'vitest';
import { playerBalances, playersBalances, systemAccountTotals } from './balances.ts';
import { bet, fund, ledgerTestDatabase, newPlayerId } from './test-support.ts';

const test = ledgerTestDatabase();

describe('balances read from the ledger', () => {
  it('reads one player’s wallets, a currency never used as zero', async () => {
    const player = newPlayerId();
    await fund(test.ledger, player, 7n, 'TRX');
    expect(await playerBalances(test.db, player)).toEqual({ USDT: 0n, TRX: 7n });
  });

  it('reads many players’ wallets in one query, leaving out players without an account', async () => {
    const [a, b, none] = [newPlayerId(), newPlayerId(), newPlayerId()];
    await fund(test.ledger, a, 10n);
    await bet(test.ledger, a, 4n);
    await fund(test.ledger, b, 3n, 'TRX');
    const balances = await playersBalances(test.db, [a, b, none]);
    expect(balances.get(a)).toEqual({ USDT: 6n, TRX: 0n });
    expect(balances.get(b)).toEqual({ USDT: 0n, TRX: 3n });
    expect(balances.has(none)).toBe(false);
    expect((await playersBalances(test.db, [])).size).toBe(0);
  });

  it('totals an operator account kind per currency', async () => {
    const before = await systemAccountTotals(test.db, 'deposit_clearing');
    const clearing = (currency: string, totals: { currency: string; amount: bigint }[]) => totals.find((t) => t.currency === currency)?.amount ?? 0n;
    await fund(test.ledger, newPlayerId(), 5n);
    const after = await systemAccountTotals(test.db, 'deposit_clearing');
    expect(clearing('USDT', after) - clearing('USDT', before)).toBe(-5n);
  });
});
