import { z } from 'zod';
import { moneyString } from '../money.ts';
import { currency, gameTypeCode, isoTime, pageFields, paged } from './common.ts';
import { body, defineCall, emptyBody, requestId } from './define.ts';
import { balances } from './player.ts';

// The spec names the rebate screens (/newFanshui, /newFanshuiInfo) but no calls: these are our design.

/** Smallest rebate a claim pays (ECONOMY.md "Rebates"): 0.01 of the currency. */
export const REBATE_MIN_CLAIM = '0.01';

const rebateByGameType = z.object({
  gameType: gameTypeCode,
  accrued: moneyString.describe('Accrued and not yet claimed'),
  totalAccrued: moneyString.describe('Accrued since the account opened, claimed or not'),
});

export const rebateCurrencySummary = z
  .object({
    currency,
    accrued: moneyString.describe('Everything accrued and not yet claimed in this currency'),
    claimable: z.boolean().describe('True once accrued reaches minClaim'),
    minClaim: moneyString,
    totalAccrued: moneyString,
    totalClaimed: moneyString,
    byGameType: z.array(rebateByGameType).describe('Game types that ever accrued a rebate'),
  })
  .describe('Our design: rebates of one currency');

export const rebateClaimRecord = z
  .object({
    id: z.number().int().positive(),
    currency,
    amount: moneyString,
    byGameType: z.array(z.object({ gameType: gameTypeCode, amount: moneyString })),
    createdAt: isoTime,
  })
  .describe('Our design: one paid rebate claim');

export const wageringState = z
  .object({
    currency,
    outstanding: moneyString.describe('Still to wager before a withdrawal of this currency; "0" when free to withdraw'),
    required: moneyString.describe('The current requirement; progress is required − outstanding'),
    wagered: moneyString.describe('required − outstanding'),
  })
  .describe('Our design: bonus wagering of one currency, as the Withdraw screen shows it');

export const rebateCalls = {
  summary: defineCall({
    path: '/v1/rebate/summary',
    auth: 'player',
    summary: 'Rebates accrued per currency and game type, whether they can be claimed, and the last claim',
    request: emptyBody,
    response: z.object({
      currencies: z.array(rebateCurrencySummary).describe('USDT and TRX, always both'),
      lastClaim: rebateClaimRecord.nullable(),
    }),
  }),
  claim: defineCall({
    path: '/v1/rebate/claim',
    auth: 'player',
    summary: 'Claim every rebate accrued in a currency up to now (code 14 below the minimum); raises wagering',
    movesMoney: true,
    request: body({ requestId, currency }),
    response: z.object({
      claim: rebateClaimRecord,
      wageringAdded: moneyString,
      balances,
    }),
  }),
  history: defineCall({
    path: '/v1/rebate/history',
    auth: 'player',
    summary: 'Paid rebate claims, newest first',
    request: body({ ...pageFields, currency: currency.optional() }),
    response: paged(rebateClaimRecord),
  }),
} as const;

export const bonusCalls = {
  wagering: defineCall({
    path: '/v1/bonus/wagering',
    auth: 'player',
    summary: 'Outstanding bonus wagering per currency (a withdrawal is refused with 10053 while it is above 0)',
    request: emptyBody,
    response: z.array(wageringState),
  }),
} as const;
