import { z } from 'zod';
import { isoTime } from '../../calls/common.ts';
import { moneyString } from '../../money.ts';

/** Shared pieces of operator call schemas. */
export const playerIdField = z.number().int().positive().describe("The player's id");
export const currencyField = z.enum(['USDT', 'TRX']);
export const reasonField = z.string().trim().min(3).max(500).describe('Why, for the audit and the player record');
export const limitField = (max: number, fallback: number) => z.number().int().min(1).max(max).default(fallback);
/** An amount in each wallet currency, as decimal strings. */
export const perCurrencyAmount = z.object({ usdt: moneyString, trx: moneyString });

/**
 * One change of the operator's settings as their audit lists it: the value before (null when the change
 * created it) and after, who made it and when. Each area's audit adds what the change was about.
 */
export const settingChange = z.object({
  id: z.number().int(),
  oldValue: z.unknown().describe('The value before the change; null when the change created it'),
  newValue: z.unknown().describe('The value after the change'),
  by: z.string().describe('The staff member or key that made the change'),
  at: isoTime,
});

/** Largest picture an operator uploads (banners), before base64. */
export const OPS_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/**
 * An image sent inside a JSON body: `{data: <base64 or data: URL>, type?: <MIME type>}`. The server's
 * media store checks the bytes; this only bounds and shapes them.
 */
export const imageUpload = (maxBytes: number) =>
  z.strictObject({
    data: z
      .string()
      .min(1)
      .max(Math.ceil(maxBytes / 3) * 4 + 200),
    type: z.string().trim().min(1).max(100).optional(),
  });
