import type { EventBus } from '../../events/event-bus.ts';
import type { HashGameRepository, StoredBlock } from './hash-game.repo.ts';

/** Published by the engine after it stores a block, so every instance knows the head at once. */
export const HEAD_EVENT = 'hash.head';

/**
 * The newest stored block as this instance last saw it. Bets use it only to pick the round to ask
 * for; the database checks that round against the real head under the head lock, so a stale value
 * costs a retry, never a wrong bet. Read from the database when no event came for a while.
 */
export class HeadCache {
  private value: StoredBlock | null = null;
  private at = 0;
  private loading: Promise<StoredBlock | null> | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly repo: HashGameRepository,
    bus: EventBus,
    private readonly maxAgeMs = 1000,
  ) {
    this.unsubscribe = bus.subscribe(HEAD_EVENT, (block: StoredBlock) => this.offer(block));
  }

  /** Keeps the newer of the two. */
  offer(block: StoredBlock): void {
    if (!this.value || block.height >= this.value.height) {
      this.value = block;
      this.at = Date.now();
    }
  }

  async current(): Promise<StoredBlock | null> {
    if (this.value && Date.now() - this.at < this.maxAgeMs) return this.value;
    return this.refresh();
  }

  refresh(): Promise<StoredBlock | null> {
    this.loading ??= this.repo
      .head()
      .then((head) => {
        if (head) this.offer(head);
        this.at = Date.now();
        return this.value;
      })
      .finally(() => (this.loading = null));
    return this.loading;
  }

  close(): void {
    this.unsubscribe();
  }
}
