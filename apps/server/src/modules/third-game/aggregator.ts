import type { Language } from '@lobby/contract';

/**
 * What the lobby needs from a game aggregator, whoever it is: its game list and a launch URL for one
 * player's session. The money side (the seamless wallet the aggregator calls) is served by each
 * aggregator's own wallet endpoints; a second aggregator is one more implementation of this.
 */
export interface Aggregator {
  /** The name stored with its games (`games.aggregator`) and sessions. */
  readonly name: string;
  listGames(): Promise<AggregatorGame[]>;
  launchUrl(request: LaunchRequest): Promise<string>;
}

/** One game as the aggregator lists it, before the lobby maps it to a game type and manufacturer. */
export interface AggregatorGame {
  gameCode: string;
  name: string;
  /** The aggregator's category (`slots`, `fishing`, `live`, ...). */
  category: string;
  /** The studio that makes the game; becomes the lobby's manufacturer. */
  product: string;
  /** A short code of the studio when the aggregator gives one. */
  productCode: string | null;
  thumbnailUrl: string | null;
  enabled: boolean;
  /** ISO date the game was released, when the aggregator tells. */
  releaseDate: string | null;
}

export type LaunchPlatform = 'mobile' | 'desktop';

export interface LaunchRequest {
  playerId: number;
  /** A fresh game-session token the aggregator presents back to the wallet. */
  token: string;
  gameCode: string;
  language: Language;
  platform: LaunchPlatform;
  ip: string;
  /** Where the game's "back to lobby" goes, and where its deposit button sends the player. */
  lobbyUrl: string;
  depositUrl: string;
  country: string | null;
  /** The host name the player reached us at, when known: an aggregator on our own machine answers its pages there. */
  playerHost?: string;
}

/** The aggregator could not be reached or answered something we cannot use. The message says which. */
export class AggregatorError extends Error {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'AggregatorError';
  }
}
