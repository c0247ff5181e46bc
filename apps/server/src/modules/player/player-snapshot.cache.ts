import type { Player } from '@lobby/contract';
import type { EventBus } from '../../events/event-bus.ts';

/** Published whenever a player's profile or balances change, by whichever module changed them. */
export const PLAYER_CHANGED = 'player.changed';

/**
 * `/v1/player/load` is polled by every open app; serving it from memory keeps the database for
 * writes. Entries live briefly and are dropped the moment any instance reports a change.
 */
export class PlayerSnapshotCache {
  private readonly entries = new Map<number, { player: Player; at: number }>();
  private readonly unsubscribe: () => void;

  constructor(
    bus: EventBus,
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {
    this.unsubscribe = bus.subscribe(PLAYER_CHANGED, ({ playerId }: { playerId: number }) => this.entries.delete(playerId));
  }

  get(playerId: number): Player | undefined {
    const entry = this.entries.get(playerId);
    if (!entry) return undefined;
    if (Date.now() - entry.at > this.ttlMs) {
      this.entries.delete(playerId);
      return undefined;
    }
    return entry.player;
  }

  set(playerId: number, player: Player) {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(playerId, { player, at: Date.now() });
  }

  delete(playerId: number) {
    this.entries.delete(playerId);
  }

  close() {
    this.unsubscribe();
    this.entries.clear();
  }
}
