import { z } from 'zod';
import { CURRENCIES, GameType } from '../enums.ts';
import type { ErrorCodeValue } from '../errors.ts';
import { ErrorCode } from '../errors.ts';

/** The two wallet currencies; anything else is an input error rather than a silent zero balance. */
export const currency = z.enum(CURRENCIES);

/** Reply timestamps: one format everywhere so clients parse them the same way. */
export const isoTime = z.string().describe('ISO 8601 with offset');

/** Requests name instants from 1970 up to the end of 9999: earlier or later is a typo, and PostgreSQL has no year 0. */
const EARLIEST_REQUEST_TIME = Date.UTC(1970, 0, 1);
const END_OF_REQUEST_TIME = Date.UTC(10000, 0, 1);

/** Request timestamps must carry an offset: the server's timezone is not the player's. */
export const isoTimeInput = z.iso.datetime({ offset: true }).refine((value) => {
  const time = Date.parse(value);
  return time >= EARLIEST_REQUEST_TIME && time < END_OF_REQUEST_TIME;
}, 'between 1970-01-01 and 9999-12-31 UTC');

/** Database ids: positive integers, far below 2^53 so JSON numbers hold them exactly. */
export const entityId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const GAME_TYPE_CODES = Object.values(GameType) as readonly (typeof GameType)[keyof typeof GameType][];
export const gameTypeCode = z.literal(GAME_TYPE_CODES).describe('Game type code of SPEC section 3');

/**
 * A format check whose failure has its own code in the catalogue (SPEC section 8). The code rides
 * on the issue as `params.code`, so the server answers e.g. 10052 instead of a generic 12 and the
 * web shows the specific message; see `catalogueCodeOf`.
 */
export function catalogueCheck<T>(test: (value: T) => boolean, code: ErrorCodeValue, message: string) {
  return [test, { message, params: { code } }] as const;
}

/** The catalogue code carried by the first issue that has one (see `catalogueCheck`). */
export function catalogueCodeOf(issues: readonly z.core.$ZodIssue[]): ErrorCodeValue | undefined {
  for (const issue of issues) {
    const code = (issue as { params?: { code?: unknown } }).params?.code;
    if (typeof code === 'number') return code as ErrorCodeValue;
    if (issue.code === 'invalid_union') {
      const nested = issue.errors.flatMap((list) => list);
      const found = catalogueCodeOf(nested);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export const TRON_ADDRESS_PATTERN = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/**
 * TRON address as written (base58, 34 characters, starting with T). The contract checks the shape
 * only: the checksum needs SHA-256, which the server verifies (also answering 10052).
 */
export const tronAddress = z
  .string()
  .trim()
  .refine(...catalogueCheck((v: string) => TRON_ADDRESS_PATTERN.test(v), ErrorCode.INVALID_TRON_ADDRESS, 'not a TRON address'))
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
export const lastDay = z.number().int().min(1).max(90).describe('The last N days including today (1 = today), in the operator timezone');

/** A secret being checked against a stored one: any shape, so a wrong value gets its own code, not "invalid input". */
export const secretInput = z.string().min(1).max(128);
