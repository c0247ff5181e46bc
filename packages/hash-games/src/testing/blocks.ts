/** Block ids for tests: exact ones built around a given tail, and reproducible random ones. */
import { heightPrefix } from '../block.ts';

/**
 * A valid block id at `height` that ends with `tail`, the gap filled with `filler` (a letter by default,
 * so that the tail alone decides `d` whenever it holds a digit).
 */
export function blockIdEndingWith(tail: string, height = 70_000_000, filler = 'c'): string {
  const prefix = heightPrefix(height);
  return prefix + filler.repeat(64 - prefix.length - tail.length) + tail;
}

/** sfc32: small, fast, and good enough to stand in for SHA-256 output in an RTP simulation. */
export function sfc32(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed | 0;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

export interface RandomBlocks {
  ids: string[];
  heights: number[];
}

/**
 * `count` block ids with random heights below 2^40 and random hash bytes. Built in one buffer and
 * hex-encoded natively, because a million ids assembled character by character would dominate the
 * simulation's run time.
 */
export function randomBlocks(count: number, seed: number): RandomBlocks {
  const next = sfc32(seed);
  const bytes = Buffer.alloc(count * 32);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ids = new Array<string>(count);
  const heights = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    const offset = i * 32;
    const high = next() & 0xff;
    const low = next();
    view.setUint32(offset, high);
    view.setUint32(offset + 4, low);
    for (let word = 2; word < 8; word++) view.setUint32(offset + word * 4, next());
    heights[i] = high * 0x1_0000_0000 + low;
  }
  for (let i = 0; i < count; i++) ids[i] = bytes.toString('hex', i * 32, i * 32 + 32);
  return { ids, heights };
}
