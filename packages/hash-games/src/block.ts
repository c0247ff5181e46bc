/**
 * Reading a TRON block id. GAMES.md: 64 hex characters, the first 16 the big-endian height, the other 48
 * from the SHA-256 of the block header; letters compare case-insensitively.
 */
import { scanHeight, scanLastDecimalDigit, scanLastFive, type DecimalDigitWorking, type FiveChars } from './scan.ts';

export type { DecimalDigitWorking, FiveChars } from './scan.ts';

// Searching for one bad character is about twice as fast on V8 as matching all 64 with /^...{64}$/,
// and settlement validates every block id it reads.
const NOT_HEX = /[^0-9a-fA-F]/;
const TWO_POW_32 = 0x1_0000_0000;

export function isBlockId(value: unknown): value is string {
  return typeof value === 'string' && value.length === 64 && !NOT_HEX.test(value);
}

/** The block id in lower case; throws a RangeError unless it is 64 hex characters. */
export function normalizeBlockId(blockId: string): string {
  if (!isBlockId(blockId)) {
    throw new RangeError(`not a block id (64 hex characters expected): ${String(blockId).slice(0, 80)}`);
  }
  return blockId.toLowerCase();
}

/** The height encoded in the first 16 hex characters. */
export function blockHeightOf(blockId: string): number {
  return scanHeight(normalizeBlockId(blockId));
}

export function assertHeight(height: number): void {
  if (!Number.isSafeInteger(height) || height < 0) {
    throw new RangeError(`block height must be a non-negative safe integer, got ${height}`);
  }
}

/** The 16 hex characters that open the block id of the given height. */
export function heightPrefix(height: number): string {
  assertHeight(height);
  const high = Math.floor(height / TWO_POW_32);
  const low = height % TWO_POW_32;
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}

/**
 * TRON's block id: the header's SHA-256 with its first 8 bytes replaced by the height. The devnet uses
 * this so that its ids look and behave like mainnet ones.
 */
export function blockIdFor(height: number, headerSha256: string): string {
  if (!isBlockId(headerSha256)) throw new RangeError('header hash must be 64 hex characters');
  return heightPrefix(height) + headerSha256.slice(16).toLowerCase();
}

export function blockIdMatchesHeight(blockId: string, height: number): boolean {
  assertHeight(height);
  return blockHeightOf(blockId) === height;
}

/** `d` with where it was found, so the verifier can underline it and show the letters passed over. */
export function findLastDecimalDigit(blockId: string): DecimalDigitWorking {
  return scanLastDecimalDigit(normalizeBlockId(blockId));
}

/** `d` of GAMES.md: scanning from the right, skip a-f, take the first 0-9. */
export function lastDecimalDigit(blockId: string): number {
  return findLastDecimalDigit(blockId).digit;
}

/** `c1..c5` of GAMES.md: the last five characters, left to right, lower case. */
export function lastFive(blockId: string): FiveChars {
  return scanLastFive(normalizeBlockId(blockId));
}
