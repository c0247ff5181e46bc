import { DEPOSIT_EVENT, formatMicro, type IncomingDepositPush } from '@lobby/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { BlockSummary, Page, TronClient } from '../../chain/tron-client.ts';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { pushToPlayer } from '../../realtime/realtime.ts';
import type { DepositStatus, WalletCurrency } from './tables.ts';
import type { Ledger, TransferLeg } from '../../money/ledger.service.ts';
import type { IncomingDeposit } from '../protection/held-deposits.ts';
import type { BalanceEvents } from '../../money/balance-events.ts';
import type { PlayerService } from '../player/player.service.ts';
import type { BetAddressService } from './bet-address.service.ts';
import type { SanctionsCheck } from '../sanctions/sanctions-screen.ts';
import { DepositRepository, type ScannedAddress } from './deposit.repo.ts';
import type { WalletSettings } from './settings.ts';

/**
 * Each address's history is read again from a little before its cursor: an indexer may publish a
 * block a moment after a later one, and a transfer read twice is harmless (one row per transfer).
 */
const RESCAN_OVERLAP_MS = 60_000;
/** Addresses whose player opened the deposit screen or deposited lately are read on every tick. */
const ACTIVE_WINDOW_HOURS = 24;
const ADDRESSES_PER_TICK = 500;
const PARALLEL_SCANS = 8;
const PENDING_PER_TICK = 500;
/** A listed transfer the node no longer knows after this long was in a block that left the chain. */
const DROP_AFTER_MS = 10 * 60_000;

interface Seen {
  txId: string;
  currency: WalletCurrency;
  from: string;
  amount: bigint;
  blockNumber: number | null;
  blockTimestamp: number;
}

/**
 * Finds TRX and USDT transfers to the players' deposit addresses through the TRON client and
 * credits each once, after the configured confirmations.
 *
 * Two stages, each idempotent on its own:
 * - scan: per address, the history after its cursor (block timestamp) is read and every transfer
 *   becomes a `deposits` row, unique per (transaction, currency, address), so reading a transfer again
 *   adds nothing. Zero-value transfers (address-poisoning spam) are skipped; amounts under the
 *   minimum are kept as `ignored`.
 * - settle: a pending row with enough confirmations is checked against the node
 *   (`getTransactionInfo`: in a block, succeeded) and, in one transaction, marked credited and
 *   credited in the ledger under `deposit:<txId>:<address>`. The status change is conditional, so a
 *   second watcher (or a second tick) finds nothing left to do.
 */
export class DepositWatcher {
  private readonly repo: DepositRepository;
  /** Deposit limits (PROTECTION.md): what passes them is credited to the held account, not to cash. */
  depositLimits?: { creditLegs(trx: Db, deposit: IncomingDeposit): Promise<TransferLeg[]> };

  constructor(
    private readonly db: Db,
    private readonly players: Pick<PlayerService, 'markFirstRecharge'>,
    private readonly client: TronClient,
    private readonly ledger: Ledger,
    private readonly betAddresses: BetAddressService,
    private readonly notifier: BalanceEvents,
    private readonly settings: WalletSettings,
    private readonly log: FastifyBaseLogger,
    private readonly bus: EventBus,
    /** Deposits from a sanctioned address are held for review instead of credited. */
    private readonly sanctions?: Pick<SanctionsCheck, 'holdDepositIfListed'>,
  ) {
    this.repo = new DepositRepository(db);
  }

  async run(): Promise<void> {
    const head = await this.client.getNowBlock();
    await this.scanDueAddresses();
    await this.settlePending(head);
  }

  private async scanDueAddresses(): Promise<void> {
    const idleSince = new Date(Date.now() - this.settings.deposit.idleScanSeconds * 1000);
    const activeSince = new Date(Date.now() - ACTIVE_WINDOW_HOURS * 3_600_000);
    const due = await this.repo.dueForScan(idleSince, activeSince, ADDRESSES_PER_TICK);
    let next = 0;
    const lane = async () => {
      while (next < due.length) {
        const row = due[next++];
        try {
          await this.scanAddress(row);
        } catch (error) {
          this.log.warn({ err: error, address: row.address }, 'deposit address scan failed; retrying on the next tick');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_SCANS, due.length) }, lane));
  }

  /** Reads one address's new transfers into `deposits` and moves its cursors past them. */
  private async scanAddress(row: ScannedAddress): Promise<void> {
    const seen = new Map<string, Seen>();
    const add = (item: Seen) => {
      // A contract can pay one address several times in one transaction: one deposit of the sum.
      const key = `${item.currency}:${item.txId}`;
      const previous = seen.get(key);
      seen.set(key, previous ? { ...previous, amount: previous.amount + item.amount } : item);
    };
    const trxCursor = await this.readHistory(
      row.trx_cursor,
      (opts) => this.client.listTrxTransfers(row.address, opts),
      (item) => {
        if (item.to === row.address && item.amount > 0n) {
          add({ txId: item.txId, currency: 'TRX', from: item.from, amount: item.amount, blockNumber: item.blockNumber, blockTimestamp: item.blockTimestamp });
        }
      },
    );
    const usdtCursor = await this.readHistory(
      row.usdt_cursor,
      (opts) => this.client.listTrc20Transfers(row.address, opts),
      (item) => {
        if (item.to === row.address && item.amount > 0n && item.contract === this.client.usdtContract) {
          add({ txId: item.txId, currency: 'USDT', from: item.from, amount: item.amount, blockNumber: null, blockTimestamp: item.blockTimestamp });
        }
      },
    );
    await this.repo.insertSeen(
      [...seen.values()].map((s) => ({
        player_id: row.player_id,
        currency: s.currency,
        tx_id: s.txId,
        address: row.address,
        from_address: s.from,
        amount: s.amount,
        block_number: s.blockNumber === null ? null : BigInt(s.blockNumber),
        block_timestamp: BigInt(s.blockTimestamp),
        status: (s.amount >= this.settings.deposit.min[s.currency] ? 'pending' : 'ignored') as DepositStatus,
      })),
    );
    await this.repo.moveCursors(row.player_id, trxCursor, usdtCursor);
  }

  /** Follows the history pages oldest first from just before the cursor; returns the new cursor. */
  private async readHistory<T extends { blockTimestamp: number }>(
    cursor: bigint,
    list: (opts: { onlyTo: true; minTimestamp: number; order: 'asc'; limit: number; fingerprint?: string }) => Promise<Page<T>>,
    each: (item: T) => void,
  ): Promise<bigint> {
    let newest = cursor;
    let fingerprint: string | undefined;
    const minTimestamp = Math.max(0, Number(cursor) - RESCAN_OVERLAP_MS);
    do {
      const page = await list({ onlyTo: true, minTimestamp, order: 'asc', limit: 200, ...(fingerprint ? { fingerprint } : {}) });
      for (const item of page.items) {
        each(item);
        if (BigInt(item.blockTimestamp) > newest) newest = BigInt(item.blockTimestamp);
      }
      fingerprint = page.fingerprint ?? undefined;
    } while (fingerprint);
    return newest;
  }

  private confirmations(head: BlockSummary, blockNumber: number): number {
    return head.height - blockNumber + 1;
  }

  /**
   * Keeps a pending deposit's confirmation count and tells its player when it moved (the Deposit
   * screen and the trade history show "7 of 19" from the moment the transfer is seen).
   */
  private async countConfirmations(
    row: { id: bigint; player_id: number; currency: WalletCurrency; amount: bigint; tx_id: string },
    count: number,
    needed: number,
  ): Promise<void> {
    if (!(await this.repo.setConfirmations(row.id, count))) return;
    await this.announceIncoming(row.player_id, {
      id: Number(row.id),
      currency: row.currency,
      amount: formatMicro(row.amount),
      txId: row.tx_id,
      confirmations: { seen: count, needed },
    });
  }

  private async announceIncoming(playerId: number, data: IncomingDepositPush): Promise<void> {
    try {
      await pushToPlayer(this.bus, { playerId, event: DEPOSIT_EVENT, data });
      const { id, currency, amount, txId, confirmations } = data;
      await this.bus.publish('deposit.seen', {
        depositId: String(id),
        playerId,
        currency,
        amount,
        txId,
        confirmations: confirmations.seen,
        needed: confirmations.needed,
      });
    } catch (error) {
      this.log.warn({ err: error, playerId }, 'incoming deposit not announced');
    }
  }

  private async settlePending(head: BlockSummary): Promise<void> {
    const needed = Math.max(1, this.settings.deposit.confirmations);
    const pending = await this.repo.pending(PENDING_PER_TICK);
    for (const row of pending) {
      // Not worth asking the node about a transfer that cannot have enough confirmations yet.
      if (row.block_number !== null && this.confirmations(head, Number(row.block_number)) < needed) {
        await this.countConfirmations(row, Math.max(0, this.confirmations(head, Number(row.block_number))), needed);
        continue;
      }
      try {
        const info = await this.client.getTransactionInfo(row.tx_id);
        if (!info) {
          if (Date.now() - row.created_at.getTime() > DROP_AFTER_MS) await this.repo.setStatus(row.id, 'dropped');
          continue;
        }
        if (!info.success) {
          await this.repo.setStatus(row.id, 'failed');
          continue;
        }
        if (row.block_number === null || Number(row.block_number) !== info.blockNumber) {
          await this.repo.setBlock(row.id, info.blockNumber);
        }
        const count = this.confirmations(head, info.blockNumber);
        if (count < needed) {
          await this.countConfirmations(row, Math.max(0, count), needed);
          continue;
        }
        if (await this.sanctions?.holdDepositIfListed(row)) {
          // Its player's screens read it again: it now waits for a review, not for blocks.
          const data: IncomingDepositPush = {
            id: Number(row.id),
            currency: row.currency,
            amount: formatMicro(row.amount),
            txId: row.tx_id,
            confirmations: { seen: count, needed },
          };
          await pushToPlayer(this.bus, { playerId: row.player_id, event: DEPOSIT_EVENT, data }).catch((error: unknown) =>
            this.log.warn({ err: error }, 'held deposit not told'),
          );
          continue;
        }
        await this.credit(row.id);
      } catch (error) {
        this.log.warn({ err: error, txId: row.tx_id }, 'deposit not settled; retrying on the next tick');
      }
    }
  }

  /**
   * Credits a deposit held for review (sanctions screening) after staff cleared it, as a confirmed one
   * is credited; `also` runs in the same transaction. False when it was not held any more.
   */
  creditReviewed(depositId: bigint, also: (trx: Db) => Promise<void>): Promise<boolean> {
    return this.credit(depositId, 'held', also);
  }

  /** Credits one confirmed deposit; a deposit already credited is left alone. */
  private async credit(depositId: bigint, from: 'pending' | 'held' = 'pending', also?: (trx: Db) => Promise<void>): Promise<boolean> {
    const credited = await this.db.transaction().execute(async (trx) => {
      const row = await this.repo.markCredited(trx, depositId, from);
      if (!row) return null;
      await also?.(trx);
      // The player's row before the ledger's: the order every money path takes its locks in.
      await this.players.markFirstRecharge(trx, row.player_id);
      await this.ledger.transfer(
        {
          idempotencyKey: `deposit:${row.tx_id}:${row.address}`,
          kind: 'deposit',
          reference: String(row.id),
          metadata: { txId: row.tx_id, from: row.from_address, to: row.address },
          legs: [
            { account: { kind: 'deposit_clearing' }, currency: row.currency, amount: -row.amount },
            ...((await this.depositLimits?.creditLegs(trx, {
              depositId: row.id,
              playerId: row.player_id,
              currency: row.currency,
              amount: row.amount,
              fromAddress: row.from_address,
            })) ?? [{ account: { kind: 'player' as const, playerId: row.player_id }, currency: row.currency, amount: row.amount }]),
          ],
        },
        trx,
      );
      await this.repo.markDeposited(trx, row.player_id);
      await this.betAddresses.activateFromDeposit(trx, {
        playerId: row.player_id,
        fromAddress: row.from_address,
        currency: row.currency,
        amount: row.amount,
        blockTimestamp: row.block_timestamp,
      });
      return row;
    });
    if (!credited) return false;
    this.log.info({ playerId: credited.player_id, currency: credited.currency, amount: String(credited.amount), txId: credited.tx_id }, 'deposit credited');
    await this.notifier.changed([credited.player_id]);
    const announced = {
      depositId: String(credited.id),
      playerId: credited.player_id,
      currency: credited.currency,
      amount: formatMicro(credited.amount),
      txId: credited.tx_id,
    };
    // The money is credited: a bus that is away costs the consoles one line, never the deposit.
    await this.bus
      .publish('deposit.credited', announced)
      .catch((error: unknown) => this.log.warn({ err: error, depositId: announced.depositId }, 'credited deposit not announced'));
    return true;
  }
}
