import type { DemoGame } from './types.ts';

/** Symbols of the fruit slot, cheapest first. */
export const SLOT_SYMBOLS = ['cherry', 'lemon', 'orange', 'grape', 'bell', 'bar', 'seven'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** One reel strip, used by all three reels (each stops independently). */
export const SLOT_STRIP: readonly SlotSymbol[] = [
  'cherry', 'lemon', 'orange', 'cherry', 'grape', 'lemon', 'bell', 'cherry', 'orange', 'lemon',
  'bar', 'cherry', 'grape', 'orange', 'lemon', 'seven', 'cherry', 'bell', 'lemon', 'orange',
  'cherry', 'grape', 'lemon', 'bar',
];

/** Three of a kind on a line pays this many line stakes. */
export const SLOT_PAYS: Record<SlotSymbol, number> = {
  cherry: 14, lemon: 18, orange: 30, grape: 50, bell: 120, bar: 200, seven: 600,
};

/** The five lines over the 3x3 window: rows top, middle, bottom, then both diagonals ([reel] = row). */
export const SLOT_LINES: readonly (readonly [number, number, number])[] = [
  [0, 0, 0], [1, 1, 1], [2, 2, 2], [0, 1, 2], [2, 1, 0],
];

/** The 3x3 window for reel stops: window[reel][row], the stop in the middle row. */
export function slotWindow(stops: readonly number[]): SlotSymbol[][] {
  const n = SLOT_STRIP.length;
  return stops.map((stop) => [0, 1, 2].map((row) => SLOT_STRIP[(stop + row - 1 + n) % n]!));
}

/** Winning lines of a window and the total in line stakes. */
export function slotWins(window: SlotSymbol[][]): { lines: { line: number; symbol: SlotSymbol; pays: number }[]; total: number } {
  const lines: { line: number; symbol: SlotSymbol; pays: number }[] = [];
  SLOT_LINES.forEach((rows, line) => {
    const first = window[0]![rows[0]]!;
    if (window[1]![rows[1]] === first && window[2]![rows[2]] === first) lines.push({ line, symbol: first, pays: SLOT_PAYS[first] });
  });
  return { lines, total: lines.reduce((sum, l) => sum + l.pays, 0) };
}

/** Exact RTP: every combination of stops, each line stake being a fifth of the stake. */
export function slotExactRtp(): number {
  const n = SLOT_STRIP.length;
  let paid = 0;
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) for (let c = 0; c < n; c++) paid += slotWins(slotWindow([a, b, c])).total;
  return paid / (n * n * n * SLOT_LINES.length);
}

export const fruitSlot: DemoGame<Record<string, never>> = {
  code: 'demo_fruit_slot',
  name: 'Fruit Lines',
  category: 'slots',
  rtp: slotExactRtp(),
  parseChoice: () => ({}),
  pageData: { symbols: SLOT_SYMBOLS, strip: SLOT_STRIP, pays: SLOT_PAYS, lines: SLOT_LINES },
  play(rng, stake) {
    const stops = [0, 1, 2].map(() => rng.int(SLOT_STRIP.length));
    const window = slotWindow(stops);
    const { lines, total } = slotWins(window);
    // line stake = stake / 5, so the payout is stake × total / 5 (exact: stakes are multiples of 10000)
    return { payout: (stake * total) / SLOT_LINES.length, detail: { stops, window, lines, total } };
  },
};
