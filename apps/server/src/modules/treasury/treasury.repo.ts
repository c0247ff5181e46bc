import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ReconciliationTrigger, StoredCurrencyFigures, StoredReadFailure, TreasuryTables } from './tables.ts';

type Currency = 'USDT' | 'TRX';

/** Payments owed and not yet confirmed on chain, per currency: all of them, and those broadcast (in flight). */
export interface OwedPayments {
  owed: Record<Currency, bigint>;
  inFlight: Record<Currency, bigint>;
}

/**
 * The treasury's reads and its own table. The addresses come from the wallet's and the hash games'
 * tables (deposit addresses, former transfer addresses the transfer watcher has read); the owed
 * payments from the withdrawal and transfer-bet payout queues. No ledger table is read here: the
 * liabilities come through the money kernel (money/balances.ts).
 */
export class TreasuryRepository {
  private readonly db;

  constructor(db: Db) {
    this.db = db.withTables<TreasuryTables>();
  }

  /** Every player's deposit address. */
  async depositAddresses(): Promise<string[]> {
    return (await this.db.selectFrom('deposit_addresses').select('address').orderBy('player_id').execute()).map((row) => row.address);
  }

  /** Transfer-bet game addresses the transfer watcher has read, current and former (a former one may still hold coins). */
  async watchedTransferAddresses(): Promise<string[]> {
    return (await this.db.selectFrom('hash_transfer_cursors').select('address').distinct().orderBy('address').execute()).map((row) => row.address);
  }

  /**
   * Transfer-bet payouts and refunds posted to the ledger and not yet confirmed on chain (a failed one
   * waits for an operator and is still owed), and what is in flight: withdrawals and payouts broadcast
   * or signed, whose coins may already have left the hot wallet. A withdrawal's fee stays with the
   * house, so only what leaves counts as in flight.
   */
  async owedPayments(): Promise<OwedPayments> {
    const { rows } = await sql<{ currency: Currency; owed: string; in_flight: string }>`
      select currency, sum(owed)::text as owed, sum(in_flight)::text as in_flight from (
        select currency, amount as owed, case when status in ('signed', 'broadcast') then amount else 0 end as in_flight
        from hash_chain_payouts where status in ('pending', 'signed', 'broadcast', 'failed')
        union all
        select currency, 0, amount - fee from withdrawals where status in ('signed', 'broadcast')
      ) as payments group by currency`.execute(this.db);
    const result: OwedPayments = { owed: { USDT: 0n, TRX: 0n }, inFlight: { USDT: 0n, TRX: 0n } };
    for (const row of rows) {
      result.owed[row.currency] = BigInt(row.owed);
      result.inFlight[row.currency] = BigInt(row.in_flight);
    }
    return result;
  }

  async insertRun(run: {
    trigger: ReconciliationTrigger;
    requestedBy: string | null;
    status: 'ok' | 'short';
    addresses: number;
    failures: StoredReadFailure[];
    figures: StoredCurrencyFigures[];
    startedAt: Date;
  }) {
    return this.db
      .insertInto('treasury_reconciliations')
      .values({
        trigger: run.trigger,
        requested_by: run.requestedBy,
        status: run.status,
        addresses: run.addresses,
        failures: JSON.stringify(run.failures),
        figures: JSON.stringify(run.figures),
        started_at: run.startedAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The newest runs first. */
  history(limit: number) {
    return this.db.selectFrom('treasury_reconciliations').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }
}

export type ReconciliationRow = Awaited<ReturnType<TreasuryRepository['history']>>[number];
