import { accountSecurityOpsCalls, securityCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { reportedDeviceCode } from '../../http/request-context.ts';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import type { AccountSecurityService } from './account-security.service.ts';

/** The player's security calls; those that check a code are limited like the other credential calls. */
export function registerAccountSecurityRoutes(
  app: FastifyInstance,
  sessions: SessionService,
  security: AccountSecurityService,
  limits: { credentialsPerMinute: number },
) {
  const CREDENTIALS = { rateLimit: { max: limits.credentialsPerMinute, timeWindow: '1 minute' } };
  registerCall(app, sessions, securityCalls.securityGet, (ctx) => security.state(ctx.session.playerId));
  registerCall(app, sessions, securityCalls.twoFactorSetup, (ctx) => security.setup(ctx.session.playerId));
  registerCall(
    app,
    sessions,
    securityCalls.twoFactorEnable,
    (ctx) => security.enable(ctx.session.playerId, ctx.body.code, reportedDeviceCode(ctx.request)),
    CREDENTIALS,
  );
  registerCall(
    app,
    sessions,
    securityCalls.twoFactorRecoveryCodes,
    (ctx) => security.regenerateRecoveryCodes(ctx.session.playerId, ctx.body.twoFactorCode),
    CREDENTIALS,
  );
  registerCall(app, sessions, securityCalls.twoFactorDisable, (ctx) => security.disable(ctx.session.playerId, ctx.body.twoFactorCode), CREDENTIALS);
  registerCall(app, sessions, securityCalls.loginHistory, (ctx) => security.loginHistory(ctx.session.playerId, ctx.session.sessionId));
  registerCall(app, sessions, securityCalls.endOtherSessions, (ctx) => security.endOtherSessions(ctx.session.playerId, ctx.session.sessionId));
}

/** Support's view of a player's two-factor and sign-ins, its reset, and the address wait. */
export function registerAccountSecurityOpsRoutes(ops: OpsRegistrar, security: AccountSecurityService) {
  ops.register(accountSecurityOpsCalls.playerSecurity, ({ body, audit }) => {
    audit.target = `player:${body.playerId}`;
    return security.playerSecurity(body.playerId);
  });
  ops.register(accountSecurityOpsCalls.resetTwoFactor, async ({ body, audit }) => {
    audit.target = `player:${body.playerId}`;
    const wasOn = await security.reset(body.playerId);
    audit.before = { twoFactor: wasOn };
    audit.after = { twoFactor: false };
    return security.playerSecurity(body.playerId);
  });
  ops.register(accountSecurityOpsCalls.settings, async () => ({ addressWaitHours: await security.addressWaitHours() }));
  ops.register(accountSecurityOpsCalls.setAddressWait, async ({ body, audit }) => {
    audit.before = { addressWaitHours: await security.addressWaitHours() };
    const after = await security.setAddressWaitHours(body.hours);
    audit.after = after;
    return after;
  });
}
