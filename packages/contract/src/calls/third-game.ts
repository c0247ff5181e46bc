import { z } from 'zod';
import { GAME_CURRENCY } from '../constants.ts';
import { body, defineCall, langField } from './define.ts';
import { gameTypeCode, entityId as id } from './common.ts';
import { balances } from './player.ts';

/** Operating systems the client reports; "other" keeps an unknown device playable. */
export const PLATFORM_CODES = ['android', 'ios', 'windows', 'macos', 'linux', 'other'] as const;

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
    response: z
      .object({ balances })
      .describe('Our design: balances after the session closed, so the lobby needs no extra call'),
  }),
} as const;
