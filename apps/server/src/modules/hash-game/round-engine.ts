import { blockIdMatchesHeight, isBlockId } from '@lobby/hash-games';
import type { FastifyBaseLogger } from 'fastify';
import type { BlockSummary, TronClient } from '../../chain/tron-client.ts';
import type { Db } from '../../db/database.ts';
import type { LeaderLock } from '../../db/leader-lock.ts';
import { HEAD_LOCK } from './hash-game.service.ts';
import type { HashGameRepository, StoredBlock } from './hash-game.repo.ts';
import type { PayoutSender } from './payout-sender.ts';
import type { RoundPublisher } from './round-publisher.ts';
import { settleRound, type SettledRound, type SettlementFailpoint } from './settlement.ts';
import type { TransferWatcher } from './transfer-watcher.ts';
import type { TurnoverHooks } from '../turnover/turnover.repo.ts';

export interface RoundEngineOptions {
  /** How often the chain head is polled. */
  pollMs: number;
  /** Transfers are scanned after every new block, and at least this often. */
  transferPollMs: number;
  /** Blocks fetched at once while catching up. */
  catchUpBatch?: number;
  failpoint?: SettlementFailpoint;
  /** Called with each block right after it is stored (before its rounds are settled). */
  onStored?: (block: StoredBlock) => void;
  onSettled?: (round: SettledRound) => void;
  /** VIP's settings for the turnover recorded with each round, and the level-up announcements. */
  turnover?: TurnoverHooks;
}

export interface RoundEngineParts {
  lock: LeaderLock;
  client: TronClient;
  repo: HashGameRepository;
  publisher: RoundPublisher;
  watcher?: TransferWatcher;
  payouts?: PayoutSender;
  log: FastifyBaseLogger;
}

const toStored = (block: BlockSummary): StoredBlock => ({
  height: block.height,
  blockId: block.id,
  parentHash: block.parentHash,
  time: block.timestamp,
});

/**
 * The round engine: one per deployment (the holder of its `LeaderLock`). Each tick it follows the chain
 * head through the TRON client and stores every block from the last stored one up to the head
 * (fetched by number, so no height is skipped), then settles every stored block whose rounds are
 * not settled yet, oldest first. Rounds need no opening or closing of their own: a round is its
 * deciding height, the stored head says which rounds take bets, and storing block T closes every
 * round before T + 2 and decides the rounds of T.
 *
 * After a crash or a failover the next leader starts where the tables say: blocks missing since the
 * stored head are fetched, and blocks stored but unsettled are settled.
 *
 * Transfer bets and their payouts run beside it under the same leadership, in their own lane, so a
 * slow history API never delays the head.
 */
export class RoundEngine {
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private side: Promise<void> | null = null;
  private lastScan = 0;
  private stopped = true;
  private behindReported = false;

  constructor(
    private readonly parts: RoundEngineParts,
    private readonly options: RoundEngineOptions,
  ) {}

  get lock(): LeaderLock {
    return this.parts.lock;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops ticking, waits for the tick in progress and gives up leadership. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.queue;
    await this.side;
    await this.parts.publisher.drain();
    await this.parts.lock.close();
  }

  /**
   * One full pass (follow the head, settle, scan transfers, advance payouts) if this instance leads;
   * resolves to false when another one does. Passes never overlap.
   */
  runOnce(): Promise<boolean> {
    const run = this.queue.then(async () => {
      const executor = await this.parts.lock.ensure();
      if (!executor) return false;
      await this.follow(executor);
      this.lastScan = Date.now();
      await this.sideWork();
      await this.parts.publisher.drain();
      return true;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const run = this.queue.then(() => this.tick());
      this.queue = run.catch(() => undefined);
      void run
        .catch((error) => this.parts.log.error({ err: error }, 'round engine tick failed; retrying'))
        .finally(() => {
          if (!this.stopped && !this.timer) this.schedule(this.options.pollMs);
        });
    }, delay);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    let executor: Db | null;
    try {
      executor = await this.parts.lock.ensure();
    } catch (error) {
      this.parts.log.warn({ err: error }, 'round engine cannot reach the database for its lock');
      return;
    }
    if (!executor) return;
    const stored = await this.follow(executor);
    if ((stored > 0 || Date.now() - this.lastScan >= this.options.transferPollMs) && !this.side) {
      this.lastScan = Date.now();
      this.side = this.sideWork()
        .catch((error) => this.parts.log.warn({ err: error }, 'transfer bets not processed; retrying'))
        .finally(() => (this.side = null));
    }
  }

  private async sideWork(): Promise<void> {
    if (this.parts.watcher) {
      const recorded = await this.parts.watcher.scan();
      this.parts.publisher.transfersRecorded(recorded);
    }
    if (this.parts.payouts) await this.parts.payouts.run();
  }

  /** Stores every block up to the chain head and settles what is unsettled; returns how many blocks were stored. */
  private async follow(executor: Db): Promise<number> {
    const { client, repo } = this.parts;
    const chainHead = await client.getNowBlock();
    let head = await repo.head(executor);
    let stored = 0;
    if (head && chainHead.height < head.height && !this.behindReported) {
      // A node that is behind (or a chain that was reset) cannot decide anything new: bets stop on
      // their own once the stored head is old.
      this.parts.log.error({ node: chainHead.height, stored: head.height }, 'the node is behind the blocks already stored');
    }
    this.behindReported = Boolean(head && chainHead.height < head.height);
    if (!head) {
      // First run: the chain's past holds no bets of ours, so following starts at its head.
      head = await this.store(executor, chainHead, null);
      stored++;
    }
    const batch = this.options.catchUpBatch ?? 20;
    while (head.height < chainHead.height) {
      const from = head.height + 1;
      const to = Math.min(chainHead.height, head.height + batch);
      const blocks = await Promise.all(
        Array.from({ length: to - from + 1 }, (_, i) => (from + i === chainHead.height ? chainHead : client.getBlockByNum(from + i))),
      );
      for (const [i, block] of blocks.entries()) {
        if (!block) throw new Error(`the node has no block ${from + i} below its head ${chainHead.height}`);
        head = await this.store(executor, block, head);
        stored++;
        await this.settlePending(executor);
      }
    }
    await this.settlePending(executor);
    return stored;
  }

  private async store(executor: Db, block: BlockSummary, previous: StoredBlock | null): Promise<StoredBlock> {
    if (!isBlockId(block.id) || !blockIdMatchesHeight(block.id, block.height)) {
      throw new Error(`block ${block.height} has an id that does not encode its height: ${block.id}`);
    }
    if (previous && block.height !== previous.height + 1) throw new Error(`expected block ${previous.height + 1}, got ${block.height}`);
    if (previous && block.parentHash !== previous.blockId) {
      // Rounds already decided by the replaced block stay decided by it: they were settled and paid
      // on the block every player could see at the time.
      this.parts.log.warn({ height: block.height, parentHash: block.parentHash, stored: previous.blockId }, 'the chain was reorganised below the head');
    }
    const value = toStored(block);
    // Exclusive against the shared lock every bet holds while it commits: no bet reads the head
    // before this block and commits after it.
    await this.parts.repo.storeBlock(value, HEAD_LOCK, executor);
    this.options.onStored?.(value);
    await this.parts.publisher.blockStored(value, previous);
    return value;
  }

  private async settlePending(executor: Db): Promise<void> {
    for (;;) {
      const pending = await this.parts.repo.unsettled(50, executor);
      if (pending.length === 0) return;
      for (const block of pending) {
        const settled = await settleRound(executor, block, this.options.failpoint, this.options.turnover?.terms());
        if (!settled) continue;
        if (settled.levelUps.length > 0) void this.options.turnover?.levelsReached(settled.levelUps);
        this.options.onSettled?.(settled);
        this.parts.publisher.roundSettled(settled);
      }
    }
  }
}
