import { isBetStatus, isCurrency } from '../../lib/contractValues';
import type { BetRecordFilters } from '../../state/queries/hash-game';
import { localDayIso } from '../HashGame/hashDisplay';

export const PAGE_SIZE = 20;

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

/** The request for a page: whole local days, and an inverted range read the way round it was meant. */
export function recordRequest(filters: FilterState, page: number): BetRecordFilters {
  const [fromDay, toDay] = filters.from && filters.to && filters.from > filters.to ? [filters.to, filters.from] : [filters.from, filters.to];
  const request: BetRecordFilters = { page, pageSize: PAGE_SIZE };
  if (filters.gameId) request.gameId = Number(filters.gameId);
  const status = Number(filters.status);
  if (filters.status && isBetStatus(status)) request.status = status;
  if (isCurrency(filters.currency)) request.currency = filters.currency;
  const from = localDayIso(fromDay);
  const to = localDayIso(toDay, true);
  if (from) request.from = from;
  if (to) request.to = to;
  return request;
}
