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
    outstanding: moneyString.describe('Still to wager before the bonus balance becomes cash; "0" when nothing is outstanding'),
    required: moneyString.describe('The current requirement; progress is required − outstanding'),
    wagered: moneyString.describe('required − outstanding'),
    cash: moneyString.describe('Cash: what may be withdrawn, exchanged and transferred now'),
    bonus: moneyString.describe('Bonus balance, locked until the requirement is met'),
    experience: z.boolean().describe('The bonus is experience gold: it never becomes cash and ends with the experience'),
    guardsCash: z
      .boolean()
      .describe('A requirement from before cash and bonus were apart: withdrawals, exchange and transfers of this currency wait for it (10053)'),
  })
  .describe('Our design: bonus money and wagering of one currency, as the wallet, Withdraw and Exchange screens show it');

export const bonusForfeitRecord = z
  .object({
    currency,
    amount: moneyString.describe('Bonus money given up'),
    outstanding: moneyString.describe('Wagering that was outstanding and is now dropped'),
    createdAt: isoTime,
  })
  .describe('Our design: a forfeited bonus balance');

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
  terms: defineCall({
    path: '/v1/bonus/terms',
    auth: 'public',
    summary: "Wagering multipliers of the bonuses whose claims are not activities' (an activity's own is in its configuration)",
    request: emptyBody,
    response: z
      .object({
        multipliers: z
          .object({
            rebate: z.number().int().min(0),
            referral: z.number().int().min(0),
            vipLevelGift: z.number().int().min(0),
            vipMonthGift: z.number().int().min(0),
            activity: z.number().int().min(0).describe("An activity's multiplier when it names none of its own"),
          })
          .describe('Claiming X of this bonus adds X × multiplier to wager; 0 pays cash at once'),
      })
      .describe('Our design: what a claim will ask to wager, shown before the tap'),
  }),
  forfeit: defineCall({
    path: '/v1/bonus/forfeit',
    auth: 'player',
    summary: 'Give up the bonus balance of a currency (confirmed on screen): it returns to the house and the outstanding wagering drops to 0',
    movesMoney: true,
    request: body({ requestId, currency }),
    response: z.object({ forfeit: bonusForfeitRecord, balances }).describe('Our design: what was given up and the balances after it'),
  }),
} as const;
