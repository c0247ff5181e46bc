import { appCalls, keypointCalls, noticeCalls, normalizeLanguage, type HomeData } from '@lobby/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fail } from '../../http/app-error.ts';
import { opsTokenGuard } from '../../http/ops-guard.ts';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import { THIRD_PARTY_GAME_TYPES } from './game-categories.ts';
import type { LobbyService } from './lobby.service.ts';

export interface LobbyRouteLimits {
  /** Key points per connection address per minute: each one is a row, so floods are cut early. */
  keypointsPerMinute: number;
}

const LOGO_FILE = /^(\d{1,9})(?:-(zh|en))?\.svg$/;
const DEFAULT_RANKING_LIMIT = 20;

export function registerLobbyRoutes(
  app: FastifyInstance,
  sessions: SessionService,
  lobby: LobbyService,
  limits: LobbyRouteLimits = { keypointsPerMinute: 120 },
  /** Home data as the requesting player can open its thumbnails (third-game/player-host.ts). */
  homeFor: (home: HomeData, request: FastifyRequest) => HomeData = (home) => home,
) {
  registerCall(app, sessions, appCalls.home, async (ctx) => homeFor(await lobby.home(ctx.body), ctx.request));
  registerCall(app, sessions, appCalls.channel, (ctx) => lobby.channel(ctx.body.channelMd5, ctx.body.clientVersion));
  registerCall(app, sessions, appCalls.customerServiceConfig, (ctx) =>
    lobby.customerService(normalizeLanguage(ctx.body.language) ?? ctx.lang),
  );
  registerCall(app, sessions, appCalls.queryBanner, (ctx) => lobby.banners(ctx.body, ctx.lang));
  registerCall(app, sessions, appCalls.queryRanking, (ctx) => lobby.ranking(ctx.body.limit ?? DEFAULT_RANKING_LIMIT, ctx.lang));
  registerCall(app, sessions, appCalls.queryRewardPool, () => lobby.rewardPool());

  registerCall(app, sessions, noticeCalls.configSync, (ctx) => lobby.syncConfig('site', ctx.body.sinceVersion));
  registerCall(app, sessions, noticeCalls.mailConfigSync, (ctx) => lobby.syncConfig('mail', ctx.body.sinceVersion));

  registerCall(
    app,
    sessions,
    keypointCalls.upload,
    (ctx) =>
      lobby.recordKeypoint({
        ...ctx.body,
        clientIp: ctx.body.clientIp ?? ctx.clientIp,
        playerId: ctx.session?.playerId ?? null,
        ip: ctx.ip,
      }),
    { rateLimit: { max: limits.keypointsPerMinute, timeWindow: '1 minute' } },
  );

  app.get('/production.json', async (request, reply) => {
    let origin: string;
    try {
      origin = new URL(`${request.protocol}://${request.host}`).origin;
    } catch {
      return reply.status(400).send({ error: 'bad host' });
    }
    // Derived from the Host header, so no shared cache may keep one visitor's answer for another.
    reply.header('cache-control', 'no-store');
    return lobby.productionInfo(origin);
  });

  // A lobby page shows a hundred logos at once; they are cheap and cached, so they skip the per-address limit.
  app.get<{ Params: { file: string } }>('/static/games/:file', { config: { rateLimit: false } }, async (request, reply) => {
    const match = LOGO_FILE.exec(request.params.file);
    const svg = match ? await lobby.logo(Number(match[1]), match[2] === 'zh' ? 'zh' : 'en') : null;
    if (svg === null) return reply.status(404).type('text/plain; charset=utf-8').send('not found');
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      // The app shells load pages from their own origin and images from this one.
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(svg);
  });
}

const overrideBody = z
  .object({
    gameId: z.number().int().positive().max(2_147_483_647),
    hot: z.boolean().nullable().optional(),
    new: z.boolean().nullable().optional(),
    sort: z.number().int().min(-1_000_000).max(1_000_000).nullable().optional(),
    visible: z.boolean().optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 1, 'name at least one of hot, new, sort, visible');

const categoryRuleBody = z
  .object({
    category: z.string().trim().min(1).max(200),
    gameType: z.union(THIRD_PARTY_GAME_TYPES.map((type) => z.literal(type)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>]).nullable().optional(),
    hidden: z.boolean().optional(),
    remove: z.literal(true).optional(),
  })
  .strict()
  .refine((body) => body.gameType !== undefined || body.hidden !== undefined || body.remove, 'name gameType, hidden or remove')
  .refine((body) => !body.remove || (body.gameType === undefined && body.hidden === undefined), 'remove goes alone');

/**
 * Operator endpoints of the catalogue behind `x-ops-token` (absent without OPS_TOKEN): a game's hot,
 * new and sort choices (null hands them back to the aggregator) and its visibility, which every
 * instance shows at once and no aggregator refresh undoes; and a refresh of the aggregator's list now.
 */
export function registerLobbyOpsRoutes(app: FastifyInstance, lobby: LobbyService, opsToken: string | undefined, refreshGames: () => Promise<unknown>) {
  if (!opsToken) return;
  const guard = opsTokenGuard(opsToken);

  app.post('/ops/games/override', async (request) => {
    guard(request);
    const parsed = overrideBody.safeParse(request.body ?? {});
    if (!parsed.success) throw fail('INVALID_PARAMETERS', 'send {gameId, hot?, new?, sort?, visible?}; null hands hot, new or sort back to the aggregator');
    const { gameId, visible, ...overrides } = parsed.data;
    if (Object.keys(overrides).length > 0) await lobby.setGameOverrides(gameId, overrides);
    if (visible !== undefined) await lobby.setGameEnabled(gameId, visible);
    request.log.info({ audit: 'game_override', ...parsed.data }, 'game override set');
    return { code: 0, msg: 'success', data: parsed.data };
  });

  // The aggregators' categories: how each is shown and why; the unmapped ones (shown under the default
  // type because no word of theirs is known) apart, for the operator to map.
  app.post('/ops/games/categories', async (request) => {
    guard(request);
    return { code: 0, msg: 'success', data: await lobby.categoryReport() };
  });

  // Shows a category as a game type, hides it, or hands it back to its meaning (remove). Its games
  // move at once on every instance, and every later refresh of the list follows the rule.
  app.post('/ops/games/categories/map', async (request) => {
    guard(request);
    const parsed = categoryRuleBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      throw fail('INVALID_PARAMETERS', `send {category, gameType?: one of ${THIRD_PARTY_GAME_TYPES.join(', ')} or null, hidden?: boolean} or {category, remove: true}`);
    }
    const { category, ...decision } = parsed.data;
    const result = await lobby.setCategoryRule(category, decision);
    request.log.info({ audit: 'game_category_rule', category, ...decision, ...result }, 'game category rule set');
    return { code: 0, msg: 'success', data: result };
  });

  app.post('/ops/games/refresh', async (request) => {
    guard(request);
    const result = await refreshGames().catch((error: unknown) => {
      throw fail('FAILURE', `the game list was not refreshed: ${(error as Error)?.message ?? String(error)}`);
    });
    request.log.info({ audit: 'game_list_refresh', result }, 'game list refreshed by the operator');
    return { code: 0, msg: 'success', data: result ?? null };
  });
}
