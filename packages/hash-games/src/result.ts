import { assertHeight, normalizeBlockId } from './block.ts';
import { scanHeight, scanLastDecimalDigit, scanLastFive, type DecimalDigitWorking, type FiveChars } from './scan.ts';
import { kindOf, type DigitArea, type GameOrKind, type HashKind } from './games.ts';

interface ResultBase {
  /** Lower case. */
  blockId: string;
  height: number;
}

/** Results decided by `d` alone. */
export interface BigSmallResult extends ResultBase {
  kind: 'bigSmall';
  digit: DecimalDigitWorking;
  winner: 'small' | 'big';
}

export interface OddEvenResult extends ResultBase {
  kind: 'oddEven';
  digit: DecimalDigitWorking;
  winner: 'odd' | 'even';
}

export interface LuckyTenResult extends ResultBase {
  kind: 'luckyTen';
  digit: DecimalDigitWorking;
  winner: DigitArea;
}

/** s = (d + N mod 10) mod 10. */
export interface SumWorking {
  digit: DecimalDigitWorking;
  /** N mod 10. */
  heightDigit: number;
  sum: number;
}

export interface BigSmallSumResult extends ResultBase, SumWorking {
  kind: 'bigSmallSum';
  winner: 'small' | 'big';
}

export interface OddEvenSumResult extends ResultBase, SumWorking {
  kind: 'oddEvenSum';
  winner: 'odd' | 'even';
}

/** One side's hand: the characters it reads, what each counts, their total and the points. */
export interface Hand {
  chars: string[];
  values: number[];
  total: number;
  /** Bull: 1-10, where 10 is bull-bull. Banker/player: 0-9. */
  points: number;
}

export interface BullResult extends ResultBase {
  kind: 'bull';
  /** c1..c5. */
  tail: FiveChars;
  banker: Hand;
  player: Hand;
  winner: 'banker' | 'player' | 'tie';
}

export interface BankerPlayerResult extends ResultBase {
  kind: 'bankerPlayer';
  /** c1..c5 (c3 is shown but unused). */
  tail: FiveChars;
  banker: Hand;
  player: Hand;
  winner: 'banker' | 'player' | 'tie';
}

export type HashResult = BigSmallResult | OddEvenResult | LuckyTenResult | BigSmallSumResult | OddEvenSumResult | BullResult | BankerPlayerResult;

export type ResultOfKind<K extends HashKind> = Extract<HashResult, { kind: K }>;

/** Bull counts a letter as 10; banker/player counts it as 0. */
function hand(chars: string[], letterValue: number, zeroIsTen: boolean): Hand {
  const values: number[] = [];
  let total = 0;
  for (const ch of chars) {
    const code = ch.charCodeAt(0);
    const value = code >= 48 && code <= 57 ? code - 48 : letterValue;
    values.push(value);
    total += value;
  }
  const points = total % 10 === 0 && zeroIsTen ? 10 : total % 10;
  return { chars, values, total, points };
}

function winnerOf(banker: Hand, player: Hand): 'banker' | 'player' | 'tie' {
  if (banker.points > player.points) return 'banker';
  if (banker.points < player.points) return 'player';
  return 'tie';
}

/**
 * The result of a round of `game` (an id or a kind) decided by the block `blockId` at `height`.
 * Throws a RangeError if the block id is malformed or does not encode `height`: sum games read the
 * height, and a mismatch means the caller paired the wrong block with the round.
 */
export function resultOf<K extends HashKind>(game: K, blockId: string, height: number): ResultOfKind<K>;
export function resultOf(game: GameOrKind, blockId: string, height: number): HashResult;
export function resultOf(game: GameOrKind, blockId: string, height: number): HashResult {
  const kind = kindOf(game);
  const id = normalizeBlockId(blockId);
  assertHeight(height);
  const encoded = scanHeight(id);
  if (encoded !== height) {
    throw new RangeError(`block id encodes height ${encoded}, not ${height}`);
  }

  switch (kind) {
    case 'bigSmall': {
      const digit = scanLastDecimalDigit(id);
      return { kind, blockId: id, height, digit, winner: digit.digit <= 4 ? 'small' : 'big' };
    }
    case 'oddEven': {
      const digit = scanLastDecimalDigit(id);
      return { kind, blockId: id, height, digit, winner: digit.digit % 2 === 1 ? 'odd' : 'even' };
    }
    case 'luckyTen': {
      const digit = scanLastDecimalDigit(id);
      return { kind, blockId: id, height, digit, winner: String(digit.digit) as DigitArea };
    }
    case 'bigSmallSum':
    case 'oddEvenSum': {
      const digit = scanLastDecimalDigit(id);
      const heightDigit = height % 10;
      const sum = (digit.digit + heightDigit) % 10;
      if (kind === 'bigSmallSum') {
        return { kind, blockId: id, height, digit, heightDigit, sum, winner: sum <= 4 ? 'small' : 'big' };
      }
      return { kind, blockId: id, height, digit, heightDigit, sum, winner: sum % 2 === 1 ? 'odd' : 'even' };
    }
    case 'bull': {
      const tail = scanLastFive(id);
      const [c1, c2, c3, c4, c5] = tail;
      const banker = hand([c1, c2, c3], 10, true);
      const player = hand([c3, c4, c5], 10, true);
      return { kind, blockId: id, height, tail, banker, player, winner: winnerOf(banker, player) };
    }
    case 'bankerPlayer': {
      const tail = scanLastFive(id);
      const [c1, c2, , c4, c5] = tail;
      const banker = hand([c1, c2], 0, false);
      const player = hand([c4, c5], 0, false);
      return { kind, blockId: id, height, tail, banker, player, winner: winnerOf(banker, player) };
    }
  }
}
