import type { Player } from '@lobby/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { useSession } from '../session';
import { playerKeys } from './player';
import { applyBalances, sumAmounts, walletKeys } from './wallet';

describe('wallet totals', () => {
  it('sums decimal strings exactly', () => {
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.3');
    expect(sumAmounts(['1234.5', '0.000001', '10'])).toBe('1244.500001');
    expect(sumAmounts([])).toBe('0');
  });
});

describe('balance updates', () => {
  it('reach the balance query, the cached player and the session copy, and refresh what depends on them', async () => {
    const client = new QueryClient();
    const player = { id: 7, nickname: 'p', balances: { usdt: '1', trx: '2' }, hasFundPassword: false } as Player;
    client.setQueryData(playerKeys.profile(), player);
    client.setQueryData(walletKeys.display(), { entries: [], usdt: '1', trx: '2' });
    client.setQueryData(['player', 'bank', 'cashoutConfig'], { hasFundPassword: false, currencies: [] });

    applyBalances(client, { usdt: '15.5', trx: '2' });

    expect(client.getQueryData(walletKeys.balances())).toEqual({ usdt: '15.5', trx: '2' });
    expect(client.getQueryData<Player>(playerKeys.profile())?.balances).toEqual({ usdt: '15.5', trx: '2' });
    expect(useSession.getState().player?.balances.usdt).toBe('15.5');
    expect(client.getQueryState(walletKeys.display())?.isInvalidated).toBe(true);
    expect(client.getQueryState(['player', 'bank', 'cashoutConfig'])?.isInvalidated).toBe(true);
  });
});
