import { createHmac } from 'node:crypto';

/**
 * The random source of one round: HMAC-SHA256(seed, "<round>:<block>") read as a stream of bytes.
 * The same seed and round number always give the same draws, so a round can be replayed and
 * checked; a fresh random seed per process makes rounds unpredictable in play.
 */
export class RoundRng {
  private block = 0;
  private buffer = Buffer.alloc(0);
  private offset = 0;

  constructor(
    private readonly seed: string,
    readonly round: number,
  ) {}

  private bytes(count: number): Buffer {
    while (this.buffer.length - this.offset < count) {
      const next = createHmac('sha256', this.seed)
        .update(`${this.round}:${this.block++}`)
        .digest();
      this.buffer = this.offset === this.buffer.length ? next : Buffer.concat([this.buffer.subarray(this.offset), next]);
      this.offset = 0;
    }
    const out = this.buffer.subarray(this.offset, this.offset + count);
    this.offset += count;
    return out;
  }

  /** A uniform integer in [0, n), n <= 2^48, without modulo bias (rejection sampling). */
  int(n: number): number {
    if (!Number.isSafeInteger(n) || n < 1 || n > 2 ** 48) throw new RangeError(`bad range ${n}`);
    const space = 2 ** 48;
    const limit = space - (space % n);
    for (;;) {
      const value = this.bytes(6).readUIntBE(0, 6);
      if (value < limit) return value % n;
    }
  }

  /** A uniform integer in [0, 2^52), as a bigint (for exact crash-point arithmetic). */
  bits52(): bigint {
    const raw = Buffer.concat([Buffer.alloc(1), this.bytes(7)]);
    return raw.readBigUInt64BE(0) >> 4n;
  }
}

/** Draws for round `round` of a generator seeded with `seed`. */
export function roundRng(seed: string, round: number): RoundRng {
  return new RoundRng(seed, round);
}
