import { z } from 'zod';
import { BetLevel, BetStatus, HASH_GAME_IDS, RoundPeriod, type HashGameId } from '../enums.ts';
import { ErrorCode } from '../errors.ts';
import { moneyString, parseMicro } from '../money.ts';
import { body, defineCall, requestId } from './define.ts';
import { catalogueCheck, checkDateRange, currency, dateRangeFields, entityId as id, isoTime, pageFields, paged } from './common.ts';
import { balances } from './player.ts';

// The spec lists no hash-game calls (the original product bet by transfer only, plus screens whose
// calls are "not shown"). Every call in this file is our design around GAMES.md.

/**
 * Every bet area of every kind. Which areas a game accepts depends on its kind; the server answers
 * 21005 for an area the game does not have, so one enum serves all games.
 */
export const HASH_BET_AREAS = ['small', 'big', 'odd', 'even', 'banker', 'player', 'tie', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export const betArea = z.enum(HASH_BET_AREAS).describe('small|big, odd|even, banker|player|tie, or a lucky-ten digit 0-9');

export const HASH_GAME_KINDS = ['bigSmall', 'oddEven', 'bull', 'bankerPlayer', 'luckyTen', 'bigSmallSum', 'oddEvenSum'] as const;
export const hashGameKind = z.enum(HASH_GAME_KINDS);

export const hashGameId = z.literal(HASH_GAME_IDS).describe('Hash game id of SPEC section 3');
export type HashBetArea = (typeof HASH_BET_AREAS)[number];

const KNOWN_GAME_IDS: ReadonlySet<number> = new Set(HASH_GAME_IDS);
const KNOWN_AREAS: ReadonlySet<string> = new Set(HASH_BET_AREAS);

// Requests name games, areas and stakes with their own catalogue codes (21001, 21005, 21003) rather
// than the generic 12, so the bet page can tell the player what exactly was wrong.
const requestedGameId = z
  .number()
  .int()
  .refine(...catalogueCheck((v: number) => KNOWN_GAME_IDS.has(v), ErrorCode.GAME_NOT_FOUND, 'no such hash game'))
  .transform((v) => v as HashGameId)
  .describe(`Hash game id of SPEC section 3 (${HASH_GAME_IDS.join(', ')}); another number answers 21001`);
const requestedArea = z
  .string()
  .refine(...catalogueCheck((v: string) => KNOWN_AREAS.has(v), ErrorCode.FORBIDDEN_BET_AREA, 'no such bet area'))
  .transform((v) => v as HashBetArea)
  .describe(`${HASH_BET_AREAS.join(', ')}; an area the game does not have answers 21005`);
const stake = z
  .union([z.string(), z.number()])
  .transform((value, ctx) => {
    const micro = parseMicro(value);
    if (micro === undefined || micro === 0n) {
      ctx.addIssue({ code: 'custom', message: 'a positive decimal with at most 6 decimals', params: { code: ErrorCode.ILLEGAL_BET_AMOUNT } });
      return z.NEVER;
    }
    return micro;
  })
  .describe('Stake as a decimal, at most 6 decimal places; anything else answers 21003');
export const betLevel = z.literal(Object.values(BetLevel)).describe('0 beginner, 1 intermediate');
export const betStatusCode = z
  .literal(Object.values(BetStatus))
  .describe('0 unknown, 1 unsettled, 2 user-cancelled, 3 system-cancelled, 4-6 settled draw/win/lose, 7-9 secondary settled draw/win/lose');
export const roundPeriodCode = z
  .literal(Object.values(RoundPeriod))
  .describe('1 three seconds, 2 one minute, 3 three minutes, 4 nine seconds, 5 thirty seconds');

/** TRON block id: 64 hex characters; the first 16 are the height (GAMES.md). */
const BLOCK_ID_PATTERN = /^[0-9a-fA-F]{64}$/;
export const blockId = z.string().regex(BLOCK_ID_PATTERN, '64 hex characters');
const height = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** The working of a result, so a player can redo it by hand from the block id (GAMES.md, Terms). */
export const resultWorking = z
  .object({
    kind: hashGameKind,
    lastDigit: z.number().int().min(0).max(9).nullable().describe('d: last decimal digit of the block id'),
    lastFive: z.string().length(5).describe('c1..c5: last five characters of the block id'),
    sum: z.number().int().min(0).max(9).nullable().describe('s = (d + height mod 10) mod 10, for the sum games'),
    bankerPoints: z.number().int().min(0).max(10).nullable().describe('Bull (1-10) and banker/player (0-9)'),
    playerPoints: z.number().int().min(0).max(10).nullable(),
    winningAreas: z.array(betArea).describe('Empty for a bull draw'),
  })
  .describe('Our design: inputs and intermediate values of the result');

export const hashBet = z
  .object({
    id,
    gameId: hashGameId,
    round: height.describe('Deciding block height T'),
    area: betArea,
    amount: moneyString,
    currency,
    level: betLevel,
    odds: z.string().describe('Total return per unit staked at bet time, e.g. "1.95"'),
    status: betStatusCode,
    payoutAmount: moneyString.nullable().describe('Returned on settlement, stake included; null until settled'),
    profitAmount: moneyString.nullable().describe('payout minus stake; null until settled'),
    source: z.enum(['page', 'transfer']).describe('Placed in the app, or a transfer to a bet address'),
    txId: z.string().nullable().describe('Transfer bets: the incoming transaction'),
    fromAddress: z.string().nullable().describe('Transfer bets: the sending address, where wins are paid'),
    payoutTxId: z.string().nullable().describe('Transfer bets: the payout transaction, once sent'),
    createdAt: isoTime,
    settledAt: isoTime.nullable(),
  })
  .describe('Our design: one hash-game bet');

export const hashBetDetail = hashBet
  .extend({
    blockId: z.string().nullable().describe('Null until the deciding block is known'),
    working: resultWorking.nullable(),
    explorerUrl: z.string().nullable().describe('The deciding block on a public explorer'),
    verifyUrl: z.string().describe('Our verifier page, pre-filled with game, block and bet'),
  })
  .describe('Our design: a bet with the working of its result (/betRecord/betDetails)');

const areaOdds = z.object({ area: betArea, odds: z.string() });
const levelLimit = z.object({
  level: betLevel,
  currency,
  min: moneyString,
  max: moneyString,
  odds: z.array(areaOdds).describe('Odds are configuration per game and level'),
});

export const hashRound = z
  .object({
    gameId: hashGameId,
    kind: hashGameKind,
    period: roundPeriodCode,
    blocksPerRound: z.number().int().min(1),
    round: height.describe('Deciding height T of the round now taking bets'),
    closesAt: isoTime.describe('Estimated: bets close once the head reaches T - 1'),
    secondsToClose: z.number().int().min(0).describe('Estimated, rounded up, as of serverTime'),
    head: z.object({ height, blockId, time: isoTime }).describe('Newest block the server has seen'),
    levels: z.array(levelLimit),
    serverTime: isoTime.describe('Lets the client correct its clock for the countdown'),
  })
  .describe('Our design: what the bet page needs to take a bet on the open round');

export const hashResult = z
  .object({ gameId: hashGameId, round: height, blockId, time: isoTime, working: resultWorking })
  .describe('Our design: one decided round');

const blockOnHeight = (value: { blockId: string; height: number }, ctx: z.RefinementCtx) => {
  // Runs even when the fields themselves failed (their issues are already reported): only a
  // well-formed pair can be compared.
  if (!BLOCK_ID_PATTERN.test(value.blockId) || !Number.isSafeInteger(value.height)) return;
  // Catches a block id pasted against the wrong height before the server fetches anything.
  if (BigInt(`0x${value.blockId.slice(0, 16)}`) !== BigInt(value.height)) {
    ctx.addIssue({ code: 'custom', message: 'block id does not belong to this height', path: ['blockId'] });
  }
};

export const hashGameCalls = {
  bet: defineCall({
    path: '/v1/hashGame/bet',
    auth: 'player',
    summary: 'Bet on the open round of a hash game (page bet); debits the wallet at once',
    movesMoney: true,
    request: body({
      requestId,
      gameId: requestedGameId,
      area: requestedArea,
      amount: stake,
      currency,
      level: betLevel,
      round: height.optional().describe('Deciding height the client showed; if betting on it has closed the bet is refused (21006), never moved'),
    }),
    response: z.object({ bet: hashBet, balances }).describe('Our design: the accepted bet and balances after it'),
  }),
  round: defineCall({
    path: '/v1/hashGame/round',
    auth: 'public',
    summary: 'The round of a game now taking bets, with odds and limits per level',
    request: body({ gameId: requestedGameId }),
    response: hashRound,
  }),
  results: defineCall({
    path: '/v1/hashGame/results',
    auth: 'public',
    summary: 'Latest decided rounds of a game, newest first',
    request: body({
      gameId: requestedGameId,
      limit: z.number().int().min(1).max(100).default(20),
      beforeRound: height.optional().describe('For loading older results'),
    }),
    response: z.array(hashResult),
  }),
  myBets: defineCall({
    path: '/v1/hashGame/myBets',
    auth: 'player',
    summary: "The player's bets on the open round and on the round awaiting its block",
    request: body({ gameId: requestedGameId }),
    response: z.array(hashBet),
  }),
  betRecord: defineCall({
    path: '/v1/hashGame/betRecord',
    auth: 'player',
    summary: 'Hash-game bet history (page and transfer bets), newest first',
    request: body({
      ...pageFields,
      ...dateRangeFields,
      gameId: requestedGameId.optional(),
      status: betStatusCode.optional(),
      currency: currency.optional(),
    }).superRefine(checkDateRange),
    response: paged(hashBet),
  }),
  betDetail: defineCall({
    path: '/v1/hashGame/betDetail',
    auth: 'player',
    summary: 'One bet of the player with the working of its result',
    request: body({ betId: id }),
    response: hashBetDetail,
  }),
  verify: defineCall({
    path: '/v1/hashGame/verify',
    auth: 'public',
    summary: 'Recompute a result from a block, optionally with a stake, exactly as settlement does',
    request: body({
      gameId: requestedGameId,
      blockId,
      height,
      area: requestedArea.optional(),
      amount: stake.optional().describe('Stake; with area, the reply says what it returns'),
      level: betLevel.default(0).describe('Whose odds to apply'),
    }).superRefine((value, ctx) => {
      blockOnHeight(value, ctx);
      if ((value.area === undefined) !== (value.amount === undefined)) {
        ctx.addIssue({ code: 'custom', message: 'area and amount go together', path: ['amount'] });
      }
    }),
    response: z
      .object({
        gameId: hashGameId,
        height,
        blockId,
        working: resultWorking,
        stake: z
          .object({
            area: betArea,
            amount: moneyString,
            odds: z.string(),
            outcome: z.enum(['win', 'lose', 'draw']),
            returnAmount: moneyString.describe('Total returned, stake included; a bull loss may return part of the stake'),
          })
          .nullable()
          .describe('Null when no stake was given'),
      })
      .describe('Our design: the result and, for a stake, its return'),
  }),
} as const;
