import { financeOpsCalls, riskOpsCalls } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import type { OpsRegistrar, StaffActor } from '../../http/ops-call.ts';
import { systemClock, type Clock } from '../activity/shanghai-day.ts';
import type { PaymentFilters } from './finance-ops.repo.ts';
import { FinanceOpsService, RiskOpsService } from './finance-ops.service.ts';

const mayReadPersonalData = (actor: StaffActor) => actor.permissions.has('players.pii');

/**
 * `/ops/v1/finance/*` (CONSOLE.md "Screens" 4): the withdrawal review queue with each player's
 * context, every deposit, withdrawal, exchange and transfer with filters, and their CSV export.
 * Addresses are whole only for a caller holding `players.pii`. Decisions on the queue are
 * `/ops/v1/withdrawals/review`.
 */
export function registerFinanceOpsRoutes(ops: OpsRegistrar, db: Db, clock: Clock = systemClock): void {
  const finance: FinanceOpsService = new FinanceOpsService(db, clock);

  ops.register(financeOpsCalls.withdrawalQueue, ({ body, actor }) => finance.withdrawalQueue(body, mayReadPersonalData(actor)));
  ops.register(financeOpsCalls.payments, ({ body, actor }) => finance.payments(paymentFilters(body), body.limit, body.beforeId, mayReadPersonalData(actor)));
  ops.register(financeOpsCalls.export, ({ body, actor }) => finance.exportPayments(paymentFilters(body), mayReadPersonalData(actor)));
}

/**
 * `/ops/v1/risk/*` (CONSOLE.md "Screens" 8): the accounts linked to a player by address, device or
 * wallet (shared values masked without `players.pii`), and the period's biggest winners per currency.
 */
export function registerRiskOpsRoutes(ops: OpsRegistrar, db: Db): void {
  const risk: RiskOpsService = new RiskOpsService(db);

  ops.register(riskOpsCalls.linkedAccounts, ({ body, actor }) => risk.linkedAccounts(body.playerId, mayReadPersonalData(actor)));
  ops.register(riskOpsCalls.bigWinners, ({ body }) => risk.bigWinners(body));
}

function paymentFilters(body: Omit<PaymentFilters, 'from' | 'to'> & { from?: string; to?: string }): PaymentFilters {
  return {
    kind: body.kind,
    currency: body.currency,
    status: body.status,
    playerId: body.playerId,
    from: body.from === undefined ? undefined : new Date(body.from),
    to: body.to === undefined ? undefined : new Date(body.to),
  };
}
