import { z } from 'zod';
import { LANGUAGES } from '../../locales.ts';
import { defineOpsCall, opsBody } from '../define.ts';
import { imageUpload, limitField, opsData, OPS_IMAGE_MAX_BYTES } from './common.ts';

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

const bannerReply = opsData('{ banner: { id, title, imageUrl, link, sort, language, promotionChannel, enabled, startsAt, endsAt, live, updatedAt } }');
const bannersReply = opsData('{ banners }: every banner in display order');
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
    response: opsData('{ changes: [{ id, bannerId, action, oldValue, newValue, by, at }] }'),
  }),
} as const;
