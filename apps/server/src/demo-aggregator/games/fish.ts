import type { DemoGame } from './types.ts';

/** The fish of the sea: catching one pays its multiplier; the chance is 0.96 / multiplier. */
export const FISH = [
  { kind: 'clownfish', multiplier: 2 },
  { kind: 'pufferfish', multiplier: 3 },
  { kind: 'turtle', multiplier: 5 },
  { kind: 'ray', multiplier: 10 },
  { kind: 'shark', multiplier: 20 },
  { kind: 'octopus', multiplier: 50 },
  { kind: 'whale', multiplier: 100 },
] as const;
export type FishKind = (typeof FISH)[number]['kind'];

/** Exact RTP of a shot at one kind: (96 / (100 m)) × m. */
export function fishExactRtp(kind: FishKind): number {
  const fish = FISH.find((f) => f.kind === kind)!;
  return (96 / (100 * fish.multiplier)) * fish.multiplier;
}

/** Each shot costs the stake and is aimed at one fish; a catch pays stake × the fish's multiplier. */
export const fishHunter: DemoGame<{ fish: FishKind }> = {
  code: 'demo_fish_hunter',
  name: 'Fish Hunter',
  category: 'fishing',
  rtp: fishExactRtp('clownfish'),
  pageData: { fish: FISH },
  parseChoice(choice) {
    const kind = (choice as { fish?: unknown } | null)?.fish;
    const fish = FISH.find((f) => f.kind === kind);
    return fish ? { fish: fish.kind } : null;
  },
  play(rng, stake, { fish }) {
    const { multiplier } = FISH.find((f) => f.kind === fish)!;
    const caught = rng.int(100 * multiplier) < 96;
    return { payout: caught ? stake * multiplier : 0, detail: { fish, multiplier, caught } };
  },
};
