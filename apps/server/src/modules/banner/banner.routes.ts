import { LANGUAGES } from '@lobby/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fail } from '../../http/app-error.ts';
import { opsTokenGuard } from '../../http/ops-guard.ts';
import { decodeMediaUpload, mediaUploadRouteOptions, mediaUploadSchema } from '../media/media-upload.ts';
import { BANNER_MAX_BYTES, type BannerService } from './banner.service.ts';

// The app opens a path inside itself or an https page outside; nothing else (javascript:, //host) is a link.
const link = z
  .string()
  .trim()
  .max(500)
  .refine((value) => /^\/(?!\/)\S*$/.test(value) || /^https:\/\/[^\s/]+(\/\S*)?$/.test(value), 'an app path (/vip) or an https URL');
const when = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const id = z.number().int().positive().max(2_147_483_647);
const by = z.string().trim().min(1).max(100).describe('Who makes the change, for the audit');
const fields = {
  title: z.string().trim().min(1).max(100),
  link: link.nullable(),
  language: z.enum(LANGUAGES).nullable(),
  promotionChannel: z.string().trim().min(1).max(64).nullable(),
};
const image = mediaUploadSchema(BANNER_MAX_BYTES);

const createBody = z
  .object({
    ...fields,
    link: fields.link.default(null),
    language: fields.language.default(null),
    promotionChannel: fields.promotionChannel.default(null),
    image,
    sort: z.number().int().min(0).max(1_000_000).optional(),
    startsAt: when.nullable().default(null),
    endsAt: when.nullable().default(null),
    enabled: z.boolean().default(true),
    by,
  })
  .strict();
const editBody = z
  .object({ id, title: fields.title.optional(), link: fields.link.optional(), language: fields.language.optional(), promotionChannel: fields.promotionChannel.optional(), image: image.optional(), by })
  .strict();
const orderBody = z.object({ ids: z.array(id).min(1).max(500), by }).strict();
const scheduleBody = z.object({ id, startsAt: when.nullable(), endsAt: when.nullable(), by }).strict();
const switchBody = z.object({ id, by }).strict();
const auditBody = z.object({ id: id.optional(), limit: z.number().int().min(1).max(500).default(50) }).strict();

function parse<T extends z.ZodType>(schema: T, body: unknown, usage: string): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fail('INVALID_PARAMETERS', `${issue ? `${issue.path.join('.') || 'body'}: ${issue.message}; ` : ''}send ${usage}`);
  }
  return parsed.data;
}

/**
 * Operator endpoints behind `x-ops-token` (absent without OPS_TOKEN): the lobby's banners. Pictures
 * come as base64 in the JSON body (`image: {data, type?}`) and are checked by the media store; every
 * change is validated, audited (old and new values, who, when), logged, and shown at once by
 * `/v1/app/queryBanner` on every instance.
 */
export function registerBannerOpsRoutes(http: FastifyInstance, banners: BannerService, opsToken: string | undefined): void {
  if (!opsToken) return;
  const guard = opsTokenGuard(opsToken);
  const ok = (data: unknown) => ({ code: 0, msg: 'success', data });
  // Upload routes take large bodies, so the token is checked before a byte of the body is read.
  const upload = { ...mediaUploadRouteOptions(BANNER_MAX_BYTES), onRequest: async (request: FastifyRequest) => guard(request) };

  http.post('/ops/banners/list', async (request) => {
    guard(request);
    return ok({ banners: await banners.list() });
  });

  http.post('/ops/banners/create', upload, async (request) => {
    const body = parse(createBody, request.body, '{title, image: {data: base64, type?}, link?, language?, promotionChannel?, sort?, startsAt?, endsAt?, enabled?, by}');
    const banner = await banners.create({ ...body, image: decodeMediaUpload(body.image) }, body.by);
    request.log.info({ audit: 'banner', action: 'create', bannerId: banner.id, by: body.by }, 'banner created');
    return ok({ banner });
  });

  http.post('/ops/banners/edit', upload, async (request) => {
    const body = parse(editBody, request.body, '{id, title?, link?, language?, promotionChannel?, image?, by}');
    const { id: bannerId, by: who, image: picture, ...patch } = body;
    const banner = await banners.edit(bannerId, { ...patch, image: picture ? decodeMediaUpload(picture) : undefined }, who);
    request.log.info({ audit: 'banner', action: 'edit', bannerId, by: who }, 'banner edited');
    return ok({ banner });
  });

  http.post('/ops/banners/order', async (request) => {
    guard(request);
    const body = parse(orderBody, request.body, '{ids: [banner ids in display order], by}');
    const list = await banners.order(body.ids, body.by);
    request.log.info({ audit: 'banner', action: 'order', ids: body.ids, by: body.by }, 'banners reordered');
    return ok({ banners: list });
  });

  http.post('/ops/banners/schedule', async (request) => {
    guard(request);
    const body = parse(scheduleBody, request.body, '{id, startsAt: ISO time | null, endsAt: ISO time | null, by}');
    const banner = await banners.schedule(body.id, body, body.by);
    request.log.info({ audit: 'banner', action: 'schedule', bannerId: body.id, by: body.by }, 'banner scheduled');
    return ok({ banner });
  });

  for (const [action, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    http.post(`/ops/banners/${action}`, async (request) => {
      guard(request);
      const body = parse(switchBody, request.body, '{id, by}');
      const banner = await banners.setEnabled(body.id, enabled, body.by);
      request.log.info({ audit: 'banner', action, bannerId: body.id, by: body.by }, `banner ${action}d`);
      return ok({ banner });
    });
  }

  http.post('/ops/banners/audit', async (request) => {
    guard(request);
    const body = parse(auditBody, request.body, '{id?, limit?: 1-500}');
    return ok({ changes: await banners.audit(body.id, body.limit) });
  });
}
