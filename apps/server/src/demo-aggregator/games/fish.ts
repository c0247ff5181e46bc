import type { DemoGame, Studio } from './types.ts';

/** The fish of the sea (the page draws each kind): catching one pays its multiplier. */
export type FishKind = 'clownfish' | 'pufferfish' | 'turtle' | 'ray' | 'shark' | 'octopus' | 'whale';
export interface Fish {
  kind: FishKind;
  multiplier: number;
}

/** Fish Hunter's sea: the chance of a catch is 0.96 / multiplier. */
export const FISH: readonly Fish[] = [
  { kind: 'clownfish', multiplier: 2 },
  { kind: 'pufferfish', multiplier: 3 },
  { kind: 'turtle', multiplier: 5 },
  { kind: 'ray', multiplier: 10 },
  { kind: 'shark', multiplier: 20 },
  { kind: 'octopus', multiplier: 50 },
  { kind: 'whale', multiplier: 100 },
];

/** Fish Frenzy's sea: bigger multipliers, the chance of a catch is 0.95 / multiplier. */
export const FRENZY_FISH: readonly Fish[] = [
  { kind: 'clownfish', multiplier: 3 },
  { kind: 'pufferfish', multiplier: 4 },
  { kind: 'turtle', multiplier: 8 },
  { kind: 'ray', multiplier: 15 },
  { kind: 'shark', multiplier: 40 },
  { kind: 'octopus', multiplier: 80 },
  { kind: 'whale', multiplier: 200 },
];

/** Exact RTP of a shot at one kind: (returned / (100 m)) × m, `returned` in hundredths. */
export function fishExactRtp(kind: FishKind, sea: readonly Fish[] = FISH, returned = 96): number {
  const fish = sea.find((f) => f.kind === kind)!;
  return (returned / (100 * fish.multiplier)) * fish.multiplier;
}

/** Each shot costs the stake and is aimed at one fish; a catch pays stake × the fish's multiplier. */
export function fishGame(title: {
  code: string;
  name: string;
  sea: readonly Fish[];
  returned: number;
  studio?: Studio;
  background?: string;
}): DemoGame<{ fish: FishKind }> {
  const { sea, returned } = title;
  return {
    code: title.code,
    name: title.name,
    category: 'fishing',
    engine: 'fish_hunter',
    studio: title.studio,
    background: title.background,
    rtp: fishExactRtp(sea[0]!.kind, sea, returned),
    pageData: { fish: sea },
    parseChoice(choice) {
      const kind = (choice as { fish?: unknown } | null)?.fish;
      const fish = sea.find((f) => f.kind === kind);
      return fish ? { fish: fish.kind } : null;
    },
    play(rng, stake, { fish }) {
      const { multiplier } = sea.find((f) => f.kind === fish)!;
      const caught = rng.int(100 * multiplier) < returned;
      return { payout: caught ? stake * multiplier : 0, detail: { fish, multiplier, caught } };
    },
  };
}

export const fishHunter = fishGame({ code: 'demo_fish_hunter', name: 'Fish Hunter', sea: FISH, returned: 96 });
