import {
  DEFAULT_ODDS,
  HASH_GAMES,
  KIND_AREAS,
  findLastDecimalDigit,
  formatOdds,
  isBlockId,
  lastFive,
  normalizeBlockId,
  transferAreaForDigit,
  type AreaId,
  type HashGame,
  type HashKind,
  type HashResult,
} from '@lobby/hash-games';
import { BetStatus } from '@lobby/contract';

/**
 * What the hash screens show, worked out from the rules package and the server's replies. Kept free
 * of React so every rule about display (which characters decide, which areas a kind has, how a
 * countdown is corrected for the server's clock) is tested on its own.
 */

export type Level = 0 | 1;
export type CurrencyCode = 'USDT' | 'TRX';
export const CURRENCY_CODES: readonly CurrencyCode[] = ['USDT', 'TRX'];
export const LEVELS: readonly Level[] = [0, 1];

const BY_ID = new Map<number, HashGame>(HASH_GAMES.map((game) => [game.id, game]));

export function hashGameOf(id: number): HashGame | undefined {
  return BY_ID.get(id);
}

/** Every hash game in catalogue order: kinds in family order, families by round length code. */
export const ALL_HASH_GAMES: readonly HashGame[] = HASH_GAMES;

export function areasOfKind(kind: HashKind): readonly AreaId[] {
  return KIND_AREAS[kind];
}

/** Lucky-ten areas are digits and read the same in every language; the others are translated. */
export function isDigitArea(area: string): boolean {
  return /^[0-9]$/.test(area);
}

export function areaLabelKey(area: string): string | null {
  return isDigitArea(area) ? null : `area.${area}`;
}

/** Translation keys for a game's short name: its kind and its round length. */
export function gameLabelKeys(gameId: number): { kind: string; period: string } | null {
  const game = hashGameOf(gameId);
  if (!game) return null;
  return { kind: `kind.${game.kind}`, period: `period.${game.period}` };
}

// ---------------------------------------------------------------------------------------------------
// Money: decimal strings in, decimal strings out, integer micro-units in between (never floats).

const MICRO = 1_000_000n;
const AMOUNT = /^(\d{1,12})(?:\.(\d{1,6}))?$/;

/** A stake typed by the player, in micro-units; null unless a positive decimal with at most 6 places. */
export function parseAmount(text: string | null | undefined): bigint | null {
  const match = AMOUNT.exec((text ?? '').trim());
  if (!match) return null;
  const micro = BigInt(match[1]) * MICRO + BigInt((match[2] ?? '').padEnd(6, '0'));
  return micro > 0n ? micro : null;
}

/** Same as parseAmount but lets zero and any sign-free server amount through (balances, limits). */
export function toMicro(text: string | null | undefined): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,6})\d*)?$/.exec((text ?? '').trim());
  if (!match) return null;
  return BigInt(match[1]) * MICRO + BigInt((match[2] ?? '').padEnd(6, '0'));
}

/** Micro-units as a plain decimal ("29.3475"): what the records compare, not what the screens show. */
export { formatMicro } from '@lobby/contract/micro';

export type AmountProblem = 'invalid' | 'belowMin' | 'aboveMax' | 'balance';

/** Why a stake cannot be placed as typed, or null. Limits and balance are the server's decimal strings. */
export function amountProblem(text: string, limit: { min: string; max: string } | undefined, balance: string | undefined): AmountProblem | null {
  const micro = parseAmount(text);
  if (micro === null) return 'invalid';
  const min = toMicro(limit?.min);
  const max = toMicro(limit?.max);
  if (min !== null && micro < min) return 'belowMin';
  if (max !== null && max > 0n && micro > max) return 'aboveMax';
  const available = toMicro(balance);
  if (available !== null && micro > available) return 'balance';
  return null;
}

/** Quick stakes per currency: TRX is worth far less than USDT, so its chips start ten times higher. */
export const CHIPS: Record<CurrencyCode, readonly number[]> = {
  USDT: [1, 5, 10, 50, 100],
  TRX: [10, 50, 100, 500, 1000],
};

// ---------------------------------------------------------------------------------------------------
// Rounds

export interface LevelLimitLike {
  level: number;
  currency: string;
  min: string;
  max: string;
  odds: readonly { area: string; odds: string }[];
}

export function levelLimit(levels: readonly LevelLimitLike[] | undefined, level: number, currency: string): LevelLimitLike | undefined {
  return levels?.find((entry) => entry.level === level && entry.currency === currency);
}

/** The odds the server quotes for the level, else the rules' defaults. */
export function oddsFor(kind: HashKind, area: string, levels?: readonly LevelLimitLike[], level = 0, currency: string = 'USDT'): string {
  const quoted = levelLimit(levels, level, currency)?.odds.find((entry) => entry.area === area)?.odds;
  if (quoted) return quoted;
  const fallback = DEFAULT_ODDS[kind][area as AreaId];
  return fallback === undefined ? '' : formatOdds(fallback);
}

/** Bull's win share at bull-bull: the odds less the stake returned (1.95 → 0.95). */
export function bullWinRate(odds: string): string {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(odds.trim());
  if (!match) return '';
  const bp = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0')) - 10_000;
  return bp < 0 ? '' : formatOdds(bp);
}

/**
 * Milliseconds until betting closes, on the server's clock: the offset between the server's time
 * and ours when the reply arrived is applied to our clock now, so a phone whose clock is wrong by
 * minutes still counts down correctly.
 */
export function msToClose(round: { closesAt: string; serverTime: string }, receivedAt: number, now: number): number {
  const closes = Date.parse(round.closesAt);
  const server = Date.parse(round.serverTime);
  if (!Number.isFinite(closes)) return 0;
  const offset = Number.isFinite(server) ? server - receivedAt : 0;
  return Math.max(0, closes - (now + offset));
}

export const secondsFromMs = (ms: number) => Math.ceil(ms / 1000);

/** Seconds left to the tenth, rounded up like the whole seconds (0.01 s left still reads 0.1), as a decimal string. */
export const tenthsOf = (ms: number): string => {
  const tenths = Math.ceil(ms / 100);
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
};

// ---------------------------------------------------------------------------------------------------
// Block ids: which characters decide the result

export type TailRole = 'plain' | 'decider' | 'skipped' | 'banker' | 'player' | 'shared' | 'unused';

export interface TailSegment {
  text: string;
  role: TailRole;
}

const DIGIT_KINDS: ReadonlySet<HashKind> = new Set(['bigSmall', 'oddEven', 'luckyTen', 'bigSmallSum', 'oddEvenSum']);

function roleMap(kind: HashKind, id: string): TailRole[] {
  const roles: TailRole[] = new Array(id.length).fill('plain');
  const n = id.length;
  if (DIGIT_KINDS.has(kind)) {
    const { index } = findLastDecimalDigit(id);
    roles[index] = 'decider';
    for (let i = index + 1; i < n; i++) roles[i] = 'skipped';
  } else if (kind === 'bull') {
    // c3 belongs to both hands: banker reads c1..c3, player c3..c5.
    roles[n - 5] = 'banker';
    roles[n - 4] = 'banker';
    roles[n - 3] = 'shared';
    roles[n - 2] = 'player';
    roles[n - 1] = 'player';
  } else {
    roles[n - 5] = 'banker';
    roles[n - 4] = 'banker';
    roles[n - 3] = 'unused';
    roles[n - 2] = 'player';
    roles[n - 1] = 'player';
  }
  return roles;
}

/**
 * The end of a block id cut into runs by what each character does for the game: the deciding digit
 * (and the letters skipped after it), or the banker and player hands. The window widens when the
 * deciding digit lies further left than `length` characters; `length` 64 gives the whole id.
 */
export function tailSegments(kind: HashKind, blockId: string, length = 10): TailSegment[] {
  if (!isBlockId(blockId)) return [];
  const id = normalizeBlockId(blockId);
  const roles = roleMap(kind, id);
  const firstMarked = roles.findIndex((role) => role !== 'plain');
  const start = Math.max(0, Math.min(id.length - length, firstMarked < 0 ? id.length : firstMarked));
  const segments: TailSegment[] = [];
  for (let i = start; i < id.length; i++) {
    const last = segments[segments.length - 1];
    if (last && last.role === roles[i]) last.text += id[i];
    else segments.push({ text: id[i], role: roles[i] });
  }
  return segments;
}

// ---------------------------------------------------------------------------------------------------
// The working of a result, in the server's shape, so the two can be compared field by field

export interface WorkingLike {
  kind: string;
  lastDigit: number | null;
  lastFive: string;
  sum: number | null;
  bankerPoints: number | null;
  playerPoints: number | null;
  winningAreas: readonly string[];
}

export { workingOf } from '@lobby/hash-games';

/** True when the server's working says what the local computation says. */
export function sameWorking(local: WorkingLike, remote: WorkingLike): boolean {
  return (
    local.kind === remote.kind &&
    local.lastDigit === remote.lastDigit &&
    local.lastFive.toLowerCase() === remote.lastFive.toLowerCase() &&
    local.sum === remote.sum &&
    local.bankerPoints === remote.bankerPoints &&
    local.playerPoints === remote.playerPoints &&
    [...local.winningAreas].sort().join() === [...remote.winningAreas].sort().join()
  );
}

/** The hex height prefix of a block id as a number, or null for anything that is not a block id. */
export function heightFromBlockId(blockId: string): number | null {
  const text = blockId.trim();
  if (!isBlockId(text)) return null;
  const height = Number.parseInt(text.slice(0, 16), 16);
  return Number.isSafeInteger(height) ? height : null;
}

// ---------------------------------------------------------------------------------------------------
// Transfer bets: the unit digit of the amount chooses the side

export interface DigitChoice {
  digit: number;
  area: AreaId | null;
}

export function transferTable(kind: HashKind): DigitChoice[] {
  return Array.from({ length: 10 }, (_, digit) => ({ digit, area: transferAreaForDigit(kind, digit) }));
}

// ---------------------------------------------------------------------------------------------------
// Bet statuses (SPEC section 3)

export type StatusTone = 'pending' | 'win' | 'lose' | 'draw' | 'cancelled' | 'unknown';

export const BET_STATUSES: readonly number[] = Object.values(BetStatus);

export function statusTone(status: number): StatusTone {
  switch (status) {
    case BetStatus.UNSETTLED:
      return 'pending';
    case BetStatus.SETTLED_WIN:
    case BetStatus.RESETTLED_WIN:
      return 'win';
    case BetStatus.SETTLED_LOSE:
    case BetStatus.RESETTLED_LOSE:
      return 'lose';
    case BetStatus.SETTLED_DRAW:
    case BetStatus.RESETTLED_DRAW:
      return 'draw';
    case BetStatus.USER_CANCELLED:
    case BetStatus.SYSTEM_CANCELLED:
      return 'cancelled';
    default:
      return 'unknown';
  }
}

// ---------------------------------------------------------------------------------------------------
// Dates for the record filters: whole local days, sent with the player's own UTC offset

function offsetText(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** `2024-05-01` → the start of that local day (or of the day after, for an inclusive end) in ISO 8601. */
export function localDayIso(day: string, dayAfter = false): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (dayAfter ? 1 : 0));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T00:00:00${offsetText(date)}`;
}

/** A block explorer link for a height, from a template with `{id}` or a prefix to append to. */
export function explorerBlockLink(template: string, height: number): string {
  return template.includes('{id}') ? template.replace('{id}', String(height)) : `${template}${height}`;
}
