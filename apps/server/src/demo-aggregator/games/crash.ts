import { payoutOf, type DemoGame, type Studio } from './types.ts';

const SPACE = 2n ** 52n;
/** Rocket Crash keeps 4%: the crash point is 0.96 / (1 - u), so P(crash >= m) = 0.96 / m. */
export const ROCKET_EDGE = 96;
/** Rocket Moon keeps 3%: 0.97 / (1 - u). */
export const MOON_EDGE = 97;
export const CRASH_MIN_TARGET = 101;
export const CRASH_MAX_TARGET = 100_000;

/** The crash point in hundredths of a multiplier for a uniform draw r in [0, 2^52); below 100 is a bust at 1.00x. */
export function crashPoint(r: bigint, edge = ROCKET_EDGE): number {
  const point = (BigInt(edge) * SPACE) / (SPACE - r);
  return point > 100_000_000n ? 100_000_000 : Number(point);
}

/** Exact RTP for a cash-out target (hundredths): P(crash >= target) × target. */
export function crashExactRtp(target: number, edge = ROCKET_EDGE): number {
  const winning = (BigInt(edge) * SPACE) / BigInt(target); // draws r with crashPoint(r) >= target
  return (Number(winning) / Number(SPACE)) * (target / 100);
}

/** The player sets an automatic cash-out before the round; the rocket flies to the crash point. */
export function crashGame(title: { code: string; name: string; edge: number; studio?: Studio; background?: string }): DemoGame<{ target: number }> {
  return {
    code: title.code,
    name: title.name,
    category: 'crash',
    engine: 'rocket_crash',
    studio: title.studio,
    background: title.background,
    rtp: crashExactRtp(200, title.edge),
    pageData: { minTarget: CRASH_MIN_TARGET, maxTarget: CRASH_MAX_TARGET },
    parseChoice(choice) {
      const target = (choice as { target?: unknown } | null)?.target;
      if (typeof target !== 'number' || !Number.isInteger(target) || target < CRASH_MIN_TARGET || target > CRASH_MAX_TARGET) return null;
      return { target };
    },
    play(rng, stake, { target }) {
      const crash = crashPoint(rng.bits52(), title.edge);
      const won = crash >= target;
      return { payout: won ? payoutOf(stake, target) : 0, detail: { crash: Math.max(crash, 100), target, won } };
    },
  };
}

export const rocketCrash = crashGame({ code: 'demo_rocket_crash', name: 'Rocket Crash', edge: ROCKET_EDGE });
