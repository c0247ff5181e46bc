import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import { HotWalletSender } from '../../chain/hot-wallet-sender.ts';
import { stringifyJson } from '../../chain/json.ts';
import type { BlockSummary, SignedTransaction } from '../../chain/tron-client.ts';
import type { Db } from '../../db/database.ts';
import type { HashChainPayoutsTable } from '../../db/schema.ts';
import { bookNetworkFee } from '../../money/network-fee.ts';

type PayoutRow = Selectable<HashChainPayoutsTable>;

const BATCH = 100;

/**
 * Sends what transfer bets return (wins, draws, refunds) from the hot wallet, each payout once:
 * - the signed transaction is recorded (with its id) before it is broadcast, so after a crash it is
 *   found and either re-sent as is or looked up on chain;
 * - a new transaction is signed only when the previous one provably never reached a block (it
 *   expired unseen, or it reverted, which moves nothing), and every attempt is kept;
 * - every status change is conditional on the previous status and transaction id, so two senders
 *   at once (a leader change) cannot both act on one payout.
 * The payout itself was posted to the ledger when the bet was settled; what each attempt burnt on
 * chain is booked to `chain_fees` once it is final, in the same transaction as the status change.
 */
export class PayoutSender {
  constructor(
    private readonly db: Db,
    private readonly sender: HotWalletSender,
    private readonly options: { maxAttempts: number },
    private readonly log: FastifyBaseLogger,
  ) {}

  async run(): Promise<void> {
    const open = await this.db
      .selectFrom('hash_chain_payouts')
      .selectAll()
      .where('status', 'in', ['pending', 'signed', 'broadcast'])
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (open.length === 0) return;
    const head = await this.sender.head();
    for (const row of open) {
      try {
        if (row.status === 'pending') await this.send(row);
        else await this.reconcile(row, head);
      } catch (error) {
        this.log.warn({ err: error, payoutId: String(row.id) }, 'transfer-bet payout not advanced; retrying on the next run');
      }
    }
  }

  private async note(id: bigint, error: string) {
    await this.db.updateTable('hash_chain_payouts').set({ last_error: error.slice(0, 500), updated_at: new Date() }).where('id', '=', id).execute();
  }

  private async send(row: PayoutRow): Promise<void> {
    let signed: SignedTransaction;
    try {
      const shortfall = await this.sender.shortfall(row.currency, row.amount);
      if (shortfall) {
        // Waits for the operator to top the hot wallet up instead of burning attempts.
        this.log.error({ payoutId: String(row.id), currency: row.currency, amount: String(row.amount), shortfall }, 'hot wallet cannot cover a transfer-bet payout');
        await this.note(row.id, shortfall);
        return;
      }
      signed = await this.sender.sign(row.currency, row.to_address, row.amount);
    } catch (error) {
      await this.note(row.id, (error as Error).message);
      throw error;
    }
    const recorded = await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('hash_chain_payouts')
        .set((eb) => ({
          status: 'signed',
          tx_id: signed.txId,
          signed_tx: stringifyJson(signed.transaction),
          tx_expiration: BigInt(signed.expiration),
          attempts: eb('attempts', '+', 1),
          last_error: null,
          updated_at: new Date(),
        }))
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .where('attempts', '=', row.attempts)
        .returning(['attempts'])
        .executeTakeFirst();
      if (!updated) return false;
      await trx
        .insertInto('hash_payout_attempts')
        .values({ tx_id: signed.txId, payout_id: row.id, attempt: updated.attempts, expiration: BigInt(signed.expiration), outcome: null })
        .execute();
      return true;
    });
    // Another sender took this payout: this transaction is never sent.
    if (!recorded) return;
    await this.offer(row.id, signed);
  }

  private async offer(id: bigint, signed: SignedTransaction): Promise<void> {
    await this.offered(id, signed.txId, await this.sender.offer(signed));
  }

  private async offered(id: bigint, txId: string, refused: Error | null): Promise<void> {
    if (!refused) return this.markBroadcast(id, txId);
    this.log.warn({ err: refused, payoutId: String(id), txId }, 'transfer-bet payout broadcast not accepted');
    await this.note(id, refused.message);
  }

  private async markBroadcast(id: bigint, txId: string) {
    await this.db
      .updateTable('hash_chain_payouts')
      .set({ status: 'broadcast', updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'signed')
      .where('tx_id', '=', txId)
      .execute();
  }

  private async reconcile(row: PayoutRow, head: BlockSummary): Promise<void> {
    const txId = row.tx_id!;
    await this.sender.follow({ txId, expiration: row.tx_expiration!, signedJson: row.signed_tx! }, head, {
      included: async () => (row.status === 'signed' ? this.markBroadcast(row.id, txId) : undefined),
      reoffered: (refused) => this.offered(row.id, txId, refused),
      notDelivered: (outcome, reason, fee) => this.notDelivered(row, outcome, reason, fee),
      confirmed: (blockNumber, fee) => this.confirm(row, blockNumber, fee),
    });
  }

  private async confirm(row: PayoutRow, blockNumber: number, networkFee: bigint): Promise<void> {
    const txId = row.tx_id!;
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('hash_chain_payouts')
        .set({ status: 'confirmed', block_number: BigInt(blockNumber), network_fee: networkFee, completed_at: new Date(), updated_at: new Date(), last_error: null })
        .where('id', '=', row.id)
        .where('status', 'in', ['signed', 'broadcast'])
        .where('tx_id', '=', txId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return;
      await trx.updateTable('hash_payout_attempts').set({ outcome: 'confirmed' }).where('tx_id', '=', txId).execute();
      await bookNetworkFee(trx, txId, networkFee, { payoutId: String(row.id) });
    });
  }

  /** The attempt moved nothing (though a revert may have burnt a fee): sign again, or leave it to the operator after the last attempt. */
  private async notDelivered(row: PayoutRow, outcome: 'reverted' | 'expired', reason: string, networkFee: bigint): Promise<void> {
    const txId = row.tx_id!;
    const next = row.attempts < this.options.maxAttempts ? 'pending' : 'failed';
    const changed = await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('hash_chain_payouts')
        .set({ status: next, tx_id: null, signed_tx: null, tx_expiration: null, last_error: reason, updated_at: new Date() })
        .where('id', '=', row.id)
        .where('status', 'in', ['signed', 'broadcast'])
        .where('tx_id', '=', txId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      await trx.updateTable('hash_payout_attempts').set({ outcome }).where('tx_id', '=', txId).execute();
      await bookNetworkFee(trx, txId, networkFee, { payoutId: String(row.id) });
      return true;
    });
    if (!changed) return;
    if (next === 'failed') this.log.error({ payoutId: String(row.id), txId, outcome }, 'transfer-bet payout failed every attempt; it needs an operator');
    else this.log.warn({ payoutId: String(row.id), txId, outcome }, 'transfer-bet payout not delivered; signing it again');
  }
}
