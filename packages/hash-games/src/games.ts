/**
 * The catalogue of hash games (SPEC section 3, GAMES.md): which rules each id plays, how long its rounds
 * are, and the bet areas with their default odds.
 */

export type HashKind = 'bigSmall' | 'oddEven' | 'bull' | 'bankerPlayer' | 'luckyTen' | 'bigSmallSum' | 'oddEvenSum';

export const HASH_KINDS: readonly HashKind[] = ['bigSmall', 'oddEven', 'bull', 'bankerPlayer', 'luckyTen', 'bigSmallSum', 'oddEvenSum'];

export type DigitArea = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
export type AreaId = 'small' | 'big' | 'odd' | 'even' | 'banker' | 'player' | 'tie' | DigitArea;

export const DIGIT_AREAS: readonly DigitArea[] = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

export const KIND_AREAS: Readonly<Record<HashKind, readonly AreaId[]>> = {
  bigSmall: ['small', 'big'],
  oddEven: ['odd', 'even'],
  bull: ['banker', 'player'],
  bankerPlayer: ['banker', 'player', 'tie'],
  luckyTen: DIGIT_AREAS,
  bigSmallSum: ['small', 'big'],
  oddEvenSum: ['odd', 'even'],
};

/** Odds in 1/10000 units (19500 = 1.95): the total returned on a win, stake included. */
export type OddsBp = number;

export const ODDS_SCALE = 10_000;

/**
 * For bull the figure is the return at bull-bull: a win returns S + S × pX/10 × (odds − 1), so the
 * default 1.95 gives the 0.95 commission of GAMES.md.
 */
export const DEFAULT_ODDS: Readonly<Record<HashKind, Readonly<Partial<Record<AreaId, OddsBp>>>>> = {
  bigSmall: { small: 19_500, big: 19_500 },
  oddEven: { odd: 19_500, even: 19_500 },
  bull: { banker: 19_500, player: 19_500 },
  bankerPlayer: { banker: 19_500, player: 19_500, tie: 80_000 },
  luckyTen: Object.fromEntries(DIGIT_AREAS.map((digit) => [digit, 98_000])),
  bigSmallSum: { small: 19_500, big: 19_500 },
  oddEvenSum: { odd: 19_500, even: 19_500 },
};

export function isHashKind(value: unknown): value is HashKind {
  return typeof value === 'string' && (HASH_KINDS as readonly string[]).includes(value);
}

export function areasOf(kind: HashKind): readonly AreaId[] {
  return KIND_AREAS[kind];
}

export function isAreaOf(kind: HashKind, area: unknown): area is AreaId {
  return typeof area === 'string' && (KIND_AREAS[kind] as readonly string[]).includes(area);
}

export function defaultOddsOf(kind: HashKind, area: AreaId): OddsBp {
  const odds = DEFAULT_ODDS[kind][area];
  if (odds === undefined) throw new RangeError(`area ${area} does not belong to ${kind}`);
  return odds;
}

export type PeriodCode = 1 | 2 | 3 | 4 | 5;

export interface Period {
  code: PeriodCode;
  seconds: number;
  blocksPerRound: number;
}

/** One block every 3 s on TRON; round lengths are counted in blocks, never in wall time. */
export const BLOCK_SECONDS = 3;

export const PERIODS: Readonly<Record<PeriodCode, Period>> = {
  1: { code: 1, seconds: 3, blocksPerRound: 1 },
  2: { code: 2, seconds: 60, blocksPerRound: 20 },
  3: { code: 3, seconds: 180, blocksPerRound: 60 },
  4: { code: 4, seconds: 9, blocksPerRound: 3 },
  5: { code: 5, seconds: 30, blocksPerRound: 10 },
};

export type HashGameId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 51 | 52 | 53 | 54 | 55 | 101 | 102 | 103 | 104 | 105 | 301 | 302 | 303 | 401 | 402;

export interface HashGame {
  id: HashGameId;
  kind: HashKind;
  period: PeriodCode;
  /** Round length in seconds, at 3-second blocks. */
  seconds: number;
  blocksPerRound: number;
  /** Not playable as a visitor, whatever the public config says. */
  loginRequired: boolean;
  /** Playable by sending coins to the game's address (games 1-7). */
  transferBet: boolean;
}

const LOGIN_REQUIRED: ReadonlySet<number> = new Set([103, 104, 105, 303]);

function family(firstId: number, kinds: readonly HashKind[], period: PeriodCode): HashGame[] {
  return kinds.map((kind, offset) => {
    const id = (firstId + offset) as HashGameId;
    return {
      id,
      kind,
      period,
      seconds: PERIODS[period].seconds,
      blocksPerRound: PERIODS[period].blocksPerRound,
      loginRequired: LOGIN_REQUIRED.has(id),
      transferBet: period === 1,
    };
  });
}

const FIVE: readonly HashKind[] = ['bigSmall', 'oddEven', 'bull', 'bankerPlayer', 'luckyTen'];

export const HASH_GAMES: readonly HashGame[] = Object.freeze([
  ...family(1, HASH_KINDS, 1),
  ...family(51, FIVE, 4),
  ...family(101, FIVE, 2),
  ...family(301, FIVE.slice(0, 3), 3),
  ...family(401, FIVE.slice(0, 2), 5),
]);

export const HASH_GAME_IDS: readonly HashGameId[] = HASH_GAMES.map((game) => game.id);

const BY_ID: ReadonlyMap<number, HashGame> = new Map(HASH_GAMES.map((game) => [game.id, game]));

export function isHashGameId(id: unknown): id is HashGameId {
  return typeof id === 'number' && BY_ID.has(id);
}

/** The catalogue entry; throws a RangeError for an id that is not a hash game. */
export function hashGame(id: number): HashGame {
  const game = BY_ID.get(id);
  if (!game) throw new RangeError(`not a hash game id: ${id}`);
  return game;
}

/** Callers may name a game by id or, where only the rules matter (verifier, simulator), by kind. */
export type GameOrKind = number | HashKind;

export function kindOf(game: GameOrKind): HashKind {
  if (typeof game === 'number') return hashGame(game).kind;
  if (!isHashKind(game)) throw new RangeError(`not a hash game kind: ${String(game)}`);
  return game;
}
