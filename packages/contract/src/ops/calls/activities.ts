import { z } from 'zod';
import { currency, isoTime } from '../../calls/common.ts';
import { LANGUAGES } from '../../locales.ts';
import { moneyAmount, moneyString } from '../../money.ts';
import { defineOpsCall, opsBody } from '../define.ts';
import { imageUpload, limitField, OPS_IMAGE_MAX_BYTES, settingChange } from './common.ts';

/** An activity's words in one language; `content` is plain text, served as escaped HTML. */
export const activityText = z.strictObject({
  title: z.string().trim().min(1).max(80),
  summary: z.string().trim().min(1).max(200),
  content: z.string().trim().max(5000).optional(),
});

/** Texts per language; English is required and stands in for a language without its own. */
export const activityTexts = z.partialRecord(z.enum(LANGUAGES), activityText).refine((texts) => texts.en_US !== undefined, 'en_US is required');

/** Images are stored by this server: an activity's banner is a path of its media store, never another site's URL. */
const mediaPath = z.string().regex(/^\/media\/[A-Za-z0-9._-]{1,200}$/, 'a banner is stored through /ops/v1/activities/banner (a /media/... path)');
const instant = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const activityId = z.number().int().min(1).max(2_147_483_647);

/** The fields an operator may set; absent ones keep their value (on create: their default). */
export const activityFields = z.strictObject({
  texts: activityTexts.optional(),
  imageUrl: mediaPath.nullable().optional(),
  sort: z.number().int().min(-100_000).max(100_000).optional(),
  startAt: instant.optional(),
  endAt: instant.nullable().optional(),
  currency: z.enum(['USDT', 'TRX']).optional(),
  rules: z.record(z.string(), z.unknown()).optional(),
  wageringMultiplier: z.number().int().min(0).max(100).nullable().optional(),
  perPlayerLimit: z.number().int().min(1).max(1_000_000).nullable().optional(),
  budgetCap: moneyAmount
    .refine((value) => value > 0n, 'must be above zero')
    .nullable()
    .optional(),
  requiresRecharge: z.boolean().optional(),
  enabled: z.boolean().optional(),
});

/** An activity as operators manage it: its settings and what it has paid. */
export const activityView = z.object({
  id: z.number().int(),
  type: z.number().int().describe('One of the seven activity types (1-7)'),
  texts: z.partialRecord(z.enum(LANGUAGES), z.object({ title: z.string(), summary: z.string(), content: z.string().optional() })),
  imageUrl: z.string().nullable().describe('Its banner (a /media/... path)'),
  sort: z.number().int(),
  startAt: isoTime,
  endAt: isoTime.nullable().describe('Null: open-ended'),
  currency,
  rules: z.record(z.string(), z.unknown()).describe("As the type's schema defines them"),
  wageringMultiplier: z.number().int().nullable(),
  perPlayerLimit: z.number().int().nullable(),
  budgetCap: moneyString.nullable().describe('Null: no cap'),
  paidTotal: moneyString.describe('Paid so far'),
  requiresRecharge: z.boolean(),
  enabled: z.boolean(),
  updatedAt: isoTime,
  updatedBy: z.string(),
});

const activityReply = z.object({ activity: activityView });

/**
 * The activities of the lobby from the operator's side. Each change is validated whole (rules
 * against the type's schema, the window, the budget against what is already paid), kept with its
 * old and new values under the actor's name, and applied at once on every instance.
 */
export const activitiesOpsCalls = {
  list: defineOpsCall({
    path: '/ops/v1/activities/list',
    access: 'marketing.activities',
    audit: 'read',
    summary: 'Every activity with its settings and what it has paid',
    request: opsBody({}),
    response: z.object({ activities: z.array(activityView) }),
  }),
  create: defineOpsCall({
    path: '/ops/v1/activities/create',
    access: 'marketing.activities',
    audit: 'change',
    summary: "Creates an activity of one of the seven types (1-7), starting from that type's defaults",
    request: activityFields.extend({ type: z.number().int() }),
    response: activityReply,
  }),
  edit: defineOpsCall({
    path: '/ops/v1/activities/edit',
    access: 'marketing.activities',
    audit: 'change',
    summary: "Changes the fields sent of an activity's settings",
    request: activityFields.extend({ id: activityId }),
    response: activityReply,
  }),
  schedule: defineOpsCall({
    path: '/ops/v1/activities/schedule',
    access: 'marketing.activities',
    audit: 'change',
    summary: "Sets an activity's window (endAt null: open-ended)",
    request: opsBody({ id: activityId, startAt: instant, endAt: instant.nullable() }),
    response: activityReply,
  }),
  disable: defineOpsCall({
    path: '/ops/v1/activities/disable',
    access: 'marketing.activities',
    audit: 'change',
    summary: 'Disables an activity (enabled: true enables it again)',
    request: opsBody({ id: activityId, enabled: z.boolean().default(false) }),
    response: activityReply,
  }),
  banner: defineOpsCall({
    path: '/ops/v1/activities/banner',
    access: 'marketing.activities',
    audit: 'change',
    summary: "Stores an activity's banner (PNG, JPEG or WebP up to 2 MB, as base64) and shows it",
    request: opsBody({ id: activityId, image: imageUpload(OPS_IMAGE_MAX_BYTES) }),
    response: activityReply,
  }),
  audit: defineOpsCall({
    path: '/ops/v1/activities/audit',
    access: 'marketing.activities',
    audit: 'read',
    summary: "An activity's changes, newest first",
    request: opsBody({ id: activityId, limit: limitField(500, 50) }),
    response: z.object({ changes: z.array(settingChange.extend({ action: z.string().describe('create, edit, schedule, enable, disable or banner') })) }),
  }),
} as const;
