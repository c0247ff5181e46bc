import { z } from 'zod';
import { moneyString } from '../money.ts';
import { body, defineCall } from './define.ts';
import { currency, gameTypeCode, entityId as id, isoTime, lastDay, pageFields, paged } from './common.ts';
import { betStatusCode } from './hash-game.ts';

// Request fields are the spec's; every reply field is our design for the /report and
// /performance/details screens. Amounts are in the requested currency.

const reportWindow = {
  currencyCode: currency,
  from: isoTime.describe('Start of the window'),
  to: isoTime.describe('End of the window (exclusive)'),
};

const totals = {
  betCount: z.number().int().min(0),
  betAmount: moneyString,
  validBetAmount: moneyString.describe('Bets that count for VIP and rebates (draws and cancels excluded)'),
  payoutAmount: moneyString.describe('Returned to the player, stakes included'),
  winLoseAmount: moneyString.describe('payout minus bet: positive when the player is ahead'),
};

export const gameTypeTotals = z.object({ gameType: gameTypeCode, ...totals });

export const reportDay = z
  .object({
    day: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .describe('YYYY-MM-DD, Asia/Shanghai'),
    betAmount: moneyString,
    validBetAmount: moneyString,
    payoutAmount: moneyString,
    winLoseAmount: moneyString.describe('payout minus bet: positive when the player is ahead'),
  })
  .describe('Our design: the bets settled on one day of the window');

export const reportBet = z
  .object({
    id,
    gameType: gameTypeCode,
    gameId: z.number().int(),
    gameName: z.string().describe('In the requested language'),
    manufacturer: z.string(),
    betAmount: moneyString,
    validBetAmount: moneyString,
    payoutAmount: moneyString.nullable().describe('Null until settled'),
    winLoseAmount: moneyString.nullable().describe('Null until settled'),
    status: betStatusCode,
    betAt: isoTime,
    settledAt: isoTime.nullable(),
  })
  .describe('Our design: one bet of any game type');

const reportRequest = { currencyCode: currency, lastDay };

export const reportCalls = {
  winOrLoseForm: defineCall({
    path: '/v1/reportForm/winOrLoseForm',
    auth: 'player',
    summary: 'Win/lose report over the last N days',
    request: body(reportRequest),
    response: z
      .object({
        ...reportWindow,
        ...totals,
        bonusAmount: moneyString.describe('Bonuses and rebates credited in the window'),
        depositAmount: moneyString,
        withdrawAmount: moneyString,
        days: z.array(reportDay).describe('Every day of the window, oldest first, zeros included: the chart needs no other call'),
      })
      .describe('Our design: totals of the window and its daily series'),
  }),
  betFormSummary: defineCall({
    path: '/v1/reportForm/betFormSummary',
    auth: 'player',
    summary: 'Bet totals per game type over the last N days',
    request: body(reportRequest),
    response: z
      .object({
        ...reportWindow,
        total: z.object(totals),
        byGameType: z.array(gameTypeTotals).describe('Only types with bets in the window'),
      })
      .describe('Our design: a total row plus one row per game type'),
  }),
  betFormDetail: defineCall({
    path: '/v1/reportForm/betFormDetail',
    auth: 'player',
    summary: 'The bets of one game type over the last N days, newest first',
    request: body({ ...reportRequest, gameType: gameTypeCode, ...pageFields }),
    response: paged(reportBet),
  }),
} as const;
