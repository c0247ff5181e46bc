import { lastFive } from './block.ts';
import type { AreaId, HashKind } from './games.ts';
import type { HashResult } from './result.ts';

/** The inputs and intermediate values of a result, as bet details and the verifier show them. */
export interface ResultWorking {
  kind: HashKind;
  lastDigit: number | null;
  lastFive: string;
  sum: number | null;
  bankerPoints: number | null;
  playerPoints: number | null;
  winningAreas: AreaId[];
}

export function workingOf(result: HashResult): ResultWorking {
  const base = { kind: result.kind, lastFive: lastFive(result.blockId).join(''), lastDigit: null, sum: null, bankerPoints: null, playerPoints: null };
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
