import { z } from 'zod';
import { isoTime } from '../../calls/common.ts';
import { LANGUAGES } from '../../locales.ts';
import { defineOpsCall, opsBody } from '../define.ts';
import { imageUpload, limitField, OPS_IMAGE_MAX_BYTES, settingChange } from './common.ts';

// The app opens a path inside itself or an https page outside; nothing else (javascript:, //host) is a link.
const link = z
  .string()
  .trim()
  .max(500)
  .refine((value) => /^\/(?!\/)\S*$/.test(value) || /^https:\/\/[^\s/]+(\/\S*)?$/.test(value), 'an app path (/vip) or an https URL');
const when = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const bannerId = z.number().int().positive().max(2_147_483_647);
const title = z.string().trim().min(1).max(100);
const language = z.enum(LANGUAGES).nullable();
const promotionChannel = z.string().trim().min(1).max(64).nullable();
const image = imageUpload(OPS_IMAGE_MAX_BYTES);

/** A banner as operators manage it. */
export const bannerView = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string().describe('The stored picture (a /media/... path)'),
  link: z.string().nullable(),
  sort: z.number().int(),
  language: z.string().nullable().describe('The only language it is shown in; null: all'),
  promotionChannel: z.string().nullable().describe('The only channel it is shown to; null: all'),
  enabled: z.boolean(),
  startsAt: isoTime.nullable(),
  endsAt: isoTime.nullable(),
  live: z.boolean().describe('Shown right now to the players it targets: switched on and inside its window'),
  updatedAt: isoTime,
});

const bannerReply = z.object({ banner: bannerView });
const bannersReply = z.object({ banners: z.array(bannerView).describe('Every banner in display order') });
const switchBody = opsBody({ id: bannerId });

/**
 * The lobby's banners. Pictures come as base64 in the JSON body (`image: {data, type?}`) and are
 * checked by the media store; every change is validated, kept with its old and new values under the
 * actor's name, and shown at once by `/v1/app/queryBanner` on every instance.
 */
export const bannersOpsCalls = {
  list: defineOpsCall({
    path: '/ops/v1/banners/list',
    access: 'marketing.banners',
    audit: 'read',
    summary: 'Every banner, in display order, with its schedule',
    request: opsBody({}),
    response: bannersReply,
  }),
  create: defineOpsCall({
    path: '/ops/v1/banners/create',
    access: 'marketing.banners',
    audit: 'change',
    summary: 'Adds a banner (PNG, JPEG, WebP or GIF up to 2 MB, as base64), for one language and channel or all',
    request: opsBody({
      title,
      image,
      link: link.nullable().default(null),
      language: language.default(null),
      promotionChannel: promotionChannel.default(null),
      sort: z.number().int().min(0).max(1_000_000).optional(),
      startsAt: when.nullable().default(null),
      endsAt: when.nullable().default(null),
      enabled: z.boolean().default(true),
    }),
    response: bannerReply,
  }),
  edit: defineOpsCall({
    path: '/ops/v1/banners/edit',
    access: 'marketing.banners',
    audit: 'change',
    summary: 'Changes the fields sent of a banner, its picture included',
    request: opsBody({
      id: bannerId,
      title: title.optional(),
      link: link.nullable().optional(),
      language: language.optional(),
      promotionChannel: promotionChannel.optional(),
      image: image.optional(),
    }),
    response: bannerReply,
  }),
  order: defineOpsCall({
    path: '/ops/v1/banners/order',
    access: 'marketing.banners',
    audit: 'change',
    summary: 'Puts the banners named in this display order',
    request: opsBody({ ids: z.array(bannerId).min(1).max(500) }),
    response: bannersReply,
  }),
  schedule: defineOpsCall({
    path: '/ops/v1/banners/schedule',
    access: 'marketing.banners',
    audit: 'change',
    summary: "Sets a banner's window (null: no bound)",
    request: opsBody({ id: bannerId, startsAt: when.nullable(), endsAt: when.nullable() }),
    response: bannerReply,
  }),
  disable: defineOpsCall({
    path: '/ops/v1/banners/disable',
    access: 'marketing.banners',
    audit: 'change',
    summary: 'Hides a banner from the lobby',
    request: switchBody,
    response: bannerReply,
  }),
  enable: defineOpsCall({
    path: '/ops/v1/banners/enable',
    access: 'marketing.banners',
    audit: 'change',
    summary: 'Shows a banner in the lobby again (within its window)',
    request: switchBody,
    response: bannerReply,
  }),
  audit: defineOpsCall({
    path: '/ops/v1/banners/audit',
    access: 'marketing.banners',
    audit: 'read',
    summary: "Banner changes, newest first: one banner's, or all",
    request: opsBody({ id: bannerId.optional(), limit: limitField(500, 50) }),
    response: z.object({
      changes: z.array(settingChange.extend({ bannerId: z.number().int(), action: z.enum(['create', 'edit', 'order', 'schedule', 'enable', 'disable']) })),
    }),
  }),
} as const;
