import { z } from 'zod';
import { parseMicro } from './micro.ts';

export { formatMicro, MAX_MICRO, parseMicro } from './micro.ts';

/** A money amount on the wire: a decimal string (preferred) or number, at most 6 decimals. */
export const moneyAmount = z
  .union([z.string(), z.number()])
  .describe('Decimal amount, at most 6 decimal places, e.g. "12.5"')
  .transform((value, ctx) => {
    const micro = parseMicro(value);
    if (micro === undefined) {
      ctx.addIssue({ code: 'custom', message: 'must be a non-negative decimal with at most 6 decimals' });
      return z.NEVER;
    }
    return micro;
  });

/** A strictly positive money amount. */
export const positiveMoneyAmount = moneyAmount.refine((micro) => micro > 0n, 'must be greater than zero');

/** Money in replies is always a decimal string. */
export const moneyString = z.string().describe('Decimal amount as a string, e.g. "12.5"');
