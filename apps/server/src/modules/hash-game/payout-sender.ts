import type { FastifyBaseLogger } from 'fastify';
import type { HotWallet } from '../../chain/chain-setup.ts';
import { parseJson, stringifyJson } from '../../chain/json.ts';
import type { TransactionJson } from '../../chain/transaction.ts';
import { TronBroadcastError, type BlockSummary, type SignedTransaction, type TronClient } from '../../chain/tron-client.ts';
import type { Db } from '../../db/database.ts';
import type { HashChainPayoutsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

type PayoutRow = Selectable<HashChainPayoutsTable>;

const BATCH = 100;
/** A transaction is only given up once the chain is this far past its expiration. */
const EXPIRY_MARGIN_MS = 6_000;

/**
 * Sends what transfer bets return (wins, draws, refunds) from the hot wallet, each payout once:
 * - the signed transaction is recorded (with its id) before it is broadcast, so after a crash it is
 *   found and either re-sent as is or looked up on chain;
 * - a new transaction is signed only when the previous one provably never reached a block (it
 *   expired unseen, or it reverted, which moves nothing), and every attempt is kept;
 * - every status change is conditional on the previous status and transaction id, so two senders
 *   at once (a leader change) cannot both act on one payout.
 * The ledger side was posted when the bet was settled; this only moves the coins.
 */
export class PayoutSender {
  constructor(
    private readonly db: Db,
    private readonly client: TronClient,
    private readonly hotWallet: HotWallet,
    private readonly options: { confirmations: number; maxAttempts: number },
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
    // Read before any status: a transaction expired at this head cannot be in a block not yet seen.
    const head = await this.client.getNowBlock();
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
      const available = row.currency === 'TRX' ? await this.client.getTrxBalance(this.hotWallet.address) : await this.client.getUsdtBalance(this.hotWallet.address);
      if (available < row.amount) {
        // Waits for the operator to top the hot wallet up instead of burning attempts.
        this.log.error({ payoutId: String(row.id), currency: row.currency, needed: String(row.amount), available: String(available) }, 'hot wallet cannot cover a transfer-bet payout');
        await this.note(row.id, 'hot wallet balance too low');
        return;
      }
      signed =
        row.currency === 'TRX'
          ? await this.client.prepareTrxTransfer(this.hotWallet.privateKey, row.to_address, row.amount)
          : await this.client.prepareUsdtTransfer(this.hotWallet.privateKey, row.to_address, row.amount);
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
    if (await this.broadcast(row.id, signed)) await this.markBroadcast(row.id, signed.txId);
  }

  /** True when the node has the transaction (now, or from an earlier send). */
  private async broadcast(id: bigint, signed: SignedTransaction): Promise<boolean> {
    try {
      await this.client.broadcast(signed);
      return true;
    } catch (error) {
      if (error instanceof TronBroadcastError && error.code === 'DUP_TRANSACTION_ERROR') return true;
      // Refused or unreachable: the transaction stays recorded and reconciling decides from the chain.
      this.log.warn({ err: error, payoutId: String(id), txId: signed.txId }, 'transfer-bet payout broadcast not accepted');
      await this.note(id, (error as Error).message);
      return false;
    }
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
    const info = await this.client.getTransactionInfo(txId);
    if (info) {
      if (!info.success) return this.notDelivered(row, 'reverted', `transaction failed on chain: ${info.result}`);
      if (head.height - info.blockNumber < this.options.confirmations) {
        if (row.status === 'signed') await this.markBroadcast(row.id, txId);
        return;
      }
      await this.db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('hash_chain_payouts')
          .set({ status: 'confirmed', block_number: BigInt(info.blockNumber), completed_at: new Date(), updated_at: new Date(), last_error: null })
          .where('id', '=', row.id)
          .where('status', 'in', ['signed', 'broadcast'])
          .where('tx_id', '=', txId)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) > 0) {
          await trx.updateTable('hash_payout_attempts').set({ outcome: 'confirmed' }).where('tx_id', '=', txId).execute();
        }
      });
      return;
    }
    if (head.timestamp > Number(row.tx_expiration) + EXPIRY_MARGIN_MS) {
      return this.notDelivered(row, 'expired', 'transaction expired without reaching a block');
    }
    const signed: SignedTransaction = {
      txId,
      from: this.hotWallet.address,
      expiration: Number(row.tx_expiration),
      transaction: parseJson(row.signed_tx!) as TransactionJson,
    };
    if (await this.broadcast(row.id, signed)) await this.markBroadcast(row.id, txId);
  }

  /** The attempt moved nothing: sign again, or leave it to the operator after the last attempt. */
  private async notDelivered(row: PayoutRow, outcome: 'reverted' | 'expired', reason: string): Promise<void> {
    const txId = row.tx_id!;
    const next = row.attempts < this.options.maxAttempts ? 'pending' : 'failed';
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('hash_chain_payouts')
        .set({ status: next, tx_id: null, signed_tx: null, tx_expiration: null, last_error: reason, updated_at: new Date() })
        .where('id', '=', row.id)
        .where('status', 'in', ['signed', 'broadcast'])
        .where('tx_id', '=', txId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) await trx.updateTable('hash_payout_attempts').set({ outcome }).where('tx_id', '=', txId).execute();
    });
    if (next === 'failed') this.log.error({ payoutId: String(row.id), txId, outcome }, 'transfer-bet payout failed every attempt; it needs an operator');
    else this.log.warn({ payoutId: String(row.id), txId, outcome }, 'transfer-bet payout not delivered; signing it again');
  }
}
