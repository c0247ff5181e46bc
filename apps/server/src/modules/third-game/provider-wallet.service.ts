import type { Db } from '../../db/database.ts';
import { InsufficientFundsError, type Ledger, type LedgerCurrency } from '../../money/ledger.service.ts';
import {
  ProviderWalletRepository,
  type NewProviderTransaction,
  type ProviderRoundRecord,
  type RoundFilter,
  type SessionTerms,
  type StoredProviderTransaction,
  type WalletSession,
} from './provider-wallet.repo.ts';
import { HeldWins, holdReason } from './held-wins.ts';
import { isProtectionRefusal, type ProtectionGate } from '../protection/protection-gate.ts';
import { TurnoverRepository, type LevelUp, type TurnoverHooks } from '../turnover/turnover.repo.ts';
import { dropSpentRequirements } from '../bonus/wagering.ts';
import type { Batcher } from '../../money/batcher.ts';
import { createWalletCallBatcher, settlementTransfer, type WalletCall } from './provider-wallet.batch.ts';

/**
 * The seamless wallet an aggregator calls: every bet debits and every win or refund credits the
 * player's ledger balance in one transfer against `provider_settlement`, in the same database
 * transaction as the aggregator's transaction row and the round it belongs to. A transaction uuid is
 * applied at most once, ever: a replay answers as the first call did, a different call reusing the
 * uuid is refused. The outcomes are named as in Hub88's protocol, which this wallet speaks first.
 */

export type WalletStatus =
  | 'RS_OK'
  | 'RS_ERROR_UNKNOWN'
  | 'RS_ERROR_INVALID_TOKEN'
  | 'RS_ERROR_TOKEN_EXPIRED'
  | 'RS_ERROR_INVALID_GAME'
  | 'RS_ERROR_WRONG_CURRENCY'
  | 'RS_ERROR_NOT_ENOUGH_MONEY'
  | 'RS_ERROR_USER_DISABLED'
  | 'RS_ERROR_INVALID_SIGNATURE'
  | 'RS_ERROR_WRONG_SYNTAX'
  | 'RS_ERROR_WRONG_TYPES'
  | 'RS_ERROR_DUPLICATE_TRANSACTION'
  | 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST'
  | 'RS_ERROR_TRANSACTION_ROLLED_BACK';

export interface WalletOutcome {
  status: WalletStatus;
  /** The player's balance in the aggregator's units, when the answer carries one. */
  balance?: bigint;
}

export interface WalletOptions {
  /** The aggregator's name, as stored with its sessions and games. */
  aggregator: string;
  /** The currency the aggregator plays in (e.g. USD), backed 1:1 by `ledgerCurrency`. */
  currency: string;
  ledgerCurrency: LedgerCurrency;
  /** Micro-units of the ledger currency per unit of the aggregator's amounts (Hub88: 10). */
  microPerUnit: bigint;
  /** Told after a transaction committed and before its answer is sent (crash tests kill the process here). */
  afterCommit?: () => void;
  /** Told which players' balances changed, after commit. */
  onBalanceChanged?: (playerId: number) => void;
  /** VIP: a closed round's valid turnover is recorded under these terms, and level-ups announced. */
  turnover?: TurnoverHooks;
  /** Bets and wins arriving together are applied in shared transactions (see provider-wallet.batch.ts) unless false. */
  batching?: false | { maxSize?: number; maxConcurrent?: number };
  /** What the wallet believes of a signed callback; each limit has a default (DEFAULT_PLAUSIBILITY). */
  plausibility?: Partial<WalletPlausibility>;
  /**
   * Limits, time-outs and self-exclusions (PROTECTION.md): a guarded player's bets take the one-by-one
   * path, which judges them in its transaction; a refusal answers RS_ERROR_USER_DISABLED (the
   * protocol has no limit status).
   */
  protection?: Pick<ProtectionGate, 'guardOf' | 'admitStake'>;
}

/** PROVIDERS.md "Plausibility": when a session has gone idle, and which wins wait for an operator. */
export interface WalletPlausibility {
  /** A session without a callback or entry for this long takes no more bets. */
  sessionIdleSeconds: number;
  /** A win above this multiple of its round's stakes is held. */
  winHoldMultiple: bigint;
  /** A win above this (micro-units of the ledger currency) is held, whatever its stakes. */
  winHoldCap: bigint;
}

export const DEFAULT_PLAUSIBILITY: Readonly<Record<LedgerCurrency, WalletPlausibility>> = {
  USDT: { sessionIdleSeconds: 30 * 60, winHoldMultiple: 5000n, winHoldCap: 100_000n * 1_000_000n },
  TRX: { sessionIdleSeconds: 30 * 60, winHoldMultiple: 5000n, winHoldCap: 1_000_000n * 1_000_000n },
};

/** The wallet's limits, its defaults filled in. */
export function plausibilityOf(options: WalletOptions): WalletPlausibility {
  return { ...DEFAULT_PLAUSIBILITY[options.ledgerCurrency], ...options.plausibility };
}

/** A session's sighting is written at most once a minute (or a quarter of the idle time, if shorter). */
export function sessionTermsOf(limits: WalletPlausibility): SessionTerms {
  return { idleSeconds: limits.sessionIdleSeconds, touchSeconds: Math.min(60, Math.floor(limits.sessionIdleSeconds / 4)) };
}

export interface BetRequest {
  transactionUuid: string;
  token: string;
  playerId: number;
  user: string;
  round: string;
  gameCode: string;
  currency: string;
  amount: bigint;
  roundClosed: boolean;
}

export interface WinRequest extends BetRequest {
  referenceTransactionUuid: string;
}

export interface RollbackRequest {
  transactionUuid: string;
  token: string;
  playerId: number;
  user: string;
  round: string | null;
  gameCode: string | null;
  referenceTransactionUuid: string;
  roundClosed: boolean;
}

/** A request that cannot be applied; its status is the answer. */
class Refusal extends Error {
  constructor(readonly status: WalletStatus) {
    super(status);
  }
}

/** A request refused for its session or currency: a replay of an applied transaction still answers as that one did. */
class SessionRefusal extends Refusal {}

type Kind = StoredProviderTransaction['kind'];

interface Incoming {
  kind: Kind;
  playerId: number;
  user: string;
  round: string | null;
  gameCode: string | null;
  currency: string;
  amount: bigint | null;
  referenceTransactionUuid: string | null;
}

export class ProviderWalletService {
  readonly repo: ProviderWalletRepository;
  readonly heldWins: HeldWins;
  readonly limits: WalletPlausibility;
  private readonly sessionTerms: SessionTerms;
  private readonly turnover: TurnoverRepository;
  private readonly batcher: Batcher<WalletCall, WalletOutcome> | undefined;

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    readonly options: WalletOptions,
  ) {
    this.repo = new ProviderWalletRepository(db);
    this.heldWins = new HeldWins(db, ledger, options.onBalanceChanged);
    this.limits = plausibilityOf(options);
    this.sessionTerms = sessionTermsOf(this.limits);
    this.turnover = new TurnoverRepository(db);
    if (options.batching !== false && !db.isTransaction) {
      this.batcher = createWalletCallBatcher({
        ledger,
        repo: this.repo,
        options,
        alone: (call) => (call.kind === 'bet' ? this.betAlone(call.request) : this.winAlone(call.request)),
      });
    }
  }

  get currency(): string {
    return this.options.currency;
  }

  /**
   * The balance in the aggregator's units (whole units of 1/100000 for Hub88; a remainder is never
   * shown as more): cash and bonus money together, what the player may stake.
   */
  async balanceOf(playerId: number, trx?: Db): Promise<bigint> {
    return (await this.stakeable(playerId, trx)) / this.options.microPerUnit;
  }

  /** Cash plus bonus money, micro-units. */
  private async stakeable(playerId: number, trx?: Db): Promise<bigint> {
    const { cash, bonus } = await this.repo.cashAndBonus(playerId, this.options.ledgerCurrency, trx);
    return cash + bonus;
  }

  /** Whether the player exists and may play. */
  async userInfo(playerId: number): Promise<WalletOutcome> {
    const status = await this.repo.playerStatus(playerId);
    if (status === null) return { status: 'RS_ERROR_INVALID_TOKEN' };
    if (status !== 0) return { status: 'RS_ERROR_USER_DISABLED' };
    return { status: 'RS_OK' };
  }

  /** The balance for a session's player; an ended session still reads its balance. */
  async balance(token: string, playerId: number): Promise<WalletOutcome> {
    const session = await this.repo.session(token);
    if (!session || session.playerId !== playerId) return { status: 'RS_ERROR_INVALID_TOKEN' };
    return { status: 'RS_OK', balance: await this.balanceOf(playerId) };
  }

  bet(request: BetRequest): Promise<WalletOutcome> {
    const guarded = this.options.protection?.guardOf(request.playerId) !== undefined;
    return this.batcher && !guarded ? this.batcher.submit({ kind: 'bet', request }) : this.betAlone(request);
  }

  win(request: WinRequest): Promise<WalletOutcome> {
    return this.batcher ? this.batcher.submit({ kind: 'win', request }) : this.winAlone(request);
  }

  private async betAlone(request: BetRequest): Promise<WalletOutcome> {
    const incoming: Incoming = { kind: 'bet', ...request, referenceTransactionUuid: null };
    const micro = request.amount * this.options.microPerUnit;
    let levelUps: LevelUp[] = [];
    const outcome = await this.apply(request.transactionUuid, incoming, async (trx, record) => {
      // The session is read in the same statement that records the bet and its round; a refused
      // bet rolls both back.
      const round = { ...this.sessionRoundOf(request), bet: micro, win: 0n, bets: 1, closed: request.roundClosed };
      const { session, fresh } = await this.repo.recordBet(request.token, record, round, this.sessionTerms, trx);
      const refusal = await this.betRefusal(session, request, trx);
      if (refusal) throw new SessionRefusal(refusal);
      if (!fresh) return null;
      try {
        await this.options.protection?.admitStake(request.playerId, this.options.ledgerCurrency, micro, trx);
      } catch (error) {
        if (isProtectionRefusal(error)) throw new Refusal('RS_ERROR_USER_DISABLED');
        throw error;
      }
      levelUps = await this.closeRound(request, trx);
      // Cash first, then bonus money (ECONOMY.md "Bonus money and wagering").
      const { cash, bonus } = await this.repo.cashAndBonus(request.playerId, this.options.ledgerCurrency, trx);
      const fromBonus = micro > cash ? micro - cash : 0n;
      if (fromBonus > bonus) throw new InsufficientFundsError(request.transactionUuid, [request.playerId]);
      if (fromBonus > 0n)
        await this.repo.recordBonusStake({ ...this.bonusChange(request, request.transactionUuid), stake: fromBonus, credited: 0n, roundOpen: true }, trx);
      const settled =
        request.roundClosed && (await this.repo.settleRoundBonus(this.options.aggregator, request.playerId, request.round, this.options.ledgerCurrency, trx));
      const metadata = { round: request.round, game: request.gameCode };
      const balance = await this.post('provider_bet', request.transactionUuid, request.playerId, -(micro - fromBonus), metadata, trx, -fromBonus);
      if (settled) await this.dropSpent(request.playerId, trx);
      return balance;
    });
    if (levelUps.length > 0) void this.options.turnover?.levelsReached(levelUps);
    return outcome;
  }

  private async winAlone(request: WinRequest): Promise<WalletOutcome> {
    const incoming: Incoming = { kind: 'win', ...request };
    const micro = request.amount * this.options.microPerUnit;
    let levelUps: LevelUp[] = [];
    const outcome = await this.apply(request.transactionUuid, incoming, async (trx, record) => {
      const round = { ...this.sessionRoundOf(request), bet: 0n, win: micro, bets: 0, wins: 1, closed: request.roundClosed };
      // Session, record, bet and round locks and the round's change in one statement; the round
      // changes there only if the bet is found fit, and any refusal below rolls the whole transaction back.
      const { session, fresh, bet, before } = await this.repo.recordWin(
        request.token,
        { ...record, referenceTransactionUuid: request.referenceTransactionUuid, round: request.round },
        round,
        this.sessionTerms,
        trx,
      );
      if (!session || session.playerId !== request.playerId) throw new SessionRefusal('RS_ERROR_INVALID_TOKEN');
      if (request.currency !== this.options.currency) throw new SessionRefusal('RS_ERROR_WRONG_CURRENCY');
      if (!fresh) return null;
      if (!bet || bet.kind !== 'bet' || bet.playerId !== request.playerId) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      if (bet.rolledBack) throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK');
      // A round, once closed, is settled: nothing it did not pay by then is paid (ours).
      if (before.closed) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      const metadata = { round: request.round, game: request.gameCode, bet: request.referenceTransactionUuid };
      const held = holdReason(micro, before.stakes, this.limits);
      if (held) {
        // The round counts the win only once an operator releases it.
        await this.repo.changeRound({ ...this.roundOf(request, session), bet: 0n, win: -micro, bets: 0, closed: false }, trx);
        levelUps = await this.closeRound(request, trx);
        const settled =
          request.roundClosed && (await this.repo.settleRoundBonus(this.options.aggregator, request.playerId, request.round, this.options.ledgerCurrency, trx));
        const transfer = settlementTransfer(this.options, 'provider_win_held', request.transactionUuid, request.playerId, micro, metadata);
        await this.heldWins.hold(
          { ...this.sessionRoundOf(request), transactionUuid: request.transactionUuid, amount: micro, stakes: before.stakes, reason: held },
          transfer,
          trx,
        );
        if (settled) await this.dropSpent(request.playerId, trx);
        return this.stakeable(request.playerId, trx);
      }
      levelUps = await this.closeRound(request, trx);
      // The win returns as the round was staked: its bonus part (rounded down) to bonus money while
      // the player's requirement is live, the rest to cash.
      const toBonus = await this.bonusPart(request.playerId, before.stakes > 0n ? (micro * before.bonusStakes) / before.stakes : 0n, trx);
      if (toBonus > 0n)
        await this.repo.recordBonusStake({ ...this.bonusChange(request, request.transactionUuid), stake: 0n, credited: toBonus, roundOpen: true }, trx);
      const settled =
        request.roundClosed && (await this.repo.settleRoundBonus(this.options.aggregator, request.playerId, request.round, this.options.ledgerCurrency, trx));
      const balance = await this.post('provider_win', request.transactionUuid, request.playerId, micro - toBonus, metadata, trx, toBonus);
      if (settled) await this.dropSpent(request.playerId, trx);
      return balance;
    });
    if (levelUps.length > 0) void this.options.turnover?.levelsReached(levelUps);
    return outcome;
  }

  /** A round that closes with this callback has its valid turnover recorded (once: a repeat adds nothing). */
  private async closeRound(request: { playerId: number; round: string; roundClosed: boolean }, trx: Db): Promise<LevelUp[]> {
    if (!request.roundClosed || !this.options.turnover) return [];
    return this.turnover.recordProviderRounds(
      trx,
      [{ aggregator: this.options.aggregator, playerId: request.playerId, round: request.round }],
      this.options.turnover.terms(),
    );
  }

  /**
   * Refunds a bet once, however many rollbacks name it. A rollback of a bet never seen changes no
   * balance and leaves a placeholder under the bet's uuid, so the bet, arriving late, is refused.
   */
  async rollback(request: RollbackRequest): Promise<WalletOutcome> {
    const incoming: Incoming = { kind: 'rollback', ...request, currency: this.options.currency, amount: null };
    const session = await this.repo.session(request.token);
    if (!session || session.playerId !== request.playerId) return this.replayOr(request.transactionUuid, incoming, 'RS_ERROR_INVALID_TOKEN');
    return this.apply(request.transactionUuid, incoming, async (trx, record) => {
      if (!(await this.repo.insert(record, trx))) return null;
      const balance = () => this.ledger.balance({ kind: 'player', playerId: request.playerId }, this.options.ledgerCurrency, trx);
      const placeholderMade = await this.repo.insert(
        {
          aggregator: this.options.aggregator,
          transactionUuid: request.referenceTransactionUuid,
          kind: 'bet',
          playerId: request.playerId,
          userId: request.user,
          round: request.round,
          gameCode: request.gameCode,
          currency: this.options.currency,
          amount: 0n,
          referenceTransactionUuid: null,
          placeholder: true,
        },
        trx,
      );
      if (placeholderMade) return balance();
      const bet = await this.repo.lock(this.options.aggregator, request.referenceTransactionUuid, trx);
      if (!bet || bet.kind !== 'bet' || bet.playerId !== request.playerId) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      if (bet.rolledBack) return balance();
      // A round that received a win is settled: its bets are no longer refunded (ours).
      const round = bet.round === null ? null : await this.repo.lockRound(this.options.aggregator, bet.playerId, bet.round, trx);
      if ((round?.winCount ?? 0) > 0) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      await this.repo.markRolledBack(bet.id, trx);
      const micro = bet.amount * this.options.microPerUnit;
      if (bet.round !== null && bet.gameCode !== null) {
        await this.repo.changeRound(
          {
            ...this.roundOf({ playerId: bet.playerId, round: bet.round, gameCode: bet.gameCode }, session),
            bet: -micro,
            win: 0n,
            bets: -1,
            closed: request.roundClosed,
          },
          trx,
        );
      }
      // The stake returns as it was drawn: its bonus part to bonus money while the requirement is live.
      const toBonus = await this.bonusPart(request.playerId, bet.bonusAmount, trx);
      if (bet.bonusAmount > 0n) {
        const change = {
          aggregator: this.options.aggregator,
          transactionUuid: request.transactionUuid,
          playerId: request.playerId,
          round: bet.round,
          currency: this.options.ledgerCurrency,
        };
        await this.repo.recordBonusStake({ ...change, stake: -bet.bonusAmount, credited: toBonus, roundOpen: !round?.closed }, trx);
      }
      const settled =
        bet.round !== null &&
        request.roundClosed &&
        (await this.repo.settleRoundBonus(this.options.aggregator, request.playerId, bet.round, this.options.ledgerCurrency, trx));
      const metadata = { round: bet.round, game: bet.gameCode, bet: request.referenceTransactionUuid };
      const after = await this.post('provider_refund', request.transactionUuid, request.playerId, micro - toBonus, metadata, trx, toBonus);
      if (settled) await this.dropSpent(request.playerId, trx);
      return after;
    });
  }

  /** A player's third-party rounds, newest first, for the bet records. */
  rounds(filter: RoundFilter): Promise<ProviderRoundRecord[]> {
    return this.repo.rounds(filter);
  }

  /**
   * One ledger transfer between the player and the settlement account: `micro` of cash and
   * `bonusMicro` of bonus money, positive credits the player, negative debits. Nothing moves for zero
   * (a free spin, a losing round's win). Answers the player's cash plus bonus after it, micro-units.
   */
  private async post(kind: string, transactionUuid: string, playerId: number, micro: bigint, metadata: object, trx: Db, bonusMicro = 0n): Promise<bigint> {
    const currency = this.options.ledgerCurrency;
    if (micro === 0n && bonusMicro === 0n) return this.stakeable(playerId, trx);
    const transfer = settlementTransfer(this.options, kind, transactionUuid, playerId, micro, metadata, bonusMicro);
    // The balance read with the transfer is of an account it moves; the other one is read after it.
    const [moved, other] = bonusMicro !== 0n ? (['player_bonus', 'player'] as const) : (['player', 'player_bonus'] as const);
    const { balance } = await this.ledger.transferAndRead(transfer, trx, { account: { kind: moved, playerId }, currency });
    return balance + (await this.ledger.balance({ kind: other, playerId }, currency, trx));
  }

  /** After a round's bonus stakes settle and its money has moved: a requirement whose bonus is all lost drops. */
  private dropSpent(playerId: number, trx: Db): Promise<void> {
    return dropSpentRequirements(trx, [{ playerId, currency: this.options.ledgerCurrency }]);
  }

  /** A payout's bonus part as it goes: to bonus money while the player's requirement is live, else 0 (all to cash). */
  private async bonusPart(playerId: number, part: bigint, trx: Db): Promise<bigint> {
    if (part === 0n) return 0n;
    return (await this.repo.bonusKeeps(playerId, this.options.ledgerCurrency, trx)) ? part : 0n;
  }

  private bonusChange(request: { playerId: number; round: string }, transactionUuid: string) {
    return { aggregator: this.options.aggregator, transactionUuid, playerId: request.playerId, round: request.round, currency: this.options.ledgerCurrency };
  }

  /** Which round of this aggregator a callback belongs to (its game type and studio are its session's). */
  private sessionRoundOf(request: { playerId: number; round: string; gameCode: string }) {
    return {
      aggregator: this.options.aggregator,
      round: request.round,
      playerId: request.playerId,
      gameCode: request.gameCode,
      currency: this.options.ledgerCurrency,
    };
  }

  private roundOf(request: { playerId: number; round: string; gameCode: string }, session: WalletSession) {
    // A lobby game may switch games within one session; the session's type and studio stand for it.
    return { ...this.sessionRoundOf(request), gameType: session.gameType, manufacturer: session.manufacturer };
  }

  private async betRefusal(session: WalletSession | null, request: BetRequest, trx: Db): Promise<WalletStatus | null> {
    if (!session || session.playerId !== request.playerId) return 'RS_ERROR_INVALID_TOKEN';
    // A frozen player's sessions end with the freeze; the answer says why.
    if (session.playerStatus !== 0) return 'RS_ERROR_USER_DISABLED';
    if (session.ended) return 'RS_ERROR_TOKEN_EXPIRED';
    if (request.currency !== this.options.currency) return 'RS_ERROR_WRONG_CURRENCY';
    if (request.gameCode !== session.gameCode && !(await this.repo.catalogueGame(session.aggregator, request.gameCode, trx))) return 'RS_ERROR_INVALID_GAME';
    return null;
  }

  /** A refused request that repeats an applied transaction answers as that transaction did. */
  private async replayOr(transactionUuid: string, incoming: Incoming, refusal: WalletStatus): Promise<WalletOutcome> {
    const known = await this.repo.find(this.options.aggregator, transactionUuid);
    if (known) return this.answerKnown(known, incoming);
    const outcome: WalletOutcome = { status: refusal };
    if (refusal !== 'RS_ERROR_INVALID_TOKEN' && (await this.repo.playerStatus(incoming.playerId)) !== null) {
      outcome.balance = await this.balanceOf(incoming.playerId);
    }
    return outcome;
  }

  private async answerKnown(known: StoredProviderTransaction, incoming: Incoming): Promise<WalletOutcome> {
    if (known.placeholder && incoming.kind === 'bet') {
      return { status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', balance: await this.balanceOf(incoming.playerId) };
    }
    if (!sameContent(known, incoming)) return { status: 'RS_ERROR_DUPLICATE_TRANSACTION', balance: await this.balanceOf(known.playerId) };
    return { status: 'RS_OK', balance: await this.balanceOf(known.playerId) };
  }

  /**
   * Runs `body` in one database transaction; it records the transaction (`record`) first and answers
   * null when the uuid was already recorded (now, or by a concurrent call that committed first), or
   * the player's balance in micro-units once applied. A known uuid applies nothing and the answer is
   * the replay's. A refusal or an overdraft rolls everything back.
   */
  private async apply(
    transactionUuid: string,
    incoming: Incoming,
    body: (trx: Db, record: NewProviderTransaction) => Promise<bigint | null>,
  ): Promise<WalletOutcome> {
    let balance: bigint | null;
    try {
      // Every body records the transaction first and posts its ledger transfer last: the settlement
      // shard it locks stays locked only from its update to the commit.
      const record: NewProviderTransaction = {
        aggregator: this.options.aggregator,
        transactionUuid,
        kind: incoming.kind,
        playerId: incoming.playerId,
        userId: incoming.user,
        round: incoming.round,
        gameCode: incoming.gameCode,
        currency: incoming.currency,
        amount: incoming.amount ?? 0n,
        referenceTransactionUuid: incoming.referenceTransactionUuid,
      };
      balance = await this.db.transaction().execute((trx) => body(trx, record));
    } catch (error) {
      if (error instanceof SessionRefusal) return this.replayOr(transactionUuid, incoming, error.status);
      if (error instanceof Refusal) {
        return { status: error.status, balance: await this.balanceOf(incoming.playerId) };
      }
      if (error instanceof InsufficientFundsError) {
        return { status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: await this.balanceOf(incoming.playerId) };
      }
      throw error;
    }
    if (balance === null) {
      const known = await this.repo.find(this.options.aggregator, transactionUuid);
      if (!known) throw new Error(`transaction ${transactionUuid} conflicted but cannot be read`);
      return this.answerKnown(known, incoming);
    }
    this.options.afterCommit?.();
    this.options.onBalanceChanged?.(incoming.playerId);
    return { status: 'RS_OK', balance: balance / this.options.microPerUnit };
  }
}

/** Whether a repeated uuid carries the same business content as the transaction recorded under it. */
function sameContent(known: StoredProviderTransaction, incoming: Incoming): boolean {
  return (
    known.kind === incoming.kind &&
    known.playerId === incoming.playerId &&
    known.userId === incoming.user &&
    known.round === incoming.round &&
    known.gameCode === incoming.gameCode &&
    known.currency === incoming.currency &&
    (incoming.amount === null || known.amount === incoming.amount) &&
    known.referenceTransactionUuid === incoming.referenceTransactionUuid
  );
}
