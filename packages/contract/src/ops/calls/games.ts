import { z } from 'zod';
import { pageFields, paged } from '../../calls/common.ts';
import { GameType } from '../../enums.ts';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';

/** The game types an aggregator's category may be shown as (the SPEC's third-party types; hash games are ours). */
export const THIRD_PARTY_GAME_TYPES = [GameType.CRYPTO, GameType.SLOT, GameType.FISH, GameType.LIVE, GameType.POKER, GameType.SPORT, GameType.MINI] as const;
const thirdPartyGameType = z.union(THIRD_PARTY_GAME_TYPES.map((type) => z.literal(type)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>]);

/** One aggregator category: its games, how it is shown and why. */
export const gameCategoryReport = z.object({
  aggregator: z.string(),
  category: z.string().describe("The aggregator's own name of the category"),
  key: z.string().describe('What spellings of the category share (case, accents and punctuation dropped): what a rule names'),
  games: z.number().int().min(0),
  shown: z.number().int().min(0).describe('Games listed and not hidden'),
  gameType: z.number().int().describe('The game type its games are shown as'),
  navId: z.number().int().describe('The lobby tab that type is shown under'),
  hidden: z.boolean(),
  source: z
    .enum(['rule', 'meaning', 'default'])
    .describe("rule: an operator's mapping; meaning: read from its name; default: unread, shown as the default type"),
  unmapped: z.boolean().describe('Nobody could read it: shown as the default type until mapped'),
});

/** The third-party catalogue from the operator's side: per-game choices, category mapping, refresh now. */
export const gamesOpsCalls = {
  list: defineOpsCall({
    path: '/ops/v1/games/list',
    access: 'games.catalogue',
    audit: 'read',
    summary: "The aggregators' games a page at a time, by name or code, game type or category, with the operator's choices",
    request: opsBody({
      search: z.string().trim().max(100).optional(),
      gameType: thirdPartyGameType.optional(),
      category: z.string().trim().min(1).max(200).optional(),
      ...pageFields,
    }),
    response: paged(
      z.object({
        id: z.number().int(),
        gameCode: z.string(),
        name: z.string(),
        nameZh: z.string(),
        aggregator: z.string(),
        manufacturer: z.string(),
        category: z.string(),
        gameType: z.number().int(),
        hot: z.boolean(),
        new: z.boolean(),
        sort: z.number().int(),
        hotOverride: z.boolean().nullable(),
        newOverride: z.boolean().nullable(),
        sortOverride: z.number().int().nullable(),
        visible: z.boolean().describe('The operator has not hidden it'),
        listed: z.boolean().describe("The aggregator's last list still names it"),
      }),
    ),
  }),
  categories: defineOpsCall({
    path: '/ops/v1/games/categories',
    access: 'games.catalogue',
    audit: 'read',
    summary: "The aggregators' categories, how each is shown and why; the unmapped ones apart, to map",
    request: opsBody({}),
    response: z.object({
      defaultGameType: z.number().int().describe('The type an unread category is shown as'),
      categories: z.array(gameCategoryReport),
      unmapped: z.array(gameCategoryReport).describe('The unmapped categories apart, to map'),
    }),
  }),
  mapCategory: defineOpsCall({
    path: '/ops/v1/games/mapCategory',
    access: 'games.catalogue',
    audit: 'change',
    summary: 'Shows a category as a game type, hides it, or hands it back to its meaning (remove); every instance and later refresh follows',
    request: opsBody({
      category: z.string().trim().min(1).max(200),
      gameType: thirdPartyGameType.nullable().optional(),
      hidden: z.boolean().optional(),
      remove: z.literal(true).optional(),
    })
      .refine((body) => body.gameType !== undefined || body.hidden !== undefined || body.remove, 'name gameType, hidden or remove')
      .refine((body) => !body.remove || (body.gameType === undefined && body.hidden === undefined), 'remove goes alone'),
    response: z.object({
      key: z.string(),
      rule: z
        .object({ gameType: z.number().int().nullable(), hidden: z.boolean() })
        .nullable()
        .describe('The rule in force now; null: none, the category follows its meaning'),
      moved: z.number().int().min(0).describe('Games now shown under another type'),
    }),
  }),
  override: defineOpsCall({
    path: '/ops/v1/games/override',
    access: 'games.catalogue',
    audit: 'change',
    summary: "A game's hot, new and sort choices (null hands them back to the aggregator) and its visibility; no refresh undoes them",
    request: opsBody({
      gameId: z.number().int().positive().max(2_147_483_647),
      hot: z.boolean().nullable().optional(),
      new: z.boolean().nullable().optional(),
      sort: z.number().int().min(-1_000_000).max(1_000_000).nullable().optional(),
      visible: z.boolean().optional(),
    }).refine((body) => Object.keys(body).length > 1, 'name at least one of hot, new, sort, visible'),
    response: z
      .object({
        gameId: z.number().int(),
        hot: z.boolean().nullable().optional(),
        new: z.boolean().nullable().optional(),
        sort: z.number().int().nullable().optional(),
        visible: z.boolean().optional(),
      })
      .describe('The choices as set'),
  }),
  refresh: defineOpsCall({
    path: '/ops/v1/games/refresh',
    access: 'games.catalogue',
    audit: 'change',
    summary: "Fetches the aggregator's game list now and makes it the lobby's third-party catalogue",
    request: opsBody({}),
    response: z.object({
      listed: z.number().int().min(0).describe('Games the aggregator lists'),
      hidden: z.number().int().min(0).describe('Games it no longer lists, hidden now'),
      skipped: z.array(z.string()).describe('Game codes listed twice: each after the first is skipped'),
      unmapped: z.array(z.object({ category: z.string(), games: z.number().int().min(1) })).describe('Categories nobody could read, with their games'),
    }),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
