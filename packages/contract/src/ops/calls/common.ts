import { z } from 'zod';

/** Shared pieces of operator call schemas. */
export const playerIdField = z.number().int().positive().describe("The player's id");
export const currencyField = z.enum(['USDT', 'TRX']);
export const reasonField = z.string().trim().min(3).max(500).describe('Why, for the audit and the player record');
export const limitField = (max: number, fallback: number) => z.number().int().min(1).max(max).default(fallback);
/** Replies whose shape the module documents beside its service: an object of named fields. */
export const opsData = (description: string) => z.record(z.string(), z.unknown()).describe(description);
