import type { resultWorking } from '@lobby/contract';
import { lastFive, type HashResult } from '@lobby/hash-games';
import type { z } from 'zod';

export type ResultWorking = z.infer<typeof resultWorking>;

/** The inputs and intermediate values of a result, as the verifier and bet details show them. */
export function workingOf(result: HashResult): ResultWorking {
  const tail = lastFive(result.blockId).join('');
  const base = { kind: result.kind, lastFive: tail, lastDigit: null, sum: null, bankerPoints: null, playerPoints: null };
  switch (result.kind) {
    case 'bigSmall':
    case 'oddEven':
    case 'luckyTen':
      return { ...base, lastDigit: result.digit.digit, winningAreas: [result.winner] };
    case 'bigSmallSum':
    case 'oddEvenSum':
      return { ...base, lastDigit: result.digit.digit, sum: result.sum, winningAreas: [result.winner] };
    case 'bull':
      return {
        ...base,
        bankerPoints: result.banker.points,
        playerPoints: result.player.points,
        // A bull tie is a draw for both sides: no area wins.
        winningAreas: result.winner === 'tie' ? [] : [result.winner],
      };
    case 'bankerPlayer':
      return { ...base, bankerPoints: result.banker.points, playerPoints: result.player.points, winningAreas: [result.winner] };
  }
}

/** The verifier page pre-filled with the game, the block and, when given, the bet. */
export function verifyUrl(input: { gameId: number; height: number; blockId?: string | null; area?: string; amount?: string; level?: number }): string {
  const query = new URLSearchParams({ gameId: String(input.gameId) });
  if (input.blockId) query.set('blockId', input.blockId);
  query.set('height', String(input.height));
  if (input.area !== undefined) query.set('area', input.area);
  if (input.amount !== undefined) query.set('amount', input.amount);
  if (input.level !== undefined) query.set('level', String(input.level));
  return `/hashGame/verify?${query}`;
}
