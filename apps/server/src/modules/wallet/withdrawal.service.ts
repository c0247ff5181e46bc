import {
  CURRENCIES,
  ErrorCode,
  ExperienceType,
  formatMicro,
  type CallParsedRequest,
  type CurrencyCode,
  type CallResponse,
  type bankCalls,
} from '@lobby/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { WithdrawalStatus } from './tables.ts';
import { fail } from '../../http/app-error.ts';
import { RequestReplay } from '../../http/request-replay.ts';
import { playerBalances, playerBalancesView, playerWallet } from '../../money/balances.ts';
import { InsufficientFundsError, type Ledger } from '../../money/ledger.service.ts';
import type { BalanceEvents } from '../../money/balance-events.ts';
import type { PlayerService } from '../player/player.service.ts';
import type { CashoutBookService } from './cashout-book.service.ts';
import type { ExperienceRules } from './experience.ts';
import type { Failpoints } from './failpoints.ts';
import type { FundPasswordService } from './fund-password.service.ts';
import { toTradeRecord, type RecordRow } from './records.service.ts';
import type { WalletSettings } from './settings.ts';
import type { WithdrawalRepository, WithdrawalRow } from './withdrawal.repo.ts';
import { BonusRepository } from '../bonus/bonus.repo.ts';
import { assertCashFree, guardsCash } from '../bonus/wagering.ts';

type SubmitInput = CallParsedRequest<typeof bankCalls.cashoutSubmit>;
type MoneyMoved = CallResponse<typeof bankCalls.cashoutSubmit>;
export type { WithdrawalRow };
/** What withdrawals read and lock of a player: the player module's. */
export type WithdrawalPlayers = Pick<PlayerService, 'find' | 'lock'>;

export function withdrawalRecordRow(row: WithdrawalRow): RecordRow {
  return {
    type: 'withdraw',
    id: row.id,
    raw_status: row.status,
    direction: 'out',
    currency: row.currency,
    amount: row.amount,
    fee: row.fee,
    to_currency: null,
    to_amount: null,
    rate: null,
    address: row.to_address,
    tx_id: row.tx_id,
    counterparty_id: null,
    remark: null,
    last_error: row.last_error,
    created_at: row.created_at,
    completed_at: row.completed_at,
  };
}

/**
 * Withdrawals from the player's side: the limits, the request, and the operator's review. The
 * player is debited into `withdrawal_pending` in the same database transaction that creates the
 * withdrawal, so a withdrawal exists exactly when its money is set aside; the chain side is the
 * chain payment sender's (withdrawal-processor.ts). A rejected or failed withdrawal is refunded once, under
 * `withdrawal-refund:<id>`, in the transaction that gives it its final status.
 */
export class WithdrawalService {
  /** Set once the processor exists, so a new withdrawal is sent without waiting for the next tick. */
  onQueued: () => void = () => undefined;
  /** Two-factor for withdrawals (the account-security module); without it nothing is asked. */
  secondFactor?: { require(playerId: number, code: string | undefined): Promise<void> };
  /** An experience account's withdrawal of 100 USDT or more ends its experience (player-mark/experience-end.ts). */
  experienceEnd?: { atWithdrawal(trx: Db, playerId: number): Promise<void> };
  /** A return of a held deposit failed or was rejected: its deposit is held again (protection/held-deposits.ts), in the refund's transaction. */
  heldReturnRefunded?: (trx: Db, refund: { playerId: number; currency: 'USDT' | 'TRX'; depositId: bigint; amount: bigint }) => Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly repo: WithdrawalRepository,
    private readonly players: WithdrawalPlayers,
    private readonly ledger: Ledger,
    private readonly fundPasswords: FundPasswordService,
    private readonly book: CashoutBookService,
    private readonly experience: ExperienceRules,
    private readonly notifier: BalanceEvents,
    private readonly settings: WalletSettings,
    private readonly failpoint: Failpoints,
    private readonly log: FastifyBaseLogger,
    /** Where each status a withdrawal enters here is announced (`withdrawal.state`, for the consoles). */
    private readonly bus?: EventBus,
  ) {}

  async config(playerId: number): Promise<CallResponse<typeof bankCalls.cashoutConfig>> {
    const [hasFundPassword, wallet, used, player, wagering] = await Promise.all([
      this.fundPasswords.isSet(playerId),
      playerWallet(this.db, playerId),
      this.repo.countToday(playerId),
      this.players.find(playerId),
      new BonusRepository(this.db).wagering(playerId),
    ]);
    if (!player) throw fail('PLAYER_MISSING');
    const restricted = (await this.experience.restriction(player, wallet.total.USDT)) !== null;
    // Cash only: bonus money never leaves; a requirement from before the split still guards cash.
    const guarded = (currency: CurrencyCode) => guardsCash(wagering.find((w) => w.currency === currency));
    return {
      hasFundPassword,
      currencies: CURRENCIES.map((currency) => {
        const l = this.settings.withdrawal.limits[currency];
        return {
          currency,
          enabled: l.max > 0n,
          minAmount: formatMicro(l.min),
          maxAmount: formatMicro(l.max),
          fee: formatMicro(l.fee),
          reviewThreshold: formatMicro(l.review),
          withdrawable: formatMicro(restricted || guarded(currency) ? 0n : wallet.cash[currency]),
          dailyCountLimit: this.settings.withdrawal.dailyCount,
          dailyCountUsed: used,
        };
      }),
    };
  }

  async submit(playerId: number, input: SubmitInput): Promise<MoneyMoved> {
    // Before the replay: a replay answers the first result, which only the PIN's holder may read.
    await this.fundPasswords.verify(playerId, input.fundPassword);
    const request = new RequestReplay(
      'withdrawal',
      input.requestId,
      () => this.repo.findByRequest(playerId, input.requestId),
      (row) => row.currency === input.currency && row.amount === input.amount,
    );
    const replay = await request.earlier();
    if (replay) return this.result(replay);
    // After the replay: a retry of a withdrawal made already needs no fresh code.
    await this.secondFactor?.require(playerId, input.twoFactorCode);

    const toAddress = await this.destination(playerId, input);
    const limits = this.settings.withdrawal.limits[input.currency];
    if (limits.max === 0n) throw fail('BANK_WITHDRAW_REJECTED', `${input.currency} withdrawals are closed`);
    if (input.amount < limits.min) throw fail('INVALID_PARAMETERS', `amount: below the minimum of ${formatMicro(limits.min)}`);
    if (input.amount > limits.max) throw fail('INVALID_PARAMETERS', `amount: above the maximum of ${formatMicro(limits.max)}`);
    const player = await this.players.find(playerId);
    if (!player) throw fail('PLAYER_MISSING');
    await this.experience.check(player, (await playerBalances(this.db, playerId)).USDT, ErrorCode.BANK_WITHDRAW_REJECTED);

    const status: WithdrawalStatus = input.amount >= limits.review ? 'pending_review' : 'queued';
    let created: WithdrawalRow | null;
    try {
      created = await this.db.transaction().execute(async (trx) => {
        // One player's withdrawals queue on their row, so the daily count cannot be raced past.
        await this.players.lock(trx, playerId);
        if (this.settings.withdrawal.dailyCount > 0 && (await this.repo.countToday(playerId, trx)) >= this.settings.withdrawal.dailyCount) {
          throw fail('BANK_WITHDRAW_REJECTED', 'daily withdrawal count reached');
        }
        await assertCashFree(trx, playerId, input.currency);
        const row = await this.repo.insert(trx, {
          player_id: playerId,
          request_id: input.requestId,
          currency: input.currency,
          amount: input.amount,
          fee: limits.fee,
          to_address: toAddress,
          status,
        });
        if (!row) return null;
        // Only an experience account has gold to take back; the hook checks again under its lock.
        if (player.experience_type === ExperienceType.EXPERIENCE) await this.experienceEnd?.atWithdrawal(trx, playerId);
        await this.ledger.transfer(
          {
            idempotencyKey: `withdrawal:${row.id}`,
            kind: 'withdrawal',
            reference: String(row.id),
            metadata: { to: toAddress },
            legs: [
              { account: { kind: 'player', playerId }, currency: input.currency, amount: -input.amount },
              { account: { kind: 'withdrawal_pending' }, currency: input.currency, amount: input.amount },
            ],
          },
          trx,
        );
        return row;
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw fail('INSUFFICIENT_BALANCE');
      throw error;
    }
    // The same request committed first on another connection: answer with its result.
    if (!created) return this.result(await request.winner());
    this.failpoint('withdrawal.after_debit');
    this.log.info({ withdrawalId: String(created.id), playerId, currency: created.currency, amount: String(created.amount), status }, 'withdrawal created');
    await this.notifier.changed([playerId]);
    await this.announceState(created);
    if (status === 'queued') this.onQueued();
    return this.result(created);
  }

  /**
   * Deposits held beyond a deposit limit, sent back to their senders (PROTECTION.md "Limits"): one
   * withdrawal per deposit, debiting the held account, under the usual fee and review threshold; no
   * fund password or saved address, since the money only goes back where it came from. A part not
   * above the fee stays held. `onDebited` runs in the same transaction (the held parts are settled).
   * A failed or rejected one is refunded to the held account and its deposit held again (never to
   * cash: a return that fails must not carry money past a deposit limit), through `heldReturnRefunded`.
   */
  /** Whether held deposits were already sent back under this request id (a retry answers as the first did). */
  heldReturnMade(playerId: number, requestId: string): Promise<boolean> {
    return this.repo.heldReturnMade(playerId, requestId);
  }

  async returnHeld(
    playerId: number,
    requestId: string,
    items: { depositId: bigint; currency: 'USDT' | 'TRX'; amount: bigint; toAddress: string }[],
    onDebited: (trx: Db, sent: { depositId: bigint; amount: bigint }[]) => Promise<void>,
  ): Promise<void> {
    const created: WithdrawalRow[] = [];
    await this.db.transaction().execute(async (trx) => {
      await this.players.lock(trx, playerId);
      const sent: { depositId: bigint; amount: bigint }[] = [];
      for (const item of items) {
        const limits = this.settings.withdrawal.limits[item.currency];
        if (item.amount <= limits.fee) continue;
        const row = await this.repo.insert(trx, {
          player_id: playerId,
          held_deposit_id: item.depositId,
          request_id: `${requestId}:${item.depositId}`,
          currency: item.currency,
          amount: item.amount,
          fee: limits.fee,
          to_address: item.toAddress,
          status: item.amount >= limits.review ? 'pending_review' : 'queued',
        });
        if (!row) continue;
        await this.ledger.transfer(
          {
            idempotencyKey: `withdrawal:${row.id}`,
            kind: 'held_deposit_return',
            reference: String(row.id),
            metadata: { to: item.toAddress, deposit: String(item.depositId) },
            legs: [
              { account: { kind: 'player_held', playerId }, currency: item.currency, amount: -item.amount },
              { account: { kind: 'withdrawal_pending' }, currency: item.currency, amount: item.amount },
            ],
          },
          trx,
        );
        sent.push({ depositId: item.depositId, amount: item.amount });
        created.push(row);
      }
      if (sent.length === 0) throw fail('INVALID_PARAMETERS', 'nothing held is above the withdrawal fee');
      await onDebited(trx, sent);
    });
    await this.notifier.changed([playerId]);
    for (const row of created) await this.announceState(row);
    if (created.some((row) => row.status === 'queued')) this.onQueued();
  }

  /** Operator decision on a withdrawal awaiting review (or one queued and not yet signed, to stop it). */
  async review(id: bigint, approve: boolean): Promise<WithdrawalRow> {
    if (approve) {
      const row = await this.approveIn(this.db, id);
      await this.approved(row);
      return row;
    }
    const row = await this.refund(id, 'rejected', ['pending_review', 'queued'], null, 'rejected by operator');
    if (!row) throw fail('INVALID_PARAMETERS', 'id: not awaiting review, or already being sent');
    return row;
  }

  /** Queues a withdrawal awaiting review inside the caller's transaction (a second person's approval); call `approved` once it committed. */
  async approveIn(trx: Db, id: bigint): Promise<WithdrawalRow> {
    const row = await this.repo.approve(id, trx);
    if (!row) throw fail('INVALID_PARAMETERS', `withdrawal ${id} is not awaiting review`);
    return row;
  }

  /** Sends an approved withdrawal without waiting for the next tick. */
  async approved(row: WithdrawalRow): Promise<void> {
    this.log.info({ withdrawalId: String(row.id), playerId: row.player_id }, 'withdrawal approved');
    await this.announceState(row);
    this.onQueued();
  }

  /**
   * Gives a withdrawal its final status `rejected` or `failed` and returns the money to the player,
   * in one transaction. Only from the listed statuses (and, when given, only while it still carries
   * that transaction id): whatever else happened first wins, and the refund never runs twice.
   */
  async refund(id: bigint, final: 'rejected' | 'failed', from: WithdrawalStatus[], txId: string | null, reason: string): Promise<WithdrawalRow | null> {
    const row = await this.db.transaction().execute((trx) => this.refundIn(trx, id, final, from, txId, reason));
    if (row) await this.refunded(row);
    return row;
  }

  /** `refund` inside the caller's transaction; call `refunded` once it committed. */
  async refundIn(
    trx: Db,
    id: bigint,
    final: 'rejected' | 'failed',
    from: WithdrawalStatus[],
    txId: string | null,
    reason: string,
  ): Promise<WithdrawalRow | null> {
    const row = await this.repo.close(trx, id, final, from, txId, reason);
    if (!row) return null;
    // A held deposit on its way back to its sender goes back to the held account, held again.
    const heldReturn = row.held_deposit_id !== null;
    await this.ledger.transfer(
      {
        idempotencyKey: `withdrawal-refund:${row.id}`,
        kind: 'withdrawal_refund',
        reference: String(row.id),
        metadata: { reason, ...(heldReturn ? { heldDeposit: String(row.held_deposit_id) } : {}) },
        legs: [
          { account: { kind: 'withdrawal_pending' }, currency: row.currency, amount: -row.amount },
          { account: { kind: heldReturn ? 'player_held' : 'player', playerId: row.player_id }, currency: row.currency, amount: row.amount },
        ],
      },
      trx,
    );
    if (heldReturn) {
      if (!this.heldReturnRefunded) throw new Error('a held deposit return was refunded with nobody to hold it again');
      await this.heldReturnRefunded(trx, { playerId: row.player_id, currency: row.currency, depositId: row.held_deposit_id!, amount: row.amount });
    }
    return row;
  }

  /** Tells the player their refunded money is back. */
  async refunded(row: WithdrawalRow): Promise<void> {
    this.log.info({ withdrawalId: String(row.id), status: row.status, reason: row.last_error }, 'withdrawal refunded');
    await this.notifier.changed([row.player_id]);
    await this.announceState(row);
  }

  /** The withdrawal has committed in this status whatever the bus says: a failure costs the consoles one line. */
  private async announceState(row: WithdrawalRow): Promise<void> {
    const state = { withdrawalId: String(row.id), playerId: row.player_id, currency: row.currency, amount: formatMicro(row.amount), status: row.status };
    await this.bus
      ?.publish('withdrawal.state', state)
      .catch((error: unknown) => this.log.warn({ err: error, withdrawalId: state.withdrawalId }, 'withdrawal state not announced'));
  }

  listOpen(limit = 100): Promise<WithdrawalRow[]> {
    return this.repo.listByStatus(['pending_review', 'queued', 'signed', 'broadcast'], limit);
  }

  findById(id: bigint) {
    return this.repo.findById(id);
  }

  private async destination(playerId: number, input: SubmitInput): Promise<string> {
    let address = input.address!;
    if (input.addressId !== undefined) {
      const saved = await this.book.findAddress(playerId, input.addressId);
      if (!saved) throw fail('INVALID_PARAMETERS', 'addressId: no such saved address');
      address = saved.address;
    }
    // A saved address too: it may have been saved before the site's own addresses were refused, or before it was listed.
    await this.book.checkDestination(address, { kind: 'withdrawal', playerId, currency: input.currency, amount: input.amount });
    // A new address waits before it may be used (10066, with when), chosen or typed in.
    await this.book.refuseWaiting(playerId, address);
    return address;
  }

  async result(row: WithdrawalRow): Promise<MoneyMoved> {
    return { record: toTradeRecord(withdrawalRecordRow(row)), balances: await playerBalancesView(this.db, row.player_id) };
  }
}
