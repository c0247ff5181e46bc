import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { bookNetworkFee } from '../money/network-fee.ts';
import type { HotWalletSender, OutgoingCurrency, RecordedTransaction } from './hot-wallet-sender.ts';
import { stringifyJson } from './json.ts';
import type { PaymentRepository } from './payment.repo.ts';
import type { BlockSummary, SignedTransaction } from './tron-client.ts';

/** How a payment's last error starts while it waits for the operator to top the hot wallet up. */
export const AWAITING_HOT_WALLET_FUNDS = 'waiting for hot-wallet funds';

/** Why an attempt moved nothing: it failed on chain, or it provably never reached a block. */
export type NotDelivered = 'reverted' | 'expired';

/** One payment from the hot wallet, as the sender sees it. */
export interface OutgoingPayment {
  id: bigint;
  currency: OutgoingCurrency;
  to: string;
  /** What leaves the hot wallet. */
  amount: bigint;
  /** Transactions signed for it so far. */
  attempts: number;
  /** The transaction recorded for it while one may be out there; null while it waits to be signed. */
  tx: (RecordedTransaction & { offered: boolean }) | null;
}

/** The sending columns every payment table has. */
export interface PaymentRow {
  id: bigint;
  currency: OutgoingCurrency;
  to_address: string;
  status: string;
  attempts: number;
  tx_id: string | null;
  tx_expiration: bigint | null;
  signed_tx: string | null;
}

/** A payment table's row as the sender sees it, `amount` being what leaves the hot wallet; the row rides along for its source. */
export function outgoingPayment<R extends PaymentRow>(row: R, amount: bigint): OutgoingPayment & { row: R } {
  return {
    id: row.id,
    currency: row.currency,
    to: row.to_address,
    amount,
    attempts: row.attempts,
    tx: row.tx_id === null ? null : { txId: row.tx_id, expiration: row.tx_expiration!, signedJson: row.signed_tx!, offered: row.status === 'broadcast' },
    row,
  };
}

/** A signed transaction as it is written down before anyone is offered it. */
export interface SignedRecord {
  txId: string;
  signedJson: string;
  expiration: bigint;
}

/**
 * One kind of payment the sender makes (withdrawals, transfer-bet payouts): where its payments are
 * kept, what is due, and how its money is booked. Every status change is conditional on the status
 * and transaction id it was read with, so two senders at once (a leader change) cannot both act on
 * one payment: the one that loses gets false and does nothing more.
 */
export interface PaymentSource<P extends OutgoingPayment> {
  /** Names the payment in logs ('withdrawal') and its id there and in ledger metadata ('withdrawalId'). */
  readonly name: string;
  readonly idKey: string;
  /** Payments taken per run and stage. */
  readonly batch: number;
  /** Transactions signed for one payment before it fails. */
  readonly maxAttempts: number;
  /** Payments with a recorded transaction, oldest first. */
  inFlight(limit: number): Promise<P[]>;
  /** Payments waiting to be signed, oldest first. */
  due(limit: number): Promise<P[]>;
  /** The payments' table and attempts, written at each step. */
  readonly records: PaymentRepository;
  /**
   * Books a confirmed payment's money in the confirming transaction, the network fee included.
   * Without it, only the network fee is booked (the payment itself was booked when it was owed).
   */
  settle?(trx: Db, payment: P, txId: string, blockNumber: number, networkFee: bigint): Promise<void>;
  /** Gives up after the last attempt (and gives the money back, where there is someone to give it to). */
  fail(trx: Db, payment: P, txId: string, reason: string): Promise<boolean>;
  /** After a failure committed: tell whoever it concerns. */
  failed?(payment: P): Promise<void>;
}

/** Where a test can make the sender stop dead, as a crashed process would. */
export type SendStage = 'recorded' | 'offered';

/**
 * Sends one source's payments from the hot wallet, each at most once whatever crashes:
 *
 * send: a due payment is signed; the signed transaction and its id are committed BEFORE it is
 * offered to the node, so after any crash it is known exactly which transaction may be out there.
 * A payment the hot wallet cannot cover waits (its note says so) rather than burning attempts.
 *
 * follow: every recorded transaction is judged from the chain alone:
 * - confirmed: the payment is confirmed and its money and network fee booked, in one transaction;
 * - reverted (it moved nothing, its network fee is booked all the same) or provably never landing
 *   (not on chain while the head is past its expiration): signed afresh up to `maxAttempts`, then
 *   failed once;
 * - still able to land: the same signed bytes are offered again, which the chain accepts at most
 *   once. A transaction that could still land is never replaced.
 */
/** What a sender tells staff (the console's alerts): a payment waiting for hot-wallet funds, or one that failed every attempt. */
export interface PaymentAlert {
  kind: 'hot-wallet-short' | 'payment-failed';
  severity: 'warning' | 'critical';
  message: string;
  reference: string;
}

export class PaymentSender<P extends OutgoingPayment> {
  /** Payments reported short of funds and still waiting: told once, not on every run; forgotten once the wallet covers them. */
  private readonly reportedShort = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly hotWallet: HotWalletSender,
    readonly source: PaymentSource<P>,
    private readonly log: FastifyBaseLogger,
    private readonly stop: (stage: SendStage) => void = () => undefined,
    private readonly alert: (alert: PaymentAlert) => void = () => undefined,
  ) {}

  /** Follows what is out there, then signs what is due (a payment given another try included). */
  async run(): Promise<void> {
    await this.followInFlight();
    await this.sendDue();
  }

  private logged(payment: { id: bigint }, extra: object = {}) {
    return { [this.source.idKey]: String(payment.id), ...extra };
  }

  private async sendDue(): Promise<void> {
    for (const payment of await this.source.due(this.source.batch)) {
      try {
        await this.send(payment);
      } catch (error) {
        this.log.warn({ err: error, ...this.logged(payment) }, `${this.source.name} not sent; retrying on the next run`);
      }
    }
  }

  private async send(payment: P): Promise<void> {
    let signed: SignedTransaction;
    try {
      const shortfall = await this.hotWallet.shortfall(payment.currency, payment.amount);
      const reference = `${this.source.name}:${payment.id}`;
      if (shortfall) {
        this.log.error(
          { ...this.logged(payment, { currency: payment.currency, amount: String(payment.amount) }), shortfall },
          `hot wallet cannot cover a ${this.source.name}`,
        );
        await this.source.records.note(payment.id, `${AWAITING_HOT_WALLET_FUNDS}: ${shortfall}`);
        if (!this.reportedShort.has(reference)) {
          this.reportedShort.add(reference);
          this.alert({
            kind: 'hot-wallet-short',
            severity: 'critical',
            reference,
            message: `The hot wallet cannot cover ${this.source.name} ${payment.id} (${payment.currency}): short by ${shortfall}. It waits until the wallet is topped up.`,
          });
        }
        return;
      }
      this.reportedShort.delete(reference);
      signed = await this.hotWallet.sign(payment.currency, payment.to, payment.amount);
    } catch (error) {
      this.log.warn({ err: error, ...this.logged(payment) }, `${this.source.name} not signed; retrying on the next run`);
      await this.source.records.note(payment.id, (error as Error).message);
      return;
    }
    const record = { txId: signed.txId, signedJson: stringifyJson(signed.transaction), expiration: BigInt(signed.expiration) };
    const recorded = await this.db.transaction().execute((trx) => this.source.records.recordSigned(trx, payment.id, payment.attempts, record));
    // Taken meanwhile (by the operator, or by another sender): this transaction is never offered.
    if (!recorded) return;
    this.stop('recorded');
    const refused = await this.hotWallet.offer(signed);
    if (refused) return this.refused(payment, signed.txId, refused);
    this.stop('offered');
    await this.source.records.markBroadcast(payment.id, signed.txId);
  }

  private async refused(payment: P, txId: string, refused: Error): Promise<void> {
    this.log.warn({ err: refused, ...this.logged(payment, { txId }) }, `${this.source.name} broadcast not accepted`);
    await this.source.records.note(payment.id, refused.message);
  }

  private async followInFlight(): Promise<void> {
    const open = await this.source.inFlight(this.source.batch);
    if (open.length === 0) return;
    const head = await this.hotWallet.head();
    for (const payment of open) {
      try {
        await this.follow(payment, head);
      } catch (error) {
        this.log.warn({ err: error, ...this.logged(payment) }, `${this.source.name} not reconciled; retrying on the next run`);
      }
    }
  }

  private async follow(payment: P, head: BlockSummary): Promise<void> {
    const tx = payment.tx!;
    await this.hotWallet.follow(tx, head, {
      included: async () => (tx.offered ? undefined : this.source.records.markBroadcast(payment.id, tx.txId)),
      reoffered: async (refused) => (refused ? this.refused(payment, tx.txId, refused) : this.source.records.markBroadcast(payment.id, tx.txId)),
      notDelivered: (outcome, reason, fee) => this.notDelivered(payment, outcome, reason, fee),
      confirmed: (blockNumber, fee) => this.confirmed(payment, blockNumber, fee),
    });
  }

  private async confirmed(payment: P, blockNumber: number, networkFee: bigint): Promise<void> {
    const txId = payment.tx!.txId;
    const done = await this.db.transaction().execute(async (trx) => {
      if (!(await this.source.records.markConfirmed(trx, payment.id, txId, blockNumber, networkFee))) return false;
      await this.source.records.recordOutcome(trx, txId, 'confirmed');
      if (this.source.settle) await this.source.settle(trx, payment, txId, blockNumber, networkFee);
      else await bookNetworkFee(trx, txId, networkFee, this.logged(payment));
      return true;
    });
    if (done) this.log.info(this.logged(payment, { txId, blockNumber }), `${this.source.name} confirmed`);
  }

  /** The attempt moved nothing (a revert may still have burnt a fee): sign again, or fail after the last attempt. */
  private async notDelivered(payment: P, outcome: NotDelivered, reason: string, networkFee: bigint): Promise<void> {
    const txId = payment.tx!.txId;
    const again = payment.attempts < this.source.maxAttempts;
    // Booked once per transaction id on its own, before the status changes: a failure moves the
    // player's money, and one database transaction takes the ledger's locks in one order only.
    await this.db.transaction().execute((trx) => bookNetworkFee(trx, txId, networkFee, this.logged(payment)));
    const changed = await this.db.transaction().execute(async (trx) => {
      const moved = again ? await this.source.records.markNotDelivered(trx, payment.id, txId, reason) : await this.source.fail(trx, payment, txId, reason);
      if (moved) await this.source.records.recordOutcome(trx, txId, outcome);
      return moved;
    });
    if (!changed) return;
    if (again) {
      this.log.warn(this.logged(payment, { txId, outcome }), `${this.source.name} not delivered; signing it again`);
      return;
    }
    this.log.error(this.logged(payment, { txId, outcome, reason }), `${this.source.name} failed every attempt`);
    this.alert({
      kind: 'payment-failed',
      severity: 'warning',
      reference: `${this.source.name}:${payment.id}`,
      message: `${this.source.name} ${payment.id} failed every attempt on chain (${reason}).`,
    });
    await this.source.failed?.(payment);
  }
}
