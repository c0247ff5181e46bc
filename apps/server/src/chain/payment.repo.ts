import type { Db } from '../db/database.ts';
import type { WithdrawalStatus } from '../db/schema.ts';
import type { NotDelivered, SignedRecord } from './payment-sender.ts';

/**
 * Where one kind of payment is kept: its table, the table of its attempts (one row per signed
 * transaction) and the status a payment waits in to be signed. Both kinds share the sending columns
 * (status, tx_id, signed_tx, tx_expiration, attempts, last_error, block_number, network_fee,
 * completed_at, updated_at) and the attempt columns (tx_id, attempt, expiration, outcome).
 */
export interface PaymentTables {
  payments: 'withdrawals' | 'hash_chain_payouts';
  attempts: 'withdrawal_attempts' | 'hash_payout_attempts';
  attemptOf: 'withdrawal_id' | 'payout_id';
  due: 'queued' | 'pending';
}

export const WITHDRAWAL_TABLES: PaymentTables = { payments: 'withdrawals', attempts: 'withdrawal_attempts', attemptOf: 'withdrawal_id', due: 'queued' };
export const PAYOUT_TABLES: PaymentTables = { payments: 'hash_chain_payouts', attempts: 'hash_payout_attempts', attemptOf: 'payout_id', due: 'pending' };

// The query builder is given the withdrawals' names: the columns used here are the same in both kinds.
type Status = WithdrawalStatus;

/**
 * The sending columns of a payment table, for the chain sender. Every status change is conditional
 * on the status and transaction id it is made from; methods that take `trx` run in the caller's
 * transaction.
 */
export class PaymentRepository {
  private readonly payments: 'withdrawals';
  private readonly attempts: 'withdrawal_attempts';
  private readonly attemptOf: 'withdrawal_id';
  private readonly due: Status;

  constructor(
    private readonly db: Db,
    tables: PaymentTables,
  ) {
    this.payments = tables.payments as 'withdrawals';
    this.attempts = tables.attempts as 'withdrawal_attempts';
    this.attemptOf = tables.attemptOf as 'withdrawal_id';
    this.due = tables.due as Status;
  }

  async note(id: bigint, error: string): Promise<void> {
    await this.db
      .updateTable(this.payments)
      .set({ last_error: error.slice(0, 500), updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Records a signed transaction and its attempt while the payment is still due after `attempts` attempts. */
  async recordSigned(trx: Db, id: bigint, attempts: number, signed: SignedRecord): Promise<boolean> {
    const updated = await trx
      .updateTable(this.payments)
      .set((eb) => ({
        status: 'signed',
        tx_id: signed.txId,
        signed_tx: signed.signedJson,
        tx_expiration: signed.expiration,
        attempts: eb('attempts', '+', 1),
        last_error: null,
        updated_at: new Date(),
      }))
      .where('id', '=', id)
      .where('status', '=', this.due)
      .where('attempts', '=', attempts)
      .returning(['attempts'])
      .executeTakeFirst();
    if (!updated) return false;
    await trx
      .insertInto(this.attempts)
      .values({ tx_id: signed.txId, [this.attemptOf]: id, attempt: updated.attempts, expiration: signed.expiration, outcome: null })
      .execute();
    return true;
  }

  async markBroadcast(id: bigint, txId: string): Promise<void> {
    await this.db
      .updateTable(this.payments)
      .set({ status: 'broadcast', updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'signed')
      .where('tx_id', '=', txId)
      .execute();
  }

  async recordOutcome(trx: Db, txId: string, outcome: NotDelivered | 'confirmed'): Promise<void> {
    await trx.updateTable(this.attempts).set({ outcome }).where('tx_id', '=', txId).execute();
  }

  async markConfirmed(trx: Db, id: bigint, txId: string, blockNumber: number, networkFee: bigint): Promise<boolean> {
    const updated = await trx
      .updateTable(this.payments)
      .set({
        status: 'confirmed',
        block_number: BigInt(blockNumber),
        network_fee: networkFee,
        completed_at: new Date(),
        updated_at: new Date(),
        last_error: null,
      })
      .where('id', '=', id)
      .where('status', 'in', ['signed', 'broadcast'])
      .where('tx_id', '=', txId)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /** Drops a transaction that never delivered: back to due to sign again, or to `next`. */
  async markNotDelivered(trx: Db, id: bigint, txId: string, reason: string, next: Status = this.due): Promise<boolean> {
    const updated = await trx
      .updateTable(this.payments)
      .set({ status: next, tx_id: null, signed_tx: null, tx_expiration: null, last_error: reason, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', 'in', ['signed', 'broadcast'])
      .where('tx_id', '=', txId)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }
}
