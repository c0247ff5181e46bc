import { z } from 'zod';
import { moneyString, positiveMoneyAmount } from '../money.ts';
import { currency, isoTime } from './common.ts';
import { body, defineCall, emptyBody, requestId } from './define.ts';

/** PROTECTION.md "Limits": what a limit counts. Loss is stakes less payouts; wager is stakes. */
export const LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
/** Asia/Shanghai (operator-configurable) days, Monday weeks, calendar months. */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** PROTECTION.md "Reality checks": minutes between checks; 0 is off. */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;

/** Time-out: 24 hours, 7 days, 30 days, or any whole number of days up to 6 weeks. */
export const TIME_OUT_MAX_DAYS = 42;
/** Self-exclusion: 6 months, 1 year, 5 years or indefinite. */
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '5y', 'indefinite'] as const;
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];

/** Hours a raised or removed limit waits before the player may confirm it (PROTECTION.md: 24 h). */
export const LIMIT_COOLING_OFF_HOURS = 24;
/** Days of cooling-off after a player asks to come back from an ended self-exclusion. */
export const RETURN_COOLING_OFF_DAYS = 7;

export const limitKind = z.enum(LIMIT_KINDS);
export const limitPeriod = z.enum(LIMIT_PERIODS);

export const protectionLimit = z.object({
  kind: limitKind,
  period: limitPeriod,
  amount: moneyString.describe('USDT equivalent in force'),
  used: moneyString.describe('USDT equivalent counted in the current period'),
  resetsAt: isoTime,
  pending: z
    .object({
      amount: moneyString.nullable().describe('The raised amount; null removes the limit'),
      readyAt: isoTime.describe('From when the player may confirm it (24 h after asking)'),
    })
    .nullable(),
});

export const protectionPause = z.object({
  kind: z.enum(['time_out', 'self_exclusion']),
  since: isoTime,
  until: isoTime.nullable().describe('null: indefinite'),
  returnRequestedAt: isoTime.nullable().describe('Self-exclusion: when the player asked to come back'),
  endsAt: isoTime.nullable().describe('Self-exclusion: the end of the 7-day cooling-off once asked'),
});

export const protectionState = z.object({
  limits: z.array(protectionLimit),
  realityCheckMinutes: z.literal(REALITY_CHECK_MINUTES),
  pause: protectionPause.nullable(),
  held: z.array(z.object({ currency, amount: moneyString })).describe('Deposits held beyond a deposit limit'),
  limitOfferAnswered: z.object({ registration: z.boolean(), firstDeposit: z.boolean() }),
});

export const realityCheck = z.object({
  sessionStartedAt: isoTime,
  elapsedMinutes: z.number().int().nonnegative(),
  net: z.array(z.object({ currency, amount: moneyString.describe('Payouts less stakes in the session; negative is a loss') })),
  intervalMinutes: z.literal(REALITY_CHECK_MINUTES),
});

const limitAmount = positiveMoneyAmount.describe('USDT equivalent');

/** PROTECTION.md: the player's own limits, reality checks, time-out and self-exclusion. */
export const protectionCalls = {
  protectionGet: defineCall({
    path: '/v1/player/protection/get',
    auth: 'player',
    summary: 'Limits with what is used and when they reset, pending raises, reality-check interval, time-out or self-exclusion, held deposits',
    request: emptyBody,
    response: protectionState,
  }),
  protectionLimitSet: defineCall({
    path: '/v1/player/protection/limit_set',
    auth: 'player',
    summary: 'Sets a limit: a new or lower one applies at once; a higher one, or amount null (removal), waits 24 h and a confirmation',
    request: body({ kind: limitKind, period: limitPeriod, amount: limitAmount.nullable() }),
    response: protectionState,
  }),
  protectionLimitConfirm: defineCall({
    path: '/v1/player/protection/limit_confirm',
    auth: 'player',
    summary: 'Confirms a raised or removed limit after its cooling-off (10067 before)',
    request: body({ kind: limitKind, period: limitPeriod }),
    response: protectionState,
  }),
  protectionLimitCancel: defineCall({
    path: '/v1/player/protection/limit_cancel',
    auth: 'player',
    summary: 'Withdraws a pending raise or removal; the limit in force stays',
    request: body({ kind: limitKind, period: limitPeriod }),
    response: protectionState,
  }),
  protectionOfferAnswer: defineCall({
    path: '/v1/player/protection/offer_answer',
    auth: 'player',
    summary: 'Records that the limit offer at registration or first deposit was answered (set or declined), so it is not shown again',
    request: body({ moment: z.enum(['registration', 'firstDeposit']) }),
    response: protectionState,
  }),
  protectionRealityCheckSet: defineCall({
    path: '/v1/player/protection/reality_check_set',
    auth: 'player',
    summary: 'Minutes between reality checks (0 off, 15, 30, 60)',
    request: body({ minutes: z.literal(REALITY_CHECK_MINUTES) }),
    response: protectionState,
  }),
  protectionRealityCheck: defineCall({
    path: '/v1/player/protection/reality_check',
    auth: 'player',
    summary: 'The session so far: when it started, minutes played, net result per currency',
    request: emptyBody,
    response: realityCheck,
  }),
  protectionTimeOut: defineCall({
    path: '/v1/player/protection/time_out',
    auth: 'player',
    summary: 'Takes a time-out of 1 to 42 days at once; it cannot be shortened or lifted',
    request: body({ days: z.number().int().min(1).max(TIME_OUT_MAX_DAYS) }),
    response: protectionState,
  }),
  protectionSelfExclude: defineCall({
    path: '/v1/player/protection/self_exclude',
    auth: 'player',
    summary: 'Self-excludes at once for 6 months, 1 year, 5 years or indefinitely (confirm: true and the login password)',
    request: body({ period: z.enum(SELF_EXCLUSION_PERIODS), confirm: z.literal(true), password: z.string().min(1).max(128) }),
    response: protectionState,
  }),
  protectionReturnRequest: defineCall({
    path: '/v1/player/protection/return_request',
    auth: 'player',
    summary: 'After a self-exclusion period is over: asks to come back, which ends it after 7 days of cooling-off',
    request: emptyBody,
    response: protectionState,
  }),
  protectionHeldReturn: defineCall({
    path: '/v1/player/protection/held_return',
    auth: 'player',
    movesMoney: true,
    summary: 'Sends deposits held beyond a deposit limit back to the addresses they came from',
    request: body({ currency, requestId }),
    response: protectionState,
  }),
} as const;
