import type { FastifyBaseLogger } from 'fastify';
import type { HotWalletSender } from '../../chain/hot-wallet-sender.ts';
import { stringifyJson } from '../../chain/json.ts';
import type { BlockSummary, SignedTransaction } from '../../chain/tron-client.ts';
import type { Db } from '../../db/database.ts';
import type { AccountRef, Ledger, LedgerCurrency, TransferLeg } from '../../money/ledger.service.ts';
import { bookNetworkFee, networkFeeLegs } from '../../money/network-fee.ts';
import type { Failpoints } from './failpoints.ts';
import { AWAITING_HOT_WALLET_FUNDS } from './records.service.ts';
import type { WalletSettings } from './settings.ts';
import type { WithdrawalRow, WithdrawalService } from './withdrawal.service.ts';

const BATCH = 50;

/**
 * The chain side of withdrawals, run by one instance (leader lock):
 *
 * send: a `queued` withdrawal is built and signed with the hot wallet; the signed transaction and
 * its txId are committed (status `signed`) BEFORE it is broadcast, so after any crash the server
 * knows exactly which transaction may be out there.
 *
 * reconcile: every `signed`/`broadcast` withdrawal is judged from the chain alone:
 * - in a block and succeeded, with enough confirmations: `confirmed`; withdrawal_pending is settled
 *   to the chain side (deposit_clearing), the fee to the house, the network fee to chain_fees;
 * - in a block and failed (REVERT: its network fee is booked all the same), or provably never
 *   landing (not on chain while the head is past its expiration): not delivered. It is signed afresh (a new transaction) up to the configured
 *   attempts, then refunded once. A transaction that could still land is never replaced; until it
 *   expires, the same signed bytes are offered again, which the chain accepts at most once.
 *
 * So a withdrawal is paid at most once whatever crashes, and ends either confirmed or refunded.
 */
export class WithdrawalProcessor {
  constructor(
    private readonly db: Db,
    private readonly sender: HotWalletSender,
    private readonly ledger: Ledger,
    private readonly withdrawals: WithdrawalService,
    private readonly settings: WalletSettings,
    private readonly failpoint: Failpoints,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run(): Promise<void> {
    await this.reconcile();
    await this.sendQueued();
  }

  private async sendQueued(): Promise<void> {
    const queued = await this.db.selectFrom('withdrawals').selectAll().where('status', '=', 'queued').orderBy('id').limit(BATCH).execute();
    for (const row of queued) await this.send(row);
  }

  private async note(id: bigint, error: string) {
    await this.db.updateTable('withdrawals').set({ last_error: error.slice(0, 500), updated_at: new Date() }).where('id', '=', id).execute();
  }

  async send(row: WithdrawalRow): Promise<void> {
    const net = row.amount - row.fee;
    let signed: SignedTransaction;
    try {
      const shortfall = await this.sender.shortfall(row.currency, net);
      if (shortfall) {
        // Waits for the operator to top the hot wallet up rather than failing players' withdrawals.
        this.log.error({ withdrawalId: String(row.id), currency: row.currency, amount: String(net), shortfall }, 'hot wallet cannot cover a withdrawal');
        await this.note(row.id, `${AWAITING_HOT_WALLET_FUNDS}: ${shortfall}`);
        return;
      }
      signed = await this.sender.sign(row.currency, row.to_address, net);
    } catch (error) {
      this.log.warn({ err: error, withdrawalId: String(row.id) }, 'withdrawal not signed; retrying on the next tick');
      await this.note(row.id, (error as Error).message);
      return;
    }
    const recorded = await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('withdrawals')
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
        .where('status', '=', 'queued')
        .returning(['attempts'])
        .executeTakeFirst();
      if (!updated) return false;
      await trx
        .insertInto('withdrawal_attempts')
        .values({ tx_id: signed.txId, withdrawal_id: row.id, attempt: updated.attempts, expiration: BigInt(signed.expiration), outcome: null })
        .execute();
      return true;
    });
    // Rejected by the operator (or taken by another sender) in the meantime: this transaction is never sent.
    if (!recorded) return;
    this.failpoint('withdrawal.after_sign');
    if (await this.broadcast(row.id, signed)) {
      this.failpoint('withdrawal.after_broadcast');
      await this.markBroadcast(row.id, signed.txId);
    }
  }

  /** True when the node has the transaction (now, or already from an earlier send). */
  private async broadcast(id: bigint, signed: SignedTransaction): Promise<boolean> {
    return this.offered(id, signed.txId, await this.sender.offer(signed));
  }

  private async offered(id: bigint, txId: string, refused: Error | null): Promise<boolean> {
    if (!refused) return true;
    this.log.warn({ err: refused, withdrawalId: String(id), txId }, 'withdrawal broadcast not accepted');
    await this.note(id, refused.message);
    return false;
  }

  private async markBroadcast(id: bigint, txId: string) {
    await this.db
      .updateTable('withdrawals')
      .set({ status: 'broadcast', updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'signed')
      .where('tx_id', '=', txId)
      .execute();
  }

  private async reconcile(): Promise<void> {
    const open = await this.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('status', 'in', ['signed', 'broadcast'])
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (open.length === 0) return;
    const head = await this.sender.head();
    for (const row of open) {
      try {
        await this.reconcileOne(row, head);
      } catch (error) {
        this.log.warn({ err: error, withdrawalId: String(row.id) }, 'withdrawal not reconciled; retrying on the next tick');
      }
    }
  }

  private async reconcileOne(row: WithdrawalRow, head: BlockSummary): Promise<void> {
    const txId = row.tx_id!;
    await this.sender.follow({ txId, expiration: row.tx_expiration!, signedJson: row.signed_tx! }, head, {
      included: async () => (row.status === 'signed' ? this.markBroadcast(row.id, txId) : undefined),
      reoffered: async (refused) => ((await this.offered(row.id, txId, refused)) ? this.markBroadcast(row.id, txId) : undefined),
      notDelivered: (outcome, reason, fee) => this.notDelivered(row, outcome, reason, fee),
      confirmed: (blockNumber, fee) => this.confirm(row, blockNumber, fee),
    });
  }

  private async confirm(row: WithdrawalRow, blockNumber: number, networkFee: bigint): Promise<void> {
    const txId = row.tx_id!;
    const done = await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('withdrawals')
        .set({ status: 'confirmed', block_number: BigInt(blockNumber), network_fee: networkFee, completed_at: new Date(), updated_at: new Date(), last_error: null })
        .where('id', '=', row.id)
        .where('status', 'in', ['signed', 'broadcast'])
        .where('tx_id', '=', txId)
        .returningAll()
        .executeTakeFirst();
      if (!updated) return false;
      await trx.updateTable('withdrawal_attempts').set({ outcome: 'confirmed' }).where('tx_id', '=', txId).execute();
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
      return true;
    });
    if (done) this.log.info({ withdrawalId: String(row.id), txId, blockNumber }, 'withdrawal confirmed');
  }

  private async notDelivered(row: WithdrawalRow, outcome: 'reverted' | 'expired', reason: string, networkFee: bigint): Promise<void> {
    const txId = row.tx_id!;
    if (row.attempts < this.settings.withdrawal.maxAttempts) {
      await this.db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('withdrawals')
          .set({ status: 'queued', tx_id: null, signed_tx: null, tx_expiration: null, last_error: reason, updated_at: new Date() })
          .where('id', '=', row.id)
          .where('status', 'in', ['signed', 'broadcast'])
          .where('tx_id', '=', txId)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return;
        await trx.updateTable('withdrawal_attempts').set({ outcome }).where('tx_id', '=', txId).execute();
        await bookNetworkFee(trx, txId, networkFee, { withdrawalId: String(row.id) });
      });
      this.log.warn({ withdrawalId: String(row.id), txId, outcome }, 'withdrawal not delivered; signing it again');
      return;
    }
    // Booked once per transaction id, so booking before the refund is safe whatever happens next.
    await this.db.transaction().execute((trx) => bookNetworkFee(trx, txId, networkFee, { withdrawalId: String(row.id) }));
    const refunded = await this.withdrawals.refund(row.id, 'failed', ['signed', 'broadcast'], txId, reason);
    if (refunded) await this.db.updateTable('withdrawal_attempts').set({ outcome }).where('tx_id', '=', txId).execute();
  }
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
