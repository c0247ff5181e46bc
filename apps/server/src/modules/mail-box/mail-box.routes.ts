import { bulletinsOpsCalls, mailCalls, mailOpsCalls, type OpsCallParsedRequest } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../http/app-error.ts';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import type { BulletinService } from './bulletin.service.ts';
import type { MailBoxService, SendMailInput } from './mail-box.service.ts';

/** The inbox of /siteMessage: the list, the unread count for the badge, reading and deleting. */
export function registerMailBoxRoutes(http: FastifyInstance, sessions: SessionService, mail: MailBoxService): void {
  registerCall(http, sessions, mailCalls.mailData, (ctx) => mail.mailData(ctx.session, ctx.body, ctx.lang));
  registerCall(http, sessions, mailCalls.newMail, (ctx) => mail.newMail(ctx.session, ctx.lang));
  registerCall(http, sessions, mailCalls.readMail, (ctx) => mail.readMail(ctx.session, ctx.body));
  registerCall(http, sessions, mailCalls.deleteMail, (ctx) => mail.deleteMail(ctx.session, ctx.body));
}

/**
 * Operator calls on site mail and bulletins: send site mail to one player, a segment or everyone;
 * publish, schedule, withdraw and list bulletins; read what was sent and the audit trail. Every
 * change is validated and written with an audit row (old and new values, the actor's name, when);
 * bulletins take effect on every instance at once.
 */
export function registerMailBoxOpsRoutes(
  ops: OpsRegistrar,
  services: { mail: MailBoxService; bulletins: BulletinService; categories: () => Promise<number[]> },
): void {
  ops.register(mailOpsCalls.send, async ({ body, actor, audit }) => {
    if (body.audience.kind === 'player') audit.target = `player:${body.audience.playerId}`;
    return services.mail.send(mailToSend(body, await services.categories()), actor.name);
  });

  ops.register(mailOpsCalls.sent, async ({ body }) => ({ mails: await services.mail.sent(body.limit, body.beforeId) }));

  ops.register(mailOpsCalls.audit, async ({ body }) => ({ changes: await services.mail.audit(body.limit) }));

  ops.register(bulletinsOpsCalls.publish, async ({ body, actor, audit }) => {
    const bulletin = await services.bulletins.publish(
      {
        title: body.title,
        content: body.content,
        startsAt: body.startsAt ? new Date(body.startsAt) : null,
        endsAt: body.endsAt ? new Date(body.endsAt) : null,
      },
      actor.name,
    );
    audit.target = `bulletin:${bulletin.id}`;
    return { bulletin };
  });

  ops.register(bulletinsOpsCalls.withdraw, async ({ body, actor, audit }) => {
    audit.target = `bulletin:${body.id}`;
    return { bulletin: await services.bulletins.withdraw(body.id, actor.name) };
  });

  ops.register(bulletinsOpsCalls.list, async ({ body }) => ({ bulletins: await services.bulletins.list(body.limit) }));
}

/** The message as the service stores it, once its category and expiry are checked. */
function mailToSend(body: OpsCallParsedRequest<typeof mailOpsCalls.send>, categories: number[]): SendMailInput {
  if (!categories.includes(body.category)) throw fail('INVALID_PARAMETERS', `category: one of ${categories.join(', ')} (/v1/notice/mailConfigSync)`);
  if (body.expiresAt && Date.parse(body.expiresAt) <= Date.now()) throw fail('INVALID_PARAMETERS', 'expiresAt: already past');
  return {
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
  };
}
