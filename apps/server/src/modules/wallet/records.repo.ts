import type { CallParsedRequest, CallResponse, bankCalls } from '@lobby/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { WalletCurrency } from './tables.ts';

export type TradeType = CallResponse<typeof bankCalls.records>['list'][number]['type'];
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
  /** Deposits: blocks the transfer had at the watcher's last tick. */
  confirmations?: number | null;
  created_at: Date;
  completed_at: Date | null;
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
             null::int4 as counterparty_id, null::text as remark, null::text as last_error, confirmations, created_at, credited_at as completed_at
      from deposits where player_id = ${playerId} and status in ('pending', 'credited', 'held', 'refused')`,
    withdraw: sql<RecordRow>`
      select 'withdraw'::text as type, id, status as raw_status, 'out'::text as direction, currency, amount, fee,
             null::text as to_currency, null::int8 as to_amount, null::text as rate, to_address as address, tx_id,
             null::int4 as counterparty_id, null::text as remark, last_error, null::int4 as confirmations, created_at, completed_at
      from withdrawals where player_id = ${playerId}`,
    exchange: sql<RecordRow>`
      select 'exchange'::text as type, id, 'completed'::text as raw_status, 'out'::text as direction, from_currency as currency, amount, 0::int8 as fee,
             to_currency, to_amount, rate, null::text as address, null::text as tx_id,
             null::int4 as counterparty_id, null::text as remark, null::text as last_error, null::int4 as confirmations, created_at, created_at as completed_at
      from exchanges where player_id = ${playerId}`,
    transfer: sql<RecordRow>`
      select 'transfer'::text as type, id, 'completed'::text as raw_status,
             case when sender_id = ${playerId} then 'out' else 'in' end as direction, currency, amount, 0::int8 as fee,
             null::text as to_currency, null::int8 as to_amount, null::text as rate, null::text as address, null::text as tx_id,
             case when sender_id = ${playerId} then receiver_id else sender_id end as counterparty_id, remark, null::text as last_error, null::int4 as confirmations, created_at, created_at as completed_at
      from player_transfers where sender_id = ${playerId} or receiver_id = ${playerId}`,
  };
}

/** The player's deposits, withdrawals, exchanges and transfers as one history. */
export class RecordsRepository {
  constructor(private readonly db: Db) {}

  /**
   * One page of the history, newest first, filtered by type, currency (an exchange belongs to both
   * of its currencies) and creation time, with the number of rows on all pages.
   */
  async page(playerId: number, query: RecordsQuery): Promise<{ rows: RecordRow[]; total: number }> {
    const all = branches(playerId);
    const types = query.type ? [query.type] : (Object.keys(all) as TradeType[]);
    const union = sql.join(
      types.map((t) => all[t]),
      sql` union all `,
    );
    const filters: RawBuilder<unknown>[] = [sql`true`];
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
    // Past the last page the window count has no row to ride on.
    if (rows.length === 0 && query.page > 1) {
      const counted = await sql<{ total: bigint }>`select count(*) as total from (${union}) as r where ${sql.join(filters, sql` and `)}`.execute(this.db);
      total = Number(counted.rows[0].total);
    }
    return { rows, total };
  }
}
