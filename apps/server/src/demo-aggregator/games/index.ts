import { rocketCrash } from './crash.ts';
import { fishHunter } from './fish.ts';
import { hiLo } from './hilo.ts';
import { plinko } from './plinko.ts';
import { fruitSlot } from './slot.ts';
import type { DemoGame } from './types.ts';

/** Every game the demo studio lists; each one is playable. */
export const DEMO_GAMES: readonly DemoGame<any>[] = [fruitSlot, rocketCrash, fishHunter, plinko, hiLo];

export function demoGame(code: unknown): DemoGame<any> | undefined {
  return DEMO_GAMES.find((g) => g.code === code);
}
