import type { FastifyBaseLogger } from 'fastify';
import type { HotWalletSender } from '../../chain/hot-wallet-sender.ts';
import { outgoingPayment, PaymentSender, type OutgoingPayment, type PaymentAlert, type PaymentSource } from '../../chain/payment-sender.ts';
import { PaymentRepository, WITHDRAWAL_TABLES } from '../../chain/payment.repo.ts';
import type { Db } from '../../db/database.ts';
import type { AccountRef, Ledger, LedgerCurrency, TransferLeg } from '../../money/ledger.service.ts';
import { networkFeeLegs } from '../../money/network-fee.ts';
import type { Failpoints } from './failpoints.ts';
import type { WithdrawalRepository, WithdrawalRow } from './withdrawal.repo.ts';
import type { WithdrawalService } from './withdrawal.service.ts';

export interface WithdrawalPayment extends OutgoingPayment {
  row: WithdrawalRow;
}

/** The withdrawal fee stays with the house; the rest leaves. */
const payment = (row: WithdrawalRow): WithdrawalPayment => outgoingPayment(row, row.amount - row.fee);

/**
 * Withdrawals as payments of the chain sender: a `queued` withdrawal is due; `signed` and
 * `broadcast` ones have a transaction out there. Confirmed, withdrawal_pending is settled to the
 * chain side (deposit_clearing), the fee to the house, the network fee to chain_fees, in one
 * posting; after the last attempt it is refunded once. So a withdrawal is paid at most once
 * whatever crashes, and ends either confirmed or refunded.
 */
export class WithdrawalPayments implements PaymentSource<WithdrawalPayment> {
  readonly name = 'withdrawal';
  readonly idKey = 'withdrawalId';
  readonly batch = 50;
  readonly records: PaymentRepository;

  constructor(
    db: Db,
    private readonly repo: WithdrawalRepository,
    private readonly ledger: Ledger,
    private readonly withdrawals: WithdrawalService,
    readonly maxAttempts: number,
  ) {
    this.records = new PaymentRepository(db, WITHDRAWAL_TABLES);
  }

  async inFlight(limit: number) {
    return (await this.repo.listByStatus(['signed', 'broadcast'], limit)).map(payment);
  }

  async due(limit: number) {
    return (await this.repo.listByStatus(['queued'], limit)).map(payment);
  }

  async settle(trx: Db, p: WithdrawalPayment, txId: string, blockNumber: number, networkFee: bigint): Promise<void> {
    const { row } = p;
    await this.ledger.transfer(
      {
        idempotencyKey: `withdrawal-settle:${row.id}`,
        kind: 'withdrawal_settle',
        reference: String(row.id),
        metadata: { txId, blockNumber },
        legs: settlementLegs(row.currency, row.amount, row.fee, networkFee),
      },
      trx,
    );
  }

  async fail(trx: Db, p: WithdrawalPayment, txId: string, reason: string) {
    return (await this.withdrawals.refundIn(trx, p.id, 'failed', ['signed', 'broadcast'], txId, reason)) !== null;
  }

  async failed(p: WithdrawalPayment): Promise<void> {
    const row = await this.repo.findById(p.id);
    if (row) await this.withdrawals.refunded(row);
  }
}

/** The chain sender of withdrawals, run by the withdrawal worker on the instance holding its lock. */
export type WithdrawalSender = PaymentSender<WithdrawalPayment>;

export function createWithdrawalSender(
  db: Db,
  hotWallet: HotWalletSender,
  payments: WithdrawalPayments,
  failpoint: Failpoints,
  log: FastifyBaseLogger,
  alert?: (alert: PaymentAlert) => void,
): WithdrawalSender {
  return new PaymentSender(
    db,
    hotWallet,
    payments,
    log,
    (stage) => failpoint(stage === 'recorded' ? 'withdrawal.after_sign' : 'withdrawal.after_broadcast'),
    alert,
  );
}

/** withdrawal_pending → the chain side for what left, the house for the fee; network fees are the operator's cost. */
export function settlementLegs(currency: LedgerCurrency, amount: bigint, fee: bigint, networkFee: bigint): TransferLeg[] {
  const legs = new Map<string, TransferLeg>();
  const add = (account: AccountRef, cur: LedgerCurrency, value: bigint) => {
    if (value === 0n) return;
    const key = `${account.kind}/${cur}`;
    const existing = legs.get(key);
    legs.set(key, { account, currency: cur, amount: (existing?.amount ?? 0n) + value });
  };
  add({ kind: 'withdrawal_pending' }, currency, -amount);
  add({ kind: 'deposit_clearing' }, currency, amount - fee);
  add({ kind: 'house' }, currency, fee);
  for (const leg of networkFeeLegs(networkFee)) add(leg.account, leg.currency, leg.amount);
  return [...legs.values()].filter((l) => l.amount !== 0n);
}
