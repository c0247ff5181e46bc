import {
  AutoBetWakeUpType,
  BetStatus,
  CURRENCIES,
  HASH_BET_AREAS,
  HASH_GAME_IDS,
  type BetStatusCode,
  type CurrencyCode,
  type HashBetArea,
  type HashGameId,
} from '@lobby/contract';

type AutoBetWakeUpCode = (typeof AutoBetWakeUpType)[keyof typeof AutoBetWakeUpType];

/**
 * Values that reach the client as plain numbers and strings (a route's query, a select's value) are
 * narrowed to the contract's own types here, so a request is typed by the contract with no cast.
 */
function oneOf<T extends string | number>(values: readonly T[]) {
  const known: ReadonlySet<unknown> = new Set(values);
  return (value: unknown): value is T => known.has(value);
}

export const isHashGameId = oneOf<HashGameId>(HASH_GAME_IDS);
export const isHashBetArea = oneOf<HashBetArea>(HASH_BET_AREAS);
export const isBetStatus = oneOf<BetStatusCode>(Object.values(BetStatus));
export const isCurrency = oneOf<CurrencyCode>(CURRENCIES);
export const isAutoBetWakeUpType = oneOf<AutoBetWakeUpCode>(Object.values(AutoBetWakeUpType));
