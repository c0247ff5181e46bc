import { bannersOpsCalls } from '@lobby/contract';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { decodeMediaUpload, mediaUploadRouteOptions } from '../media/media-upload.ts';
import { BANNER_MAX_BYTES, type BannerService } from './banner.service.ts';

/**
 * Operator calls on the lobby's banners. Pictures come as base64 in the JSON body (`image: {data,
 * type?}`) and are checked by the media store; every change is validated, kept with its old and new
 * values under the actor's name, and shown at once by `/v1/app/queryBanner` on every instance. The
 * audit record of a change keeps the banner as it became: the picture's stored path rather than its
 * bytes, the window's times as text.
 */
export function registerBannerOpsRoutes(ops: OpsRegistrar, banners: BannerService): void {
  const upload = mediaUploadRouteOptions(BANNER_MAX_BYTES);

  ops.register(bannersOpsCalls.list, async () => ({ banners: await banners.list() }));

  ops.register(
    bannersOpsCalls.create,
    async ({ body, actor, audit }) => {
      const banner = await banners.create({ ...body, image: decodeMediaUpload(body.image) }, actor.name);
      audit.target = `banner:${banner.id}`;
      audit.after = banner;
      return { banner };
    },
    upload,
  );

  ops.register(
    bannersOpsCalls.edit,
    async ({ body, actor, audit }) => {
      const { id, image, ...patch } = body;
      audit.target = `banner:${id}`;
      const banner = await banners.edit(id, { ...patch, image: image ? decodeMediaUpload(image) : undefined }, actor.name);
      audit.after = banner;
      return { banner };
    },
    upload,
  );

  ops.register(bannersOpsCalls.order, async ({ body, actor }) => ({ banners: await banners.order(body.ids, actor.name) }));

  ops.register(bannersOpsCalls.schedule, async ({ body, actor, audit }) => {
    audit.target = `banner:${body.id}`;
    const banner = await banners.schedule(body.id, body, actor.name);
    audit.after = banner;
    return { banner };
  });

  ops.register(bannersOpsCalls.disable, async ({ body, actor, audit }) => {
    audit.target = `banner:${body.id}`;
    return { banner: await banners.setEnabled(body.id, false, actor.name) };
  });

  ops.register(bannersOpsCalls.enable, async ({ body, actor, audit }) => {
    audit.target = `banner:${body.id}`;
    return { banner: await banners.setEnabled(body.id, true, actor.name) };
  });

  ops.register(bannersOpsCalls.audit, async ({ body }) => ({ changes: await banners.audit(body.id, body.limit) }));
}
