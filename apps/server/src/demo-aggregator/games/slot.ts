import type { DemoGame, Studio } from './types.ts';

/**
 * The line slot engine: three reels over one strip, a 3x3 window, five lines; three alike on a line
 * pay the symbol's line pays. Each title brings its own symbols, strip, paytable, art and colours.
 */
export interface SlotTable {
  /** Symbols, cheapest first. */
  symbols: readonly string[];
  /** One reel strip, used by all three reels (each stops independently). */
  strip: readonly string[];
  /** Three of a kind on a line pays this many line stakes. */
  pays: Readonly<Record<string, number>>;
}

/** The five lines over the 3x3 window: rows top, middle, bottom, then both diagonals ([reel] = row). */
export const SLOT_LINES: readonly (readonly [number, number, number])[] = [
  [0, 0, 0],
  [1, 1, 1],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/** Symbols of Fruit Lines, cheapest first. */
export const SLOT_SYMBOLS = ['cherry', 'lemon', 'orange', 'grape', 'bell', 'bar', 'seven'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** The reel strip of Fruit Lines. */
export const SLOT_STRIP: readonly SlotSymbol[] = [
  'cherry',
  'lemon',
  'orange',
  'cherry',
  'grape',
  'lemon',
  'bell',
  'cherry',
  'orange',
  'lemon',
  'bar',
  'cherry',
  'grape',
  'orange',
  'lemon',
  'seven',
  'cherry',
  'bell',
  'lemon',
  'orange',
  'cherry',
  'grape',
  'lemon',
  'bar',
];

/** The paytable of Fruit Lines. */
export const SLOT_PAYS: Record<SlotSymbol, number> = {
  cherry: 14,
  lemon: 18,
  orange: 30,
  grape: 50,
  bell: 120,
  bar: 200,
  seven: 600,
};

export const FRUIT_TABLE: SlotTable = { symbols: SLOT_SYMBOLS, strip: SLOT_STRIP, pays: SLOT_PAYS };

/** Lucky Sevens: six symbols on a 20-stop strip. */
export const SEVENS_TABLE: SlotTable = {
  symbols: ['plum', 'clover', 'star', 'horseshoe', 'diamond', 'seven'],
  strip: [
    'plum',
    'clover',
    'plum',
    'star',
    'horseshoe',
    'clover',
    'plum',
    'diamond',
    'star',
    'clover',
    'plum',
    'horseshoe',
    'seven',
    'clover',
    'plum',
    'star',
    'clover',
    'diamond',
    'plum',
    'horseshoe',
  ],
  pays: { plum: 6, clover: 14, star: 40, horseshoe: 60, diamond: 150, seven: 800 },
};

/** Lucky Dragon: six symbols on a 26-stop strip, a rare jade and dragon on top. */
export const DRAGON_TABLE: SlotTable = {
  symbols: ['coin', 'lantern', 'fan', 'pearl', 'jade', 'dragon'],
  strip: [
    'coin',
    'lantern',
    'coin',
    'fan',
    'coin',
    'lantern',
    'pearl',
    'coin',
    'fan',
    'lantern',
    'coin',
    'dragon',
    'fan',
    'coin',
    'lantern',
    'pearl',
    'coin',
    'fan',
    'coin',
    'lantern',
    'jade',
    'coin',
    'fan',
    'lantern',
    'coin',
    'pearl',
  ],
  pays: { coin: 9, lantern: 14, fan: 20, pearl: 60, jade: 300, dragon: 500 },
};

/** The 3x3 window for reel stops: window[reel][row], the stop in the middle row. */
export function slotWindow(stops: readonly number[], table: SlotTable = FRUIT_TABLE): string[][] {
  const n = table.strip.length;
  return stops.map((stop) => [0, 1, 2].map((row) => table.strip[(stop + row - 1 + n) % n]!));
}

/** Winning lines of a window and the total in line stakes. */
export function slotWins(window: string[][], table: SlotTable = FRUIT_TABLE): { lines: { line: number; symbol: string; pays: number }[]; total: number } {
  const lines: { line: number; symbol: string; pays: number }[] = [];
  SLOT_LINES.forEach((rows, line) => {
    const first = window[0]![rows[0]]!;
    if (window[1]![rows[1]] === first && window[2]![rows[2]] === first) lines.push({ line, symbol: first, pays: table.pays[first]! });
  });
  return { lines, total: lines.reduce((sum, l) => sum + l.pays, 0) };
}

/** Line-stake totals of every combination of stops, each equally likely. */
export function* slotOutcomes(table: SlotTable = FRUIT_TABLE): Generator<number> {
  const n = table.strip.length;
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) for (let c = 0; c < n; c++) yield slotWins(slotWindow([a, b, c], table), table).total;
}

/** Exact RTP: every combination of stops, each line stake being a fifth of the stake. */
export function slotExactRtp(table: SlotTable = FRUIT_TABLE): number {
  let paid = 0;
  for (const total of slotOutcomes(table)) paid += total;
  return paid / (table.strip.length ** 3 * SLOT_LINES.length);
}

export interface SlotTitle {
  code: string;
  name: string;
  studio?: Studio;
  table: SlotTable;
  /** SVG fragments (100x100) per symbol; Fruit Lines' page draws its own. */
  art?: Record<string, string>;
  background?: string;
}

export function slotGame(title: SlotTitle): DemoGame<Record<string, never>> {
  const { table } = title;
  return {
    code: title.code,
    name: title.name,
    category: 'slots',
    engine: 'fruit_slot',
    studio: title.studio,
    background: title.background,
    rtp: slotExactRtp(table),
    parseChoice: () => ({}),
    pageData: { symbols: table.symbols, strip: table.strip, pays: table.pays, lines: SLOT_LINES, ...(title.art && { art: title.art }) },
    play(rng, stake) {
      const stops = [0, 1, 2].map(() => rng.int(table.strip.length));
      const window = slotWindow(stops, table);
      const { lines, total } = slotWins(window, table);
      // line stake = stake / 5, so the payout is stake × total / 5 (exact: stakes are multiples of 10000)
      return { payout: (stake * total) / SLOT_LINES.length, detail: { stops, window, lines, total } };
    },
  };
}

export const fruitSlot = slotGame({ code: 'demo_fruit_slot', name: 'Fruit Lines', table: FRUIT_TABLE });
