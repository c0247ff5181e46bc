import { describe, expect, it } from 'vitest';
import { CRASH_MAX_TARGET, CRASH_MIN_TARGET, MOON_EDGE, crashExactRtp, rocketCrash } from './games/crash.ts';
import { FISH, FRENZY_FISH, fishExactRtp, fishHunter, type Fish } from './games/fish.ts';
import { cardRank, hiLo, hiloAverageRtp, hiloExactRtp, hiloMultiplier, winningRanks } from './games/hilo.ts';
import { DEMO_GAMES, fishFrenzy, hiLoRoyal, luckyDragon, luckySevens, rocketMoon } from './games/index.ts';
import { PLINKO_ROWS, PLINKO_TABLES, plinko, plinkoExactRtp, type PlinkoRisk } from './games/plinko.ts';
import {
  DRAGON_TABLE,
  FRUIT_TABLE,
  SEVENS_TABLE,
  SLOT_LINES,
  SLOT_STRIP,
  fruitSlot,
  slotExactRtp,
  slotOutcomes,
  slotWindow,
  slotWins,
  type SlotTable,
} from './games/slot.ts';
import type { DemoGame } from './games/types.ts';
import { STAKES } from './games/types.ts';
import { roundRng } from './rng.ts';

const ROUNDS = 200_000;
const STAKE = 100_000; // 1.00

/** Plays `rounds` seeded rounds and returns paid / staked. */
function simulate<C>(game: DemoGame<C>, choice: C, seed: string, rounds = ROUNDS): number {
  let paid = 0;
  let whole = true;
  for (let round = 1; round <= rounds; round++) {
    const { payout } = game.play(roundRng(seed, round), STAKE, choice);
    whole &&= Number.isSafeInteger(payout);
    paid += payout;
  }
  expect(whole).toBe(true);
  return paid / (rounds * STAKE);
}

/** Four standard deviations of the mean of `rounds` rounds, from the exact second moment. */
function tolerance(secondMoment: number, rtp: number, rounds = ROUNDS): number {
  return (4 * Math.sqrt(secondMoment - rtp * rtp)) / Math.sqrt(rounds);
}

describe('round generator (HMAC-SHA256 of seed and round)', () => {
  it('gives the same draws for the same seed and round, and other draws otherwise', () => {
    const draws = (seed: string, round: number) =>
      Array.from(
        { length: 8 },
        (
          (rng) => () =>
            rng.int(1000)
        )(roundRng(seed, round)),
      );
    expect(draws('seed', 7)).toEqual(draws('seed', 7));
    expect(draws('seed', 7)).not.toEqual(draws('seed', 8));
    expect(draws('seed', 7)).not.toEqual(draws('other', 7));
  });

  it('draws integers uniformly in [0, n)', () => {
    const counts = new Array(6).fill(0);
    const rng = roundRng('uniform', 1);
    for (let i = 0; i < 60_000; i++) counts[rng.int(6)]++;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
    expect(() => rng.int(0)).toThrow(RangeError);
  });
});

describe('return to player of every listed game', () => {
  it('lists only games whose exact RTP is between 95% and 97%', () => {
    expect(DEMO_GAMES.map((g) => g.code)).toEqual([
      'demo_fruit_slot',
      'demo_rocket_crash',
      'demo_fish_hunter',
      'demo_plinko',
      'demo_hilo',
      'demo_lucky_sevens',
      'demo_lucky_dragon',
      'demo_rocket_moon',
      'demo_fish_frenzy',
      'demo_hilo_royal',
    ]);
    for (const game of DEMO_GAMES) {
      expect(game.rtp, game.code).toBeGreaterThanOrEqual(0.95);
      expect(game.rtp, game.code).toBeLessThanOrEqual(0.97);
    }
  });

  it('pays only whole amounts for every stake offered', () => {
    for (const stake of STAKES) {
      expect(stake % 10_000).toBe(0);
      for (const round of [1, 2, 3, 4, 5]) {
        for (const game of DEMO_GAMES) {
          const choice = game.parseChoice({ target: 137, fish: 'ray', risk: 'low', guess: 'higher' }, 4);
          expect(choice, game.code).not.toBeNull();
          expect(Number.isSafeInteger(game.play(roundRng('whole', round), stake, choice, 4).payout), game.code).toBe(true);
        }
      }
    }
  });
});

describe('Fruit Lines (demo_fruit_slot)', () => {
  it('has an exact RTP of 96.51% over every stop combination', () => {
    expect(slotExactRtp()).toBeCloseTo(0.96513, 5);
  });

  it('pays a bell line, a seven diagonal and nothing for a mixed window', () => {
    const bell = SLOT_STRIP.indexOf('bell');
    expect(slotWins(slotWindow([bell, bell, bell])).lines).toContainEqual({ line: 1, symbol: 'bell', pays: 120 });
    const win = fruitSlot.play(roundRng('slot-example', 1), 500_000, {});
    expect(win.payout).toBe((500_000 * (win.detail.total as number)) / 5);
  });

  it('returns its exact RTP over 200,000 seeded rounds, within four standard deviations', () => {
    expectSlotRtp(fruitSlot, FRUIT_TABLE, 'slot');
  });
});

/** Simulates a slot title and compares it with the exact RTP of its table. */
function expectSlotRtp(game: DemoGame<Record<string, never>>, table: SlotTable, seed: string, rounds = ROUNDS): void {
  let second = 0;
  for (const total of slotOutcomes(table)) second += (total / SLOT_LINES.length) ** 2;
  second /= table.strip.length ** 3;
  const exact = slotExactRtp(table);
  expect(game.rtp).toBe(exact);
  const rtp = simulate(game, {}, seed, rounds);
  expect(Math.abs(rtp - exact)).toBeLessThan(tolerance(second, exact, rounds));
}

describe('Lucky Sevens and Lucky Jade Dragon (Pocket Studio, on the line slot engine)', () => {
  it('have their own symbols, strips and paytables, with exact RTPs of 96.825% and 96.40%', () => {
    expect(slotExactRtp(SEVENS_TABLE)).toBeCloseTo(0.96825, 10);
    expect(slotExactRtp(DRAGON_TABLE)).toBeCloseTo(0.96404, 5);
    for (const table of [SEVENS_TABLE, DRAGON_TABLE]) {
      expect(new Set(table.strip)).toEqual(new Set(table.symbols));
      expect(table.symbols.filter((s) => (FRUIT_TABLE.symbols as readonly string[]).includes(s) && s !== 'seven')).toEqual([]);
    }
    expect(luckySevens.pageData?.art).toBeDefined();
    expect(luckyDragon.studio?.code).toBe('POCKET');
  });

  it('pays a dragon line on the dragon table and nothing when it reads the fruit table', () => {
    const dragon = DRAGON_TABLE.strip.indexOf('dragon');
    const window = slotWindow([dragon, dragon, dragon], DRAGON_TABLE);
    expect(slotWins(window, DRAGON_TABLE).lines).toContainEqual({ line: 1, symbol: 'dragon', pays: 500 });
  });

  it('return their exact RTPs over 100,000 seeded rounds each, within four standard deviations', () => {
    expectSlotRtp(luckySevens, SEVENS_TABLE, 'sevens', 100_000);
    expectSlotRtp(luckyDragon, DRAGON_TABLE, 'dragon', 100_000);
  });
});

describe('Rocket Crash (demo_rocket_crash)', () => {
  it('has an exact RTP of 96% for every cash-out target', () => {
    for (const target of [CRASH_MIN_TARGET, 150, 200, 333, 1000, CRASH_MAX_TARGET]) expect(crashExactRtp(target)).toBeCloseTo(0.96, 10);
  });

  it('refuses targets outside 1.01x to 1000x and fractions of a hundredth', () => {
    for (const target of [100, 100_001, 150.5, '200', null]) expect(rocketCrash.parseChoice({ target })).toBeNull();
    expect(rocketCrash.parseChoice({ target: 250 })).toEqual({ target: 250 });
  });

  for (const target of [200, 1000]) {
    it(`returns 96% at a ${target / 100}x target over 200,000 seeded rounds`, () => {
      const p = crashExactRtp(target) / (target / 100);
      const rtp = simulate(rocketCrash, { target }, `crash-${target}`);
      expect(Math.abs(rtp - 0.96)).toBeLessThan(tolerance(p * (target / 100) ** 2, 0.96));
    });
  }
});

describe('Rocket Moon (demo_rocket_moon, Pocket Studio)', () => {
  it('keeps 3% instead of 4%: an exact RTP of 97% (to the draw) for every cash-out target', () => {
    for (const target of [CRASH_MIN_TARGET, 200, 1000, CRASH_MAX_TARGET]) expect(crashExactRtp(target, MOON_EDGE)).toBeCloseTo(0.97, 10);
    expect(rocketMoon.rtp).toBeLessThanOrEqual(0.97);
  });

  it('returns 97% at a 3x target over 100,000 seeded rounds', () => {
    const rounds = 100_000;
    const p = crashExactRtp(300, MOON_EDGE) / 3;
    const rtp = simulate(rocketMoon, { target: 300 }, 'moon-300', rounds);
    expect(Math.abs(rtp - 0.97)).toBeLessThan(tolerance(p * 9, 0.97, rounds));
  });
});

describe('Fish Hunter (demo_fish_hunter)', () => {
  it('has an exact RTP of 96% for a shot at any fish', () => {
    for (const fish of FISH) expect(fishExactRtp(fish.kind)).toBeCloseTo(0.96, 12);
    expect(fishHunter.parseChoice({ fish: 'mermaid' })).toBeNull();
  });

  for (const kind of ['clownfish', 'shark'] as const) {
    it(`returns 96% for shots at a ${kind} over 200,000 seeded rounds`, () => {
      const m = FISH.find((f) => f.kind === kind)!.multiplier;
      const rtp = simulate(fishHunter, { fish: kind }, `fish-${kind}`);
      expect(Math.abs(rtp - 0.96)).toBeLessThan(tolerance((0.96 / m) * m * m, 0.96));
    });
  }
});

describe('Fish Frenzy (demo_fish_frenzy, Pocket Studio)', () => {
  it('has its own sea (×3 to ×200) and an exact RTP of 95% for a shot at any fish', () => {
    expect(FRENZY_FISH.map((f: Fish) => f.multiplier)).not.toEqual(FISH.map((f) => f.multiplier));
    for (const fish of FRENZY_FISH) expect(fishExactRtp(fish.kind, FRENZY_FISH, 95)).toBeCloseTo(0.95, 12);
    expect(fishFrenzy.rtp).toBeCloseTo(0.95, 12);
  });

  it('returns 95% for shots at a ray (×15) over 100,000 seeded rounds', () => {
    const rounds = 100_000;
    const rtp = simulate(fishFrenzy, { fish: 'ray' }, 'frenzy-ray', rounds);
    expect(Math.abs(rtp - 0.95)).toBeLessThan(tolerance((0.95 / 15) * 15 * 15, 0.95, rounds));
  });
});

describe('Plinko (demo_plinko)', () => {
  it('has symmetric tables of 13 slots with exact RTPs of 96.27%, 96.57% and 96.54%', () => {
    for (const table of Object.values(PLINKO_TABLES)) {
      expect(table).toHaveLength(PLINKO_ROWS + 1);
      expect([...table].reverse()).toEqual(table);
    }
    expect(plinkoExactRtp('low')).toBeCloseTo(0.96272, 5);
    expect(plinkoExactRtp('medium')).toBeCloseTo(0.96572, 5);
    expect(plinkoExactRtp('high')).toBeCloseTo(0.96538, 5);
  });

  for (const risk of ['medium', 'high'] as PlinkoRisk[]) {
    it(`returns its exact RTP at ${risk} risk over 200,000 seeded rounds`, () => {
      const table = PLINKO_TABLES[risk];
      let second = 0;
      let c = 1;
      for (let k = 0; k <= PLINKO_ROWS; k++) {
        second += (c / 2 ** PLINKO_ROWS) * (table[k]! / 100) ** 2;
        c = (c * (PLINKO_ROWS - k)) / (k + 1);
      }
      const rtp = simulate(plinko, { risk }, `plinko-${risk}`);
      expect(Math.abs(rtp - plinkoExactRtp(risk))).toBeLessThan(tolerance(second, plinkoExactRtp(risk)));
    });
  }
});

describe('Hi-Lo Cards (demo_hilo)', () => {
  it('pays floor(96 × 13 / winning ranks) hundredths, so every guess that can win returns 95.3% to 96%', () => {
    expect(hiloMultiplier(1, 'higher')).toBe(104);
    expect(hiloMultiplier(12, 'higher')).toBe(1248);
    expect(hiloMultiplier(7, 'lower')).toBe(208);
    for (let rank = 1; rank <= 13; rank++) {
      for (const guess of ['higher', 'lower'] as const) {
        if (winningRanks(rank, guess) === 0) continue;
        expect(hiloExactRtp(rank, guess)).toBeGreaterThan(0.953);
        expect(hiloExactRtp(rank, guess)).toBeLessThanOrEqual(0.96 + 1e-12);
      }
    }
  });

  it('refuses a guess that cannot win (higher than a King, lower than an Ace) and a missing card', () => {
    expect(hiLo.parseChoice({ guess: 'higher' }, 12)).toBeNull(); // King of spades
    expect(hiLo.parseChoice({ guess: 'lower' }, 13)).toBeNull(); // Ace of hearts
    expect(hiLo.parseChoice({ guess: 'lower' }, undefined)).toBeNull();
    expect(hiLo.parseChoice({ guess: 'lower' }, 12)).toEqual({ guess: 'lower', card: 12 });
  });

  it('returns the exact RTP of the guesses played over 200,000 seeded rounds, each next card staying on the table', () => {
    expectHiloRtp(hiLo, 96, 'hilo');
  });
});

/** Plays a Hi-Lo title, guessing towards the larger side, and compares with the exact RTP of each guess. */
function expectHiloRtp(game: typeof hiLo, returned: number, seed: string, rounds = ROUNDS): void {
  let card = 0;
  let paid = 0;
  let expected = 0;
  let second = 0;
  for (let round = 1; round <= rounds; round++) {
    const guess = cardRank(card) <= 7 ? 'higher' : 'lower';
    const rtp = hiloExactRtp(cardRank(card), guess, returned);
    expected += rtp;
    second += (winningRanks(cardRank(card), guess) / 13) * (hiloMultiplier(cardRank(card), guess, returned) / 100) ** 2 - rtp * rtp;
    const result = game.play(roundRng(seed, round), STAKE, { guess, card }, card);
    paid += result.payout;
    card = result.state as number;
  }
  expect(Math.abs(paid / (rounds * STAKE) - expected / rounds)).toBeLessThan((4 * Math.sqrt(second)) / rounds);
}

describe('Hi-Lo Royal (demo_hilo_royal, Pocket Studio)', () => {
  it('pays floor(97 × 13 / winning ranks) hundredths, so every guess that can win returns 96% to 97%', () => {
    expect(hiloMultiplier(1, 'higher', 97)).toBe(105);
    expect(hiloMultiplier(12, 'higher', 97)).toBe(1261);
    for (let rank = 1; rank <= 13; rank++) {
      for (const guess of ['higher', 'lower'] as const) {
        if (winningRanks(rank, guess) === 0) continue;
        expect(hiloExactRtp(rank, guess, 97)).toBeGreaterThan(0.96);
        expect(hiloExactRtp(rank, guess, 97)).toBeLessThanOrEqual(0.97 + 1e-12);
      }
    }
    expect(hiLoRoyal.rtp).toBe(hiloAverageRtp(97));
    expect((hiLoRoyal.pageData!.multipliers as { higher: number }[])[0]!.higher).toBe(105);
  });

  it('returns the exact RTP of the guesses played over 100,000 seeded rounds', () => {
    expectHiloRtp(hiLoRoyal, 97, 'hilo-royal', 100_000);
  });
});
