/**
 * Unchecked readers of a block id that is already validated and lower-cased. Kept apart from block.ts
 * so that resultOf validates once per block instead of once per reader: settlement and the RTP
 * simulation call it millions of times.
 */

export interface DecimalDigitWorking {
  /** `d` itself, 0-9. */
  digit: number;
  /** 0-based position in the block id. */
  index: number;
  /** The letters skipped on the way from the right end, in block-id order. */
  skipped: string;
}

export type FiveChars = [string, string, string, string, string];

const TWO_POW_32 = 0x1_0000_0000;
// The high word may use 21 bits at most, or the height would not be a safe JavaScript integer.
const MAX_SAFE_HIGH_WORD = 0x1f_ffff;
const CODE_0 = 48;
const CODE_9 = 57;
const CODE_A = 97;

function hexWord(id: string, from: number): number {
  let word = 0;
  for (let i = from; i < from + 8; i++) {
    const code = id.charCodeAt(i);
    word = word * 16 + (code <= CODE_9 ? code - CODE_0 : code - CODE_A + 10);
  }
  return word;
}

export function scanHeight(id: string): number {
  const high = hexWord(id, 0);
  if (high > MAX_SAFE_HIGH_WORD) {
    throw new RangeError(`block id encodes a height beyond Number.MAX_SAFE_INTEGER: ${id.slice(0, 16)}`);
  }
  return high * TWO_POW_32 + hexWord(id, 8);
}

export function scanLastDecimalDigit(id: string): DecimalDigitWorking {
  for (let i = id.length - 1; i >= 0; i--) {
    const code = id.charCodeAt(i);
    if (code >= CODE_0 && code <= CODE_9) {
      return { digit: code - CODE_0, index: i, skipped: id.slice(i + 1) };
    }
  }
  // Only reachable for ids made of letters alone, which no real height prefix produces.
  throw new RangeError('block id has no decimal digit');
}

export function scanLastFive(id: string): FiveChars {
  const n = id.length;
  return [id[n - 5], id[n - 4], id[n - 3], id[n - 2], id[n - 1]];
}
