import { z } from 'zod';
import { moneyString, positiveMoneyAmount } from '../../money.ts';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';

const gameId = z.number().int().positive().max(2_147_483_647).describe('A hash game id (1-7, 51-55, 101-105, 301-303, 401-402)');
const level = z.union([z.literal(0), z.literal(1)]).describe('0 beginner, 1 intermediate');
const limit = z.object({ min: moneyString, max: moneyString });
const perCurrency = <T extends z.ZodType>(value: T) => z.object({ USDT: value, TRX: value });

/** A stake window of one currency: both amounts positive, min below max. */
const limitInput = z
  .object({ min: positiveMoneyAmount, max: positiveMoneyAmount })
  .refine((value) => value.min < value.max, { message: 'min must be below max', path: ['max'] });

/** One hash game as the operator sees it. Odds are the rules' (package defaults or the server's configuration), read-only. */
const hashGameView = z.object({
  id: z.number().int(),
  nameEn: z.string(),
  nameZh: z.string(),
  kind: z.string().describe('bigSmall, oddEven, bull, bankerPlayer, luckyTen, ...'),
  period: z.number().int().describe('Round period code'),
  seconds: z.number().int().describe('Round length in seconds'),
  transferBet: z.boolean().describe('Playable by sending coins to a per-level address'),
  enabled: z.boolean(),
  levels: z.array(
    z.object({
      level,
      odds: z.record(z.string(), z.string()).describe('Area → payout multiple as a decimal, e.g. { big: "1.95" }'),
      limits: perCurrency(limit).describe('The stake window a page bet and a transfer bet obey at this level'),
      transferAddress: z.string().nullable().describe('Where transfer bets of this level go; null for page-only games'),
    }),
  ),
});

/** The lobby's own hash games: on/off, odds (read-only) and, per level, the transfer address and its limits. */
export const hashGamesOpsCalls = {
  state: defineOpsCall({
    path: '/ops/v1/hashGames/state',
    access: 'games.hash',
    audit: 'read',
    summary: 'Every hash game with its name, on/off, odds per area and, per level, the stake limits and transfer address',
    request: opsBody({}),
    response: z.object({ list: z.array(hashGameView) }),
  }),
  setEnabled: defineOpsCall({
    path: '/ops/v1/hashGames/setEnabled',
    access: 'games.hash',
    audit: 'change',
    summary: 'Turns a hash game on or off: off, the lobby no longer lists it and its page and transfer bets are refused',
    request: opsBody({ gameId, enabled: z.boolean() }),
    response: z.object({ gameId: z.number().int(), enabled: z.boolean() }),
  }),
  setTransferAddress: defineOpsCall({
    path: '/ops/v1/hashGames/setTransferAddress',
    access: 'games.hash',
    audit: 'change',
    stepUp: true,
    summary: "Points a transfer game's level at another TRON address with its USDT and TRX stake limits; players' coins go there from then on",
    request: opsBody({
      gameId,
      level,
      address: z.string().trim().min(1).max(64).describe('A base58check TRON address (T...)'),
      limits: perCurrency(limitInput),
    }),
    response: z.object({ gameId: z.number().int(), level, address: z.string(), limits: perCurrency(limit) }),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
