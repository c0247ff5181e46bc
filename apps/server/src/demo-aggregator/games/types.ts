import type { RoundRng } from '../rng.ts';

/** Categories of the Games API list; the operator maps them to its own game types. */
export type DemoCategory = 'slots' | 'crash' | 'fishing' | 'mini' | 'poker';

/** The studio (Games API `product`) a game is listed under. */
export interface Studio {
  name: string;
  code: string;
}

export const DEMO_STUDIO: Studio = { name: 'Demo Studio', code: 'DEMO' };
export const POCKET_STUDIO: Studio = { name: 'Pocket Studio', code: 'POCKET' };

/** The result of one round: the amount paid back (0 when lost) and what the page animates. */
export interface RoundResult {
  payout: number;
  detail: Record<string, unknown>;
  /** The game's state after the round (the card on the table), for games that keep one. */
  state?: unknown;
}

/**
 * One game of the demo studio. Amounts are integers in 1/100000 of the currency unit; every
 * stake is a multiple of 10000 (0.10), so every payout below is an exact integer.
 */
export interface DemoGame<Choice = unknown> {
  code: string;
  name: string;
  category: DemoCategory;
  /** The page script that draws it (public/<engine>.js); titles of one engine share it. Default: the code without `demo_`. */
  engine?: string;
  /** Default: Demo Studio. */
  studio?: Studio;
  /** The page's background colour, for titles that differ from their engine's look. */
  background?: string;
  /** Return to player of the paytable, exact (for the default choice where it depends on it). */
  rtp: number;
  /** Parses the page's choice, given the session's game state; null when it is not a valid one. */
  parseChoice(choice: unknown, state?: unknown): Choice | null;
  /** The state a new session starts with (games that keep one between rounds). */
  initialState?(rng: RoundRng): unknown;
  /** What the page needs to draw the game (paytable, multipliers), sent with its settings. */
  pageData?: Record<string, unknown>;
  play(rng: RoundRng, stake: number, choice: Choice, state?: unknown): RoundResult;
}

/** Stakes the pages offer: 0.10 to 50.00. */
export const STAKES = [10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000, 5_000_000] as const;

/** stake × hundredths / 100, exact for every stake of STAKES. */
export function payoutOf(stake: number, hundredths: number): number {
  return (stake * hundredths) / 100;
}

/** The page script of a game. */
export function engineOf(game: DemoGame<any>): string {
  return game.engine ?? game.code.replace(/^demo_/, '');
}
