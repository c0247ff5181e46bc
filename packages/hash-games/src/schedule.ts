import { assertHeight } from './block.ts';
import { BLOCK_SECONDS, HASH_GAMES, hashGame, type HashGameId } from './games.ts';

/**
 * Rounds are named by their deciding height T, a multiple of the game's block count. Bets go to the
 * smallest T with T > head + 1: the one-block margin keeps the deciding block unknown to anyone
 * while bets for it are taken.
 */

export function blocksPerRound(gameId: number): number {
  return hashGame(gameId).blocksPerRound;
}

/** The round that takes bets while `head` is the newest block seen. */
export function decidingHeightFor(gameId: number, head: number): number {
  assertHeight(head);
  const blocks = blocksPerRound(gameId);
  return (Math.floor((head + 1) / blocks) + 1) * blocks;
}

export function isDecidingHeight(gameId: number, height: number): boolean {
  assertHeight(height);
  return height > 0 && height % blocksPerRound(gameId) === 0;
}

/** Every game with a round decided by block `height`: what the round engine settles when it arrives. */
export function gamesDecidedAt(height: number): HashGameId[] {
  assertHeight(height);
  if (height === 0) return [];
  return HASH_GAMES.filter((game) => height % game.blocksPerRound === 0).map((game) => game.id);
}

/** True only for the round `decidingHeightFor` gives: earlier rounds are closed, later ones not open. */
export function acceptsBets(gameId: number, decidingHeight: number, head: number): boolean {
  return decidingHeightFor(gameId, head) === decidingHeight;
}

export interface RoundWindow {
  gameId: number;
  decidingHeight: number;
  blocksPerRound: number;
  /** The round spans blocks firstBlock..decidingHeight (for display: "blocks 101-120"). */
  firstBlock: number;
  /** Bets go to this round from the moment this block is the head (negative for the very first round). */
  opensAtHead: number;
  /** Once this block is the head, the round takes no more bets. */
  closesAtHead: number;
  /** Bets are accepted while the head is in opensAtHead..lastBetHead. */
  lastBetHead: number;
}

export function roundWindow(gameId: number, decidingHeight: number): RoundWindow {
  const blocks = blocksPerRound(gameId);
  assertHeight(decidingHeight);
  if (decidingHeight === 0 || decidingHeight % blocks !== 0) {
    throw new RangeError(`${decidingHeight} is not a deciding height of game ${gameId} (${blocks} blocks a round)`);
  }
  return {
    gameId,
    decidingHeight,
    blocksPerRound: blocks,
    firstBlock: decidingHeight - blocks + 1,
    opensAtHead: decidingHeight - blocks - 1,
    closesAtHead: decidingHeight - 1,
    lastBetHead: decidingHeight - 2,
  };
}

export interface Countdown {
  decidingHeight: number;
  /** Blocks still to come before betting closes. */
  blocksToClose: number;
  msToClose: number;
  msToResult: number;
  /** Rounded up, for display. */
  secondsToClose: number;
  secondsToResult: number;
}

/**
 * Time left in the open round, assuming 3-second blocks. `msSinceHead` is how long ago the head block
 * was produced (its timestamp against the caller's clock); this function reads no clock itself.
 */
export function countdown(gameId: number, head: number, msSinceHead = 0): Countdown {
  if (!Number.isFinite(msSinceHead) || msSinceHead < 0) {
    throw new RangeError(`msSinceHead must be a non-negative number, got ${msSinceHead}`);
  }
  const decidingHeight = decidingHeightFor(gameId, head);
  const blockMs = BLOCK_SECONDS * 1000;
  const blocksToClose = decidingHeight - 1 - head;
  const msToClose = Math.max(0, blocksToClose * blockMs - msSinceHead);
  const msToResult = Math.max(0, (decidingHeight - head) * blockMs - msSinceHead);
  return {
    decidingHeight,
    blocksToClose,
    msToClose,
    msToResult,
    secondsToClose: Math.ceil(msToClose / 1000),
    secondsToResult: Math.ceil(msToResult / 1000),
  };
}
