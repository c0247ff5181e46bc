import { AutoBetStopReason, BetStatus, ErrorCode, formatMicro } from '@lobby/contract';
import { decidingHeightFor, hashGame, parseOdds, resultOf, type HashResult, type Level } from '@lobby/hash-games';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import { LeaderLock } from '../../db/leader-lock.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError } from '../../http/app-error.ts';
import { pushToPlayer } from '../../realtime/realtime.ts';
import type { HashGameModule } from '../hash-game/hash-game.module.ts';
import type { StoredBlock } from '../hash-game/hash-game.repo.ts';
import { HEAD_EVENT } from '../hash-game/head-cache.ts';
import {
  planBet,
  settlePending,
  stateToJson,
  watchRound,
  withPending,
  withoutPending,
  withPlaced,
  announcedArea,
  type PendingBet,
  type RunState,
  type RunTotals,
} from './auto-bet.logic.ts';
import type { AutoBetRepository, RecordInsert, RecordSettle, ResultInsert, RunRow, RunUpdate } from './auto-bet.repo.ts';

/** The idempotency key of a run's bet in a round: a retry after a crash replays it, never bets twice. */
export const autoBetRequestId = (runId: number, round: number) => `auto-${runId}-${round}`;

/** Refusals that end a run rather than miss a round: no balance, a stake out of bounds, a limit or a pause. */
const STOPPING_CODES: ReadonlySet<number> = new Set([
  ErrorCode.INSUFFICIENT_BALANCE,
  ErrorCode.ILLEGAL_BET_AMOUNT,
  ErrorCode.LIMIT_REACHED,
  ErrorCode.PLAY_PAUSED,
]);

/** Blocks a runner that was down catches up on; older rounds are past betting anyway. */
const MAX_CATCH_UP = 200;

const STATUS_OF = { win: BetStatus.SETTLED_WIN, lose: BetStatus.SETTLED_LOSE, draw: BetStatus.SETTLED_DRAW } as const;

export interface AutoBetRunnerOptions {
  pollMs: number;
  /**
   * Whether bets from a country are refused now (PROTECTION.md "Jurisdictions"): a run started from
   * one the operator blocks afterwards is stopped before its next bet.
   */
  regionBlocked?: (country: string | null) => boolean;
  /** Called after each processed block (benchmarks, tests). */
  onBlock?: (report: BlockReport) => void;
}

export interface BlockReport {
  height: number;
  runs: number;
  bets: number;
  /** Runs that were due to bet at this head and could not get their bet in (a skipped round). */
  missed: number;
  ms: number;
}

interface Work {
  run: RunRow;
  state: RunState;
  totals: RunTotals;
  isOpen: boolean;
  stopType: number;
  changed: boolean;
  results: Map<number, ResultInsert>;
}

/**
 * Plays every open auto-bet, one block at a time, after the round engine stored the block: the
 * rounds the block decides settle the runs' bets (computed from the block with the same rules the
 * engine settles by), then each run due to bet places its bet in the round now open, through the
 * same path as a page bet. One runner per deployment (a Postgres advisory lock; on the embedded
 * database, one per process); what it knows lives in the tables, so another instance, or this one
 * after a restart, carries on from the last processed block.
 *
 * A real bet is written as an intent (the pending round) before it is placed, and its idempotency key
 * is derived from the run and round: after a crash the intent is looked up among the placed bets,
 * and either recorded or retried with the same key.
 */
export class AutoBetRunner {
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private stopped = true;
  private kicked = false;
  private unsubscribe: (() => void) | undefined;
  private readonly lock: LeaderLock;

  constructor(
    database: DatabaseHandle,
    databaseUrl: string | undefined,
    private readonly repo: AutoBetRepository,
    private readonly hash: HashGameModule,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly options: AutoBetRunnerOptions,
  ) {
    this.lock = new LeaderLock(database, 'auto-bet.runner', databaseUrl);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = this.bus.subscribe(HEAD_EVENT, () => this.kick());
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.queue;
    await this.lock.close();
  }

  /** Processes every stored block not processed yet, if this instance leads; false when another does. */
  runOnce(): Promise<boolean> {
    const run = this.queue.then(() => this.pass());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private kick(): void {
    if (this.stopped || this.kicked) return;
    this.kicked = true;
    // After the engine's own handlers of the same event: the block is stored by then.
    setImmediate(() => {
      this.kicked = false;
      if (!this.stopped) this.schedule(0);
    });
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runOnce()
        .catch((error) => this.log.error({ err: error }, 'auto-bet runner pass failed; retrying'))
        .finally(() => {
          if (!this.stopped && !this.timer) this.schedule(this.options.pollMs);
        });
    }, delay);
    this.timer.unref?.();
  }

  private async pass(): Promise<boolean> {
    const db = await this.lock.ensure();
    if (!db) return false;
    const head = await this.hash.repo.head();
    if (!head) return true;
    const cursor = await this.repo.cursor(db);
    let from = cursor === null ? head.height : cursor + 1;
    from = Math.max(from, head.height - MAX_CATCH_UP + 1);
    for (let height = from; height <= head.height; height++) {
      const block = height === head.height ? head : await this.hash.repo.block(height);
      if (!block) throw new Error(`block ${height} is not stored below the head ${head.height}`);
      await this.processBlock(db, block, height === head.height);
    }
    return true;
  }

  private async processBlock(db: Db, block: StoredBlock, atHead: boolean): Promise<void> {
    const started = performance.now();
    const h = block.height;
    const runs = await this.repo.activeRuns(db);
    const results = new Map<number, HashResult>();
    const resultFor = (gameId: number) => {
      let result = results.get(gameId);
      if (!result) results.set(gameId, (result = resultOf(gameId, block.blockId, h)));
      return result;
    };

    // Intents a crash left unanswered: the bet either exists under its key or was never placed.
    const unanswered = runs.flatMap((run) => (run.simulate ? [] : run.state.pending.filter((bet) => !bet.placed).map((bet) => ({ run, bet }))));
    const placed = await this.repo.placedBets(
      db,
      unanswered.map(({ run, bet }) => ({ playerId: run.playerId, requestId: autoBetRequestId(run.id, bet.round) })),
    );

    const records: RecordInsert[] = [];
    const settled: RecordSettle[] = [];
    const works: Work[] = [];
    const retries: { work: Work; bet: PendingBet }[] = [];
    for (const run of runs) {
      const work: Work = { run, state: run.state, totals: run.totals, isOpen: run.isOpen, stopType: 0, changed: false, results: new Map() };
      works.push(work);
      const game = hashGame(run.gameId);
      for (const pending of run.simulate ? [] : work.state.pending.filter((bet) => !bet.placed)) {
        const bet = placed.get(`${run.playerId}/${autoBetRequestId(run.id, pending.round)}`);
        if (bet) {
          work.state = withPlaced(work.state, pending.round, bet.oddsBp);
          records.push({ runId: run.id, round: pending.round, amount: pending.amount, area: pending.area, oddsBp: bet.oddsBp, betId: bet.id });
        } else if (atHead && run.isOpen && decidingHeightFor(run.gameId, h) === pending.round) {
          retries.push({ work, bet: pending });
        } else {
          work.state = withoutPending(work.state, pending.round);
        }
        work.changed = true;
      }
      if (h % game.blocksPerRound !== 0) continue;
      const result = resultFor(run.gameId);
      const row = (stopType: number): ResultInsert => ({
        runId: run.id,
        blockNum: h,
        announceArea: announcedArea(run.gameId, result),
        blockHash: block.blockId,
        stopType,
      });
      if (work.state.pending[0]?.round === h) {
        const bet = work.state.pending[0];
        const step = settlePending(run.gameId, run.settings, work.state, work.totals, result);
        work.state = step.state;
        work.totals = step.totals;
        work.changed = true;
        settled.push({ runId: run.id, round: h, status: STATUS_OF[step.outcome], profit: step.payout - bet.amount });
        if (step.stopType !== 0 && work.isOpen) this.close(work, step.stopType);
        work.results.set(h, row(work.isOpen ? 0 : work.stopType));
      } else if (work.isOpen && work.state.pending.length === 0) {
        const wasWatching = work.state.watching;
        work.state = watchRound(run.gameId, run.settings, work.state, result, this.oddsOf(run));
        work.changed = true;
        if (wasWatching) work.results.set(h, row(0));
      }
    }

    // Bets go only into the round open at the newest block: rounds of older blocks are closed.
    const intents: { work: Work; round: number; area: string; amount: bigint; oddsBp: number }[] = [];
    let due = retries.length;
    for (const { work, bet } of retries) {
      const { round, area, amount, oddsBp } = bet;
      intents.push({ work, round, area, amount, oddsBp });
    }
    if (atHead) {
      for (const work of works) {
        if (!work.isOpen) continue;
        const { run } = work;
        if (this.options.regionBlocked?.(run.country)) {
          this.close(work, AutoBetStopReason.REGION_BLOCKED);
          this.stopRow(work, block);
          continue;
        }
        const openRound = decidingHeightFor(run.gameId, h);
        const terms = await this.hash.rules.pageBetTerms(run.gameId, run.level as Level, run.currency);
        const plan = planBet(run.gameId, run.settings, work.state, openRound, terms.limit, work.totals);
        if (plan.kind === 'wait') continue;
        if (plan.kind === 'stop') {
          this.close(work, plan.stopType);
          this.stopRow(work, block);
          continue;
        }
        due++;
        const oddsBp = this.hash.rules.config(run.gameId, run.level as Level).odds[plan.area]!;
        const pending = { round: plan.round, area: plan.area, amount: plan.amount, oddsBp, placed: run.simulate };
        work.state = withPending(run.settings, work.state, pending, hashGame(run.gameId).blocksPerRound);
        work.changed = true;
        if (run.simulate) {
          work.totals = { ...work.totals, virtualBalance: work.totals.virtualBalance! - plan.amount };
          records.push({ runId: run.id, round: plan.round, amount: plan.amount, area: plan.area, oddsBp, betId: null });
        } else {
          intents.push({ work, round: plan.round, area: plan.area, amount: plan.amount, oddsBp });
        }
      }
    }

    let open = new Set<number>();
    await db.transaction().execute(async (trx) => {
      open = await this.repo.updateRuns(trx, works.filter((w) => w.changed).map(toUpdate));
      await this.repo.insertRecords(trx, records);
      await this.repo.settleRecords(trx, settled);
      await this.repo.insertResults(
        trx,
        works.flatMap((w) => [...w.results.values()]),
      );
      await this.repo.setCursor(trx, h);
    });

    let missed = 0;
    if (intents.length > 0) {
      const answered = await Promise.all(intents.filter((i) => open.has(i.work.run.id)).map((intent) => this.place(intent)));
      const after: Work[] = [];
      const placedRecords: RecordInsert[] = [];
      for (const { intent, bet, error } of answered) {
        const { work } = intent;
        work.results = new Map();
        if (bet) {
          work.state = withPlaced(work.state, intent.round, bet.oddsBp);
          placedRecords.push({ runId: work.run.id, round: intent.round, amount: intent.amount, area: intent.area, oddsBp: bet.oddsBp, betId: bet.id });
        } else {
          work.state = withoutPending(work.state, intent.round);
          if (error === ErrorCode.INSUFFICIENT_BALANCE) this.close(work, AutoBetStopReason.INSUFFICIENT_BALANCE);
          else if (error === ErrorCode.ILLEGAL_BET_AMOUNT) this.close(work, AutoBetStopReason.BET_OVER_LIMIT);
          else if (error === ErrorCode.LIMIT_REACHED || error === ErrorCode.PLAY_PAUSED) this.close(work, AutoBetStopReason.PLAYER_PROTECTION);
          else missed++;
          if (!work.isOpen) this.stopRow(work, block);
        }
        after.push(work);
      }
      await db.transaction().execute(async (trx) => {
        await this.repo.updateRuns(trx, after.map(toUpdate));
        await this.repo.insertRecords(trx, placedRecords);
        await this.repo.insertResults(
          trx,
          after.flatMap((w) => [...w.results.values()]),
        );
      });
    }

    const players = new Set(works.filter((w) => w.changed).map((w) => w.run.playerId));
    for (const playerId of players) {
      pushToPlayer(this.bus, { playerId, event: 'autoBet', data: { height: h } }).catch(() => undefined);
    }
    this.options.onBlock?.({ height: h, runs: runs.length, bets: due - missed, missed, ms: performance.now() - started });
  }

  private oddsOf(run: RunRow): number {
    const area = run.settings.strategy.details[0].area;
    return this.hash.rules.config(run.gameId, run.level as Level).odds[area]!;
  }

  private close(work: Work, stopType: number): void {
    work.isOpen = false;
    work.stopType = stopType;
    work.changed = true;
  }

  private stopRow(work: Work, block: StoredBlock): void {
    const existing = work.results.get(block.height);
    work.results.set(block.height, {
      runId: work.run.id,
      blockNum: block.height,
      announceArea: existing?.announceArea ?? null,
      blockHash: block.blockId,
      stopType: work.stopType,
    });
  }

  private async place(intent: { work: Work; round: number; area: string; amount: bigint }): Promise<{
    intent: typeof intent;
    bet?: { id: number; oddsBp: number };
    error?: number;
  }> {
    const { run } = intent.work;
    try {
      const reply = await this.hash.service.bet(run.playerId, {
        requestId: autoBetRequestId(run.id, intent.round),
        gameId: run.gameId as never,
        level: run.level as never,
        area: intent.area as never,
        amount: intent.amount,
        currency: run.currency,
        round: intent.round,
      });
      return { intent, bet: { id: reply.bet.id, oddsBp: parseOdds(reply.bet.odds) } };
    } catch (error) {
      if (error instanceof AppError) {
        if (!STOPPING_CODES.has(error.code)) {
          this.log.warn({ err: error, runId: run.id, round: intent.round }, 'auto-bet missed a round');
        }
        return { intent, error: error.code };
      }
      this.log.warn({ err: error, runId: run.id, round: intent.round, amount: formatMicro(intent.amount) }, 'auto-bet missed a round');
      return { intent, error: -1 };
    }
  }
}

function toUpdate(work: Work): RunUpdate {
  return {
    id: work.run.id,
    state: stateToJson(work.state),
    pendingRound: work.state.pending[0]?.round ?? null,
    isOpen: work.isOpen,
    stopType: work.stopType,
    totals: work.totals,
  };
}
