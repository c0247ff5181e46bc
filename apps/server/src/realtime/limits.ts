/** Allows `capacity` actions at once and `capacity` more every `periodMs`, refilled smoothly. */
export class TokenBucket {
  private tokens: number;
  private updatedAt = Date.now();

  constructor(
    private readonly capacity: number,
    private readonly periodMs: number,
  ) {
    this.tokens = capacity;
  }

  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updatedAt) * this.capacity) / this.periodMs);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Entries kept at most; past it, windows that have run out are dropped first. */
const MAX_ADDRESSES = 100_000;

/** Counts failures per address in a fixed window; an address at `max` is refused until the window ends. */
export class FailuresPerAddress {
  private readonly byAddress = new Map<string, { count: number; since: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  blocked(address: string): boolean {
    return (this.current(address)?.count ?? 0) >= this.max;
  }

  record(address: string) {
    const entry = this.current(address);
    if (entry) {
      entry.count += 1;
      return;
    }
    if (this.byAddress.size >= MAX_ADDRESSES) this.prune();
    this.byAddress.set(address, { count: 1, since: Date.now() });
  }

  private current(address: string) {
    const entry = this.byAddress.get(address);
    if (entry && Date.now() - entry.since >= this.windowMs) {
      this.byAddress.delete(address);
      return undefined;
    }
    return entry;
  }

  private prune() {
    const now = Date.now();
    for (const [address, entry] of this.byAddress) {
      if (now - entry.since >= this.windowMs) this.byAddress.delete(address);
    }
    // Still full of live windows: forget the oldest rather than grow without bound.
    if (this.byAddress.size >= MAX_ADDRESSES) {
      const oldest = this.byAddress.keys().next().value;
      if (oldest !== undefined) this.byAddress.delete(oldest);
    }
  }
}

/** A socket the heartbeat watches: `answeredPing` is set again by its `pong`. */
export interface PingedSocket {
  socket: { ping(): void; terminate(): void };
  answeredPing: boolean;
}

/**
 * Pings every socket each `everyMs` and drops one that missed the last round: connections that vanished
 * without closing (a phone losing signal) would otherwise hold their slot for good. Answers the timer.
 */
export function startHeartbeat(sockets: Iterable<PingedSocket>, everyMs: number): NodeJS.Timeout {
  return setInterval(() => {
    for (const client of sockets) {
      if (!client.answeredPing) {
        client.socket.terminate();
        continue;
      }
      client.answeredPing = false;
      client.socket.ping();
    }
  }, everyMs);
}
