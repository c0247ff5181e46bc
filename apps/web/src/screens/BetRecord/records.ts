import { BetStatus, GameType } from '@lobby/contract';
import { isBetStatus, isCurrency } from '../../lib/contractValues';
import type { BetRecordFilters } from '../../state/queries/hash-game';
import type { ThirdGameRecordRequest } from '../../state/queries/thirdGame';
import { BET_STATUSES, localDayIso } from '../HashGame/hashDisplay';

export const PAGE_SIZE = 20;

/** Statuses a player can filter by: every status a bet can have, not the contract's placeholder 0. */
export const STATUS_FILTERS: readonly number[] = BET_STATUSES.filter((status) => status !== BetStatus.UNKNOWN);

export function formatTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(language.replace('_', '-'), { dateStyle: 'short', timeStyle: 'medium' });
}

export interface FilterState {
  gameId: string;
  status: string;
  currency: string;
  from: string;
  to: string;
}

export const NO_FILTERS: FilterState = { gameId: '', status: '', currency: '', from: '', to: '' };

/** Whole local days, and an inverted range read the way round it was meant. */
function dayRange(fromDay: string, toDay: string): { from?: string; to?: string } {
  const [first, last] = fromDay && toDay && fromDay > toDay ? [toDay, fromDay] : [fromDay, toDay];
  const range: { from?: string; to?: string } = {};
  const from = localDayIso(first);
  const to = localDayIso(last, true);
  if (from) range.from = from;
  if (to) range.to = to;
  return range;
}

/** The request for a page of hash bets. */
export function recordRequest(filters: FilterState, page: number): BetRecordFilters {
  const request: BetRecordFilters = { page, pageSize: PAGE_SIZE };
  if (filters.gameId) request.gameId = Number(filters.gameId);
  const status = Number(filters.status);
  if (filters.status && isBetStatus(status)) request.status = status;
  if (isCurrency(filters.currency)) request.currency = filters.currency;
  return { ...request, ...dayRange(filters.from, filters.to) };
}

/** Game types a third-party round can have, in the lobby's order. */
export const THIRD_GAME_TYPES = [GameType.SLOT, GameType.FISH, GameType.LIVE, GameType.POKER, GameType.SPORT, GameType.CRYPTO, GameType.MINI] as const;

export interface ThirdFilterState {
  gameType: string;
  currency: string;
  from: string;
  to: string;
}

export const NO_THIRD_FILTERS: ThirdFilterState = { gameType: '', currency: '', from: '', to: '' };

/** The request for a page of third-party rounds. */
export function thirdRecordRequest(filters: ThirdFilterState, page: number): ThirdGameRecordRequest {
  const request: ThirdGameRecordRequest = { page, pageSize: PAGE_SIZE };
  const gameType = THIRD_GAME_TYPES.find((type) => String(type) === filters.gameType);
  if (gameType !== undefined) request.gameType = gameType;
  if (isCurrency(filters.currency)) request.currency = filters.currency;
  return { ...request, ...dayRange(filters.from, filters.to) };
}
