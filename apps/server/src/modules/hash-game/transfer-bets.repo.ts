import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { HashBetsTable, HashChainPayoutsTable, HashTransferReceiptsTable } from '../../db/schema.ts';

export type PayoutRow = Selectable<HashChainPayoutsTable>;
type Currency = 'USDT' | 'TRX';
type PayoutOutcome = 'confirmed' | 'reverted' | 'expired';

/**
 * Transfer bets' own tables: where each game address's history was read to, the receipt of every
 * transfer acted on, and the payouts (wins, draws, refunds) sent back on chain with their attempts.
 * Methods that take `trx` run inside the caller's transaction.
 */
export class TransferBetsRepository {
  constructor(private readonly db: Db) {}

  // --- scanning the game addresses

  /** How far each address's history was read, per currency, in chain time (ms). */
  async cursors(): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('hash_transfer_cursors').selectAll().execute();
    return new Map(rows.map((c) => [`${c.address}/${c.currency}`, Number(c.cursor_ms)]));
  }

  async moveCursors(moved: { address: string; currency: Currency; cursor: number }[]): Promise<void> {
    if (moved.length === 0) return;
    await this.db
      .insertInto('hash_transfer_cursors')
      .values(moved.map((m) => ({ address: m.address, currency: m.currency, cursor_ms: BigInt(m.cursor) })))
      .onConflict((oc) => oc.columns(['address', 'currency']).doUpdateSet((eb) => ({ cursor_ms: eb.ref('excluded.cursor_ms') })))
      .execute();
  }

  /** Which of these transfers were acted on already. */
  async receiptsOf(txIds: string[]): Promise<Set<string>> {
    if (txIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('hash_transfer_receipts').select('tx_id').where('tx_id', 'in', txIds).execute();
    return new Set(rows.map((r) => r.tx_id));
  }

  /** The receipt that makes a transfer count once; false when it had one already. */
  async insertReceipt(trx: Db, receipt: Insertable<HashTransferReceiptsTable>): Promise<boolean> {
    const inserted = await trx.insertInto('hash_transfer_receipts').values(receipt).onConflict((oc) => oc.column('tx_id').doNothing()).returning('tx_id').executeTakeFirst();
    return inserted !== undefined;
  }

  /** The bet a transfer placed, settled on the spot, linked to its receipt. */
  async insertSettledBet(trx: Db, bet: Insertable<HashBetsTable> & { tx_id: string }): Promise<bigint> {
    const { id } = await trx.insertInto('hash_bets').values(bet).returning('id').executeTakeFirstOrThrow();
    await trx.updateTable('hash_transfer_receipts').set({ bet_id: id }).where('tx_id', '=', bet.tx_id).execute();
    return id;
  }

  /** Queues what a transfer returns, for the payout sender. */
  async queuePayout(trx: Db, payout: Pick<Insertable<HashChainPayoutsTable>, 'receipt_tx_id' | 'bet_id' | 'purpose' | 'to_address' | 'currency' | 'amount'>) {
    await trx.insertInto('hash_chain_payouts').values(payout).execute();
  }

  // --- sending payouts

  private payouts(statuses: PayoutRow['status'][], limit: number): Promise<PayoutRow[]> {
    return this.db.selectFrom('hash_chain_payouts').selectAll().where('status', 'in', statuses).orderBy('id').limit(limit).execute();
  }

  inFlightPayouts(limit: number) {
    return this.payouts(['signed', 'broadcast'], limit);
  }

  duePayouts(limit: number) {
    return this.payouts(['pending'], limit);
  }

  async notePayout(id: bigint, error: string): Promise<void> {
    await this.db.updateTable('hash_chain_payouts').set({ last_error: error.slice(0, 500), updated_at: new Date() }).where('id', '=', id).execute();
  }

  /** Records a signed transaction and its attempt while the payout is still pending after `attempts` attempts. */
  async recordSigned(trx: Db, id: bigint, attempts: number, signed: { txId: string; signedJson: string; expiration: bigint }): Promise<boolean> {
    const updated = await trx
      .updateTable('hash_chain_payouts')
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
      .where('status', '=', 'pending')
      .where('attempts', '=', attempts)
      .returning(['attempts'])
      .executeTakeFirst();
    if (!updated) return false;
    await trx
      .insertInto('hash_payout_attempts')
      .values({ tx_id: signed.txId, payout_id: id, attempt: updated.attempts, expiration: signed.expiration, outcome: null })
      .execute();
    return true;
  }

  async markBroadcast(id: bigint, txId: string): Promise<void> {
    await this.db
      .updateTable('hash_chain_payouts')
      .set({ status: 'broadcast', updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'signed')
      .where('tx_id', '=', txId)
      .execute();
  }

  async recordOutcome(trx: Db, txId: string, outcome: PayoutOutcome): Promise<void> {
    await trx.updateTable('hash_payout_attempts').set({ outcome }).where('tx_id', '=', txId).execute();
  }

  async markConfirmed(trx: Db, id: bigint, txId: string, blockNumber: number, networkFee: bigint): Promise<boolean> {
    const updated = await trx
      .updateTable('hash_chain_payouts')
      .set({ status: 'confirmed', block_number: BigInt(blockNumber), network_fee: networkFee, completed_at: new Date(), updated_at: new Date(), last_error: null })
      .where('id', '=', id)
      .where('status', 'in', ['signed', 'broadcast'])
      .where('tx_id', '=', txId)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /** Drops the transaction that never delivered: back to `pending` to sign again, or `failed` for an operator. */
  async markNotDelivered(trx: Db, id: bigint, txId: string, next: 'pending' | 'failed', reason: string): Promise<boolean> {
    const updated = await trx
      .updateTable('hash_chain_payouts')
      .set({ status: next, tx_id: null, signed_tx: null, tx_expiration: null, last_error: reason, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', 'in', ['signed', 'broadcast'])
      .where('tx_id', '=', txId)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }
}
