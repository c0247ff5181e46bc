import { formatMicro } from '@lobby/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { fail } from '../../http/app-error.ts';
import type { SanctionHitRow } from './sanctions.repo.ts';
import type { SanctionsList } from './sanctions-list.ts';
import type { SanctionHitKind } from './tables.ts';

type Currency = 'USDT' | 'TRX';

/** A request naming an address, as the wallet screens it. */
export interface ScreenedRequest {
  kind: Extract<SanctionHitKind, 'withdrawal' | 'withdrawal_address' | 'bet_address'>;
  playerId: number;
  currency?: Currency;
  amount?: bigint;
}

/** A deposit about to be credited. */
export interface ScreenedDeposit {
  id: bigint;
  player_id: number;
  from_address: string;
  currency: Currency;
  amount: bigint;
  tx_id: string;
}

/** A transfer to a game address about to be played. */
export interface ScreenedTransfer {
  txId: string;
  playerId: number | null;
  from: string;
  currency: Currency;
  amount: bigint;
}

/** What the wallet's and the hash games' paths ask (each a map lookup until an address is listed). */
export interface SanctionsCheck {
  /** Refuses (10064) a request naming a listed address, after recording it and alerting staff. */
  refuseListed(address: string, request: ScreenedRequest): Promise<void>;
  /** Holds a listed sender's deposit for review instead of crediting it; false when the sender is not listed. */
  holdDepositIfListed(deposit: ScreenedDeposit): Promise<boolean>;
  /** The lists naming a transfer's sender; empty when none does. */
  listsOf(address: string): readonly string[];
  /** Records a listed sender's transfer bet as held, inside the transaction that writes its receipt. */
  holdTransfer(trx: Db, transfer: ScreenedTransfer, lists: readonly string[]): Promise<void>;
}

const KIND_TEXT: Record<SanctionHitKind, string> = {
  withdrawal: 'A withdrawal to',
  withdrawal_address: 'Saving a withdrawal address',
  bet_address: 'Binding a bet address',
  deposit: 'A deposit from',
  transfer_bet: 'A transfer bet from',
};

/**
 * Screening against the sanctioned addresses (PROTECTION.md): requests naming a listed address are
 * refused with 10064; money arriving from one is held for review. Everything met is a row of
 * `sanction_hits` staff see, and an alert to the holders of risk.read.
 */
export class SanctionsScreen implements SanctionsCheck {
  constructor(
    private readonly db: Db,
    private readonly list: SanctionsList,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  listsOf(address: string): readonly string[] {
    return this.list.listsOf(address);
  }

  async refuseListed(address: string, request: ScreenedRequest): Promise<void> {
    const lists = this.list.listsOf(address);
    if (lists.length === 0) return;
    const hit = await this.list.repo.insertHit(this.db, {
      kind: request.kind,
      state: 'refused',
      playerId: request.playerId,
      address,
      lists,
      currency: request.currency ?? null,
      amount: request.amount ?? null,
    });
    await this.alert(hit, `${KIND_TEXT[request.kind]} ${address} (${lists.join(', ')}) by player ${request.playerId} was refused.`);
    throw fail('SANCTIONED_ADDRESS', `${address} is on ${lists.join(', ')}`);
  }

  async holdDepositIfListed(deposit: ScreenedDeposit): Promise<boolean> {
    const lists = this.list.listsOf(deposit.from_address);
    if (lists.length === 0) return false;
    const hit = await this.db.transaction().execute(async (trx) => {
      // Conditional on the deposit being pending: a second pass (or a second watcher) finds nothing to do.
      if (!(await this.list.repo.holdDeposit(trx, deposit.id))) return undefined;
      return this.list.repo.insertHit(trx, {
        kind: 'deposit',
        state: 'held',
        playerId: deposit.player_id,
        address: deposit.from_address,
        lists,
        currency: deposit.currency,
        amount: deposit.amount,
        reference: `deposit:${deposit.id}`,
        txId: deposit.tx_id,
      });
    });
    if (hit) {
      this.log.warn({ depositId: String(deposit.id), from: deposit.from_address, lists }, 'deposit from a sanctioned address held for review');
      await this.alert(
        hit,
        `A deposit of ${formatMicro(deposit.amount)} ${deposit.currency} to player ${deposit.player_id} from ${deposit.from_address} (${lists.join(', ')}) is held for review.`,
      );
    }
    return true;
  }

  async holdTransfer(trx: Db, transfer: ScreenedTransfer, lists: readonly string[]): Promise<void> {
    const hit = await this.list.repo.insertHit(trx, {
      kind: 'transfer_bet',
      state: 'held',
      playerId: transfer.playerId,
      address: transfer.from,
      lists,
      currency: transfer.currency,
      amount: transfer.amount,
      reference: `tx:${transfer.txId}`,
      txId: transfer.txId,
    });
    // Told inside the receipt's transaction: should it roll back, the next scan holds the transfer and tells again.
    if (hit)
      await this.alert(
        hit,
        `A transfer bet of ${formatMicro(transfer.amount)} ${transfer.currency} from ${transfer.from} (${lists.join(', ')}) was not played and is held for review.`,
      );
  }

  private async alert(hit: SanctionHitRow | undefined, message: string): Promise<void> {
    await this.bus
      .publish('alert', {
        kind: 'sanctioned-address',
        severity: 'critical',
        message,
        permission: 'risk.read',
        ...(hit?.player_id ? { playerId: hit.player_id } : {}),
        ...(hit ? { reference: `sanction-hit:${hit.id}` } : {}),
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'sanctions alert not announced'));
  }
}
