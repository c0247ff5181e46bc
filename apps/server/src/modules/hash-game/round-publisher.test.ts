import { BetStatus } from '@lobby/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largestWins } from './round-publisher.ts';

const bet = (id: number, payout: bigint | null, status: number = BetStatus.SETTLED_WIN, player_id: number | null = 1) => ({ id, payout, status, player_id });

describe('largestWins (the lobby ticker of a settled round)', () => {
  it('keeps the largest players’ wins, largest first, leaving out losses, draws and unowned transfer bets', () => {
    const bets = [
      bet(1, 5n),
      bet(2, 90n, BetStatus.SETTLED_LOSE),
      bet(3, 40n),
      bet(4, 80n, BetStatus.SETTLED_WIN, null),
      bet(5, 70n, BetStatus.SETTLED_DRAW),
      bet(6, 12n),
      bet(7, 40n),
      bet(8, 0n),
    ];
    expect(largestWins(bets, 3).map((b) => b.id)).toEqual([3, 7, 6]);
    expect(largestWins(bets, 10).map((b) => b.id)).toEqual([3, 7, 6, 1]);
    expect(largestWins([], 3)).toEqual([]);
  });

  it('agrees with sorting every win, for any round', () => {
    const arbitraryBet = fc.record({
      id: fc.nat(),
      payout: fc.option(fc.bigInt({ min: 0n, max: 1_000n })),
      status: fc.constantFrom(BetStatus.SETTLED_WIN, BetStatus.SETTLED_LOSE, BetStatus.SETTLED_DRAW),
      player_id: fc.option(fc.nat()),
    });
    fc.assert(
      fc.property(fc.array(arbitraryBet, { maxLength: 60 }), fc.integer({ min: 1, max: 5 }), (bets, count) => {
        const sorted = bets
          .filter((b) => b.status === BetStatus.SETTLED_WIN && b.player_id !== null && (b.payout ?? 0n) > 0n)
          .map((b, order) => ({ b, order }))
          .sort((x, y) => (x.b.payout! > y.b.payout! ? -1 : x.b.payout! < y.b.payout! ? 1 : x.order - y.order))
          .slice(0, count)
          .map(({ b }) => b);
        expect(largestWins(bets, count)).toEqual(sorted);
      }),
    );
  });
});
