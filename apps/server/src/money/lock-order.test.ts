import { describe, expect, it } from 'vitest';
import { compareLockOrder, debitedPlayers, isPlayerOverdraft, type OrderedLegKey } from './lock-order.ts';

const leg = (kind: string, ownerId: bigint, currency: string, rank: number, amount = 1n): OrderedLegKey => ({ kind, ownerId, currency, rank, amount });

describe('the ledger lock order', () => {
  it('locks players first, by id, then system accounts, then house shards', () => {
    const legs = [
      leg('house', 3n, 'USDT', 2),
      leg('hash_transfer_bets', 0n, 'USDT', 1),
      leg('player', 9n, 'USDT', 0),
      leg('house', 1n, 'USDT', 2),
      leg('player', 2n, 'TRX', 0),
      leg('player', 2n, 'USDT', 0),
      leg('fees', 0n, 'USDT', 1),
    ];
    expect(legs.sort(compareLockOrder).map((l) => `${l.kind}/${l.ownerId}/${l.currency}`)).toEqual([
      'player/2/TRX',
      'player/2/USDT',
      'player/9/USDT',
      'fees/0/USDT',
      'hash_transfer_bets/0/USDT',
      'house/1/USDT',
      'house/3/USDT',
    ]);
  });

  it('names each debited player once, and no credited one', () => {
    expect(
      debitedPlayers([leg('player', 5n, 'USDT', 0, -3n), leg('player', 5n, 'TRX', 0, -1n), leg('player', 6n, 'USDT', 0, 4n), leg('house', 1n, 'USDT', 2, -1n)]),
    ).toEqual([5]);
  });

  it('tells the balance CHECK apart from other refusals', () => {
    expect(isPlayerOverdraft({ code: '23514', constraint: 'ledger_player_balance_non_negative' })).toBe(true);
    expect(isPlayerOverdraft({ code: '23514', constraint: 'another_check' })).toBe(false);
    expect(isPlayerOverdraft({ code: '23505', constraint: 'ledger_player_balance_non_negative' })).toBe(false);
    expect(isPlayerOverdraft(null)).toBe(false);
  });
});
