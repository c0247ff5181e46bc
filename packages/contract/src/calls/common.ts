import { z } from 'zod';
import { CURRENCIES, GameType } from '../enums.ts';

/** The two wallet currencies; anything else is an input error rather than a silent zero balance. */
export const currency = z.enum(CURRENCIES);

/** Reply timestamps: one format everywhere so clients parse them the same way. */
export const isoTime = z.string().describe('ISO 8601 with offset');

/** Request timestamps must carry an offset: the server's timezone is not the player's. */
export const isoTimeInput = z.iso.datetime({ offset: true });

/** Database ids: positive integers, far below 2^53 so JSON numbers hold them exactly. */
export const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const GAME_TYPE_CODES = Object.values(GameType) as readonly (typeof GameType)[keyof typeof GameType][];
export const gameTypeCode = z.literal(GAME_TYPE_CODES).describe('Game type code of SPEC section 3');

/**
 * Base58check TRON address. Only the shape is checked here; the checksum is checked by the server,
 * which answers 10052 so the player sees "invalid Tron address" rather than a generic input error.
 */
export const tronAddress = z
  .string()
  .trim()
  .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'not a TRON address')
  .describe('TRON base58 address starting with T');

export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 20;

/** Paging fields to spread into a request body; both may be left out. */
export const pageFields = {
  page: z.number().int().min(1).max(1_000_000).default(1).describe('1-based'),
  pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
};

/** A page of a list; `total` counts every match so the client can tell when to stop loading. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int().min(0).describe('Number of matching rows over all pages'),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX),
  });
}

/** Optional date-range fields to spread into a request body; check with `checkDateRange`. */
export const dateRangeFields = {
  from: isoTimeInput.optional().describe('Inclusive start, ISO 8601 with offset'),
  to: isoTimeInput.optional().describe('Exclusive end, ISO 8601 with offset'),
};

/** Refinement for bodies that spread `dateRangeFields`: an inverted range is a mistake, not an empty page. */
export function checkDateRange(value: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (value.from !== undefined && value.to !== undefined && Date.parse(value.from) >= Date.parse(value.to)) {
    ctx.addIssue({ code: 'custom', message: 'from must be before to', path: ['to'] });
  }
}

/**
 * Report windows (`lastDay`): the last N days including today, in the operator's timezone.
 * 1 is today; the upper bound matches how long detailed bets are kept online (our choice).
 */
export const lastDay = z
  .number()
  .int()
  .min(1)
  .max(90)
  .describe('The last N days including today (1 = today), in the operator timezone');

/** A secret being checked against a stored one: any shape, so a wrong value gets its own code, not "invalid input". */
export const secretInput = z.string().min(1).max(128);
