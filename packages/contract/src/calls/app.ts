import { z } from 'zod';
import { CustomerServiceKind, NAV_IDS } from '../enums.ts';
import { body, defineCall, langField } from './define.ts';

const clientVersion = z.string().max(32).optional();
const promotionChannel = z.string().max(64).optional();

/** A game tile (SPEC section 3). Hash games carry their transfer-bet addresses and limits per level. */
export const game = z.object({
  id: z.number().int(),
  gameType: z.number().int(),
  aggregator: z.string(),
  manufacturer: z.string(),
  gameCode: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  logoZh: z.string(),
  logoEn: z.string(),
  sort: z.number().int(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  period: z.number().int().nullable().describe('Round period code for hash games, else null'),
  rewardRate: z.string().describe('Default odds, e.g. "1.95"; empty for games without odds of ours (third-party)'),
  transferBetAddress: z.array(z.string()).describe('Index = bet level (0 beginner, 1 intermediate)'),
  transferBetLimit: z
    .array(
      z.object({
        min: z.string(),
        max: z.string(),
        currency: z.string(),
        currencies: z
          .array(z.object({ currency: z.string(), min: z.string(), max: z.string() }))
          .describe('Every currency the address takes at this level (USDT and TRX)'),
      }),
    )
    .describe('Index = bet level; amounts as decimal strings; min/max/currency are the USDT headline'),
  requiresLogin: z.boolean().describe('Visitors may not play it'),
});
export type Game = z.infer<typeof game>;

export const homeData = z.object({
  navbar: z.array(z.object({ id: z.literal(NAV_IDS), status: z.number().int() })),
  manufacturers: z.array(z.object({ abbr: z.string(), name: z.string() })),
  imageUrl: z.string().nullable().describe('Set when banners exist; the client then calls queryBanner'),
  showBadges: z.boolean(),
  hashGames: z.array(game),
  cryptoGames: z.array(game),
  fishGames: z.array(game),
  liveGames: z.array(game),
  pokerGames: z.array(game),
  slotGames: z.array(game),
  sportGames: z.array(game),
});
export type HomeData = z.infer<typeof homeData>;

export const banner = z.object({
  id: z.number().int(),
  imageUrl: z.string(),
  link: z.string().nullable().describe('Route inside the app, or an https URL'),
  sort: z.number().int(),
});

export const customerServiceEntry = z.object({
  kind: z.enum(CustomerServiceKind),
  name: z.string(),
  url: z.string(),
});

export const appCalls = {
  home: defineCall({
    path: '/v1/app/home',
    auth: 'public',
    summary: 'Lobby: navigation, manufacturers and per-category game lists (each capped at 19 by sort)',
    request: body({ language: langField, clientVersion, promotionChannel }),
    response: homeData,
  }),
  channel: defineCall({
    path: '/v1/app/channel',
    auth: 'public',
    summary: 'Resolve a promotion channel from the launch link; apply it only when clientVersion matches',
    request: body({ channelMd5: z.string().max(64), clientVersion }),
    response: z.object({ clientVersion: z.string().nullable(), promotionChannel: z.string().nullable() }),
  }),
  customerServiceConfig: defineCall({
    path: '/v1/app/customerService/config',
    auth: 'public',
    summary: 'Customer-service contacts',
    request: body({ language: langField }),
    response: z.array(customerServiceEntry),
  }),
  queryBanner: defineCall({
    path: '/v1/app/queryBanner',
    auth: 'public',
    summary: 'Home banners',
    request: body({ clientVersion, promotionChannel, language: langField }),
    response: z.array(banner),
  }),
  queryRanking: defineCall({
    path: '/v1/app/queryRanking',
    auth: 'public',
    summary: 'Recent big wins for the lobby ticker',
    request: body({ limit: z.number().int().min(1).max(50).optional() }),
    response: z.array(
      z.object({ nickname: z.string(), gameId: z.number().int(), gameName: z.string(), amount: z.string(), currency: z.string(), time: z.string() }),
    ),
  }),
  region: defineCall({
    path: '/v1/app/region',
    auth: 'public',
    summary:
      'Designed (not in the spec): the country this request comes from (offline IP database) and whether the operator blocks it; the app shows the region screen when blocked (PROTECTION.md "Jurisdictions")',
    request: body({}),
    response: z.object({
      country: z.string().nullable().describe('ISO 3166-1 alpha-2; null for a private, loopback or unknown address'),
      blocked: z.boolean().describe('Registration, sign-in, deposit addresses, bets and game entry answer 10063; withdrawals stay open'),
    }),
  }),
  queryRewardPool: defineCall({
    path: '/v1/app/queryRewardPool',
    auth: 'public',
    summary: 'Current reward pool per currency',
    request: body({}),
    response: z.array(z.object({ currency: z.string(), amount: z.string() })),
  }),
} as const;

const syncedConfig = z.object({
  version: z.number().int().describe('Send back as sinceVersion; unchanged config answers changed=false'),
  changed: z.boolean(),
  items: z.record(z.string(), z.unknown()),
});

export const noticeCalls = {
  configSync: defineCall({
    path: '/v1/notice/configSync',
    auth: 'public',
    summary: 'Public site configuration (feature switches, links, badge switch, jurisdiction)',
    request: body({ sinceVersion: z.number().int().min(0).optional(), language: langField }),
    response: syncedConfig,
  }),
  mailConfigSync: defineCall({
    path: '/v1/notice/mailConfigSync',
    auth: 'public',
    summary: 'Site-message configuration (categories, polling interval)',
    request: body({ sinceVersion: z.number().int().min(0).optional(), language: langField }),
    response: syncedConfig,
  }),
} as const;

export const keypointCalls = {
  upload: defineCall({
    path: '/v1/keypoint/upload',
    auth: 'optional',
    summary: 'Record a funnel key point (1 main page opened, 2 register page opened); a token, if sent, links the player',
    request: body({
      kind: z.union([z.literal(1), z.literal(2)]),
      clientVersion: z.string().max(32).optional(),
      promotionChannel: z.string().max(64).optional(),
      domain: z.string().max(253).optional(),
      clientIp: z.string().max(64).optional(),
      clientDeviceOs: z.string().max(32).optional(),
      clientDeviceCode: z.string().max(128).optional(),
      customData: z
        .record(z.string().max(64), z.union([z.string().max(256), z.number(), z.boolean()]))
        .refine((data) => Object.keys(data).length <= 32, 'at most 32 entries')
        .optional(),
    }),
    response: z.object({ id: z.number().int() }),
  }),
} as const;
