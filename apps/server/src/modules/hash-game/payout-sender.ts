import type { FastifyBaseLogger } from 'fastify';
import type { HotWalletSender } from '../../chain/hot-wallet-sender.ts';
import { PaymentSender, type OutgoingPayment, type PaymentSource, type SendStage, type SignedRecord } from '../../chain/payment-sender.ts';
import type { Db } from '../../db/database.ts';
import { TransferBetsRepository, type PayoutRow } from './transfer-bets.repo.ts';

export interface PayoutPayment extends OutgoingPayment {
  row: PayoutRow;
}

function payment(row: PayoutRow): PayoutPayment {
  return {
    id: row.id,
    currency: row.currency,
    to: row.to_address,
    amount: row.amount,
    attempts: row.attempts,
    tx: row.tx_id === null ? null : { txId: row.tx_id, expiration: row.tx_expiration!, signedJson: row.signed_tx!, offered: row.status === 'broadcast' },
    row,
  };
}

/**
 * What transfer bets return (wins, draws, refunds), as payments of the chain sender. The payout
 * itself was posted to the ledger when the bet was settled, so a confirmed payout books only what
 * its transaction burnt; after the last attempt a payout is left `failed` for an operator.
 */
export class TransferBetPayouts implements PaymentSource<PayoutPayment> {
  readonly name = 'transfer-bet payout';
  readonly idKey = 'payoutId';
  readonly batch = 100;

  constructor(
    private readonly repo: TransferBetsRepository,
    readonly maxAttempts: number,
  ) {}

  async inFlight(limit: number) {
    return (await this.repo.inFlightPayouts(limit)).map(payment);
  }

  async due(limit: number) {
    return (await this.repo.duePayouts(limit)).map(payment);
  }

  note(id: bigint, message: string) {
    return this.repo.notePayout(id, message);
  }

  recordSigned(trx: Db, p: PayoutPayment, signed: SignedRecord) {
    return this.repo.recordSigned(trx, p.id, p.attempts, signed);
  }

  markOffered(id: bigint, txId: string) {
    return this.repo.markBroadcast(id, txId);
  }

  recordOutcome(trx: Db, txId: string, outcome: 'confirmed' | 'reverted' | 'expired') {
    return this.repo.recordOutcome(trx, txId, outcome);
  }

  markConfirmed(trx: Db, p: PayoutPayment, txId: string, blockNumber: number, networkFee: bigint) {
    return this.repo.markConfirmed(trx, p.id, txId, blockNumber, networkFee);
  }

  requeue(trx: Db, p: PayoutPayment, txId: string, reason: string) {
    return this.repo.markNotDelivered(trx, p.id, txId, 'pending', reason);
  }

  fail(trx: Db, p: PayoutPayment, txId: string, reason: string) {
    return this.repo.markNotDelivered(trx, p.id, txId, 'failed', reason);
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
): PayoutSender {
  return new PaymentSender(db, hotWallet, new TransferBetPayouts(new TransferBetsRepository(db), options.maxAttempts), log, stop);
}
