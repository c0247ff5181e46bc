import { checkStake, type StakeLimit, type StakeProblem } from './config.ts';
import { hashGame, kindOf, type AreaId, type DigitArea, type GameOrKind, type HashKind } from './games.ts';

const MICRO_PER_UNIT = 1_000_000n;

/** The unit digit of the integer part: 27.030000 → 7, 0.5 → 0. */
export function transferDigit(amount: bigint): number {
  if (typeof amount !== 'bigint' || amount < 0n) {
    throw new RangeError(`amount must be a non-negative bigint of micro-units, got ${String(amount)}`);
  }
  return Number((amount / MICRO_PER_UNIT) % 10n);
}

/** The area a transfer's digit chooses, or null where the digit means nothing (banker/player 0, 4-9). */
export function transferAreaForDigit(kind: HashKind, digit: number): AreaId | null {
  if (!Number.isInteger(digit) || digit < 0 || digit > 9) {
    throw new RangeError(`digit must be 0-9, got ${digit}`);
  }
  switch (kind) {
    case 'bigSmall':
    case 'bigSmallSum':
      return digit <= 4 ? 'small' : 'big';
    case 'oddEven':
    case 'oddEvenSum':
      return digit % 2 === 1 ? 'odd' : 'even';
    case 'bankerPlayer':
      return digit === 1 ? 'banker' : digit === 2 ? 'player' : digit === 3 ? 'tie' : null;
    case 'luckyTen':
      return String(digit) as DigitArea;
    case 'bull':
      // The amount carries no choice: the sender always holds the player hand.
      return 'player';
  }
}

export type TransferRefusal = StakeProblem | 'invalidDigit' | 'notTransferGame';

export type TransferBet =
  | { ok: true; kind: HashKind; digit: number; area: AreaId }
  | { ok: false; kind: HashKind; digit: number | null; reason: TransferRefusal };

export interface TransferInput {
  /** A game id (must be one of 1-7) or a kind. */
  game: GameOrKind;
  /** The transferred amount in micro-units. */
  amount: bigint;
  /** The receiving address's level limit, in the transfer's currency. */
  limit: StakeLimit;
}

/**
 * What a transfer to a game address bets on, or why it is no bet (and is to be refunded). Limits are
 * checked before the digit so that the player is told the more basic problem first.
 */
export function decodeTransferBet({ game, amount, limit }: TransferInput): TransferBet {
  const kind = kindOf(game);
  if (typeof game === 'number' && !hashGame(game).transferBet) {
    return { ok: false, kind, digit: null, reason: 'notTransferGame' };
  }
  const problem = checkStake(amount, limit);
  if (problem === 'invalidAmount') return { ok: false, kind, digit: null, reason: problem };
  const digit = transferDigit(amount);
  if (problem) return { ok: false, kind, digit, reason: problem };
  const area = transferAreaForDigit(kind, digit);
  if (area === null) return { ok: false, kind, digit, reason: 'invalidDigit' };
  return { ok: true, kind, digit, area };
}

/** What goes back for a refused transfer: the amount minus the refund fee, never below zero. */
export function transferRefund(amount: bigint, refundFee = 0n): bigint {
  if (amount < 0n || refundFee < 0n) throw new RangeError('amount and refund fee must be >= 0');
  return amount > refundFee ? amount - refundFee : 0n;
}
