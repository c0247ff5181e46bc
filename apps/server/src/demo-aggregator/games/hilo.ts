import type { RoundRng } from '../rng.ts';
import { payoutOf, type DemoGame, type Studio } from './types.ts';

/**
 * Hi-Lo: a card lies on the table; the player bets that the next card is higher or lower (same
 * rank loses). Cards are drawn from a fresh 52-card deck each time, so each rank has chance 1/13,
 * and a guess that wins with w ranks of 13 pays floor(returned × 13 / w) hundredths of the stake
 * (returned: 96 for Hi-Lo Cards, 97 for Hi-Lo Royal).
 * Ace is low (1), King high (13). A card is 0..51: rank = card % 13 + 1, suit = card / 13.
 */
export type HiLoGuess = 'higher' | 'lower';

export function cardRank(card: number): number {
  return (card % 13) + 1;
}

/** Ranks of 13 that win `guess` from a card of rank `rank`. */
export function winningRanks(rank: number, guess: HiLoGuess): number {
  return guess === 'higher' ? 13 - rank : rank - 1;
}

/** Multiplier in hundredths for `guess` from `rank` (0 when the guess cannot win). */
export function hiloMultiplier(rank: number, guess: HiLoGuess, returned = 96): number {
  const wins = winningRanks(rank, guess);
  return wins === 0 ? 0 : Math.floor((returned * 13) / wins);
}

/** Exact RTP of one guess from one rank. */
export function hiloExactRtp(rank: number, guess: HiLoGuess, returned = 96): number {
  return (winningRanks(rank, guess) / 13) * (hiloMultiplier(rank, guess, returned) / 100);
}

function isCard(state: unknown): state is number {
  return typeof state === 'number' && Number.isInteger(state) && state >= 0 && state < 52;
}

/** Every guess that can win, from every rank, equally weighted. */
export function hiloAverageRtp(returned = 96): number {
  const rtps: number[] = [];
  for (let rank = 1; rank <= 13; rank++)
    for (const guess of ['higher', 'lower'] as const) if (winningRanks(rank, guess) > 0) rtps.push(hiloExactRtp(rank, guess, returned));
  return rtps.reduce((a, b) => a + b, 0) / rtps.length;
}

export function hiloGame(title: {
  code: string;
  name: string;
  returned: number;
  studio?: Studio;
  background?: string;
}): DemoGame<{ guess: HiLoGuess; card: number }> {
  const { returned } = title;
  return {
    code: title.code,
    name: title.name,
    category: 'poker',
    engine: 'hilo',
    studio: title.studio,
    background: title.background,
    rtp: hiloAverageRtp(returned),
    pageData: {
      multipliers: Array.from({ length: 13 }, (_, i) => ({
        higher: hiloMultiplier(i + 1, 'higher', returned),
        lower: hiloMultiplier(i + 1, 'lower', returned),
      })),
    },
    initialState: (rng: RoundRng) => rng.int(52),
    parseChoice(choice, state) {
      const guess = (choice as { guess?: unknown } | null)?.guess;
      if ((guess !== 'higher' && guess !== 'lower') || !isCard(state)) return null;
      return hiloMultiplier(cardRank(state), guess, returned) > 0 ? { guess, card: state } : null;
    },
    play(rng, stake, { guess, card }) {
      const next = rng.int(52);
      const from = cardRank(card);
      const to = cardRank(next);
      const won = guess === 'higher' ? to > from : to < from;
      const multiplier = hiloMultiplier(from, guess, returned);
      return { payout: won ? payoutOf(stake, multiplier) : 0, detail: { card, next, guess, won, multiplier }, state: next };
    },
  };
}

export const hiLo = hiloGame({ code: 'demo_hilo', name: 'Hi-Lo Cards', returned: 96 });
