import { z } from 'zod';
import { currency, entityId, isoTime } from '../../calls/common.ts';
import { moneyString } from '../../money.ts';
import { defineOpsCall, type OpsCallDefinition, opsBody } from '../define.ts';

/** What started a reconciliation: the hourly run, an operator's call, or `npm run treasury:reconcile`. */
export const RECONCILIATION_TRIGGERS = ['schedule', 'operator', 'command'] as const;
/** ok: the chain holds at least what is owed (the surplus is the house's); short: it holds less. */
export const RECONCILIATION_STATUSES = ['ok', 'short'] as const;
/** The kinds of the operator's addresses read: hot wallet, players' deposit addresses, transfer-bet game addresses (current and former), cold addresses. */
export const TREASURY_ADDRESS_KINDS = ['hot', 'deposit', 'transfer', 'cold'] as const;
/** Most runs one history page lists. */
export const RECONCILIATION_HISTORY_MAX = 200;

const signedMoney = z.string().describe('Decimal amount as a string, negative when below zero, e.g. "-12.5"');

export const reconciliationCurrency = z.object({
  currency,
  status: z.enum(RECONCILIATION_STATUSES),
  holdings: z.object({
    total: moneyString,
    hot: moneyString,
    deposit: moneyString,
    transfer: moneyString,
    cold: moneyString,
  }).describe('What the chain holds on the operator\'s addresses, by kind of address'),
  liabilities: z.object({
    total: moneyString,
    cash: moneyString.describe("Players' cash"),
    bonus: moneyString.describe("Players' bonus money"),
    held: moneyString.describe('Deposits held beyond a deposit limit'),
    withdrawals: moneyString.describe('Withdrawals taken from players and not yet confirmed on chain'),
    payouts: moneyString.describe('Transfer-bet payouts and refunds owed and not yet confirmed on chain'),
  }).describe('What the ledger owes players'),
  difference: signedMoney.describe('holdings − liabilities: the house\'s money when positive, the shortfall when negative'),
  inFlight: moneyString.describe('Withdrawals and payouts broadcast and not yet confirmed: they may have left the chain holdings already while still owed, so a difference down to minus this much is not a shortfall'),
});

export const reconciliationFailure = z.object({
  address: z.string(),
  kind: z.enum(TREASURY_ADDRESS_KINDS),
  currency,
  error: z.string(),
});

export const reconciliationRun = z.object({
  id: entityId,
  trigger: z.enum(RECONCILIATION_TRIGGERS),
  requestedBy: z.string().nullable().describe('The staff member or key that asked for it; null for the hourly and command runs'),
  status: z.enum(RECONCILIATION_STATUSES).describe('short when any currency is short'),
  addresses: z.number().int().min(0).describe('Addresses read'),
  failures: z.array(reconciliationFailure).describe('Balances that could not be read (counted as zero)'),
  currencies: z.array(reconciliationCurrency),
  startedAt: isoTime,
  finishedAt: isoTime,
});

/**
 * Reconciliation (TREASURY.md "Reconciliation"): what the operator's addresses hold on chain against
 * what the ledger owes players, per currency, every hour and on demand.
 */
export const treasuryOpsCalls = {
  reconciliation: defineOpsCall({
    path: '/ops/v1/treasury/reconciliation',
    access: 'treasury.read',
    audit: 'read',
    summary: 'The latest reconciliation of on-chain holdings against ledger liabilities per currency, and the runs before it, newest first',
    request: opsBody({ limit: z.number().int().min(1).max(RECONCILIATION_HISTORY_MAX).default(48).describe('Runs listed') }),
    response: z.object({ latest: reconciliationRun.nullable(), history: z.array(reconciliationRun) }),
  }),
  reconcile: defineOpsCall({
    path: '/ops/v1/treasury/reconcile',
    access: 'treasury.operate',
    audit: 'change',
    summary: 'Reconciles now: reads every operator address on chain and the ledger, keeps the result in the history and raises an alert when short or when a balance could not be read',
    request: opsBody({}),
    response: z.object({ run: reconciliationRun }),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
