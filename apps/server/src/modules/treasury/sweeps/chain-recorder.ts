import type { FastifyBaseLogger } from 'fastify';
import type { HotWalletSender } from '../../../chain/hot-wallet-sender.ts';
import { stringifyJson } from '../../../chain/json.ts';
import type { BlockSummary, SignedTransaction } from '../../../chain/tron-client.ts';
import type { Db } from '../../../db/database.ts';
import { bookNetworkFee } from '../../../money/network-fee.ts';
import type { ChainActionKind, SweepCurrency } from '../tables.ts';
import { type BuiltTransaction, recordedTransaction, type SweepChain } from './sweep-chain.ts';
import type { ActionRow, SweepRepository, SweepRow } from './sweep.repo.ts';

/** Where a test can make a cycle stop dead, as a crashed process would: after recording signed transactions, or after offering them. */
export type SweepStage = 'recorded' | 'offered';

/** A cycle stopped dead by its stop hook (tests): never caught on the way out, as a crash is not. */
export class SweepHalted extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'SweepHalted';
  }
}

/** Rethrows a halt; anything else is the caller's to handle. */
export function rethrowHalt(error: unknown): void {
  if (error instanceof SweepHalted) throw error;
}

/** What following the recorded transactions found, for the cycle's summary. */
export interface FollowCounts {
  confirmed: number;
  failed: number;
  dropped: number;
  reoffered: number;
}

/**
 * The sign → record → broadcast → confirm machine of the treasury's transactions, as the payment
 * sender runs it for withdrawals: a transaction is committed to the database before anyone is offered
 * it, and every run judges what is recorded from the chain alone:
 * - confirmed: the record is confirmed and what it burnt is booked to `chain_fees`, once per
 *   transaction id, in the same database transaction;
 * - failed on chain (OUT_OF_ENERGY, a revert): its fee is booked all the same and it is failed (the
 *   address is planned again next cycle);
 * - provably never landing (not on chain while the head is past its expiration): dropped;
 * - otherwise the same signed bytes are offered again, which the chain accepts at most once.
 */
export class ChainRecorder {
  constructor(
    private readonly db: Db,
    private readonly repo: SweepRepository,
    private readonly chain: SweepChain,
    private readonly judge: HotWalletSender,
    private readonly log: FastifyBaseLogger,
    private readonly stopHook: (stage: SweepStage) => void = () => undefined,
  ) {}

  private stop(stage: SweepStage): void {
    try {
      this.stopHook(stage);
    } catch (error) {
      throw new SweepHalted(error);
    }
  }

  /** Signs with a key the server holds, records, then offers; the action's id, or null when one like it is already recorded. */
  async sendAction(
    cycleId: bigint,
    kind: ChainActionKind,
    currency: SweepCurrency,
    to: string,
    amount: bigint,
    built: BuiltTransaction,
    privateKey: string,
    extra: { energy?: bigint; parentId?: bigint; depositOf?: number } = {},
  ): Promise<bigint | null> {
    const signed = this.chain.signed(built, privateKey);
    const id = await this.db.transaction().execute(async (trx) => {
      // TRX the treasury sends a deposit address is the operator's, not a player's deposit: the
      // transfer is written down as seen and ignored before it exists, so the deposit watcher never credits it.
      if (extra.depositOf !== undefined)
        await this.repo.markNotDeposit(trx, {
          playerId: extra.depositOf,
          txId: built.txId,
          address: to,
          from: built.from,
          amount,
          timestamp: BigInt(built.raw.timestamp ?? 0),
        });
      return this.repo.insertAction(trx, {
        cycleId,
        kind,
        currency,
        from: built.from,
        to,
        amount,
        energy: extra.energy,
        parentId: extra.parentId ?? null,
        txId: built.txId,
        signedJson: stringifyJson(signed.transaction),
        expiration: built.expiration,
      });
    });
    if (id === null) return null;
    this.stop('recorded');
    const refused = await this.judge.offer(signed);
    if (refused) {
      this.log.warn({ err: refused, actionId: String(id), kind }, 'treasury transaction not accepted; following it from the chain');
      await this.repo.noteAction(id, refused.message);
      return id;
    }
    this.stop('offered');
    await this.repo.markActionBroadcast(id, built.txId);
    return id;
  }

  /** Offers signed sweeps already recorded (status signed) and marks them broadcast. */
  async offerSweeps(sweeps: Array<{ id: bigint; signed: SignedTransaction }>): Promise<void> {
    this.stop('recorded');
    for (const { id, signed } of sweeps) {
      const refused = await this.judge.offer(signed);
      if (refused) {
        this.log.warn({ err: refused, sweepId: String(id) }, 'sweep not accepted; following it from the chain');
        await this.repo.noteSweep(id, refused.message);
        continue;
      }
      this.stop('offered');
      await this.repo.markSweepBroadcast(id, signed.txId);
    }
  }

  /** Takes every recorded sweep and action one step on from what the chain says. */
  async followAll(head: BlockSummary, currentCycle: bigint): Promise<FollowCounts> {
    const counts: FollowCounts = { confirmed: 0, failed: 0, dropped: 0, reoffered: 0 };
    for (const sweep of await this.repo.openSweeps()) {
      try {
        await this.followSweep(sweep, head, currentCycle, counts);
      } catch (error) {
        rethrowHalt(error);
        this.log.warn({ err: error, sweepId: String(sweep.id) }, 'sweep not followed; trying again next cycle');
      }
    }
    for (const action of await this.repo.openActions()) {
      try {
        await this.followAction(action, head, counts);
      } catch (error) {
        rethrowHalt(error);
        this.log.warn({ err: error, actionId: String(action.id) }, 'treasury transaction not followed; trying again next cycle');
      }
    }
    return counts;
  }

  private async followSweep(sweep: SweepRow, head: BlockSummary, currentCycle: bigint, counts: FollowCounts): Promise<void> {
    const meta = { sweepId: String(sweep.id), address: sweep.address, currency: sweep.currency };
    if (sweep.status === 'planned' && !sweep.offline) {
      // Never signed here: nothing of it can be on chain unless its signature was recorded. One from
      // an earlier cycle is dropped and its address planned afresh.
      if (
        sweep.cycle_id < currentCycle &&
        (await this.db.transaction().execute((trx) => this.repo.endSweep(trx, sweep.id, sweep.tx_id, 'dropped', { error: 'never signed' })))
      ) {
        counts.dropped++;
      }
      return;
    }
    const status = await this.judge.status(sweep.tx_id, sweep.tx_expiration, head);
    switch (status.state) {
      case 'included':
        if (sweep.status === 'signed') await this.repo.markSweepBroadcast(sweep.id, sweep.tx_id);
        return;
      case 'unseen': {
        // An offline sweep whose signed file has not come back yet: nothing to offer.
        if (sweep.signed_tx === null) return;
        const refused = await this.judge.offer(recordedTransaction(sweep.tx_id, sweep.tx_expiration, sweep.signed_tx!));
        if (refused) await this.repo.noteSweep(sweep.id, refused.message);
        else {
          counts.reoffered++;
          await this.repo.markSweepBroadcast(sweep.id, sweep.tx_id);
        }
        return;
      }
      case 'expired':
        if (
          await this.db
            .transaction()
            .execute((trx) => this.repo.endSweep(trx, sweep.id, sweep.tx_id, 'dropped', { error: 'transaction expired without reaching a block' }))
        ) {
          counts.dropped++;
          this.log.warn(meta, 'sweep never reached a block; the address is planned again');
        }
        return;
      case 'reverted':
      case 'confirmed': {
        const ok = status.state === 'confirmed';
        const ended = await this.db.transaction().execute(async (trx) => {
          const done = await this.repo.endSweep(trx, sweep.id, sweep.tx_id, ok ? 'confirmed' : 'failed', {
            blockNumber: status.blockNumber,
            fee: status.fee,
            ...(ok ? {} : { error: status.reason }),
          });
          if (done) await bookNetworkFee(trx, sweep.tx_id, status.fee, { sweepId: String(sweep.id) });
          return done;
        });
        if (!ended) return;
        if (ok) counts.confirmed++;
        else {
          counts.failed++;
          this.log.warn({ ...meta, reason: status.reason }, 'sweep failed on chain; the address is planned again');
        }
      }
    }
  }

  private async followAction(action: ActionRow, head: BlockSummary, counts: FollowCounts): Promise<void> {
    const status = await this.judge.status(action.tx_id, action.tx_expiration, head);
    switch (status.state) {
      case 'included':
        if (action.status === 'signed') await this.repo.markActionBroadcast(action.id, action.tx_id);
        return;
      case 'unseen': {
        const refused = await this.judge.offer(recordedTransaction(action.tx_id, action.tx_expiration, action.signed_tx));
        if (refused) await this.repo.noteAction(action.id, refused.message);
        else {
          counts.reoffered++;
          await this.repo.markActionBroadcast(action.id, action.tx_id);
        }
        return;
      }
      case 'expired':
        if (
          await this.db
            .transaction()
            .execute((trx) => this.repo.endAction(trx, action.id, action.tx_id, 'dropped', { error: 'transaction expired without reaching a block' }))
        )
          counts.dropped++;
        return;
      case 'reverted':
      case 'confirmed': {
        const ok = status.state === 'confirmed';
        const ended = await this.db.transaction().execute(async (trx) => {
          const done = await this.repo.endAction(trx, action.id, action.tx_id, ok ? 'confirmed' : 'failed', {
            blockNumber: status.blockNumber,
            fee: status.fee,
            ...(ok ? {} : { error: status.reason }),
          });
          if (done) await bookNetworkFee(trx, action.tx_id, status.fee, { treasuryActionId: String(action.id), kind: action.kind });
          return done;
        });
        if (ended) counts[ok ? 'confirmed' : 'failed']++;
      }
    }
  }
}
