import { randomUUID } from 'node:crypto';
import { formatMicro } from '@lobby/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import type { Ledger, TransferLeg } from '../../money/ledger.service.ts';
import type { ProtectionGate } from './protection-gate.ts';
import { recordHistory } from './protection-history.ts';

type Currency = 'USDT' | 'TRX';

/** A deposit seen on chain, about to be credited. */
export interface IncomingDeposit {
  depositId: bigint;
  playerId: number;
  currency: Currency;
  amount: bigint;
  fromAddress: string;
}

/** Sends held money back to where it came from: the wallet's withdrawal path, debiting the held account. */
export interface HeldReturnSender {
  /** Whether a return was already made under this request id. */
  returnMade(playerId: number, requestId: string): Promise<boolean>;
  returnHeld(playerId: number, requestId: string, items: { depositId: bigint; currency: Currency; amount: bigint; toAddress: string }[]): Promise<void>;
}

/**
 * PROTECTION.md: deposits cannot be refused on chain, so what passes a deposit limit is credited to
 * the player's `player_held` account instead of cash, and kept per deposit. It is released to cash
 * as the limit's periods allow (oldest first), and the player may send it back to the sending
 * address at any time.
 */
export class HeldDeposits {
  sender?: HeldReturnSender;
  /** Refuses (10064) a sender listed since it deposited: held money never goes to a sanctioned address. */
  screenDestination?: (address: string, request: { playerId: number; currency: Currency; amount: bigint }) => Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly gate: ProtectionGate,
    private readonly onReleased: (playerIds: number[]) => Promise<void> = async () => undefined,
  ) {}

  /**
   * The legs crediting a deposit, in the caller's transaction: cash up to what the player's deposit
   * limits allow, the rest to the held account (recorded against the deposit).
   */
  async creditLegs(trx: Db, deposit: IncomingDeposit): Promise<TransferLeg[]> {
    const credited = await this.gate.admitDeposit(deposit.playerId, deposit.currency, deposit.amount, trx);
    const held = deposit.amount - credited;
    if (held > 0n) {
      await sql`
        insert into protection_held_deposits (deposit_id, player_id, currency, from_address, held)
        values (${deposit.depositId}, ${deposit.playerId}, ${deposit.currency}, ${deposit.fromAddress}, ${held})
        on conflict (deposit_id) do nothing`.execute(trx);
      await recordHistory(
        trx,
        deposit.playerId,
        'deposit_held',
        { depositId: String(deposit.depositId), currency: deposit.currency, held: formatMicro(held) },
        'system',
      );
    }
    return [
      ...(credited > 0n ? [{ account: { kind: 'player' as const, playerId: deposit.playerId }, currency: deposit.currency, amount: credited }] : []),
      ...(held > 0n ? [{ account: { kind: 'player_held' as const, playerId: deposit.playerId }, currency: deposit.currency, amount: held }] : []),
    ];
  }

  /** Moves held money to cash as far as each player's deposit limits allow now; returns the players credited. */
  async releaseDue(): Promise<number[]> {
    const { rows } = await sql<{ player_id: number; currency: Currency }>`
      select distinct player_id, currency from protection_held_deposits where settled < held`.execute(this.db);
    const released: number[] = [];
    for (const row of rows) {
      if (await this.release(row.player_id, row.currency)) released.push(row.player_id);
    }
    if (released.length > 0) await this.onReleased([...new Set(released)]);
    return released;
  }

  private async release(playerId: number, currency: Currency): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const open = await this.openHeld(trx, playerId, currency);
      const total = open.reduce((sum, row) => sum + row.left, 0n);
      if (total === 0n) return false;
      const allowed = await this.gate.admitDeposit(playerId, currency, total, trx);
      if (allowed === 0n) return false;
      await this.settle(trx, open, allowed);
      await this.ledger.transfer(
        {
          idempotencyKey: `held:release:${playerId}:${randomUUID()}`,
          kind: 'held_deposit_release',
          reference: String(playerId),
          legs: [
            { account: { kind: 'player_held', playerId }, currency, amount: -allowed },
            { account: { kind: 'player', playerId }, currency, amount: allowed },
          ],
        },
        trx,
      );
      await recordHistory(trx, playerId, 'held_released', { currency, amount: formatMicro(allowed) }, 'system');
      return true;
    });
  }

  /** Sends everything held in `currency` back to the addresses it came from (each deposit to its own sender). */
  async returnToSender(playerId: number, currency: Currency, requestId: string): Promise<void> {
    if (!this.sender) throw fail('BANK_WITHDRAW_FAILED', 'no way to send held deposits back');
    const open = await this.openHeld(this.db, playerId, currency);
    if (open.length === 0) {
      // A retry of a return already made answers as the first did.
      if (await this.sender.returnMade(playerId, requestId)) return;
      throw fail('NO_PLAYER_DATA', `no ${currency} deposit is held`);
    }
    for (const row of open) await this.screenDestination?.(row.from_address, { playerId, currency, amount: row.left });
    await this.sender.returnHeld(
      playerId,
      requestId,
      open.map((row) => ({ depositId: row.deposit_id, currency, amount: row.left, toAddress: row.from_address })),
    );
  }

  /** In the sender's transaction: these deposits' held parts leave (sent back), so they are settled. */
  async markReturned(trx: Db, playerId: number, currency: Currency, items: { depositId: bigint; amount: bigint }[]): Promise<void> {
    for (const item of items) {
      const { rows } = await sql<{ deposit_id: string }>`
        update protection_held_deposits set settled = settled + ${item.amount}
        where deposit_id = ${item.depositId} and player_id = ${playerId} and currency = ${currency} and held - settled >= ${item.amount}
        returning deposit_id::text`.execute(trx);
      if (rows.length === 0) throw fail('INSUFFICIENT_BALANCE', `deposit ${item.depositId} holds less than ${item.amount}`);
    }
    const total = items.reduce((sum, item) => sum + item.amount, 0n);
    const deposits = items.map((item) => ({ depositId: String(item.depositId), amount: formatMicro(item.amount) }));
    await recordHistory(trx, playerId, 'held_returned', { currency, amount: formatMicro(total), deposits }, 'player');
  }

  /**
   * A return to the sender failed on chain or was rejected: its money is back on the held account (the
   * wallet's refund), so the deposit holds it again, to be released as the limit allows or sent back anew.
   */
  async returnRefunded(trx: Db, refund: { playerId: number; currency: Currency; depositId: bigint; amount: bigint }): Promise<void> {
    const { rows } = await sql<{ deposit_id: string }>`
      update protection_held_deposits set settled = settled - ${refund.amount}
      where deposit_id = ${refund.depositId} and player_id = ${refund.playerId} and currency = ${refund.currency} and settled >= ${refund.amount}
      returning deposit_id::text`.execute(trx);
    if (rows.length === 0) throw new Error(`held deposit ${refund.depositId} has not ${refund.amount} sent back to hold again`);
    await recordHistory(
      trx,
      refund.playerId,
      'held_return_failed',
      { currency: refund.currency, amount: formatMicro(refund.amount), depositId: String(refund.depositId) },
      'system',
    );
  }

  private async openHeld(db: Db, playerId: number, currency: Currency) {
    const { rows } = await sql<{ deposit_id: string; from_address: string; held: string; settled: string }>`
      select deposit_id::text, from_address, held::text, settled::text from protection_held_deposits
      where player_id = ${playerId} and currency = ${currency} and settled < held
      order by deposit_id for update`.execute(db);
    return rows.map((row) => ({ deposit_id: BigInt(row.deposit_id), from_address: row.from_address, left: BigInt(row.held) - BigInt(row.settled) }));
  }

  /** Oldest deposits first: `amount` of their held parts is settled. */
  private async settle(trx: Db, open: { deposit_id: bigint; left: bigint }[], amount: bigint): Promise<void> {
    let rest = amount;
    for (const row of open) {
      if (rest === 0n) break;
      const part = row.left < rest ? row.left : rest;
      await sql`update protection_held_deposits set settled = settled + ${part} where deposit_id = ${row.deposit_id}`.execute(trx);
      rest -= part;
    }
  }
}
