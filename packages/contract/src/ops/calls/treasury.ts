import { z } from 'zod';
import { currency, entityId, isoTime } from '../../calls/common.ts';
import { moneyAmount, moneyString, positiveMoneyAmount } from '../../money.ts';
import { defineOpsCall, type OpsCallDefinition, opsBody } from '../define.ts';

/** What started a reconciliation: the hourly run, an operator's call, or `npm run treasury:reconcile`. */
export const RECONCILIATION_TRIGGERS = ['schedule', 'operator', 'command'] as const;
/** ok: the chain holds at least what is owed (the surplus is the house's); short: it holds less. */
export const RECONCILIATION_STATUSES = ['ok', 'short'] as const;
/** The kinds of the operator's addresses read: hot wallet, players' deposit addresses, transfer-bet game addresses (current and former), cold addresses, the resource account that stakes TRX for the sweeps' energy. */
export const TREASURY_ADDRESS_KINDS = ['hot', 'deposit', 'transfer', 'cold', 'resource'] as const;
/** Most runs one history page lists. */
export const RECONCILIATION_HISTORY_MAX = 200;

const signedMoney = z.string().describe('Decimal amount as a string, negative when below zero, e.g. "-12.5"');

export const reconciliationCurrency = z.object({
  currency,
  status: z.enum(RECONCILIATION_STATUSES),
  holdings: z
    .object({
      total: moneyString,
      hot: moneyString,
      deposit: moneyString,
      transfer: moneyString,
      cold: moneyString,
      resource: moneyString.describe("The resource account's liquid TRX (its staked TRX is not counted)"),
    })
    .describe("What the chain holds on the operator's addresses, by kind of address"),
  liabilities: z
    .object({
      total: moneyString,
      cash: moneyString.describe("Players' cash"),
      bonus: moneyString.describe("Players' bonus money"),
      held: moneyString.describe('Deposits held beyond a deposit limit'),
      withdrawals: moneyString.describe('Withdrawals taken from players and not yet confirmed on chain'),
      payouts: moneyString.describe('Transfer-bet payouts and refunds owed and not yet confirmed on chain'),
    })
    .describe('What the ledger owes players'),
  difference: signedMoney.describe("holdings − liabilities: the house's money when positive, the shortfall when negative"),
  inFlight: moneyString.describe(
    'Withdrawals and payouts broadcast and not yet confirmed: they may have left the chain holdings already while still owed, so a difference down to minus this much is not a shortfall',
  ),
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

/** Where a sweep stands: planned (built, waiting for its signature), signed (recorded, not yet seen on chain), broadcast, confirmed, failed on chain (its address is planned again), dropped (never landed; planned again). */
export const SWEEP_STATUSES = ['planned', 'signed', 'broadcast', 'confirmed', 'failed', 'dropped'] as const;
/** The treasury's own transactions: activating a deposit address, TRX for its fee, lending and taking back energy, the hot wallet's excess to cold. */
export const CHAIN_ACTION_KINDS = ['activate', 'fund', 'delegate', 'undelegate', 'rebalance'] as const;
export const CHAIN_ACTION_STATUSES = ['signed', 'broadcast', 'confirmed', 'failed', 'dropped'] as const;
export const SWEEP_CYCLE_TRIGGERS = ['schedule', 'operator', 'export', 'command'] as const;
/** Most sweeps one page lists. */
export const SWEEP_LIST_MAX = 500;

const perCurrency = z.object({ USDT: moneyString, TRX: moneyString });

export const sweepRow = z.object({
  id: entityId,
  cycleId: entityId,
  playerId: z.number().int(),
  address: z.string().describe('The deposit address swept'),
  currency,
  amount: moneyString,
  destination: z.string(),
  destinationKind: z.enum(['hot', 'cold']),
  status: z.enum(SWEEP_STATUSES),
  offline: z.boolean().describe('Signed from an exported file rather than by the signer'),
  txId: z.string(),
  feeLimit: moneyString.describe('TRX a USDT sweep may burn for energy'),
  energy: z.string().describe("Energy planned for it (the node's estimate and the margin)"),
  networkFee: moneyString.nullable().describe('TRX it burnt, booked to chain_fees'),
  lastError: z.string().nullable(),
  createdAt: isoTime,
  completedAt: isoTime.nullable(),
});

export const chainActionRow = z.object({
  id: entityId,
  cycleId: entityId,
  kind: z.enum(CHAIN_ACTION_KINDS),
  currency,
  from: z.string(),
  to: z.string(),
  amount: moneyString.describe('What was sent, or the staked TRX whose energy was lent'),
  energy: z.string(),
  status: z.enum(CHAIN_ACTION_STATUSES),
  txId: z.string(),
  networkFee: moneyString.nullable(),
  lastError: z.string().nullable(),
  createdAt: isoTime,
});

export const topupRequest = z.object({
  id: entityId,
  currency,
  amount: moneyString.describe('What the cold wallet should send the hot wallet: target − balance when it was opened'),
  hotBalance: moneyString,
  floor: moneyString,
  target: moneyString,
  hotWallet: z.string(),
  createdAt: isoTime,
});

export const hotColdSettings = z.object({
  threshold: perCurrency.describe('A deposit address is swept once it holds at least this much'),
  floor: perCurrency.describe("Below it: an alert and a top-up request for the cold wallet's holders"),
  target: perCurrency.describe('Sweeps fill the hot wallet up to it; above it the excess goes to cold'),
});

export const sweepCycle = z.object({
  id: entityId,
  trigger: z.enum(SWEEP_CYCLE_TRIGGERS),
  requestedBy: z.string().nullable(),
  summary: z
    .record(z.string(), z.number())
    .describe(
      'What the cycle did: sweeps confirmed, failed, dropped, planned, signed; addresses activated, funded, energy delegated and taken back; top-up requests; excess moves',
    ),
  startedAt: isoTime,
  finishedAt: isoTime.nullable(),
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
    summary:
      'Reconciles now: reads every operator address on chain and the ledger, keeps the result in the history and raises an alert when short or when a balance could not be read',
    request: opsBody({}),
    response: z.object({ run: reconciliationRun }),
  }),
  sweeps: defineOpsCall({
    path: '/ops/v1/treasury/sweeps',
    access: 'treasury.read',
    audit: 'read',
    summary:
      "Sweeps of deposit addresses, newest first, with their status and fees; the treasury's own transactions; the hot wallet against its floor and target; the open top-up requests; the recent cycles",
    request: opsBody({ limit: z.number().int().min(1).max(SWEEP_LIST_MAX).default(100).describe('Sweeps and transactions listed') }),
    response: z.object({
      hotWallet: z.object({ address: z.string(), balances: perCurrency.nullable().describe('null when the node could not be read') }),
      coldAddress: z.string().nullable(),
      energyStrategy: z.enum(['burn', 'delegate']),
      signer: z.enum(['online', 'offline']).describe('online: the signer signs each cycle; offline: sweeps are exported and signed elsewhere'),
      settings: hotColdSettings.extend({ updatedBy: z.string().nullable(), updatedAt: isoTime.nullable() }),
      sweeps: z.array(sweepRow),
      actions: z.array(chainActionRow),
      topups: z.array(topupRequest),
      cycles: z.array(sweepCycle),
    }),
  }),
  sweep: defineOpsCall({
    path: '/ops/v1/treasury/sweep',
    access: 'treasury.operate',
    audit: 'change',
    stepUp: true,
    summary: 'Runs a sweep cycle now: follows recorded transactions, sweeps what is due, then checks the hot wallet against its floor and target',
    request: opsBody({}),
    response: z.object({ cycle: sweepCycle }),
  }),
  setHotCold: defineOpsCall({
    path: '/ops/v1/treasury/setHotCold',
    access: 'treasury.operate',
    audit: 'change',
    stepUp: true,
    summary: "Changes the sweep thresholds and the hot wallet's floor and target per currency; in force from the next cycle, without a restart",
    request: opsBody({
      threshold: z.object({ USDT: positiveMoneyAmount, TRX: positiveMoneyAmount }),
      floor: z.object({ USDT: moneyAmount, TRX: moneyAmount }),
      target: z.object({ USDT: moneyAmount, TRX: moneyAmount }),
    }).refine((body) => body.floor.USDT <= body.target.USDT && body.floor.TRX <= body.target.TRX, {
      message: 'a floor must not exceed its target',
      path: ['floor'],
    }),
    response: z.object({ settings: hotColdSettings }),
  }),
  topupTransaction: defineOpsCall({
    path: '/ops/v1/treasury/topupTransaction',
    access: 'treasury.operate',
    audit: 'read',
    summary:
      "The unsigned transaction of an open top-up request: the request's amount from the cold address to the hot wallet, built now and good for 24 hours, for the cold wallet's holders to sign (a multi-signature account: with its active permission's id) and broadcast",
    request: opsBody({
      id: entityId,
      permissionId: z.number().int().min(0).max(10).default(0).describe("0: the owner permission; a multi-signature account's active permission is usually 2"),
    }),
    response: z.object({
      txId: z.string(),
      rawDataHex: z.string().describe('The bytes to sign (SHA-256 of them is the txId)'),
      rawData: z.record(z.string(), z.unknown()).describe('The same transaction as the node API shows it (raw_data)'),
      from: z.string(),
      to: z.string(),
      currency,
      amount: moneyString,
      expiresAt: isoTime,
    }),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
