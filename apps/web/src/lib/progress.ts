import { toMicro } from './money';

/**
 * How far `done` is towards `goal`, in whole per-mille (0..1000), from exact amounts: the bar never
 * shows full before the goal is reached, and a goal of 0 counts as reached.
 */
export function perMille(done: string | null | undefined, goal: string | null | undefined): number {
  const target = toMicro(goal);
  const reached = toMicro(done);
  if (target <= 0n) return 1000;
  if (reached >= target) return 1000;
  if (reached <= 0n) return 0;
  const value = Number((reached * 1000n) / target);
  return Math.min(999, value);
}

/** What is still missing to a goal, in micro-units, never negative. */
export function remaining(done: string | null | undefined, goal: string | null | undefined): bigint {
  const left = toMicro(goal) - toMicro(done);
  return left > 0n ? left : 0n;
}
