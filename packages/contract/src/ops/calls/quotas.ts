import { z } from 'zod';
import { defineOpsCall, opsBody } from '../define.ts';
import { limitField, settingChange } from './common.ts';

/** The limits of the support chat and the media store, all at once. */
export const quotaLimitsSchema = z.strictObject({
  messagesPerMinute: z.number().int().min(1).max(10_000),
  imagesPerHour: z.number().int().min(0).max(10_000),
  imageBytesPerHour: z
    .number()
    .int()
    .min(0)
    .max(2 ** 40),
  imagesPerDay: z.number().int().min(0).max(100_000),
  imageBytesPerDay: z
    .number()
    .int()
    .min(0)
    .max(2 ** 40),
  mediaBytesPerPlayer: z
    .number()
    .int()
    .min(0)
    .max(2 ** 40),
});

const limitsReply = z.object({ limits: quotaLimitsSchema.describe('The quotas in force') });

/** The chat's and media store's quotas: read, change some (validated whole, applied at once on every instance), their audit. */
export const quotasOpsCalls = {
  get: defineOpsCall({
    path: '/ops/v1/quotas/get',
    access: 'support.quotas',
    audit: 'read',
    summary: 'The quotas in force',
    request: opsBody({}),
    response: limitsReply,
  }),
  set: defineOpsCall({
    path: '/ops/v1/quotas/set',
    access: 'support.quotas',
    audit: 'change',
    summary: 'Changes the quotas named; the others keep their value',
    request: opsBody({ limits: quotaLimitsSchema.partial().refine((limits) => Object.keys(limits).length > 0, 'name at least one limit') }),
    response: limitsReply,
  }),
  audit: defineOpsCall({
    path: '/ops/v1/quotas/audit',
    access: 'support.quotas',
    audit: 'read',
    summary: 'Quota changes, newest first',
    request: opsBody({ limit: limitField(500, 50) }),
    response: z.object({ changes: z.array(settingChange).describe('Each change holds every quota before and after') }),
  }),
} as const;
