import { z } from 'zod';
import { GAME_CURRENCY } from '../constants.ts';
import { body, defineCall, langField } from './define.ts';
import { moneyString } from '../money.ts';
import { checkDateRange, currency, dateRangeFields, gameTypeCode, entityId as id, isoTime, pageFields, paged } from './common.ts';
import { balances } from './player.ts';

/** Operating systems the client reports; "other" keeps an unknown device playable. */
export const PLATFORM_CODES = ['android', 'ios', 'windows', 'macos', 'linux', 'other'] as const;

/** Where a third-party round stands: bets still open, settled (the aggregator closed it), or every bet refunded. */
export const THIRD_GAME_ROUND_STATUSES = ['open', 'settled', 'refunded'] as const;

export const thirdGameRound = z
  .object({
    id,
    round: z.string().describe("The aggregator's round id"),
    aggregator: z.string(),
    gameCode: z.string(),
    gameName: z.string().describe('In the language of the request; the game code when the lobby no longer lists it'),
    manufacturer: z.string().describe('Manufacturer code as the lobby lists it'),
    gameType: gameTypeCode,
    currency,
    betAmount: moneyString.describe('Every bet of the round, refunded ones left out'),
    winAmount: moneyString,
    profitAmount: moneyString.describe('winAmount - betAmount; negative when the player lost'),
    betCount: z.number().int().min(0),
    status: z.enum(THIRD_GAME_ROUND_STATUSES),
    createdAt: isoTime.describe('First transaction of the round'),
    updatedAt: isoTime.describe('Last transaction of the round'),
    settledAt: isoTime.nullable().describe('When the aggregator closed the round'),
  })
  .describe('Our design: one third-party game round of the player, its bets and wins added up');

export const thirdGameCalls = {
  enter: defineCall({
    path: '/v1/thirdGame/enter',
    auth: 'player',
    summary:
      'Open a third-party game session and get its launch URL (needs login, the experience limit passed and, outside hash games, a first recharge: 30007)',
    request: body({
      aggregator: z.string().min(1).max(64),
      manufacturer: z.string().min(1).max(64),
      gameCode: z.string().min(1).max(128),
      language: langField,
      // Providers settle in one currency; the wallet converts, so the client never chooses.
      currency: z.literal(GAME_CURRENCY),
      ipAddress: z.string().max(64).optional().describe('As the client saw it; recorded, never trusted'),
      platformCode: z.enum(PLATFORM_CODES).describe('Detected operating system'),
      gameType: gameTypeCode,
      gameId: id,
    }),
    response: z.object({
      url: z.string().describe('Launch URL to open in /webview'),
    }),
  }),
  exit: defineCall({
    path: '/v1/thirdGame/exit',
    auth: 'player',
    summary: 'Close the open third-party session so its last wins land in the wallet before the lobby shows balances',
    request: body({ gameId: id.optional().describe('Our design: the game being left; all open sessions when absent') }),
    response: z.object({ balances }).describe('Our design: balances after the session closed, so the lobby needs no extra call'),
  }),
  betRecord: defineCall({
    path: '/v1/thirdGame/betRecord',
    auth: 'player',
    summary: "The player's third-party game rounds, newest first (our design, beside /v1/hashGame/betRecord)",
    request: body({
      ...pageFields,
      ...dateRangeFields,
      currency: currency.optional(),
      gameType: gameTypeCode.optional(),
    }).superRefine(checkDateRange),
    response: paged(thirdGameRound),
  }),
} as const;
