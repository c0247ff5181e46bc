import { formatMicro, type CallParsedRequest, type CallResponse, type bankCalls } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import type { DepositStatus, WithdrawalStatus } from './tables.ts';
import type { PlayerService } from '../player/player.service.ts';
import { RecordsRepository, type RecordRow, type TradeType } from './records.repo.ts';
import { AWAITING_HOT_WALLET_FUNDS } from '../../chain/payment-sender.ts';
import type { WalletSettings } from './settings.ts';

export type { RecordRow } from './records.repo.ts';

export type TradeRecord = CallResponse<typeof bankCalls.records>['list'][number];
type RecordsQuery = CallParsedRequest<typeof bankCalls.records>;

/** Why a withdrawal being sent has not left yet, as the trade history tells the player. */
export function waitingReason(rawStatus: string, lastError: string | null | undefined): TradeRecord['waitingReason'] {
  return rawStatus === 'queued' && lastError?.startsWith(AWAITING_HOT_WALLET_FUNDS) ? 'hot_wallet_funds' : undefined;
}

const WITHDRAWAL_STATUS: Record<WithdrawalStatus, TradeRecord['status']> = {
  pending_review: 'pending',
  queued: 'processing',
  signed: 'processing',
  broadcast: 'processing',
  confirmed: 'completed',
  failed: 'failed',
  rejected: 'rejected',
};
/** A deposit held for review (sanctions screening) is pending to its player, and declined when kept refused. */
const DEPOSIT_STATUS: Partial<Record<DepositStatus, TradeRecord['status']>> = {
  pending: 'pending',
  held: 'pending',
  credited: 'completed',
  failed: 'failed',
  refused: 'rejected',
};

/**
 * One row of the trade history. `confirmationsNeeded`: the deposit watcher's threshold, so a deposit
 * waiting for its confirmations says how far it is.
 */
export function toTradeRecord(row: RecordRow, counterparty: { id: number; nickname: string } | null = null, confirmationsNeeded?: number): TradeRecord {
  const status =
    row.type === 'withdraw'
      ? WITHDRAWAL_STATUS[row.raw_status as WithdrawalStatus]
      : row.type === 'deposit'
        ? (DEPOSIT_STATUS[row.raw_status as DepositStatus] ?? 'failed')
        : 'completed';
  const waiting = row.type === 'withdraw' ? waitingReason(row.raw_status, row.last_error) : undefined;
  const held = row.type === 'deposit' && row.raw_status === 'held';
  const confirming = row.type === 'deposit' && status === 'pending' && !held && confirmationsNeeded !== undefined;
  return {
    id: Number(row.id),
    type: row.type,
    status,
    direction: row.direction,
    currency: row.currency,
    amount: formatMicro(BigInt(row.amount)),
    fee: formatMicro(BigInt(row.fee)),
    toCurrency: row.to_currency,
    toAmount: row.to_amount === null ? null : formatMicro(BigInt(row.to_amount)),
    rate: row.rate,
    address: row.address,
    txId: row.tx_id,
    counterparty,
    remark: row.remark,
    ...(confirming ? { confirmations: { seen: Math.min(row.confirmations ?? 0, confirmationsNeeded), needed: confirmationsNeeded } } : {}),
    ...(held ? { heldForReview: true as const } : {}),
    ...(waiting ? { waitingReason: waiting } : {}),
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

/** The trade history of /trade/TradeHis: deposits, withdrawals, exchanges and transfers, newest first. */
export class RecordsService {
  constructor(
    private readonly db: Db,
    private readonly players: Pick<PlayerService, 'nicknames'>,
    private readonly settings: Pick<WalletSettings, 'deposit'>,
  ) {}

  async list(playerId: number, query: RecordsQuery): Promise<CallResponse<typeof bankCalls.records>> {
    const { rows, total } = await new RecordsRepository(this.db).page(playerId, query);
    const people = await this.players.nicknames(rows.map((r) => r.counterparty_id).filter((id): id is number => id !== null));
    return {
      list: rows.map((r) =>
        toTradeRecord(
          r,
          r.counterparty_id === null ? null : { id: r.counterparty_id, nickname: people.get(r.counterparty_id) ?? '' },
          Math.max(1, this.settings.deposit.confirmations),
        ),
      ),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
}
