import { playerCalls, type Language } from '@lobby/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reportedDeviceCode, reportedUserAgent } from '../../http/request-context.ts';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from './session.service.ts';
import type { PlayerService } from './player.service.ts';

/** Tighter per-address limits where a call costs a password hash or sends mail. */
export interface PlayerRouteLimits {
  credentialsPerMinute: number;
  mailPerMinute: number;
}

export function registerPlayerRoutes(app: FastifyInstance, sessions: SessionService, players: PlayerService, limits: PlayerRouteLimits) {
  const CREDENTIALS_LIMIT = { max: limits.credentialsPerMinute, timeWindow: '1 minute' };
  const MAIL_LIMIT = { max: limits.mailPerMinute, timeWindow: '1 minute' };
  const origin = (ctx: { ip: string; clientIp: string | null; lang: Language; request: FastifyRequest }) => ({
    ip: ctx.ip,
    clientIp: ctx.clientIp,
    deviceCode: reportedDeviceCode(ctx.request),
    userAgent: reportedUserAgent(ctx.request),
    country: ctx.request.country ?? null,
    lang: ctx.lang,
  });

  registerCall(app, sessions, playerCalls.captcha, (ctx) => players.sendRegistrationCode(ctx.body.account, origin(ctx)), { rateLimit: MAIL_LIMIT });
  registerCall(app, sessions, playerCalls.captchaChangePassword, (ctx) => players.sendPasswordResetCode(ctx.body.account, origin(ctx)), {
    rateLimit: MAIL_LIMIT,
  });
  registerCall(
    app,
    sessions,
    playerCalls.changePassword,
    async (ctx) => {
      await players.changePasswordWithCode(ctx.body.account, ctx.body.code, ctx.body.password);
      return null;
    },
    { rateLimit: CREDENTIALS_LIMIT },
  );
  registerCall(app, sessions, playerCalls.register, (ctx) => players.register(ctx.body, origin(ctx)), { rateLimit: CREDENTIALS_LIMIT });
  registerCall(app, sessions, playerCalls.login, (ctx) => players.login(ctx.body, origin(ctx)), { rateLimit: CREDENTIALS_LIMIT });
  registerCall(app, sessions, playerCalls.checkAccount, (ctx) => players.checkAccount(ctx.body.account));

  registerCall(app, sessions, playerCalls.heartbeat, (ctx) => players.heartbeat(ctx.session, ctx.lang));
  registerCall(
    app,
    sessions,
    playerCalls.resetPassword,
    async (ctx) => {
      await players.resetPassword(ctx.session, ctx.body.oldPassword, ctx.body.newPassword, ctx.body.twoFactorCode);
      return null;
    },
    { rateLimit: CREDENTIALS_LIMIT },
  );
  registerCall(app, sessions, playerCalls.logout, async (ctx) => {
    await players.logout(ctx.session);
    return null;
  });
  registerCall(app, sessions, playerCalls.load, (ctx) => players.load(ctx.session));
  // It checks the login password when the e-mail changes: limited like the other calls that do.
  registerCall(app, sessions, playerCalls.updateProfile, (ctx) => players.updateProfile(ctx.session, ctx.body), { rateLimit: CREDENTIALS_LIMIT });
  registerCall(app, sessions, playerCalls.emailCaptcha, (ctx) => players.sendEmailBindingCode(ctx.session, ctx.body, origin(ctx)), {
    rateLimit: MAIL_LIMIT,
  });
}
