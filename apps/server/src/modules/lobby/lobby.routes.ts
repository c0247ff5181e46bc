import { appCalls, gamesOpsCalls, keypointCalls, noticeCalls, normalizeLanguage, type HomeData } from '@lobby/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../../http/app-error.ts';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import type { Aggregator } from '../third-game/aggregator.ts';
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
  registerCall(app, sessions, appCalls.customerServiceConfig, (ctx) => lobby.customerService(normalizeLanguage(ctx.body.language) ?? ctx.lang));
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
    return (
      reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        // The app shells load pages from their own origin and images from this one.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(svg)
    );
  });
}

/**
 * Operator calls of the third-party catalogue: a game's hot, new and sort choices (null hands them back
 * to the aggregator) and its visibility, which every instance shows at once and no aggregator refresh
 * undoes; the aggregators' categories and how each is shown; and a refresh of the aggregator's list now.
 */
export function registerLobbyOpsRoutes(ops: OpsRegistrar, lobby: LobbyService, aggregator: Aggregator) {
  ops.register(gamesOpsCalls.list, async ({ body }) => {
    const { rows, total } = await lobby.aggregatorGames(body);
    return {
      list: rows.map((row) => ({
        id: row.id,
        gameCode: row.game_code,
        name: row.name_en,
        nameZh: row.name_zh,
        aggregator: row.aggregator,
        manufacturer: row.manufacturer,
        category: row.category,
        gameType: row.game_type,
        hot: row.is_hot,
        new: row.is_new,
        sort: row.sort,
        hotOverride: row.hot_override,
        newOverride: row.new_override,
        sortOverride: row.sort_override,
        visible: row.enabled,
        listed: row.listed,
      })),
      total,
      page: body.page,
      pageSize: body.pageSize,
    };
  });

  ops.register(gamesOpsCalls.override, async ({ body, audit }) => {
    const { gameId, visible, ...overrides } = body;
    audit.target = `game:${gameId}`;
    if (Object.keys(overrides).length > 0) await lobby.setGameOverrides(gameId, overrides);
    if (visible !== undefined) await lobby.setGameEnabled(gameId, visible);
    return body;
  });

  // The unmapped categories (shown under the default type because no word of theirs is known) come
  // apart, for the operator to map.
  ops.register(gamesOpsCalls.categories, () => lobby.categoryReport());

  // Its games move at once on every instance, and every later refresh of the list follows the rule.
  ops.register(gamesOpsCalls.mapCategory, async ({ body, audit }) => {
    const { category, ...decision } = body;
    audit.target = `category:${category}`;
    const result = await lobby.setCategoryRule(category, decision);
    audit.after = { ...decision, ...result };
    return result;
  });

  ops.register(gamesOpsCalls.refresh, async ({ audit }) => {
    const result = await lobby.syncAggregatorGames(aggregator).catch((error: unknown) => {
      throw fail('FAILURE', `the game list was not refreshed: ${(error as Error)?.message ?? String(error)}`);
    });
    audit.after = result;
    return result;
  });
}
