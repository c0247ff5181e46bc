/**
 * Groups work that arrives while enough statements are already running into one statement: one
 * round trip, one commit and one house shard for a whole batch. Under light load every item leaves
 * at once, alone. Used for the ledger's transfers (`Ledger.transfer` outside a transaction) and for
 * page bets (`hash_place_bets`).
 *
 * - A batch never holds two items that share a conflict key (an idempotency key, a wallet, a
 *   player), so the database judges each as if they ran one after another. With
 *   `holdConflictsWhileRunning`, a key also stays taken while its batch runs, so two running batches
 *   never queue on the same row lock.
 * - Each running batch takes a house shard no other running batch of this process holds.
 * - A batch that fails as a whole (an account used for the first time, a lost connection, a
 *   deadlock with another instance) has moved nothing; its items are sent again one by one, each
 *   getting its own answer.
 */

/** One item's answer inside a batch: its value, or the error only this item gets. */
export type BatchOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface BatcherOptions<T, R> {
  /** Items per statement. */
  maxSize: number;
  /** Statements in flight at once (each holds a connection). */
  maxConcurrent: number;
  /** House shards to spread running batches over. */
  houseShards: number;
  /** Keys of which a batch holds each at most once. */
  conflicts(item: T): readonly (string | number)[];
  /** Keep an item's keys taken until its batch has finished, not only within the batch. */
  holdConflictsWhileRunning?: boolean;
  /** Sends a batch of two or more; one outcome per item, in order. */
  runBatch(items: T[], shard: number): Promise<BatchOutcome<R>[]>;
  /** Sends one item alone (a batch of one, or each item of a failed batch). */
  runOne(item: T, shard: number): Promise<R>;
  /** Told when a batch failed as a whole, before its items are sent again one by one. */
  onBatchError?(error: unknown, items: number): void;
}

interface Pending<T, R> {
  item: T;
  keys: readonly (string | number)[];
  resolve(result: R): void;
  reject(error: unknown): void;
}

/** A house shard at random among those not in `busy` (any shard when all are). */
export function pickHouseShard(houseShards: number, busy?: ReadonlySet<number>): number {
  const start = Math.floor(Math.random() * houseShards);
  if (!busy || busy.size === 0) return start;
  for (let i = 0; i < houseShards; i++) {
    const shard = (start + i) % houseShards;
    if (!busy.has(shard)) return shard;
  }
  return start;
}

export class Batcher<T, R> {
  private queue: Pending<T, R>[] = [];
  private running = 0;
  private readonly busyShards = new Set<number>();
  private readonly busyKeys = new Set<string | number>();

  constructor(private readonly options: BatcherOptions<T, R>) {}

  submit(item: T): Promise<R> {
    const keys = this.options.conflicts(item);
    return new Promise((resolve, reject) => {
      this.queue.push({ item, keys, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.running < this.options.maxConcurrent && this.queue.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return;
      const shard = pickHouseShard(this.options.houseShards, this.busyShards);
      const hold = this.options.holdConflictsWhileRunning === true;
      this.running++;
      this.busyShards.add(shard);
      if (hold) for (const pending of batch) for (const key of pending.keys) this.busyKeys.add(key);
      void this.run(batch, shard)
        // Never leave a caller waiting, whatever went wrong; settling twice is harmless.
        .catch((error) => {
          for (const pending of batch) pending.reject(error);
        })
        .finally(() => {
          this.running--;
          this.busyShards.delete(shard);
          if (hold) for (const pending of batch) for (const key of pending.keys) this.busyKeys.delete(key);
          this.pump();
        });
    }
  }

  /** The oldest compatible items; the others keep their place in the queue. */
  private take(): Pending<T, R>[] {
    const batch: Pending<T, R>[] = [];
    const rest: Pending<T, R>[] = [];
    const taken = new Set<string | number>();
    for (const pending of this.queue) {
      if (batch.length < this.options.maxSize && !pending.keys.some((key) => taken.has(key) || this.busyKeys.has(key))) {
        batch.push(pending);
        for (const key of pending.keys) taken.add(key);
      } else {
        rest.push(pending);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async run(batch: Pending<T, R>[], shard: number) {
    const alone = (pending: Pending<T, R>) => this.options.runOne(pending.item, shard).then(pending.resolve, pending.reject);
    if (batch.length === 1) return alone(batch[0]);
    let outcomes: BatchOutcome<R>[];
    try {
      outcomes = await this.options.runBatch(
        batch.map((pending) => pending.item),
        shard,
      );
    } catch (error) {
      this.options.onBatchError?.(error, batch.length);
      await Promise.all(batch.map(alone));
      return;
    }
    batch.forEach((pending, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    });
  }
}
