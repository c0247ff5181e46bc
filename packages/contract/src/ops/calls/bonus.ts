import { z } from 'zod';
import { currency, isoTime } from '../../calls/common.ts';
import { balances } from '../../calls/player.ts';
import { moneyString } from '../../money.ts';
import { defineOpsCall, opsBody } from '../define.ts';
import { currencyField, playerIdField, reasonField } from './common.ts';

const decision = opsBody({ playerId: playerIdField, currency: currencyField, reason: reasonField });

/** What a forfeit or waiver took: the bonus money and the wagering still outstanding then. */
const forfeited = {
  currency,
  amount: moneyString.describe('Bonus money forfeited (a waiver: made cash)'),
  outstanding: moneyString.describe('Wagering outstanding at the time'),
  createdAt: isoTime,
};

/** A player's bonus money from the operator's side: balances, wagering requirements per currency, and the last forfeits and waivers. */
export const bonusState = z.object({
  balances,
  requirements: z.array(
    z.object({
      currency,
      outstanding: moneyString.describe('Wagering still to do'),
      required: moneyString.describe('Wagering the requirement started with'),
      bonusAtStake: moneyString.describe('Bonus money staked on bets not settled yet'),
      experience: z.boolean().describe('Experience gold: locked until the experience ends'),
      guardsCash: z.boolean().describe('A requirement from before cash and bonus were apart, not yet met: it still guards cash'),
    }),
  ),
  history: z
    .array(
      z.object({
        id: z.number().int(),
        action: z.enum(['forfeit', 'waive']),
        ...forfeited,
        byPlayer: z.boolean().describe('The player forfeited it themselves'),
        operator: z.string().nullable(),
        reason: z.string().nullable(),
      }),
    )
    .describe('Forfeits and waivers, newest first'),
});

const decided = z.object({ id: z.number().int(), ...forfeited });

/** A player's bonus money from the operator's side: read it, forfeit a bonus, waive its wagering. */
export const bonusOpsCalls = {
  state: defineOpsCall({
    path: '/ops/v1/bonus/state',
    access: 'players.read',
    audit: 'read',
    summary: "A player's bonus balances, wagering requirements and their history",
    request: opsBody({ playerId: playerIdField }),
    response: bonusState,
  }),
  forfeit: defineOpsCall({
    path: '/ops/v1/bonus/forfeit',
    access: 'risk.decide',
    audit: 'change',
    stepUp: true,
    summary: "Forfeits a player's bonus money in one currency: it returns to the house",
    request: decision,
    response: z.object({ forfeit: decided, state: bonusState }),
  }),
  waive: defineOpsCall({
    path: '/ops/v1/bonus/waive',
    access: 'risk.decide',
    audit: 'change',
    stepUp: true,
    summary: "Waives a player's outstanding wagering in one currency: the bonus becomes cash",
    request: decision,
    response: z.object({ waiver: decided, state: bonusState }),
  }),
} as const;
