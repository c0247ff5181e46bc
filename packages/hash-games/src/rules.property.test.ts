/**
 * Each kind against an independent restatement of GAMES.md, over random block ids. The restatement is
 * written as plainly as possible and shares no code with the implementation.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resultOf, settle, type AreaId, type HashKind } from './index.ts';

// --- the rules, restated from GAMES.md -------------------------------------------------------------

const isDigit = (ch: string) => '0123456789'.includes(ch);

function rD(id: string): number {
  const chars = id.toLowerCase().split('').reverse();
  const found = chars.find(isDigit);
  if (found === undefined) throw new Error('no digit');
  return Number(found);
}

function rHeight(id: string): number {
  return Number(BigInt('0x' + id.slice(0, 16)));
}

function rBull(id: string) {
  const c = id.toLowerCase().slice(-5).split('');
  const value = (ch: string) => (isDigit(ch) ? Number(ch) : 10);
  const points = (a: string, b: string, e: string) => {
    const p = (value(a) + value(b) + value(e)) % 10;
    return p === 0 ? 10 : p;
  };
  return { banker: points(c[0], c[1], c[2]), player: points(c[2], c[3], c[4]) };
}

function rBankerPlayer(id: string) {
  const c = id.toLowerCase().slice(-5).split('');
  const value = (ch: string) => (isDigit(ch) ? Number(ch) : 0);
  return { banker: (value(c[0]) + value(c[1])) % 10, player: (value(c[3]) + value(c[4])) % 10 };
}

function rWinner(kind: HashKind, id: string): AreaId {
  const d = rD(id);
  const s = (d + (rHeight(id) % 10)) % 10;
  switch (kind) {
    case 'bigSmall':
      return d >= 5 ? 'big' : 'small';
    case 'oddEven':
      return [1, 3, 5, 7, 9].includes(d) ? 'odd' : 'even';
    case 'luckyTen':
      return String(d) as AreaId;
    case 'bigSmallSum':
      return s >= 5 ? 'big' : 'small';
    case 'oddEvenSum':
      return [1, 3, 5, 7, 9].includes(s) ? 'odd' : 'even';
    case 'bull':
    case 'bankerPlayer': {
      const { banker, player } = kind === 'bull' ? rBull(id) : rBankerPlayer(id);
      return banker > player ? 'banker' : player > banker ? 'player' : 'tie';
    }
  }
}

/** What a stake returns, in micro-units, with the default odds. */
function rPayout(kind: HashKind, area: AreaId, stake: bigint, id: string): bigint {
  const winner = rWinner(kind, id);
  if (kind === 'bull') {
    const p = rBull(id);
    const mine = area === 'banker' ? p.banker : p.player;
    const theirs = area === 'banker' ? p.player : p.banker;
    // S + S × pX / 10 × 0.95, and S − S × pY / 10, each rounded down to the micro-unit.
    if (mine > theirs) return stake + (stake * BigInt(mine) * 95n) / 1000n;
    if (mine < theirs) return stake - (stake * BigInt(theirs) + 9n) / 10n;
    return stake;
  }
  if (kind === 'bankerPlayer' && winner === 'tie' && area !== 'tie') return stake;
  if (winner !== area) return 0n;
  const odds = kind === 'luckyTen' ? 980n : area === 'tie' ? 800n : 195n;
  return (stake * odds) / 100n;
}

// --- random block ids --------------------------------------------------------------------------------

const hexChar = fc.constantFrom(...'0123456789abcdefABCDEF'.split(''));
// Letter-heavy tails make the right-to-left scan walk far and the bull/banker hands full of letters.
const letterHeavyChar = fc.constantFrom(...'abcdefABCDEF07'.split(''));

const hashPart = fc.oneof(
  fc.string({ unit: hexChar, minLength: 48, maxLength: 48 }),
  fc.string({ unit: letterHeavyChar, minLength: 48, maxLength: 48 }),
  // No digit at all after the height: d must come from the height prefix.
  fc.string({ unit: fc.constantFrom(...'abcdefABCDEF'.split('')), minLength: 48, maxLength: 48 }),
);

const block = fc.record({ height: fc.integer({ min: 1, max: 2 ** 40 }), hash: hashPart, upper: fc.boolean() }).map(({ height, hash, upper }) => {
  const prefix = height.toString(16).padStart(16, '0');
  return { id: upper ? (prefix + hash).toUpperCase() : prefix + hash, height };
});

const stake = fc.bigInt({ min: 1n, max: 10n ** 15n });

const kinds: HashKind[] = ['bigSmall', 'oddEven', 'luckyTen', 'bigSmallSum', 'oddEvenSum', 'bull', 'bankerPlayer'];
const areas: Record<HashKind, AreaId[]> = {
  bigSmall: ['small', 'big'],
  oddEven: ['odd', 'even'],
  luckyTen: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
  bigSmallSum: ['small', 'big'],
  oddEvenSum: ['odd', 'even'],
  bull: ['banker', 'player'],
  bankerPlayer: ['banker', 'player', 'tie'],
};

describe.each(kinds)('%s, over random block ids', (kind) => {
  it('announces the winner the rule gives', () => {
    fc.assert(
      fc.property(block, ({ id, height }) => {
        expect(resultOf(kind, id, height).winner).toBe(rWinner(kind, id));
      }),
      { numRuns: 2000 },
    );
  });

  it('pays every area what the rule pays, rounded down to the micro-unit', () => {
    fc.assert(
      fc.property(block, fc.constantFrom(...areas[kind]), stake, ({ id, height }, area, s) => {
        const result = resultOf(kind, id, height);
        expect(settle({ kind, area, stake: s, result }).payout).toBe(rPayout(kind, area, s, id));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('every kind, over random block ids', () => {
  it('reads the same result whatever the case of the letters', () => {
    fc.assert(
      fc.property(block, fc.constantFrom(...kinds), ({ id, height }, kind) => {
        expect(resultOf(kind, id.toUpperCase(), height)).toEqual(resultOf(kind, id.toLowerCase(), height));
      }),
    );
  });

  it('never pays more than the best odds nor less than nothing, and a draw is exactly the stake', () => {
    // A win may round back down to the stake itself on a stake of a few micro-units.
    fc.assert(
      fc.property(block, fc.constantFrom(...kinds), stake, ({ id, height }, kind, s) => {
        const result = resultOf(kind, id, height);
        for (const area of areas[kind]) {
          const { outcome, payout } = settle({ area, stake: s, result });
          expect(payout >= 0n && payout <= s * 10n).toBe(true);
          if (outcome === 'draw') expect(payout).toBe(s);
          if (outcome === 'win') expect(payout >= s).toBe(true);
          if (outcome === 'lose') expect(payout < s).toBe(true);
        }
      }),
    );
  });
});
