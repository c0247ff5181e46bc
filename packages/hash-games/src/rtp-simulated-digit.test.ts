/**
 * Observed RTP of the kinds decided by d over a million random block ids (fixed seed, so the run is
 * reproducible), against the exact fractions that rtp-exact.test.ts proves.
 */
import { describe, expect, it } from 'vitest';
import { areasOf, resultOf, type HashKind } from './index.ts';
import { randomBlocks } from './testing/blocks.ts';
import { observedRtp, Tally } from './testing/rtp.ts';

const BLOCKS = 1_000_000;
const { ids, heights } = randomBlocks(BLOCKS, 0x5eed_2024);

const kinds: HashKind[] = ['bigSmall', 'oddEven', 'luckyTen', 'bigSmallSum', 'oddEvenSum'];

describe.each(kinds)('%s over 1,000,000 random block ids', (kind) => {
  it('returns to every area what theory says, within 0.3 points (four standard errors on lucky-ten numbers)', () => {
    const tally = new Tally();
    for (let i = 0; i < BLOCKS; i++) tally.add(resultOf(kind, ids[i], heights[i]));
    for (const area of areasOf(kind)) {
      const { observed, theory, tolerance } = observedRtp(tally, kind, area);
      expect(Math.abs(observed - theory), `${kind} ${area}: ${observed} vs ${theory}`).toBeLessThanOrEqual(tolerance);
    }
  });
});
