import { z } from 'zod';
import { moneyString } from '../money.ts';
import { balances } from './player.ts';
import { currency, gameTypeCode, isoTime, pageFields, paged } from './common.ts';
import { body, defineCall, emptyBody, requestId } from './define.ts';

// The spec names the referral screens (/promotion, /proxyPartner, /performance/details/...) but no
// calls: these are our design. Days are Asia/Shanghai calendar days ('YYYY-MM-DD').

/** Smallest commission a claim pays: 0.01 of the currency, as for rebates. */
export const REFERRAL_MIN_CLAIM = '0.01';

/** Levels of the team below a player (ECONOMY.md "Referral": the tree is kept to 3 levels). */
export const REFERRAL_LEVELS = [1, 2, 3] as const;
export const referralLevel = z.literal(REFERRAL_LEVELS).describe('1 = invited by the player, 2 = by a level-1 member, 3 = by a level-2 member');

/** A Shanghai calendar day. */
export const shanghaiDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return Number.isFinite(time) && new Date(time).toISOString().startsWith(value) && time >= Date.UTC(1970, 0, 1);
  }, 'a calendar day YYYY-MM-DD')
  .describe('Asia/Shanghai calendar day, YYYY-MM-DD');

export const referralRate = z.object({
  level: referralLevel,
  gameType: gameTypeCode,
  ratePpm: z.number().int().min(0).describe('Commission per valid unit in parts per million (3000 = 0.30%)'),
});

export const referralCommission = z
  .object({
    currency,
    today: moneyString.describe('Commission accrued today (Shanghai day), claimed or not'),
    total: moneyString.describe('Commission accrued since the account opened, claimed or not'),
    claimed: moneyString.describe('Paid out by claims'),
    claimable: moneyString.describe('total − claimed'),
    underReview: moneyString.describe('Commission held for review (not in total or claimable until released); players see only "under review"'),
    canClaim: z.boolean().describe('True once claimable reaches minClaim'),
    minClaim: moneyString,
  })
  .describe('Our design: commission of one currency');

export const referralTeamLevel = z.object({
  level: referralLevel,
  members: z.number().int().min(0),
  newToday: z.number().int().min(0).describe('Members of this level who registered today'),
});

export const referralMember = z
  .object({
    name: z.string().describe('Masked nickname, e.g. "ab***yz"'),
    level: referralLevel,
    joinedAt: isoTime,
    validTurnover: z.object({ usdt: moneyString, trx: moneyString }).describe('Valid turnover since joining'),
  })
  .describe('Our design: one team member as the inviter sees them');

const performanceFigures = {
  validTurnover: moneyString.describe('Valid turnover of the members in the day'),
  commission: moneyString.describe("The viewer's commission from it"),
};

export const referralCalls = {
  summary: defineCall({
    path: '/v1/referral/summary',
    auth: 'player',
    summary: "The player's invite code and link, commission per currency, team size by level and the rates",
    request: emptyBody,
    response: z.object({
      inviteCode: z.string(),
      invitePath: z.string().describe('"/register?inviteCode=<code>": the client prefixes its own origin'),
      hasInviter: z.boolean(),
      commissions: z.array(referralCommission).describe('USDT and TRX, always both'),
      team: z.array(referralTeamLevel).describe('Levels 1, 2 and 3, always all three'),
      teamTotal: z.number().int().min(0),
      rates: z.array(referralRate).describe('Only non-zero rates'),
    }),
  }),
  claim: defineCall({
    path: '/v1/referral/claim',
    auth: 'player',
    summary: 'Claim all claimable commission of a currency (code 14 below the minimum); raises wagering',
    movesMoney: true,
    request: body({ requestId, currency }),
    response: z.object({
      currency,
      amount: moneyString,
      wageringAdded: moneyString,
      balances,
    }),
  }),
  members: defineCall({
    path: '/v1/referral/members',
    auth: 'player',
    summary: 'Team members, newest first, with their valid turnover',
    request: body({ level: referralLevel.optional().describe('All three levels when absent'), ...pageFields }),
    response: paged(referralMember),
  }),
  performance: defineCall({
    path: '/v1/referral/performance',
    auth: 'player',
    summary: 'One day of performance: new members, first deposits, deposits, valid turnover and commission',
    request: body({
      isTeam: z.literal([0, 1]).describe('0 = direct members (level 1), 1 = the whole team (levels 1-3)'),
      gameType: gameTypeCode.optional().describe('Turnover and commission of this game type only; all types when absent'),
      currencyCode: currency,
      selectDay: shanghaiDay,
    }),
    response: z.object({
      day: z.string().describe('YYYY-MM-DD'),
      isTeam: z.literal([0, 1]),
      gameType: gameTypeCode.nullable(),
      currency,
      newMembers: z.number().int().min(0).describe('Members who registered that day'),
      firstDepositCount: z.number().int().min(0).describe('Members whose first credited deposit (any currency) was that day'),
      depositCount: z.number().int().min(0).describe('Credited deposits of the currency that day'),
      depositAmount: moneyString,
      ...performanceFigures,
      byGameType: z.array(z.object({ gameType: gameTypeCode, ...performanceFigures })).describe('Game types with turnover that day'),
    }),
  }),
} as const;
