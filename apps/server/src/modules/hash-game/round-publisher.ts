import { BetStatus } from '@lobby/contract';
import { decidingHeightFor, gamesDecidedAt, HASH_GAME_IDS } from '@lobby/hash-games';
import type { PlayerService } from '../player/player.service.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { BalanceEvents } from '../../money/balance-events.ts';
import { emptyWallet, playersWallets } from '../../money/balances.ts';
import { pushToChannel } from '../../realtime/realtime.ts';
import type { LobbyService } from '../lobby/lobby.service.ts';
import { toHashBet, type HashBet, type HashGameService } from './hash-game.service.ts';
import type { HashGameRepository, StoredBlock } from './hash-game.repo.ts';
import { HEAD_EVENT, type HeadCache } from './head-cache.ts';
import type { GameRules } from './rules.ts';
import type { SettledRound } from './settlement.ts';
import type { RecordedTransfer } from './transfer-watcher.ts';

/**
 * Tells the world what the engine did, after it committed:
 * - a stored block: the head on every instance, `results:<gameId>` for each round it decides and
 *   `round:<gameId>` for each game whose open round changed;
 * - a settled round: each player's bets of the round (`betSettled`) and new balance (`balance`), and
 *   its largest wins to the lobby's ticker (`/v1/app/queryRanking`).
 * Results go out as soon as the block is stored, before settlement: the block alone decides them.
 * Player pushes are queued so that a large round does not hold up the next block.
 */
/** How many of a round's wins the lobby's ticker hears of: the largest, so it is not flooded by one busy round. */
const TICKER_WINS_PER_ROUND = 3;
/**
 * Bets converted, or balances announced, between two turns of the event loop: a minute round can
 * hold tens of thousands of bets, and going through them in one go would hold up every bet call
 * waiting on this process for as long.
 */
const WORK_PER_TURN = 500;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class RoundPublisher {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly service: HashGameService,
    private readonly repo: HashGameRepository,
    private readonly rules: GameRules,
    private readonly heads: HeadCache,
    private readonly balanceEvents: Pick<BalanceEvents, 'announce'>,
    private readonly ticker: Pick<LobbyService, 'recordWin'>,
    private readonly players: Pick<PlayerService, 'nicknames'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async blockStored(block: StoredBlock, previous: StoredBlock | null): Promise<void> {
    this.heads.offer(block);
    try {
      await this.bus.publish(HEAD_EVENT, block);
      for (const gameId of gamesDecidedAt(block.height)) {
        await pushToChannel(this.bus, { channel: `results:${gameId}`, event: 'result', data: this.service.resultOfBlock(gameId, block) });
      }
      for (const gameId of HASH_GAME_IDS) {
        if (previous && decidingHeightFor(gameId, previous.height) === decidingHeightFor(gameId, block.height)) continue;
        const round = this.service.roundOf(gameId, block, await this.rules.levelLimits(gameId));
        await pushToChannel(this.bus, { channel: `round:${gameId}`, event: 'round', data: round });
      }
    } catch (error) {
      this.log.warn({ err: error, height: block.height }, 'block not announced');
    }
  }

  roundSettled(round: SettledRound): void {
    if (round.players.length === 0) return;
    this.enqueue(() => this.announceRound(round));
  }

  transfersRecorded(transfers: RecordedTransfer[]): void {
    const bets = transfers.filter((t) => t.playerId !== null && t.betId !== null);
    if (bets.length === 0) return;
    this.enqueue(async () => {
      const rows = await this.repo.betsById(bets.map((t) => t.betId!));
      for (const row of rows) {
        await this.service.pushSettled(row.player_id!, Number(row.round), [toHashBet(row)]);
      }
      await this.recordBigWins(rows);
    });
  }

  /** Resolves once every queued push has gone out (tests, shutdown). */
  drain(): Promise<void> {
    return this.queue;
  }

  private enqueue(job: () => Promise<void>): void {
    this.queue = this.queue.then(job).catch((error) => this.log.warn({ err: error }, 'settled bets not announced'));
  }

  private async announceRound(round: SettledRound): Promise<void> {
    const rows = await this.repo.pageBetsOfRound(round.height);
    const byPlayer = new Map<number, HashBet[]>();
    for (let i = 0; i < rows.length; i++) {
      if (i > 0 && i % WORK_PER_TURN === 0) await nextTurn();
      const row = rows[i];
      const list = byPlayer.get(row.player_id!) ?? [];
      list.push(toHashBet({ ...row, payout_tx_id: null }));
      byPlayer.set(row.player_id!, list);
    }
    let pushed = 0;
    for (const [playerId, bets] of byPlayer) {
      await this.service.pushSettled(playerId, round.height, bets);
      pushed += bets.length;
      if (pushed >= WORK_PER_TURN) {
        pushed = 0;
        await nextTurn();
      }
    }
    await this.recordBigWins(rows);
    // Its subscribers' failures are reported by the bus: an instance event never throws here.
    await this.bus.publish('round.settled', { playerIds: [...byPlayer.keys()] });

    if (round.paidPlayers.length === 0) return;
    const balances = await playersWallets(this.db, round.paidPlayers);
    for (let i = 0; i < round.paidPlayers.length; i++) {
      if (i > 0 && i % WORK_PER_TURN === 0) await nextTurn();
      const playerId = round.paidPlayers[i];
      const balance = balances.get(playerId);
      await this.balanceEvents.announce(playerId, balance ?? emptyWallet(), { play: true });
    }
  }

  /** The largest wins among `bets` go to the lobby's ticker; a bet reported again is kept once. */
  private async recordBigWins(
    bets: { id: bigint; player_id: number | null; game_id: number; currency: string; status: number; payout: bigint | null; settled_at: Date | null }[],
  ) {
    const wins = largestWins(bets, TICKER_WINS_PER_ROUND);
    if (wins.length === 0) return;
    const nicknames = await this.players.nicknames(wins.map((win) => win.player_id!));
    for (const win of wins) {
      await this.ticker.recordWin({
        playerId: win.player_id!,
        nickname: nicknames.get(win.player_id!) ?? '',
        gameId: win.game_id,
        currency: win.currency as 'USDT' | 'TRX',
        amount: win.payout!,
        reference: `hash:bet:${win.id}`,
        ...(win.settled_at ? { wonAt: win.settled_at } : {}),
      });
    }
  }
}

type SettledBet = { status: number; player_id: number | null; payout: bigint | null };

/**
 * The `count` largest players' wins among `bets`, largest first (the earlier of equal wins first),
 * in one pass: a busy round's bets are not worth sorting.
 */
export function largestWins<T extends SettledBet>(bets: readonly T[], count: number): T[] {
  const wins: T[] = [];
  for (const bet of bets) {
    if (bet.status !== BetStatus.SETTLED_WIN || bet.player_id === null || (bet.payout ?? 0n) <= 0n) continue;
    if (wins.length === count && bet.payout! <= wins[count - 1].payout!) continue;
    let at = wins.findIndex((win) => bet.payout! > win.payout!);
    if (at === -1) at = wins.length;
    wins.splice(at, 0, bet);
    if (wins.length > count) wins.pop();
  }
  return wins;
}
