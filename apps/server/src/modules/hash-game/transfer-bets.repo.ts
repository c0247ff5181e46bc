import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { HashBetsTable, HashChainPayoutsTable, HashTransferReceiptsTable } from './tables.ts';

export type PayoutRow = Selectable<HashChainPayoutsTable>;
type Currency = 'USDT' | 'TRX';

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
    const inserted = await trx
      .insertInto('hash_transfer_receipts')
      .values(receipt)
      .onConflict((oc) => oc.column('tx_id').doNothing())
      .returning('tx_id')
      .executeTakeFirst();
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

  // --- payouts to send (the chain sender writes their sending columns: src/chain/payment.repo.ts)

  private payouts(statuses: PayoutRow['status'][], limit: number): Promise<PayoutRow[]> {
    return this.db.selectFrom('hash_chain_payouts').selectAll().where('status', 'in', statuses).orderBy('id').limit(limit).execute();
  }

  inFlightPayouts(limit: number) {
    return this.payouts(['signed', 'broadcast'], limit);
  }

  duePayouts(limit: number) {
    return this.payouts(['pending'], limit);
  }
}
