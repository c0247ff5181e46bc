import { formatMicro, type CallParsedRequest, type CallResponse, type bankCalls } from '@lobby/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DepositStatus, WalletCurrency, WithdrawalStatus } from '../../db/schema.ts';
import { PlayerRepository } from '../player/player.repo.ts';

export type TradeRecord = CallResponse<typeof bankCalls.records>['list'][number];
type TradeType = TradeRecord['type'];
type RecordsQuery = CallParsedRequest<typeof bankCalls.records>;

/** One row of any of the four histories, in a common shape. */
export interface RecordRow {
  type: TradeType;
  id: bigint;
  raw_status: string;
  direction: 'in' | 'out';
  currency: WalletCurrency;
  amount: bigint;
  fee: bigint;
  to_currency: WalletCurrency | null;
  to_amount: bigint | null;
  rate: string | null;
  address: string | null;
  tx_id: string | null;
  counterparty_id: number | null;
  remark: string | null;
  /** Withdrawals: the processor's note on why it has not been sent (see `waitingReason`). */
  last_error?: string | null;
  created_at: Date;
  completed_at: Date | null;
}

/**
 * What the withdrawal processor notes on a queued withdrawal the hot wallet cannot cover yet. The
 * note is cleared once the withdrawal is signed, so it tells the player why theirs is still waiting.
 */
export const AWAITING_HOT_WALLET_FUNDS = 'waiting for hot-wallet funds';

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
const DEPOSIT_STATUS: Partial<Record<DepositStatus, TradeRecord['status']>> = { pending: 'pending', credited: 'completed', failed: 'failed' };

export function toTradeRecord(row: RecordRow, counterparty: { id: number; nickname: string } | null = null): TradeRecord {
  const status =
    row.type === 'withdraw'
      ? WITHDRAWAL_STATUS[row.raw_status as WithdrawalStatus]
      : row.type === 'deposit'
        ? (DEPOSIT_STATUS[row.raw_status as DepositStatus] ?? 'failed')
        : 'completed';
  const waiting = row.type === 'withdraw' ? waitingReason(row.raw_status, row.last_error) : undefined;
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
    ...(waiting ? { waitingReason: waiting } : {}),
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

/**
 * The select of each history as RecordRow columns, for one player. Every branch names and types
 * its columns itself, since a filter by type leaves a single branch.
 */
function branches(playerId: number): Record<TradeType, RawBuilder<RecordRow>> {
  return {
    deposit: sql<RecordRow>`
      select 'deposit'::text as type, id, status as raw_status, 'in'::text as direction, currency, amount, 0::int8 as fee,
             null::text as to_currency, null::int8 as to_amount, null::text as rate, from_address as address, tx_id,
             null::int4 as counterparty_id, null::text as remark, null::text as last_error, created_at, credited_at as completed_at
      from deposits where player_id = ${playerId} and status in ('pending', 'credited')`,
    withdraw: sql<RecordRow>`
      select 'withdraw'::text as type, id, status as raw_status, 'out'::text as direction, currency, amount, fee,
             null::text as to_currency, null::int8 as to_amount, null::text as rate, to_address as address, tx_id,
             null::int4 as counterparty_id, null::text as remark, last_error, created_at, completed_at
      from withdrawals where player_id = ${playerId}`,
    exchange: sql<RecordRow>`
      select 'exchange'::text as type, id, 'completed'::text as raw_status, 'out'::text as direction, from_currency as currency, amount, 0::int8 as fee,
             to_currency, to_amount, rate, null::text as address, null::text as tx_id,
             null::int4 as counterparty_id, null::text as remark, null::text as last_error, created_at, created_at as completed_at
      from exchanges where player_id = ${playerId}`,
    transfer: sql<RecordRow>`
      select 'transfer'::text as type, id, 'completed'::text as raw_status,
             case when sender_id = ${playerId} then 'out' else 'in' end as direction, currency, amount, 0::int8 as fee,
             null::text as to_currency, null::int8 as to_amount, null::text as rate, null::text as address, null::text as tx_id,
             case when sender_id = ${playerId} then receiver_id else sender_id end as counterparty_id, remark, null::text as last_error, created_at, created_at as completed_at
      from player_transfers where sender_id = ${playerId} or receiver_id = ${playerId}`,
  };
}

/** The trade history of /trade/TradeHis: deposits, withdrawals, exchanges and transfers, newest first. */
export class RecordsService {
  constructor(private readonly db: Db) {}

  async list(playerId: number, query: RecordsQuery): Promise<CallResponse<typeof bankCalls.records>> {
    const all = branches(playerId);
    const types = query.type ? [query.type] : (Object.keys(all) as TradeType[]);
    const union = sql.join(
      types.map((t) => all[t]),
      sql` union all `,
    );
    const filters: RawBuilder<unknown>[] = [sql`true`];
    // An exchange belongs to both of its currencies.
    if (query.currency) filters.push(sql`(r.currency = ${query.currency} or r.to_currency = ${query.currency})`);
    if (query.from) filters.push(sql`r.created_at >= ${new Date(query.from).toISOString()}::timestamptz`);
    if (query.to) filters.push(sql`r.created_at < ${new Date(query.to).toISOString()}::timestamptz`);
    const { rows } = await sql<RecordRow & { total: bigint }>`
      select r.*, count(*) over () as total
      from (${union}) as r
      where ${sql.join(filters, sql` and `)}
      order by r.created_at desc, r.type, r.id desc
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`.execute(this.db);
    let total = rows.length ? Number(rows[0].total) : 0;
    if (rows.length === 0 && query.page > 1) {
      const counted = await sql<{ total: bigint }>`select count(*) as total from (${union}) as r where ${sql.join(filters, sql` and `)}`.execute(this.db);
      total = Number(counted.rows[0].total);
    }
    const people = await this.nicknames(rows.map((r) => r.counterparty_id).filter((id): id is number => id !== null));
    return {
      list: rows.map((r) => toTradeRecord(r, r.counterparty_id === null ? null : { id: r.counterparty_id, nickname: people.get(r.counterparty_id) ?? '' })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async nicknames(ids: number[]): Promise<Map<number, string>> {
    const repo = new PlayerRepository(this.db);
    const unique = [...new Set(ids)];
    const rows = await Promise.all(unique.map((id) => repo.findById(id)));
    return new Map(rows.filter((r) => r !== undefined).map((r) => [r.id, r.nickname]));
  }
}
