import { formatMicro } from '@lobby/contract';
import type { SweepCurrency } from '../tables.ts';
import type { HotColdSettings } from './sweep-settings.ts';
import type { CycleRow, SweepRepository, TopupRow } from './sweep.repo.ts';

type SweepListRow = Awaited<ReturnType<SweepRepository['recentSweeps']>>[number];
type ActionListRow = Awaited<ReturnType<SweepRepository['recentActions']>>[number];

const money = (micro: bigint) => formatMicro(micro);
const perCurrency = (figures: Record<SweepCurrency, bigint>) => ({ USDT: money(figures.USDT), TRX: money(figures.TRX) });

export function sweepView(row: SweepListRow) {
  return {
    id: Number(row.id),
    cycleId: Number(row.cycle_id),
    playerId: row.player_id,
    address: row.address,
    currency: row.currency,
    amount: money(row.amount),
    destination: row.destination,
    destinationKind: row.destination_kind,
    status: row.status,
    offline: row.offline,
    txId: row.tx_id,
    feeLimit: money(row.fee_limit),
    energy: String(row.energy),
    networkFee: row.network_fee === null ? null : money(row.network_fee),
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

export function actionView(row: ActionListRow) {
  return {
    id: Number(row.id),
    cycleId: Number(row.cycle_id),
    kind: row.kind,
    currency: row.currency,
    from: row.from_address,
    to: row.to_address,
    amount: money(row.amount),
    energy: String(row.energy),
    status: row.status,
    txId: row.tx_id,
    networkFee: row.network_fee === null ? null : money(row.network_fee),
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
  };
}

export function topupView(row: TopupRow, hotWallet: string) {
  return {
    id: Number(row.id),
    currency: row.currency,
    amount: money(row.amount),
    hotBalance: money(row.hot_balance),
    floor: money(row.floor),
    target: money(row.target),
    hotWallet,
    createdAt: row.created_at.toISOString(),
  };
}

export function cycleView(row: Pick<CycleRow, 'id' | 'trigger' | 'requested_by' | 'summary' | 'started_at' | 'finished_at'>) {
  return {
    id: Number(row.id),
    trigger: row.trigger,
    requestedBy: row.requested_by,
    summary: row.summary,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

export function hotColdView(settings: HotColdSettings) {
  return { threshold: perCurrency(settings.threshold), floor: perCurrency(settings.floor), target: perCurrency(settings.target) };
}
