import { isoTimeInput, LANGUAGES, mailCalls, type Language } from '@lobby/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fail } from '../../http/app-error.ts';
import { opsTokenGuard } from '../../http/ops-guard.ts';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import type { BulletinService } from './bulletin.service.ts';
import type { MailBoxService } from './mail-box.service.ts';

/** The inbox of /siteMessage: the list, the unread count for the badge, reading and deleting. */
export function registerMailBoxRoutes(http: FastifyInstance, sessions: SessionService, mail: MailBoxService): void {
  registerCall(http, sessions, mailCalls.mailData, (ctx) => mail.mailData(ctx.session, ctx.body, ctx.lang));
  registerCall(http, sessions, mailCalls.newMail, (ctx) => mail.newMail(ctx.session, ctx.lang));
  registerCall(http, sessions, mailCalls.readMail, (ctx) => mail.readMail(ctx.session, ctx.body));
  registerCall(http, sessions, mailCalls.deleteMail, (ctx) => mail.deleteMail(ctx.session, ctx.body));
}

/** One text per language, all eight required: a player never gets a message in nobody's language. */
const texts = (max: number) =>
  z.strictObject(Object.fromEntries(LANGUAGES.map((lang) => [lang, z.string().trim().min(1).max(max)])) as Record<Language, z.ZodString>);
const by = z.string().trim().min(1).max(100).describe('Who makes the change, for the audit');
const vipLevel = z.number().int().min(0).max(100);

const audience = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('player'), playerId: z.number().int().positive().max(2_147_483_647) }),
  z
    .strictObject({ kind: z.literal('segment'), vipMin: vipLevel.optional(), vipMax: vipLevel.optional(), registeredSince: isoTimeInput.optional() })
    .refine((s) => s.vipMin !== undefined || s.vipMax !== undefined || s.registeredSince !== undefined, 'name vipMin, vipMax or registeredSince; use kind "all" for everyone')
    .refine((s) => s.vipMin === undefined || s.vipMax === undefined || s.vipMin <= s.vipMax, 'vipMin must not exceed vipMax'),
  z.strictObject({ kind: z.literal('all') }),
]);

const sendBody = z.strictObject({
  audience,
  category: z.number().int().min(0),
  title: texts(120),
  content: texts(5000),
  expiresAt: isoTimeInput.optional(),
  requestKey: z.string().trim().min(1).max(100).optional().describe('Sending again with the same key answers the first message'),
  by,
});
const listBody = z.strictObject({ limit: z.number().int().min(1).max(500).default(50), beforeId: z.number().int().positive().optional() });
const publishBody = z.strictObject({
  title: texts(120),
  content: texts(5000),
  startsAt: isoTimeInput.optional().describe('Later than now schedules it; absent publishes at once'),
  endsAt: isoTimeInput.optional(),
  by,
});
const withdrawBody = z.strictObject({ id: z.number().int().positive().max(2_147_483_647), by });

function parse<T extends z.ZodType>(schema: T, request: FastifyRequest, usage: string): z.output<T> {
  const parsed = schema.safeParse(request.body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fail('INVALID_PARAMETERS', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}; send ${usage}`);
  }
  return parsed.data;
}

const ok = (data: unknown) => ({ code: 0, msg: 'success', data });

/**
 * Operator endpoints behind `x-ops-token` (absent without OPS_TOKEN): send site mail to one player,
 * a segment or everyone; publish, schedule, withdraw and list bulletins; read what was sent and the
 * audit trail. Every change is validated, written with an audit row (old and new values, who, when)
 * and logged; bulletins take effect on every instance at once.
 */
export function registerMailBoxOpsRoutes(
  http: FastifyInstance,
  services: { mail: MailBoxService; bulletins: BulletinService; categories: () => Promise<number[]> },
  opsToken: string | undefined,
): void {
  if (!opsToken) return;
  const guard = opsTokenGuard(opsToken);

  http.post('/ops/mail/send', async (request) => {
    guard(request);
    const body = parse(sendBody, request, '{audience: {kind: player, playerId} | {kind: segment, vipMin?, vipMax?, registeredSince?} | {kind: all}, category, title, content (each {zh_CN..ar_EG}), expiresAt?, requestKey?, by}');
    const categories = await services.categories();
    if (!categories.includes(body.category)) throw fail('INVALID_PARAMETERS', `category: one of ${categories.join(', ')} (/v1/notice/mailConfigSync)`);
    if (body.expiresAt && Date.parse(body.expiresAt) <= Date.now()) throw fail('INVALID_PARAMETERS', 'expiresAt: already past');
    const result = await services.mail.send(
      {
        audience:
          body.audience.kind === 'segment'
            ? {
                kind: 'segment',
                vipMin: body.audience.vipMin ?? null,
                vipMax: body.audience.vipMax ?? null,
                registeredSince: body.audience.registeredSince ? new Date(body.audience.registeredSince) : null,
              }
            : body.audience,
        category: body.category,
        title: body.title,
        content: body.content,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        requestKey: body.requestKey ?? null,
      },
      body.by,
    );
    request.log.info({ audit: 'site_mail_send', mailId: result.mail.id, audience: body.audience.kind, by: body.by, created: result.created }, 'site mail sent');
    return ok(result);
  });

  http.post('/ops/mail/sent', async (request) => {
    guard(request);
    const body = parse(listBody, request, '{limit?: 1-500, beforeId?}');
    return ok({ mails: await services.mail.sent(body.limit, body.beforeId) });
  });

  http.post('/ops/mail/audit', async (request) => {
    guard(request);
    const body = parse(listBody.omit({ beforeId: true }), request, '{limit?: 1-500}');
    return ok({ changes: await services.mail.audit(body.limit) });
  });

  http.post('/ops/bulletin/publish', async (request) => {
    guard(request);
    const body = parse(publishBody, request, '{title, content (each {zh_CN..ar_EG}), startsAt?, endsAt?, by}');
    const bulletin = await services.bulletins.publish(
      { title: body.title, content: body.content, startsAt: body.startsAt ? new Date(body.startsAt) : null, endsAt: body.endsAt ? new Date(body.endsAt) : null },
      body.by,
    );
    request.log.info({ audit: 'bulletin_publish', bulletinId: bulletin.id, startsAt: bulletin.startsAt, by: body.by }, 'bulletin published');
    return ok({ bulletin });
  });

  http.post('/ops/bulletin/withdraw', async (request) => {
    guard(request);
    const body = parse(withdrawBody, request, '{id, by}');
    const bulletin = await services.bulletins.withdraw(body.id, body.by);
    request.log.info({ audit: 'bulletin_withdraw', bulletinId: body.id, by: body.by }, 'bulletin withdrawn');
    return ok({ bulletin });
  });

  http.post('/ops/bulletin/list', async (request) => {
    guard(request);
    const body = parse(listBody.omit({ beforeId: true }), request, '{limit?: 1-500}');
    return ok({ bulletins: await services.bulletins.list(body.limit) });
  });
}
