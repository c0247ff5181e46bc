import { z } from 'zod';
import { BonusRecordType, BonusType } from '../enums.ts';
import { moneyString } from '../money.ts';
import { body, defineCall, langField, requestId } from './define.ts';
import { checkDateRange, currency, dateRangeFields, entityId as id, isoTime, pageFields, paged } from './common.ts';
import { balances } from './player.ts';

export const bonusTypeCode = z
  .literal(Object.values(BonusType))
  .describe('1 sign-in, 2 first recharge, 3 invitation, 4 betting rebate, 5 hash task, 6 register reward, 7 loss rebate');

/** Only `confs` is named by the spec; the fields of a conf are our design. */
export const activityConf = z
  .object({
    id,
    bonusType: bonusTypeCode,
    title: z.string(),
    summary: z.string().describe('One line for the list card'),
    content: z.string().describe('Rules page body (sanitised HTML) for /ActivityDetail'),
    imageUrl: z.string().nullable(),
    sort: z.number().int(),
    startAt: isoTime,
    endAt: isoTime.nullable().describe('Null for a permanent activity'),
    manual: z.boolean().describe('True when the player must call /v1/activity/participate; false when rewards are automatic'),
    requiresRecharge: z.boolean().describe('Only players with a first deposit may take part'),
    rules: z.record(z.string(), z.unknown()).describe('Type-specific parameters (tiers, rates, caps), shown on the rules page'),
    wageringMultiplier: z
      .number()
      .int()
      .min(0)
      .describe("Claiming X adds X × this to wager before it becomes cash (the activity's own, else the economy settings'); 0 pays cash at once"),
  })
  .describe('Our design: one activity as the activity tab and detail page show it');

export const activityPlayerState = z
  .object({
    activityId: id,
    bonusType: bonusTypeCode,
    participated: z.boolean(),
    canParticipate: z.boolean().describe('Enables the join/claim button'),
    progress: z
      .object({ current: moneyString, target: moneyString })
      .nullable()
      .describe('Towards the next reward (e.g. turnover of a hash task); null when not measured'),
    pendingReward: moneyString.describe('Reward earned and not yet credited'),
    underReview: moneyString.optional().describe('Our design: reward earned but held for review (shown as "under review", never why); absent when none'),
    currency,
    lastParticipatedAt: isoTime.nullable(),
    periodEndsAt: isoTime
      .nullable()
      .optional()
      .describe("When the current period's chance ends (daily activities: the next midnight in Asia/Shanghai); null when it does not end"),
  })
  .describe("Our design: the player's standing in one activity");

export const bonusRecordTypeCode = z
  .literal(Object.values(BonusRecordType))
  .describe('An activity bonus type (1-7), or 8 VIP level-up gift, 9 VIP monthly gift, 10 rebate, 11 referral commission');

export const bonusRecord = z
  .object({
    id,
    activityId: id.nullable().describe('Null for bonuses outside an activity (e.g. VIP gifts)'),
    bonusType: bonusRecordTypeCode,
    title: z.string(),
    amount: moneyString,
    currency,
    wageringAdded: moneyString.describe('Wagering this bonus added before withdrawals of its currency'),
    createdAt: isoTime,
  })
  .describe('Our design: one credited bonus, as /bonusRecord lists it');

/** Pushed to the player's sockets as event `activity` when the set of activities they can claim changes to a non-empty one. */
export const activityClaimablePush = z
  .object({
    claimable: z.number().int().min(1).describe('How many activities have a reward to claim now (the Events tab badge)'),
    activityIds: z.array(id).describe('Those activities, for the single-button activity popup'),
  })
  .describe("Our design: websocket event 'activity'");

export const activityCalls = {
  configSync: defineCall({
    path: '/v1/activity/configSync',
    auth: 'player',
    summary: 'Activities currently offered, in the requested language',
    request: body({ sinceVersion: z.number().int().min(0).optional(), language: langField }),
    response: z.object({
      version: z.number().int().describe('Our design: send back as sinceVersion; unchanged lists answer changed=false'),
      changed: z.boolean(),
      confs: z.array(activityConf).describe('Empty when changed is false'),
    }),
  }),
  playerData: defineCall({
    path: '/v1/activity/playerData',
    auth: 'player',
    summary: "The player's progress and pending rewards per activity",
    request: body({ activityIds: z.array(id).min(1).max(100).optional().describe('All current activities when absent') }),
    response: z.array(activityPlayerState),
  }),
  activityForm: defineCall({
    path: '/v1/reportForm/activityForm',
    auth: 'player',
    summary: 'Bonus record: credited bonuses, newest first',
    request: body({
      ...pageFields,
      ...dateRangeFields,
      bonusType: bonusRecordTypeCode.optional(),
      currency: currency.optional(),
    }).superRefine(checkDateRange),
    response: paged(bonusRecord),
  }),
  participate: defineCall({
    path: '/v1/activity/participate',
    auth: 'player',
    summary: 'Join an activity or claim its reward; credits the wallet at once when a reward is due',
    movesMoney: true,
    request: body({ requestId, activityId: id }),
    response: z
      .object({
        activityId: id,
        bonusType: bonusTypeCode,
        reward: z.object({ amount: moneyString, currency }).nullable().describe('Null when joining earns nothing yet'),
        balances,
      })
      .describe('Our design: what was credited and the balances after it'),
  }),
} as const;
