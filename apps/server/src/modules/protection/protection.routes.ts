import { protectionCalls, protectionOpsCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import type { HeldDeposits } from './held-deposits.ts';
import type { ProtectionOpsService } from './protection-ops.service.ts';
import type { ProtectionService } from './protection.service.ts';

/** The player's /v1/player/protection calls: their own limits, reality checks, time-out and self-exclusion. */
export function registerProtectionRoutes(http: FastifyInstance, sessions: SessionService, protection: ProtectionService, held: HeldDeposits): void {
  const player = (ctx: { session: { playerId: number } }) => ctx.session.playerId;
  registerCall(http, sessions, protectionCalls.protectionGet, (ctx) => protection.state(player(ctx)));
  registerCall(http, sessions, protectionCalls.protectionLimitSet, (ctx) => protection.setLimit(player(ctx), ctx.body.kind, ctx.body.period, ctx.body.amount));
  registerCall(http, sessions, protectionCalls.protectionLimitConfirm, (ctx) => protection.confirmLimit(player(ctx), ctx.body.kind, ctx.body.period));
  registerCall(http, sessions, protectionCalls.protectionLimitCancel, (ctx) => protection.cancelLimitChange(player(ctx), ctx.body.kind, ctx.body.period));
  registerCall(http, sessions, protectionCalls.protectionOfferAnswer, (ctx) => protection.answerOffer(player(ctx), ctx.body.moment));
  registerCall(http, sessions, protectionCalls.protectionRealityCheckSet, (ctx) => protection.setRealityCheck(player(ctx), ctx.body.minutes));
  registerCall(http, sessions, protectionCalls.protectionRealityCheck, (ctx) => protection.realityCheck(player(ctx), ctx.session.sessionId));
  registerCall(http, sessions, protectionCalls.protectionTimeOut, (ctx) => protection.timeOut(player(ctx), ctx.body.days));
  registerCall(http, sessions, protectionCalls.protectionSelfExclude, (ctx) => protection.selfExclude(player(ctx), ctx.body.period, ctx.body.password));
  registerCall(http, sessions, protectionCalls.protectionReturnRequest, (ctx) => protection.requestReturn(player(ctx)));
  registerCall(http, sessions, protectionCalls.protectionHeldReturn, async (ctx) => {
    await held.returnToSender(player(ctx), ctx.body.currency, ctx.body.requestId);
    return protection.state(player(ctx));
  });
}

/** The operator's side: a player's protection and history, linked accounts to review, the settings. */
export function registerProtectionOpsRoutes(ops: OpsRegistrar, service: ProtectionOpsService): void {
  ops.register(protectionOpsCalls.player, async ({ body, audit }) => {
    audit.target = `player:${body.playerId}`;
    return service.player(body.playerId);
  });
  ops.register(protectionOpsCalls.links, ({ body }) => service.links(body.open, body.limit));
  ops.register(protectionOpsCalls.decideLink, async ({ body, actor, audit }) => {
    const link = await service.decideLink(body.id, body.decision, actor.name, body.reason);
    audit.target = `player:${link.playerId}`;
    audit.after = { decision: link.decision };
    audit.reason = body.reason;
    return link;
  });
  ops.register(protectionOpsCalls.settings, async () => ({ settings: service.settings() }));
  ops.register(protectionOpsCalls.setSettings, async ({ body, audit }) => {
    const { before, after } = await service.setSettings(body.settings);
    audit.before = before;
    audit.after = after;
    return { settings: after };
  });
}
