import { crashGame, MOON_EDGE, rocketCrash } from './crash.ts';
import { FRENZY_FISH, fishGame, fishHunter } from './fish.ts';
import { hiLo, hiloGame } from './hilo.ts';
import { plinko } from './plinko.ts';
import { DRAGON_ART, SEVENS_ART } from './slot-art.ts';
import { DRAGON_TABLE, SEVENS_TABLE, fruitSlot, slotGame } from './slot.ts';
import { POCKET_STUDIO, type DemoGame } from './types.ts';

export const luckySevens = slotGame({
  code: 'demo_lucky_sevens',
  name: 'Lucky Sevens',
  studio: POCKET_STUDIO,
  table: SEVENS_TABLE,
  art: SEVENS_ART,
  background: '#0b2a1a',
});
export const luckyDragon = slotGame({
  code: 'demo_lucky_dragon',
  name: 'Lucky Jade Dragon',
  studio: POCKET_STUDIO,
  table: DRAGON_TABLE,
  art: DRAGON_ART,
  background: '#2a0b0b',
});
export const rocketMoon = crashGame({ code: 'demo_rocket_moon', name: 'Rocket Moon', edge: MOON_EDGE, studio: POCKET_STUDIO, background: '#0d0b2a' });
export const fishFrenzy = fishGame({
  code: 'demo_fish_frenzy',
  name: 'Fish Frenzy',
  sea: FRENZY_FISH,
  returned: 95,
  studio: POCKET_STUDIO,
  background: '#04203a',
});
export const hiLoRoyal = hiloGame({ code: 'demo_hilo_royal', name: 'Hi-Lo Royal', returned: 97, studio: POCKET_STUDIO, background: '#2a0b24' });

/**
 * Every game the demo aggregator lists, each one playable: the five of Demo Studio first (their
 * game ids stay), then Pocket Studio's titles on the same engines with their own tables and looks.
 */
export const DEMO_GAMES: readonly DemoGame<any>[] = [
  fruitSlot,
  rocketCrash,
  fishHunter,
  plinko,
  hiLo,
  luckySevens,
  luckyDragon,
  rocketMoon,
  fishFrenzy,
  hiLoRoyal,
];

export function demoGame(code: unknown): DemoGame<any> | undefined {
  return DEMO_GAMES.find((g) => g.code === code);
}
