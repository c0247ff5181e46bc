import { Batcher } from '../../money/batcher.ts';
import { DEFAULT_HOUSE_SHARDS } from '../../money/ledger.service.ts';
import type { HashGameRepository, PlaceBetInput, PlaceBetRow } from './hash-game.repo.ts';

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
 * Page bets arriving together go to the database together, through the money kernel's batcher
 * (money/batcher.ts): one `hash_place_bets` statement, one round trip and one commit for a whole
 * batch, which is what lets a few connections take thousands of bets a second (a commit per bet
 * would make the write-ahead log flush the limit). A batch holds at most one bet per player, so each
 * is judged against its own player's balance, and a player stays taken while their batch runs: two
 * running batches with a player in common would queue on that wallet's row lock and so run one after
 * the other, whatever the number of connections. A player's next bet waits for the next batch.
 */
export class BetBatcher {
  private readonly batcher: Batcher<PlaceBetInput, PlaceBetRow>;

  constructor(repo: HashGameRepository, options: BetBatcherOptions) {
    const place = (bets: PlaceBetInput[], shard: number) => repo.placeBets(bets, options.minHeadTime(), options.headLock, shard);
    this.batcher = new Batcher<PlaceBetInput, PlaceBetRow>({
      maxSize: options.maxSize ?? 64,
      maxConcurrent: options.maxConcurrent ?? 1,
      houseShards: DEFAULT_HOUSE_SHARDS,
      conflicts: (bet) => [bet.playerId],
      holdConflictsWhileRunning: true,
      runBatch: async (bets, shard) => (await place(bets, shard)).map((row) => ({ ok: true, value: row })),
      runOne: async (bet, shard) => (await place([bet], shard))[0],
    });
  }

  submit(input: PlaceBetInput): Promise<PlaceBetRow> {
    return this.batcher.submit(input);
  }
}
