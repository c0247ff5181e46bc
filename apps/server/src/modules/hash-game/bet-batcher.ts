import { DEFAULT_HOUSE_SHARDS } from '../../money/ledger.service.ts';
import type { HashGameRepository, PlaceBetInput, PlaceBetRow } from './hash-game.repo.ts';

interface Pending {
  input: PlaceBetInput;
  resolve: (row: PlaceBetRow) => void;
  reject: (error: unknown) => void;
}

export interface BetBatcherOptions {
  /** Bets per statement. */
  maxSize?: number;
  /**
   * Statements in flight at once (each holds a connection). One by default: bets that arrive while a
   * batch is in the database make the next batch larger, and a statement's fixed cost (the function
   * call, its head lookup, its ledger transfer and commit) is then shared by more bets. Measured on
   * two cores, one in flight cost the database a third less CPU per bet than two.
   */
  maxConcurrent?: number;
  /** Taken when a batch runs: heads older than this refuse bets. */
  minHeadTime: () => number;
  headLock: bigint;
}

/**
 * Page bets arriving together go to the database together: one statement, one round trip and one
 * commit for a whole batch, which is what lets a few connections take thousands of bets a second
 * (a commit per bet would make the write-ahead log flush the limit). A batch holds at most one bet
 * per player, so each is judged against its own player's balance; a player's next bet waits for the
 * next batch. Each running batch takes a house shard no other running batch of this process holds.
 * A batch that fails as a whole (a lost connection, a deadlock with another instance) is sent again
 * bet by bet, so each bet gets its own answer.
 */
export class BetBatcher {
  private queue: Pending[] = [];
  private running = 0;
  private readonly busyShards = new Set<number>();
  private readonly busyPlayers = new Set<number>();
  private readonly maxSize: number;
  private readonly maxConcurrent: number;

  constructor(
    private readonly repo: HashGameRepository,
    private readonly options: BetBatcherOptions,
  ) {
    this.maxSize = options.maxSize ?? 64;
    this.maxConcurrent = options.maxConcurrent ?? 1;
  }

  submit(input: PlaceBetInput): Promise<PlaceBetRow> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.running < this.maxConcurrent && this.queue.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return;
      const shard = this.pickShard();
      this.running++;
      this.busyShards.add(shard);
      for (const pending of batch) this.busyPlayers.add(pending.input.playerId);
      void this.run(batch, shard)
        // Never leave a caller waiting, whatever went wrong; settling twice is harmless.
        .catch((error) => batch.forEach((pending) => pending.reject(error)))
        .finally(() => {
          this.running--;
          this.busyShards.delete(shard);
          for (const pending of batch) this.busyPlayers.delete(pending.input.playerId);
          this.pump();
        });
    }
  }

  /**
   * The oldest bets of distinct players that no running batch holds; the others keep their place in
   * the queue. Two running batches with a player in common would queue on that wallet's row lock and
   * so run one after the other, whatever the number of connections.
   */
  private take(): Pending[] {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const players = new Set<number>();
    for (const pending of this.queue) {
      const player = pending.input.playerId;
      if (batch.length < this.maxSize && !players.has(player) && !this.busyPlayers.has(player)) {
        batch.push(pending);
        players.add(player);
      } else {
        rest.push(pending);
      }
    }
    this.queue = rest;
    return batch;
  }

  private pickShard(): number {
    const start = Math.floor(Math.random() * DEFAULT_HOUSE_SHARDS);
    for (let i = 0; i < DEFAULT_HOUSE_SHARDS; i++) {
      const shard = (start + i) % DEFAULT_HOUSE_SHARDS;
      if (!this.busyShards.has(shard)) return shard;
    }
    return start;
  }

  private async run(batch: Pending[], shard: number) {
    const post = (bets: Pending[]) => this.repo.placeBets(bets.map((p) => p.input), this.options.minHeadTime(), this.options.headLock, shard);
    let rows: PlaceBetRow[];
    try {
      rows = await post(batch);
    } catch (error) {
      if (batch.length === 1) throw error;
      await Promise.all(
        batch.map((pending) =>
          post([pending]).then(
            ([row]) => pending.resolve(row),
            (e) => pending.reject(e),
          ),
        ),
      );
      return;
    }
    batch.forEach((pending, i) => pending.resolve(rows[i]));
  }
}
