import { activityCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail } from '../../http/app-error.ts';
import { opsTokenGuard } from '../../http/ops-guard.ts';
import { registerCall } from '../../http/rpc.ts';
import { decodeMediaUpload, mediaUploadRouteOptions, mediaUploadSchema } from '../media/media-upload.ts';
import type { SessionService } from '../player/session.service.ts';
import { ACTIVITY_BANNER_MAX_BYTES, activityFields, type ActivityOpsService } from './activity-ops.service.ts';
import { InvalidActivityError } from './activity-rules.ts';
import type { ActivityService } from './activity.service.ts';

/** The player's activity calls. The bonus record (/v1/reportForm/activityForm) is the bonus module's. */
export function registerActivityRoutes(http: FastifyInstance, sessions: SessionService, activities: ActivityService): void {
  registerCall(http, sessions, activityCalls.configSync, async (ctx) => activities.configSync(ctx.body, ctx.lang));
  registerCall(http, sessions, activityCalls.playerData, (ctx) => activities.playerData(ctx.session.playerId, ctx.body));
  registerCall(http, sessions, activityCalls.participate, (ctx) => activities.participate(ctx.session.playerId, ctx.body));
}

const by = z.string().trim().min(1).max(100).describe('Who makes the change, for the audit');
const id = z.number().int().min(1).max(2_147_483_647);
const bodies = {
  create: activityFields.extend({ type: z.number().int(), by }),
  edit: activityFields.extend({ id, by }),
  schedule: z.strictObject({ id, startAt: activityFields.shape.startAt.unwrap(), endAt: activityFields.shape.endAt.unwrap(), by }),
  disable: z.strictObject({ id, enabled: z.boolean().default(false), by }),
  audit: z.strictObject({ id, limit: z.number().int().min(1).max(500).default(50) }),
  banner: z.strictObject({ id, image: mediaUploadSchema(ACTIVITY_BANNER_MAX_BYTES), by }),
};

function parse<T extends z.ZodType>(schema: T, body: unknown, hint: string): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fail('INVALID_PARAMETERS', `${issue.path.join('.') || 'body'}: ${issue.message} (send ${hint})`);
  }
  return parsed.data;
}

async function validated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvalidActivityError) throw fail('INVALID_PARAMETERS', error.message);
    throw error;
  }
}

/**
 * Operator endpoints behind `x-ops-token` (absent without OPS_TOKEN): list, create, edit, schedule,
 * disable (or enable again) activities, upload a banner (stored by this server's media store, PNG,
 * JPEG or WebP up to 2 MB, as base64 `{data, type?}`) and read their audit. Each change is validated whole,
 * audited, logged and applied at once on every instance.
 */
export function registerActivityOpsRoutes(http: FastifyInstance, ops: ActivityOpsService, opsToken: string | undefined): void {
  if (!opsToken) return;
  const guard = opsTokenGuard(opsToken);
  const ok = (data: unknown) => ({ code: 0, msg: 'success', data });

  http.post('/ops/activities/list', async (request) => {
    guard(request);
    return ok({ activities: await ops.list() });
  });

  http.post('/ops/activities/create', async (request) => {
    guard(request);
    const { type, by: who, ...fields } = parse(bodies.create, request.body, '{type: 1-7, texts: {en_US: {title, summary, content?}, ...}, rules?, startAt?, endAt?, ..., by}');
    const activity = await validated(() => ops.create(type, fields, who));
    request.log.info({ audit: 'activity', action: 'create', id: activity.id, by: who }, 'activity created');
    return ok({ activity });
  });

  http.post('/ops/activities/edit', async (request) => {
    guard(request);
    const { id: activityId, by: who, ...fields } = parse(bodies.edit, request.body, '{id, by, and the fields to change}');
    const activity = await validated(() => ops.change(activityId, fields, who, 'edit'));
    request.log.info({ audit: 'activity', action: 'edit', id: activityId, by: who }, 'activity changed');
    return ok({ activity });
  });

  http.post('/ops/activities/schedule', async (request) => {
    guard(request);
    const body = parse(bodies.schedule, request.body, '{id, startAt, endAt (ISO time or null), by}');
    const activity = await validated(() => ops.change(body.id, { startAt: body.startAt, endAt: body.endAt }, body.by, 'schedule'));
    request.log.info({ audit: 'activity', action: 'schedule', id: body.id, by: body.by }, 'activity scheduled');
    return ok({ activity });
  });

  http.post('/ops/activities/disable', async (request) => {
    guard(request);
    const body = parse(bodies.disable, request.body, '{id, enabled?: false, by}');
    const action = body.enabled ? 'enable' : 'disable';
    const activity = await validated(() => ops.change(body.id, { enabled: body.enabled }, body.by, action));
    request.log.info({ audit: 'activity', action, id: body.id, by: body.by }, `activity ${action}d`);
    return ok({ activity });
  });

  http.post('/ops/activities/banner', mediaUploadRouteOptions(ACTIVITY_BANNER_MAX_BYTES), async (request) => {
    guard(request);
    const body = parse(bodies.banner, request.body, '{id, image: {data: base64, type?}, by}');
    const activity = await validated(() => ops.banner(body.id, decodeMediaUpload(body.image), body.by));
    request.log.info({ audit: 'activity', action: 'banner', id: body.id, by: body.by }, 'activity banner set');
    return ok({ activity });
  });

  http.post('/ops/activities/audit', async (request) => {
    guard(request);
    const body = parse(bodies.audit, request.body, '{id, limit?: 1-500}');
    return ok({ changes: await ops.audit(body.id, body.limit) });
  });
}
