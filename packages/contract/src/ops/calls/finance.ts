import { z } from 'zod';
import { checkDateRange, currency, dateRangeFields, entityId, isoTime, paged, pageFields } from '../../calls/common.ts';
import { moneyString } from '../../money.ts';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';

const personal = (what: string) => z.string().describe(`${what}; masked unless the caller holds players.pii`);

export const PAYMENT_KINDS = ['deposit', 'withdrawal', 'exchange', 'transfer'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** The states each kind of payment passes through; exchanges and transfers happen at once. */
export const PAYMENT_STATUSES = {
  deposit: ['pending', 'credited', 'failed', 'ignored', 'dropped', 'held', 'refused'],
  withdrawal: ['pending_review', 'queued', 'signed', 'broadcast', 'confirmed', 'failed', 'rejected'],
  exchange: ['done'],
  transfer: ['done'],
} as const satisfies Record<PaymentKind, readonly string[]>;

/** Most rows one export carries; narrow the filters for more. */
export const PAYMENTS_EXPORT_MAX_ROWS = 50_000;

/** A numeric id as JSON number or decimal string (payments ids are bigserial). */
const paymentId = z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9]\d{0,18}$/)]).transform((v) => BigInt(v));

const paymentFilterFields = {
  kind: z.enum(PAYMENT_KINDS),
  currency: currency.optional().describe('For an exchange, either side'),
  status: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .optional()
    .describe(
      `One of the kind’s states: ${Object.entries(PAYMENT_STATUSES)
        .map(([kind, states]) => `${kind}: ${states.join(', ')}`)
        .join('; ')}`,
    ),
  playerId: entityId.max(2_147_483_647).optional().describe('For a transfer, the sender or the receiver'),
  ...dateRangeFields,
};

function checkPaymentFilters(value: { kind: PaymentKind; status?: string; from?: string; to?: string }, ctx: z.RefinementCtx) {
  checkDateRange(value, ctx);
  const statuses: readonly string[] = PAYMENT_STATUSES[value.kind];
  if (value.status !== undefined && !statuses.includes(value.status)) {
    ctx.addIssue({ code: 'custom', message: `a ${value.kind} is one of ${statuses.join(', ')}`, path: ['status'] });
  }
}

export const paymentRow = z.object({
  kind: z.enum(PAYMENT_KINDS),
  id: z.string(),
  playerId: entityId.describe('The depositing, withdrawing or exchanging player; the sender of a transfer'),
  currency,
  amount: moneyString,
  fee: moneyString,
  status: z.string(),
  address: personal('The paying address (deposit) or the receiving address (withdrawal)').nullable(),
  txId: z.string().nullable(),
  counterpartyId: entityId.nullable().describe('The receiver of a transfer'),
  toCurrency: currency.nullable().describe('What an exchange bought'),
  toAmount: moneyString.nullable(),
  createdAt: isoTime,
  completedAt: isoTime.nullable().describe('Credited, confirmed, rejected or failed'),
});

const perCurrency = <T extends z.ZodRawShape>(shape: T) => z.array(z.object({ currency, ...shape }));

export const withdrawalContext = z.object({
  netDeposits: perCurrency({
    deposited: moneyString.describe('Credited deposits, all time'),
    withdrawn: moneyString.describe('Withdrawals approved or under way (queued, signed, broadcast, confirmed), all time'),
    net: moneyString.describe('deposited − withdrawn; negative when the player took out more than they put in'),
  }),
  wagering: perCurrency({ outstanding: moneyString, required: moneyString }),
  recentPlay: perCurrency({
    bets: z.number().int().min(0),
    stakes: moneyString,
    payouts: moneyString,
    net: moneyString.describe('payouts − stakes: what the player won'),
  }).describe('Settled bets of the last 7 days (today included, Asia/Shanghai days)'),
  linkedAccounts: z.object({
    total: z.number().int().min(0).describe('Other players sharing an address, device or wallet'),
    byIp: z.number().int().min(0),
    byDevice: z.number().int().min(0),
    byWallet: z.number().int().min(0),
    playerIds: z.array(entityId).describe('The first of them, lowest id first'),
  }),
  riskFlags: z.object({
    frozen: z.boolean(),
    selfReferral: z
      .object({ matched: z.string(), status: z.enum(['held', 'cleared']), inviterId: entityId })
      .nullable()
      .describe('Review of this player’s own invitation as self-referral'),
    heldInvitees: z.number().int().min(0).describe('Players this one invited whose self-referral review is held'),
    heldWins: perCurrency({ count: z.number().int().min(1), amount: moneyString }).describe('Third-party wins held for a decision'),
  }),
});

export const queuedWithdrawal = z.object({
  id: z.string(),
  playerId: entityId,
  account: z.string().nullable(),
  nickname: z.string(),
  currency,
  amount: moneyString,
  fee: moneyString,
  toAddress: personal('Receiving address'),
  requestedAt: isoTime,
  context: withdrawalContext,
});

/** Money from the operator's side (CONSOLE.md "Screens" 4): the withdrawal review queue, every payment, exports. */
export const financeOpsCalls = {
  withdrawalQueue: defineOpsCall({
    path: '/ops/v1/finance/withdrawalQueue',
    access: 'finance.withdrawals.review',
    audit: 'pii',
    summary:
      "Withdrawals waiting for review, oldest first, each with the player's context: net deposits, outstanding wagering, the last 7 days of play, accounts linked by address, device or wallet, and risk flags (self-referral review, frozen, held wins)",
    request: opsBody({ ...pageFields }),
    response: paged(queuedWithdrawal),
  }),
  payments: defineOpsCall({
    path: '/ops/v1/finance/payments',
    access: 'finance.read',
    audit: 'pii',
    summary:
      'Deposits, withdrawals, exchanges or transfers, newest first, filtered by currency, status, player and time [from, to); paged by id: pass the last row’s id as beforeId for the next page; addresses masked without players.pii',
    request: opsBody({
      ...paymentFilterFields,
      beforeId: paymentId.optional().describe('Rows with a smaller id than this'),
      limit: z.number().int().min(1).max(100).default(50),
    }).superRefine(checkPaymentFilters),
    response: z.object({ list: z.array(paymentRow), nextBeforeId: z.string().nullable().describe('Null on the last page') }),
  }),
  export: defineOpsCall({
    path: '/ops/v1/finance/export',
    access: 'finance.export',
    audit: 'read',
    summary: `The payments the same filters list, newest first, as CSV text in data.csv: a header row, then one row per payment, money as decimal strings with 6 decimals; at most ${PAYMENTS_EXPORT_MAX_ROWS} rows (truncated tells when more matched); addresses masked without players.pii`,
    request: opsBody(paymentFilterFields).superRefine(checkPaymentFilters),
    response: z.object({
      csv: z.string().describe('RFC 4180 text, CRLF line ends'),
      rows: z.number().int().min(0),
      truncated: z.boolean(),
    }),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
