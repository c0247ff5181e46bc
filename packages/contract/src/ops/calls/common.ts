import { z } from 'zod';

/** Shared pieces of operator call schemas. */
export const playerIdField = z.number().int().positive().describe("The player's id");
export const currencyField = z.enum(['USDT', 'TRX']);
export const reasonField = z.string().trim().min(3).max(500).describe('Why, for the audit and the player record');
export const limitField = (max: number, fallback: number) => z.number().int().min(1).max(max).default(fallback);
/** Replies whose shape the module documents beside its service: an object of named fields. */
export const opsData = (description: string) => z.record(z.string(), z.unknown()).describe(description);

/** Largest picture an operator uploads (banners), before base64. */
export const OPS_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/**
 * An image sent inside a JSON body: `{data: <base64 or data: URL>, type?: <MIME type>}`. The server's
 * media store checks the bytes; this only bounds and shapes them.
 */
export const imageUpload = (maxBytes: number) =>
  z.strictObject({
    data: z.string().min(1).max(Math.ceil(maxBytes / 3) * 4 + 200),
    type: z.string().trim().min(1).max(100).optional(),
  });
