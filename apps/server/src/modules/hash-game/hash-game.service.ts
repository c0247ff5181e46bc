import { formatMicro, type CallParsedRequest, type CallResponse, type hashGameCalls } from '@lobby/contract';
import {
  areasOf,
  checkStake,
  countdown,
  CURRENCIES,
  decidingHeightFor,
  formatOdds,
  hashGame,
  isAreaOf,
  LEVELS,
  resultOf,
  roundWindow,
  settle,
  type Level,
} from '@lobby/hash-games';
import { advisoryKey } from '../../db/leader-lock.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { fail } from '../../http/app-error.ts';
import { balancesView, walletOf, type PlayerWallet } from '../../money/balances.ts';
import { InsufficientFundsError } from '../../money/ledger.service.ts';
import { isPlayerOverdraft } from '../../money/lock-order.ts';
import { pushToPlayer } from '../../realtime/realtime.ts';
import type { BetBatcher } from './bet-batcher.ts';
import type { BetRow, HashGameRepository, PlaceBetRow, StoredBlock } from './hash-game.repo.ts';
import type { HeadCache } from './head-cache.ts';
import type { ProtectionGate } from '../protection/protection-gate.ts';
import type { GameRules } from './rules.ts';
import type { HashGameSettings } from './settings.ts';
import { verifyUrl, workingOf } from './working.ts';

export type HashBet = CallResponse<typeof hashGameCalls.bet>['bet'];
type BetRequest = CallParsedRequest<typeof hashGameCalls.bet>;
type RecordRequest = CallParsedRequest<typeof hashGameCalls.betRecord>;
type VerifyRequest = CallParsedRequest<typeof hashGameCalls.verify>;

/** Taken exclusively by the engine while it stores a block, shared by every bet while it commits. */
export const HEAD_LOCK = advisoryKey('hash-game.head');

/** What happens after a committed balance change: the player's snapshot dropped, sockets told. */
export type BalanceAnnouncer = (playerId: number, wallet: PlayerWallet) => Promise<void>;

export function toHashBet(row: BetRow): HashBet {
  const payout = row.payout === null ? null : BigInt(row.payout);
  const amount = BigInt(row.amount);
  return {
    id: Number(row.id),
    gameId: row.game_id as HashBet['gameId'],
    round: Number(row.round),
    area: row.area as HashBet['area'],
    amount: formatMicro(amount),
    currency: row.currency,
    level: row.level as HashBet['level'],
    odds: formatOdds(row.odds_bp),
    status: row.status as HashBet['status'],
    payoutAmount: payout === null ? null : formatMicro(payout),
    profitAmount: payout === null ? null : formatMicro(payout - amount),
    source: row.source,
    txId: row.tx_id,
    fromAddress: row.from_address,
    payoutTxId: row.payout_tx_id,
    createdAt: row.created_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}

function placedRow(row: PlaceBetRow): BetRow {
  return {
    id: row.o_id!,
    source: 'page',
    player_id: null,
    game_id: row.o_game_id!,
    level: row.o_level!,
    round: row.o_round!,
    area: row.o_area!,
    currency: row.o_currency!,
    amount: row.o_amount!,
    odds_bp: row.o_odds_bp!,
    status: row.o_status!,
    payout: row.o_payout,
    tx_id: null,
    from_address: null,
    created_at: new Date(row.o_created_at!),
    settled_at: row.o_settled_at ? new Date(row.o_settled_at) : null,
    payout_tx_id: null,
  };
}

/** The hash-game calls: page bets, the open round, results, records and the verifier. */
export class HashGameService {
  constructor(
    private readonly repo: HashGameRepository,
    private readonly bets: BetBatcher,
    private readonly rules: GameRules,
    private readonly heads: HeadCache,
    private readonly bus: EventBus,
    private readonly announce: BalanceAnnouncer,
    private readonly settings: HashGameSettings,
    /** Limits, time-outs and self-exclusions (PROTECTION.md): judged before a bet joins a batch. */
    private readonly protection?: ProtectionGate,
  ) {}

  async bet(playerId: number, body: BetRequest): Promise<CallResponse<typeof hashGameCalls.bet>> {
    const game = hashGame(body.gameId);
    const level = body.level as Level;
    const terms = await this.rules.pageBetTerms(game.id, level, body.currency);
    if (!terms.enabled) throw fail('GAME_NOT_FOUND', `game ${game.id} is not open`);
    if (!isAreaOf(game.kind, body.area)) throw fail('FORBIDDEN_BET_AREA', `${body.area} is not an area of game ${game.id}`);
    if (checkStake(body.amount, terms.limit) !== null) {
      throw fail('ILLEGAL_BET_AMOUNT', `stake must be ${formatMicro(terms.limit.min)}-${formatMicro(terms.limit.max)} ${body.currency}`);
    }
    const oddsBp = this.rules.config(game.id, level).odds[body.area]!;

    // Counted before the batch (which is one statement for many players); given back unless placed.
    const admission = await this.protection?.admitStake(playerId, body.currency, body.amount);
    let placed = false;
    try {
      const reply = await this.place(playerId, body, game.id, level, oddsBp);
      placed = reply.placed;
      return reply.answer;
    } finally {
      if (admission && !placed) await admission.release();
    }
  }

  private async place(
    playerId: number,
    body: BetRequest,
    gameId: number,
    level: Level,
    oddsBp: number,
  ): Promise<{ answer: CallResponse<typeof hashGameCalls.bet>; placed: boolean }> {
    const game = hashGame(gameId);
    let head = await this.heads.current();
    // A stale cached head costs one retry with the head the database reported; a moving chain can
    // cost another.
    for (let attempt = 0; attempt < 3; attempt++) {
      if (!head) throw fail('NOT_IN_BETTING_STATE', 'no block seen yet');
      const round = decidingHeightFor(game.id, head.height);
      if (body.round !== undefined && body.round < round) throw fail('NOT_IN_BETTING_STATE', `round ${body.round} is closed`);
      if (body.round !== undefined && body.round > round && attempt === 0) {
        head = await this.heads.refresh();
        continue;
      }
      if (body.round !== undefined && body.round !== round) throw fail('NOT_IN_BETTING_STATE', `round ${body.round} is not open`);
      const window = roundWindow(game.id, round);
      let row: PlaceBetRow;
      try {
        row = await this.bets.submit({
          playerId,
          requestId: body.requestId,
          gameId: game.id,
          level,
          area: body.area,
          currency: body.currency,
          amount: body.amount,
          oddsBp,
          round,
          opensAtHead: window.opensAtHead,
          lastBetHead: window.lastBetHead,
        });
      } catch (error) {
        if (isOverdraft(error)) throw fail('INSUFFICIENT_BALANCE');
        throw error;
      }
      if (row.o_outcome === 'insufficient') throw fail('INSUFFICIENT_BALANCE');
      if (row.o_outcome === 'closed') {
        const now = row.o_head === null ? null : Number(row.o_head);
        if (now !== null && now > head.height) {
          head = (await this.heads.refresh()) ?? head;
          if (head.height < now) head = { ...head, height: now };
          continue;
        }
        throw fail('NOT_IN_BETTING_STATE', now === null ? 'no block seen yet' : 'the chain head is not current');
      }
      const bet = placedRow(row);
      const balance = walletOf(
        { USDT: BigInt(row.o_usdt ?? 0n), TRX: BigInt(row.o_trx ?? 0n) },
        { USDT: BigInt(row.o_bonus_usdt ?? 0n), TRX: BigInt(row.o_bonus_trx ?? 0n) },
      );
      if (row.o_outcome === 'replayed') {
        const same =
          bet.game_id === game.id &&
          bet.level === level &&
          bet.area === body.area &&
          bet.currency === body.currency &&
          BigInt(bet.amount) === body.amount &&
          (body.round === undefined || Number(bet.round) === body.round);
        if (!same) throw fail('REPEAT_BET', `request ${body.requestId} was a different bet`);
      }
      const placed = toHashBet(bet);
      if (row.o_outcome === 'placed') {
        // The player's other screens and devices learn of the bet and the new balance; the money has
        // moved already, so a failure to tell them is not the caller's error.
        this.announce(playerId, balance).catch(() => undefined);
        pushToPlayer(this.bus, { playerId, event: 'bet', data: placed }).catch(() => undefined);
      }
      return { answer: { bet: placed, balances: balancesView(balance) }, placed: row.o_outcome === 'placed' };
    }
    throw fail('NOT_IN_BETTING_STATE', 'the round moved on while betting');
  }

  async round(gameId: number): Promise<CallResponse<typeof hashGameCalls.round>> {
    const game = hashGame(gameId);
    const head = await this.heads.current();
    if (!head) throw fail('NOT_IN_BETTING_STATE', 'no block seen yet');
    return this.roundOf(game.id, head, await this.rules.levelLimits(game.id));
  }

  /** The round call's answer for a given head (also what the engine pushes on `round:<gameId>`). */
  roundOf(gameId: number, head: StoredBlock, limits: Awaited<ReturnType<GameRules['levelLimits']>>): CallResponse<typeof hashGameCalls.round> {
    const game = hashGame(gameId);
    const now = Date.now();
    const clock = countdown(game.id, head.height, Math.max(0, now - head.time));
    return {
      gameId: game.id,
      kind: game.kind,
      period: game.period,
      blocksPerRound: game.blocksPerRound,
      round: clock.decidingHeight,
      closesAt: new Date(now + clock.msToClose).toISOString(),
      secondsToClose: clock.secondsToClose,
      head: { height: head.height, blockId: head.blockId, time: new Date(head.time).toISOString() },
      levels: LEVELS.flatMap((level) => {
        const odds = this.rules.config(game.id, level).odds;
        const areaOdds = areasOf(game.kind).map((area) => ({ area, odds: formatOdds(odds[area]!) }));
        return CURRENCIES.map((currency) => ({
          level,
          currency,
          min: formatMicro(limits[level][currency].min),
          max: formatMicro(limits[level][currency].max),
          odds: areaOdds,
        }));
      }),
      serverTime: new Date(now).toISOString(),
    };
  }

  resultOfBlock(gameId: number, block: StoredBlock): CallResponse<typeof hashGameCalls.results>[number] {
    return {
      gameId: gameId as HashBet['gameId'],
      round: block.height,
      blockId: block.blockId,
      time: new Date(block.time).toISOString(),
      working: workingOf(resultOf(gameId, block.blockId, block.height)),
    };
  }

  async results(gameId: number, limit: number, beforeRound?: number): Promise<CallResponse<typeof hashGameCalls.results>> {
    const game = hashGame(gameId);
    const blocks = await this.repo.decidedRounds(game.blocksPerRound, limit, beforeRound);
    return blocks.map((block) => this.resultOfBlock(game.id, block));
  }

  async myBets(playerId: number, gameId: number): Promise<HashBet[]> {
    const game = hashGame(gameId);
    const head = await this.heads.current();
    const open = head ? decidingHeightFor(game.id, head.height) : game.blocksPerRound;
    const rows = await this.repo.openBets(playerId, game.id, Math.max(1, open - game.blocksPerRound));
    return rows.map(toHashBet);
  }

  async betRecord(playerId: number, body: RecordRequest): Promise<CallResponse<typeof hashGameCalls.betRecord>> {
    const { rows, total } = await this.repo.listBets(
      {
        playerId,
        gameId: body.gameId,
        status: body.status,
        currency: body.currency,
        from: body.from ? new Date(body.from) : undefined,
        to: body.to ? new Date(body.to) : undefined,
      },
      body.page,
      body.pageSize,
    );
    return { list: rows.map(toHashBet), total, page: body.page, pageSize: body.pageSize };
  }

  async betDetail(playerId: number, betId: number): Promise<CallResponse<typeof hashGameCalls.betDetail>> {
    const row = await this.repo.betOf(playerId, betId);
    if (!row) throw fail('INVALID_PARAMETERS', `no bet ${betId} of this player`);
    const bet = toHashBet(row);
    const block = await this.repo.block(bet.round);
    return {
      ...bet,
      blockId: block?.blockId ?? null,
      working: block ? workingOf(resultOf(bet.gameId, block.blockId, block.height)) : null,
      explorerUrl: block && this.settings.explorerBlockUrl ? `${this.settings.explorerBlockUrl}${block.height}` : null,
      verifyUrl: verifyUrl({ gameId: bet.gameId, height: bet.round, blockId: block?.blockId, area: bet.area, amount: bet.amount, level: bet.level }),
    };
  }

  verify(body: VerifyRequest): CallResponse<typeof hashGameCalls.verify> {
    const game = hashGame(body.gameId);
    const result = resultOf(game.id, body.blockId, body.height);
    let stake: CallResponse<typeof hashGameCalls.verify>['stake'] = null;
    if (body.area !== undefined && body.amount !== undefined) {
      if (!isAreaOf(game.kind, body.area)) throw fail('FORBIDDEN_BET_AREA', `${body.area} is not an area of game ${game.id}`);
      const odds = this.rules.config(game.id, body.level as Level).odds[body.area]!;
      const settled = settle({ area: body.area, result, odds, stake: body.amount });
      stake = {
        area: body.area,
        amount: formatMicro(body.amount),
        odds: formatOdds(odds),
        outcome: settled.outcome,
        returnAmount: formatMicro(settled.payout),
      };
    }
    return { gameId: game.id, height: result.height, blockId: result.blockId, working: workingOf(result), stake };
  }

  /** Bets placed and not settled yet, for the wallet's experience-account rules. */
  /** Tells a player about their bets of a settled round (and the new balance, through `announce`). */
  async pushSettled(playerId: number, round: number, bets: HashBet[]): Promise<void> {
    await pushToPlayer(this.bus, { playerId, event: 'betSettled', data: { round, bets } });
  }
}

function isOverdraft(error: unknown): boolean {
  if (error instanceof InsufficientFundsError) return true;
  return isPlayerOverdraft(error);
}
