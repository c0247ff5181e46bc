import { z } from 'zod';
import { moneyString } from '../money.ts';
import { currency, gameTypeCode, isoTime } from './common.ts';
import { balances } from './player.ts';
import { body, defineCall, emptyBody, langField, requestId } from './define.ts';

// The spec names these calls but none of their reply fields: every field below is our design,
// chosen so the /vip and /vip/vipDetails screens render from the replies alone.

export const vipLevel = z.number().int().min(0).max(100);

export const vipRebateRate = z
  .object({
    vipLevel,
    rates: z
      .array(
        z.object({
          gameType: gameTypeCode,
          rate: z.string().describe('Rebate on valid bets, percent as a decimal string, e.g. "0.5"'),
        }),
      )
      .describe('One entry per game type that earns a rebate; absent types earn none'),
  })
  .describe('Our design: rebate ("return profit") rates of one VIP level');

export const vipLevelConf = z
  .object({
    vipLevel,
    name: z.string().describe('Display name in the requested language'),
    requiredBet: moneyString.describe('Cumulative valid bet (USDT equivalent) to reach this level'),
    requiredDeposit: moneyString.describe('Cumulative deposit (USDT equivalent) to reach this level'),
    upLevelGift: moneyString.describe('One-off gift credited once when the level is reached'),
    monthGift: moneyString.describe('Gift claimable once per calendar month at this level'),
    giftCurrency: currency,
    dailyWithdrawCount: z.number().int().min(0).describe('Withdrawals allowed per day at this level'),
  })
  .describe('Our design: the requirements and rewards of one VIP level');

export const GiftStatus = { LOCKED: 0, CLAIMABLE: 1, CLAIMED: 2 } as const;
const giftStatus = z.literal(Object.values(GiftStatus)).describe('0 locked, 1 claimable, 2 claimed');

export const vipDetail = z
  .object({
    vipLevel,
    nextLevel: vipLevel.nullable().describe('Null at the top level'),
    totalBet: moneyString.describe('Cumulative valid bet, USDT equivalent'),
    totalDeposit: moneyString.describe('Cumulative deposit, USDT equivalent'),
    nextRequiredBet: moneyString.nullable(),
    nextRequiredDeposit: moneyString.nullable(),
    upLevelGifts: z
      .array(z.object({ vipLevel, amount: moneyString, currency, status: giftStatus }))
      .describe('One entry per level with a gift, so skipped levels can still be claimed'),
    monthGift: z.object({
      amount: moneyString,
      currency,
      status: giftStatus,
      nextClaimableAt: isoTime.nullable().describe('Start of next month once claimed, else null'),
    }),
  })
  .describe("Our design: the player's VIP progress and gifts");

const giftCredited = z.object({ amount: moneyString, currency, balances }).describe('Our design: what was credited and the balances after it');

export const vipCalls = {
  queryVipReturnProfitConf: defineCall({
    path: '/v1/vip/queryVipReturnProfitConf',
    auth: 'public',
    summary: 'Rebate rates per VIP level and game type',
    request: body({ language: langField }),
    response: z.array(vipRebateRate),
  }),
  queryVipUpLevelConf: defineCall({
    path: '/v1/vip/queryVipUpLevelConf',
    auth: 'public',
    summary: 'VIP levels: requirements and gifts',
    request: body({ language: langField }),
    response: z.array(vipLevelConf),
  }),
  queryVipDetail: defineCall({
    path: '/v1/vip/queryVipDetail',
    auth: 'player',
    summary: "The player's VIP level, progress to the next one and gift states",
    request: emptyBody,
    response: vipDetail,
  }),
  getVipUpLevelGift: defineCall({
    path: '/v1/vip/getVipUpLevelGift',
    auth: 'player',
    summary: 'Claim the level-up gift of a reached level (code 14 when there is none to claim)',
    movesMoney: true,
    request: body({ requestId, vipLevel: vipLevel.min(1) }),
    response: giftCredited,
  }),
  getVipMonthGift: defineCall({
    path: '/v1/vip/getVipMonthGift',
    auth: 'player',
    summary: "Claim this month's gift of the current level (code 14 when already claimed)",
    movesMoney: true,
    request: body({ requestId }),
    response: giftCredited,
  }),
} as const;
