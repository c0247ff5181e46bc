import { z } from 'zod';
import { EXPERIENCE_USE_LIMIT_USDT, EXPERIENCE_WITHDRAW_FROM_USDT } from '../constants.ts';
import { ExperienceType, SpecialInviteType } from '../enums.ts';
import { moneyString } from '../money.ts';
import { defineCall, emptyBody } from './define.ts';
import { isoTime } from './common.ts';

export const playerMarkCalls = {
  specialInvitedAccountInfo: defineCall({
    path: '/v1/player_mark/special_invited_account/info',
    auth: 'player',
    summary: 'Special-invite status, checked before entering a third-party game',
    request: emptyBody,
    response: z.object({
      accountType: z.literal(Object.values(SpecialInviteType)).describe('0 not special, 1 special, 2 was special'),
      markedAt: isoTime.nullable().describe('Our design: when the account became special; null if never'),
    }),
  }),
  experienceGoldInfo: defineCall({
    path: '/v1/player_mark/experience_gold/info',
    auth: 'player',
    summary: 'Experience-gold status, so the client can apply the experience limits before a call fails',
    request: emptyBody,
    response: z.object({
      accountType: z.literal(Object.values(ExperienceType)).describe('0 none, 1 experience account, 2 was experience'),
      isSettlement: z.boolean().describe('True once the experience gold has been settled (the account is no longer restricted)'),
      // The rest is ours: the client needs it to word the two restriction messages of SPEC section 5.
      hasUnsettledOrders: z.boolean().describe('Our design: blocks third-party games and withdrawals'),
      grantedAmount: moneyString.describe('Our design: experience gold granted, USDT'),
      useLimit: moneyString.describe(`Our design: restricted while the USDT balance is at least this (${EXPERIENCE_USE_LIMIT_USDT})`),
      withdrawFrom: moneyString.describe(`Our design: withdrawal allowed from this USDT balance (${EXPERIENCE_WITHDRAW_FROM_USDT})`),
    }),
  }),
} as const;
