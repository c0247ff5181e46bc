import { payoutOf, type DemoGame } from './types.ts';

const SPACE = 2n ** 52n;
/** The house keeps 4%: the crash point is 0.96 / (1 - u), so P(crash >= m) = 0.96 / m. */
const EDGE_HUNDREDTHS = 96n;
export const CRASH_MIN_TARGET = 101;
export const CRASH_MAX_TARGET = 100_000;

/** The crash point in hundredths of a multiplier for a uniform draw r in [0, 2^52); below 100 is a bust at 1.00x. */
export function crashPoint(r: bigint): number {
  const point = (EDGE_HUNDREDTHS * SPACE) / (SPACE - r);
  return point > 100_000_000n ? 100_000_000 : Number(point);
}

/** Exact RTP for a cash-out target (hundredths): P(crash >= target) × target. */
export function crashExactRtp(target: number): number {
  const winning = (EDGE_HUNDREDTHS * SPACE) / BigInt(target); // draws r with crashPoint(r) >= target
  return (Number(winning) / Number(SPACE)) * (target / 100);
}

/** The player sets an automatic cash-out before the round; the rocket flies to the crash point. */
export const rocketCrash: DemoGame<{ target: number }> = {
  code: 'demo_rocket_crash',
  name: 'Rocket Crash',
  category: 'crash',
  rtp: crashExactRtp(200),
  pageData: { minTarget: CRASH_MIN_TARGET, maxTarget: CRASH_MAX_TARGET },
  parseChoice(choice) {
    const target = (choice as { target?: unknown } | null)?.target;
    if (typeof target !== 'number' || !Number.isInteger(target) || target < CRASH_MIN_TARGET || target > CRASH_MAX_TARGET) return null;
    return { target };
  },
  play(rng, stake, { target }) {
    const crash = crashPoint(rng.bits52());
    const won = crash >= target;
    return { payout: won ? payoutOf(stake, target) : 0, detail: { crash: Math.max(crash, 100), target, won } };
  },
};
