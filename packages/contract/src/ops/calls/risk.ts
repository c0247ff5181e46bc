import { z } from 'zod';
import { currency, entityId, isoTime } from '../../calls/common.ts';
import { moneyString } from '../../money.ts';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';

/** Most players one linked-accounts answer lists, and most days one big-winners period spans. */
export const LINKED_ACCOUNTS_MAX = 200;
export const BIG_WINNERS_MAX_DAYS = 93;

const day = z.iso.date().describe('YYYY-MM-DD, an Asia/Shanghai day as the daily bet figures count them');

export const linkedAccount = z.object({
  playerId: entityId,
  account: z.string().nullable(),
  nickname: z.string(),
  status: z.number().int().describe('0 active, 1 frozen'),
  registeredAt: isoTime,
  shares: z
    .array(
      z.object({
        kind: z.enum(['ip', 'device', 'wallet']).describe('An address registered or signed in from, a device code, or a chain address'),
        value: z.string().describe('What both have; an address is masked unless the caller holds players.pii'),
        how: z.string().describe('Where the other player has it: registration, sign-in, device, deposit source, bet address'),
      }),
    )
    .min(1),
});

export const bigWinner = z.object({
  playerId: entityId,
  account: z.string().nullable(),
  nickname: z.string(),
  status: z.number().int(),
  bets: z.number().int().min(0),
  stakes: moneyString,
  payouts: moneyString,
  net: moneyString.describe('payouts − stakes'),
});

/** Risk lists (CONSOLE.md "Screens" 8): accounts linked by address, device and wallet; big winners. */
export const riskOpsCalls = {
  linkedAccounts: defineOpsCall({
    path: '/ops/v1/risk/linkedAccounts',
    access: 'risk.read',
    audit: 'pii',
    summary: `Other players sharing with this one an address registered or signed in from, a device code, or a chain address (deposit source or bound bet address), each with what they share; most shares first, at most ${LINKED_ACCOUNTS_MAX}`,
    request: opsBody({ playerId: entityId.max(2_147_483_647) }),
    response: z.object({ list: z.array(linkedAccount), truncated: z.boolean() }),
  }),
  bigWinners: defineOpsCall({
    path: '/ops/v1/risk/bigWinners',
    access: 'risk.read',
    audit: 'read',
    summary: `Players who won the most (payouts − stakes of settled bets) from fromDay to toDay, both included (at most ${BIG_WINNERS_MAX_DAYS} days), per currency, biggest first; read from the daily bet figures`,
    request: opsBody({
      fromDay: day,
      toDay: day,
      currency: currency.optional(),
      limit: z.number().int().min(1).max(100).default(20),
    }).superRefine((value, ctx) => {
      const span = (Date.parse(value.toDay) - Date.parse(value.fromDay)) / 86_400_000;
      if (span < 0) ctx.addIssue({ code: 'custom', message: 'fromDay must not be after toDay', path: ['toDay'] });
      else if (span >= BIG_WINNERS_MAX_DAYS) ctx.addIssue({ code: 'custom', message: `at most ${BIG_WINNERS_MAX_DAYS} days`, path: ['toDay'] });
    }),
    response: z.object({ currencies: z.array(z.object({ currency, list: z.array(bigWinner) })) }),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
