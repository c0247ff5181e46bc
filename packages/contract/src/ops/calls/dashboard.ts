import { z } from 'zod';
import { currency, gameTypeCode, isoTime } from '../../calls/common.ts';
import { moneyString } from '../../money.ts';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';

const count = z.number().int().min(0);
const utcDay = z.string().describe('YYYY-MM-DD, a UTC day');

export const gameFigures = z.object({
  gameType: gameTypeCode,
  bets: count,
  stake: moneyString,
  payout: moneyString,
  ggr: moneyString.describe('Stakes less payouts: what the house kept'),
});

/** One currency's figures over a period, or their USDT equivalent. Experience accounts are left out. */
export const moneyFigures = z.object({
  firstDeposits: z.object({ count, amount: moneyString }).describe("Players whose first deposit ever was credited in the period, with that deposit's amount"),
  deposits: z.object({ count, amount: moneyString }).describe('Deposits credited'),
  withdrawals: z.object({ count, amount: moneyString }).describe('Withdrawals confirmed on chain'),
  netDeposits: moneyString.describe('Deposits less withdrawals'),
  bets: z
    .object({ count, stake: moneyString, payout: moneyString })
    .describe('Rounds recorded in the period: hash rounds at settlement, third-party rounds when they close'),
  ggr: moneyString.describe('Stakes less payouts, every game type'),
  byGameType: z.array(gameFigures),
  bonusPaid: moneyString.describe('Bonuses credited (activities, VIP gifts, rebates, referral commission), as bonus money or cash'),
  bonusReleased: moneyString.describe('Bonus money that became cash: wagering met or waived, and bonuses credited straight to cash'),
  bonusForfeited: moneyString.describe('Bonus money taken back (forfeited)'),
  bonusCost: moneyString.describe('Bonuses paid less bonuses forfeited: stakes of bonus money are in GGR, so what was handed out is the cost'),
  ngr: moneyString.describe('GGR less the bonus cost'),
});

export const periodFigures = z.object({
  period: z.enum(['today', '7d', '30d']),
  from: utcDay,
  to: utcDay.describe('Today, included'),
  registrations: count,
  activePlayers: count.describe('Players with a bet recorded in the period (real accounts)'),
  currencies: z.array(moneyFigures.extend({ currency })),
  usdtEquivalent: moneyFigures
    .nullable()
    .describe("Both currencies in USDT at the wallet's exchange rate (TRX per USDT, before spread); null when exchange is not configured"),
});

export const dailyFigures = z.object({
  day: utcDay,
  currency,
  registrations: count.describe('The same count on both currencies of a day: registrations have none'),
  deposits: moneyString,
  withdrawals: moneyString,
  stake: moneyString,
  ggr: moneyString,
  ngr: moneyString,
});

export const dashboardOpsCalls = {
  figures: defineOpsCall({
    path: '/ops/v1/dashboard/figures',
    access: 'dashboard.read',
    audit: 'read',
    summary:
      "Today's, the last 7 and 30 days' figures per currency and in USDT equivalent (UTC days, from the read model kept as money moves), active and online players, the hot wallet's balances, the open queues, and a 30-day daily series for charts",
    request: opsBody({}),
    response: z.object({
      asOf: isoTime,
      trxPerUsdt: z.string().nullable().describe('The rate the USDT equivalents use; null when exchange is not configured'),
      periods: z.array(periodFigures),
      onlinePlayers: count.nullable().describe('Players connected now; null when this server cannot tell'),
      hotWallet: z
        .object({ address: z.string(), usdt: moneyString, trx: moneyString })
        .nullable()
        .describe('What the hot wallet that pays withdrawals holds now, as the node sees it; null when the node did not answer in 2 s'),
      queues: z.object({
        withdrawalsToReview: count,
        unansweredChats: count.describe('Open conversations whose last message is the player’s'),
        heldWins: count.describe('Third-party wins held for a decision'),
        flaggedReferrals: count.describe('Invitations held for self-referral review'),
      }),
      daily: z.array(dailyFigures).describe('The last 30 UTC days, oldest first, one row per day and currency'),
    }),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
