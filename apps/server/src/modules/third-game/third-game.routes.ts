import { thirdGameCalls } from '@lobby/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import { answerExperienceRestrictions } from '../wallet/experience.ts';
import { playerHostname } from './player-host.ts';
import type { ThirdGameService } from './third-game.service.ts';

/** `/v1/thirdGame/enter`, `/exit` and `/betRecord`; an experience account's refusal carries SPEC section 5's sentence. */
export async function registerThirdGameRoutes(http: FastifyInstance, sessions: SessionService, games: ThirdGameService, options: { publicHost?: string } = {}) {
  await http.register(async (app) => {
    answerExperienceRestrictions(app);
    registerCall(app, sessions, thirdGameCalls.enter, (ctx) =>
      games.enter(ctx.session.playerId, ctx.body, {
        ip: ctx.ip,
        lang: ctx.lang,
        appOrigin: appOrigin(ctx.request, options.publicHost),
        playerHost: playerHostname(ctx.request),
      }),
    );
    registerCall(app, sessions, thirdGameCalls.exit, (ctx) => games.exit(ctx.session.playerId, ctx.body.gameId));
    registerCall(app, sessions, thirdGameCalls.betRecord, (ctx) => games.betRecord(ctx.session.playerId, ctx.body, ctx.lang));
  });
}

/** The web app's origin: the browser's Origin header when it sent one, else the configured host, else this server. */
function appOrigin(request: FastifyRequest, publicHost: string | undefined): string {
  for (const candidate of [request.headers.origin, publicHost, `${request.protocol}://${request.host}`]) {
    if (typeof candidate !== 'string') continue;
    try {
      const url = new URL(candidate);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    } catch {
      // not a URL: try the next
    }
  }
  return 'http://localhost';
}
