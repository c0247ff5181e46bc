import type { FastifyBaseLogger } from 'fastify';
import type { HotWalletSender } from '../../chain/hot-wallet-sender.ts';
import { outgoingPayment, PaymentSender, type OutgoingPayment, type PaymentSource, type PaymentAlert, type SendStage } from '../../chain/payment-sender.ts';
import { PAYOUT_TABLES, PaymentRepository } from '../../chain/payment.repo.ts';
import type { Db } from '../../db/database.ts';
import { TransferBetsRepository, type PayoutRow } from './transfer-bets.repo.ts';

export interface PayoutPayment extends OutgoingPayment {
  row: PayoutRow;
}

const payment = (row: PayoutRow): PayoutPayment => outgoingPayment(row, row.amount);

/**
 * What transfer bets return (wins, draws, refunds), as payments of the chain sender. The payout
 * itself was posted to the ledger when the bet was settled, so a confirmed payout books only what
 * its transaction burnt; after the last attempt a payout is left `failed` for an operator.
 */
export class TransferBetPayouts implements PaymentSource<PayoutPayment> {
  readonly name = 'transfer-bet payout';
  readonly idKey = 'payoutId';
  readonly batch = 100;
  readonly records: PaymentRepository;

  constructor(
    db: Db,
    private readonly repo: TransferBetsRepository,
    readonly maxAttempts: number,
  ) {
    this.records = new PaymentRepository(db, PAYOUT_TABLES);
  }

  async inFlight(limit: number) {
    return (await this.repo.inFlightPayouts(limit)).map(payment);
  }

  async due(limit: number) {
    return (await this.repo.duePayouts(limit)).map(payment);
  }

  /** Left for an operator. */
  fail(trx: Db, p: PayoutPayment, txId: string, reason: string) {
    return this.records.markNotDelivered(trx, p.id, txId, reason, 'failed');
  }
}

/** The chain sender of transfer-bet payouts; the round engine runs it after each block. */
export type PayoutSender = PaymentSender<PayoutPayment>;

export function createPayoutSender(
  db: Db,
  hotWallet: HotWalletSender,
  options: { maxAttempts: number },
  log: FastifyBaseLogger,
  stop?: (stage: SendStage) => void,
  alert?: (alert: PaymentAlert) => void,
): PayoutSender {
  return new PaymentSender(db, hotWallet, new TransferBetPayouts(db, new TransferBetsRepository(db), options.maxAttempts), log, stop, alert);
}
