import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyBalances } from './balances';
import { playerKeys, walletKeys } from './keys';
import { sumAmounts } from './wallet';

describe('wallet totals', () => {
  it('sums decimal strings exactly', () => {
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.3');
    expect(sumAmounts(['1234.5', '0.000001', '10'])).toBe('1244.500001');
    expect(sumAmounts([])).toBe('0');
  });
});

describe('balance updates', () => {
  it('change the one copy of the balances and refresh what depends on the same money', async () => {
    const client = new QueryClient();
    client.setQueryData(walletKeys.display(), { entries: [], usdt: '1', trx: '2' });
    client.setQueryData(['player', 'bank', 'cashoutConfig'], { hasFundPassword: false, currencies: [] });

    applyBalances(client, { usdt: '15.5', trx: '2' });

    expect(client.getQueryData(walletKeys.balances())).toEqual({ usdt: '15.5', trx: '2', cash: { usdt: '15.5', trx: '2' }, bonus: { usdt: '0', trx: '0' } });
    expect(client.getQueryData(playerKeys.profile())).toBeUndefined();
    expect(client.getQueryState(walletKeys.display())?.isInvalidated).toBe(true);
    expect(client.getQueryState(['player', 'bank', 'cashoutConfig'])?.isInvalidated).toBe(true);
  });
});
