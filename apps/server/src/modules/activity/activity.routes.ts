import { activitiesOpsCalls, activityCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../http/app-error.ts';
import type { OpsAuditNote, OpsRegistrar } from '../../http/ops-call.ts';
import { registerCall } from '../../http/rpc.ts';
import { decodeMediaUpload, mediaUploadRouteOptions } from '../media/media-upload.ts';
import type { SessionService } from '../player/session.service.ts';
import { ACTIVITY_BANNER_MAX_BYTES, type ActivityOpsService } from './activity-ops.service.ts';
import { InvalidActivityError } from './activity-rules.ts';
import type { ActivityService } from './activity.service.ts';

/** The player's activity calls. The bonus record (/v1/reportForm/activityForm) is the bonus module's. */
export function registerActivityRoutes(http: FastifyInstance, sessions: SessionService, activities: ActivityService): void {
  registerCall(http, sessions, activityCalls.configSync, async (ctx) => activities.configSync(ctx.body, ctx.lang));
  registerCall(http, sessions, activityCalls.playerData, (ctx) => activities.playerData(ctx.session.playerId, ctx.body));
  registerCall(http, sessions, activityCalls.participate, (ctx) => activities.participate(ctx.session.playerId, ctx.body));
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
 * The audit record of a change keeps the activity as it became: the banner's stored path rather than
 * its bytes, times as text.
 */
function kept<T>(audit: OpsAuditNote, activity: T): { activity: T } {
  audit.after = activity;
  return { activity };
}

/**
 * Operator calls on activities: list, create, edit, schedule, disable (or enable again), upload a
 * banner (stored by this server's media store, PNG, JPEG or WebP up to 2 MB, as base64 `{data, type?}`)
 * and read their audit. Each change is validated whole, kept under the actor's name and applied at
 * once on every instance.
 */
export function registerActivityOpsRoutes(ops: OpsRegistrar, activityOps: ActivityOpsService): void {
  ops.register(activitiesOpsCalls.list, async () => ({ activities: await activityOps.list() }));

  ops.register(activitiesOpsCalls.create, async ({ body, actor, audit }) => {
    const { type, ...fields } = body;
    const activity = await validated(() => activityOps.create(type, fields, actor.name));
    audit.target = `activity:${activity.id}`;
    return kept(audit, activity);
  });

  ops.register(activitiesOpsCalls.edit, async ({ body, actor, audit }) => {
    const { id, ...fields } = body;
    audit.target = `activity:${id}`;
    return kept(audit, await validated(() => activityOps.change(id, fields, actor.name, 'edit')));
  });

  ops.register(activitiesOpsCalls.schedule, async ({ body, actor, audit }) => {
    audit.target = `activity:${body.id}`;
    return kept(audit, await validated(() => activityOps.change(body.id, { startAt: body.startAt, endAt: body.endAt }, actor.name, 'schedule')));
  });

  ops.register(activitiesOpsCalls.disable, async ({ body, actor, audit }) => {
    audit.target = `activity:${body.id}`;
    return kept(audit, await validated(() => activityOps.change(body.id, { enabled: body.enabled }, actor.name, body.enabled ? 'enable' : 'disable')));
  });

  ops.register(
    activitiesOpsCalls.banner,
    async ({ body, actor, audit }) => {
      audit.target = `activity:${body.id}`;
      return kept(audit, await validated(() => activityOps.banner(body.id, decodeMediaUpload(body.image), actor.name)));
    },
    mediaUploadRouteOptions(ACTIVITY_BANNER_MAX_BYTES),
  );

  ops.register(activitiesOpsCalls.audit, async ({ body }) => ({ changes: await activityOps.audit(body.id, body.limit) }));
}
