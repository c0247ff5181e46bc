import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { ChainActionKind, ChainActionStatus, StoredSweepSettings, SweepCurrency, SweepCycleTrigger, SweepStatus, TreasuryTables } from '../tables.ts';

/** Statuses of a sweep that may still move coins: one per address and currency at most. */
export const OPEN_SWEEP: readonly SweepStatus[] = ['planned', 'signed', 'broadcast'];
const OPEN_ACTION: readonly ChainActionStatus[] = ['signed', 'broadcast'];

/** A deposit address that may be swept in one currency. */
export interface SweepCandidate {
  playerId: number;
  index: number;
  address: string;
}

export interface NewSweep {
  cycleId: bigint;
  playerId: number;
  index: number;
  address: string;
  currency: SweepCurrency;
  amount: bigint;
  destination: string;
  destinationKind: 'hot' | 'cold';
  offline: boolean;
  txId: string;
  rawDataHex: string;
  unsignedJson: string;
  expiration: bigint;
  feeLimit: bigint;
  energy: bigint;
}

export interface NewAction {
  cycleId: bigint;
  kind: ChainActionKind;
  currency: SweepCurrency;
  from: string;
  to: string;
  amount: bigint;
  energy?: bigint;
  parentId?: bigint | null;
  txId: string;
  signedJson: string;
  expiration: bigint;
}

/** The two tables of transactions the treasury records before broadcasting them. */
type RecordedTable = 'treasury_sweeps' | 'treasury_chain_actions';
type RecordedEnd = 'confirmed' | 'failed' | 'dropped';
type RecordedOutcome = { blockNumber?: number; fee?: bigint; error?: string };

/**
 * The sweeps' tables (migration 0042) and the deposit tables they read. Every status change is
 * conditional on the status and transaction id it is made from, so two cycles at once (a leader
 * change) cannot both act on one record.
 */
export class SweepRepository {
  readonly db;

  constructor(db: Db) {
    this.db = db.withTables<TreasuryTables>();
  }

  async createCycle(trigger: SweepCycleTrigger, requestedBy: string | null): Promise<bigint> {
    const row = await this.db.insertInto('treasury_sweep_cycles').values({ trigger, requested_by: requestedBy }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async finishCycle(id: bigint, summary: Record<string, number>): Promise<void> {
    await this.db
      .updateTable('treasury_sweep_cycles')
      .set({ summary: JSON.stringify(summary), finished_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  cycle(id: bigint) {
    return this.db.selectFrom('treasury_sweep_cycles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  cycles(limit: number) {
    return this.db.selectFrom('treasury_sweep_cycles').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }

  /**
   * Deposit addresses with a credited deposit in `currency` since their last confirmed sweep in it, no
   * deposit still pending (their deposits are final), and no sweep open in that currency.
   * Deposits are read by player (their index): an address belongs to one player.
   */
  async candidates(currency: SweepCurrency, limit: number): Promise<SweepCandidate[]> {
    const { rows } = await sql<{ player_id: number; derivation_index: number; address: string }>`
      select a.player_id, a.derivation_index, a.address
      from deposit_addresses a
      where exists (
          select 1 from deposits d
          where d.player_id = a.player_id and d.address = a.address and d.currency = ${currency} and d.status = 'credited'
            and d.credited_at > coalesce((
              select max(s.created_at) from treasury_sweeps s
              where s.address = a.address and s.currency = ${currency} and s.status = 'confirmed'), '-infinity'::timestamptz))
        and not exists (select 1 from deposits d where d.player_id = a.player_id and d.address = a.address and d.status = 'pending')
        and not exists (
          select 1 from treasury_sweeps s
          where s.address = a.address and s.currency = ${currency} and s.status in ('planned', 'signed', 'broadcast'))
      order by a.derivation_index
      limit ${limit}`.execute(this.db);
    return rows.map((row) => ({ playerId: row.player_id, index: row.derivation_index, address: row.address }));
  }

  /** Records planned sweeps; one already open for an address and currency keeps it, and the new one is left out. */
  async insertPlanned(sweeps: NewSweep[]): Promise<Array<{ id: bigint; tx_id: string }>> {
    if (sweeps.length === 0) return [];
    return this.db
      .insertInto('treasury_sweeps')
      .values(
        sweeps.map((s) => ({
          cycle_id: s.cycleId,
          player_id: s.playerId,
          derivation_index: s.index,
          address: s.address,
          currency: s.currency,
          amount: s.amount,
          destination: s.destination,
          destination_kind: s.destinationKind,
          status: 'planned' as const,
          offline: s.offline,
          tx_id: s.txId,
          raw_data_hex: s.rawDataHex,
          unsigned_tx: s.unsignedJson,
          tx_expiration: s.expiration,
          fee_limit: s.feeLimit,
          energy: s.energy,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['address', 'currency'])
          .where('status', 'in', [...OPEN_SWEEP])
          .doNothing(),
      )
      .returning(['id', 'tx_id'])
      .execute();
  }

  sweepsByIds(ids: bigint[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('treasury_sweeps').selectAll().where('id', 'in', ids).orderBy('id').execute();
  }

  openSweeps() {
    return this.db
      .selectFrom('treasury_sweeps')
      .selectAll()
      .where('status', 'in', [...OPEN_SWEEP])
      .orderBy('id')
      .execute();
  }

  /** Writes the signed transaction of a planned sweep; false when the sweep is no longer planned with that transaction. */
  async markSigned(trx: Db, id: bigint, txId: string, signedJson: string): Promise<boolean> {
    const updated = await trx
      .withTables<TreasuryTables>()
      .updateTable('treasury_sweeps')
      .set({ status: 'signed', signed_tx: signedJson, updated_at: new Date(), last_error: null })
      .where('id', '=', id)
      .where('tx_id', '=', txId)
      .where('status', '=', 'planned')
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  markSweepBroadcast(id: bigint, txId: string): Promise<void> {
    return this.markBroadcast('treasury_sweeps', id, txId);
  }

  noteSweep(id: bigint, error: string): Promise<void> {
    return this.note('treasury_sweeps', id, error);
  }

  /** Ends an open sweep (confirmed, failed or dropped); false when it was not open with that transaction. */
  endSweep(trx: Db, id: bigint, txId: string, status: RecordedEnd, outcome: RecordedOutcome): Promise<boolean> {
    return this.end(trx, 'treasury_sweeps', OPEN_SWEEP, id, txId, status, outcome);
  }

  /** What open sweeps are taking to the hot wallet, per currency: counted against its target. */
  async inFlightToHot(): Promise<Record<SweepCurrency, bigint>> {
    const rows = await this.db
      .selectFrom('treasury_sweeps')
      .select(['currency', sql<string>`sum(amount)::text`.as('total')])
      .where('status', 'in', [...OPEN_SWEEP])
      .where('destination_kind', '=', 'hot')
      .groupBy('currency')
      .execute();
    const result: Record<SweepCurrency, bigint> = { USDT: 0n, TRX: 0n };
    for (const row of rows) result[row.currency] = BigInt(row.total);
    return result;
  }

  /** Addresses with a USDT sweep open. */
  async openUsdtAddresses(): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('treasury_sweeps')
      .select('address')
      .where('status', 'in', [...OPEN_SWEEP])
      .where('currency', '=', 'USDT')
      .execute();
    return new Set(rows.map((row) => row.address));
  }

  recentSweeps(limit: number) {
    return this.db.selectFrom('treasury_sweeps').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }

  // ---- chain actions ----

  /** Writes a transfer of the treasury's to a deposit address as a deposit seen and ignored (the wallet's watcher skips a transfer it has seen). */
  async markNotDeposit(trx: Db, transfer: { playerId: number; txId: string; address: string; from: string; amount: bigint; timestamp: bigint }): Promise<void> {
    await sql`
      insert into deposits (player_id, currency, tx_id, address, from_address, amount, block_number, block_timestamp, status)
      values (${transfer.playerId}, 'TRX', ${transfer.txId}, ${transfer.address}, ${transfer.from}, ${transfer.amount}, null, ${transfer.timestamp}, 'ignored')
      on conflict (tx_id, currency, address) do nothing`.execute(trx);
  }

  async insertAction(trx: Db, action: NewAction): Promise<bigint | null> {
    const row = await trx
      .withTables<TreasuryTables>()
      .insertInto('treasury_chain_actions')
      .values({
        cycle_id: action.cycleId,
        kind: action.kind,
        currency: action.currency,
        from_address: action.from,
        to_address: action.to,
        amount: action.amount,
        energy: action.energy ?? 0n,
        parent_id: action.parentId ?? null,
        status: 'signed',
        tx_id: action.txId,
        signed_tx: action.signedJson,
        tx_expiration: action.expiration,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  openActions() {
    return this.db
      .selectFrom('treasury_chain_actions')
      .selectAll()
      .where('status', 'in', [...OPEN_ACTION])
      .orderBy('id')
      .execute();
  }

  markActionBroadcast(id: bigint, txId: string): Promise<void> {
    return this.markBroadcast('treasury_chain_actions', id, txId);
  }

  noteAction(id: bigint, error: string): Promise<void> {
    return this.note('treasury_chain_actions', id, error);
  }

  /** Ends an open treasury transaction; false when it was not open with that transaction. */
  endAction(trx: Db, id: bigint, txId: string, status: RecordedEnd, outcome: RecordedOutcome): Promise<boolean> {
    return this.end(trx, 'treasury_chain_actions', OPEN_ACTION, id, txId, status, outcome);
  }

  // Sweeps and the treasury's own transactions live alike: signed, then broadcast, then ended once.
  private async markBroadcast(table: RecordedTable, id: bigint, txId: string): Promise<void> {
    await sql`update ${sql.table(table)} set status = 'broadcast', updated_at = now() where id = ${id} and tx_id = ${txId} and status = 'signed'`.execute(
      this.db,
    );
  }

  private async note(table: RecordedTable, id: bigint, error: string): Promise<void> {
    await sql`update ${sql.table(table)} set last_error = ${error.slice(0, 500)}, updated_at = now() where id = ${id}`.execute(this.db);
  }

  private async end(
    trx: Db,
    table: RecordedTable,
    open: readonly string[],
    id: bigint,
    txId: string,
    status: RecordedEnd,
    outcome: RecordedOutcome,
  ): Promise<boolean> {
    const updated = await sql`
      update ${sql.table(table)} set
        status = ${status},
        network_fee = ${outcome.fee ?? null},
        block_number = ${outcome.blockNumber === undefined ? null : BigInt(outcome.blockNumber)},
        last_error = ${outcome.error?.slice(0, 500) ?? null},
        completed_at = now(),
        updated_at = now()
      where id = ${id} and tx_id = ${txId} and status = any(${[...open]}::text[])`.execute(trx);
    return Number(updated.numAffectedRows ?? 0n) > 0;
  }

  /** Confirmed delegations not yet taken back (no undelegation signed, broadcast or confirmed for them). */
  liveDelegations() {
    return this.db
      .selectFrom('treasury_chain_actions as d')
      .selectAll('d')
      .where('d.kind', '=', 'delegate')
      .where('d.status', '=', 'confirmed')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('treasury_chain_actions as u')
              .select('u.id')
              .whereRef('u.parent_id', '=', 'd.id')
              .where('u.kind', '=', 'undelegate')
              .where('u.status', 'in', ['signed', 'broadcast', 'confirmed']),
          ),
        ),
      )
      .orderBy('d.id')
      .execute();
  }

  recentActions(limit: number) {
    return this.db.selectFrom('treasury_chain_actions').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }

  // ---- top-up requests ----

  openTopups() {
    return this.db.selectFrom('treasury_topup_requests').selectAll().where('status', '=', 'open').orderBy('id').execute();
  }

  openTopupById(id: bigint) {
    return this.db.selectFrom('treasury_topup_requests').selectAll().where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
  }

  async openTopup(request: { currency: SweepCurrency; amount: bigint; hotBalance: bigint; floor: bigint; target: bigint }): Promise<bigint | null> {
    const row = await this.db
      .insertInto('treasury_topup_requests')
      .values({
        currency: request.currency,
        amount: request.amount,
        hot_balance: request.hotBalance,
        floor: request.floor,
        target: request.target,
        status: 'open',
      })
      .onConflict((oc) => oc.column('currency').where('status', '=', 'open').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async closeTopups(currency: SweepCurrency): Promise<number> {
    const updated = await this.db
      .updateTable('treasury_topup_requests')
      .set({ status: 'closed', closed_at: new Date() })
      .where('currency', '=', currency)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(updated.numUpdatedRows);
  }

  // ---- settings ----

  async storedSettings(): Promise<{ settings: StoredSweepSettings; updated_by: string | null; updated_at: Date } | undefined> {
    return this.db.selectFrom('treasury_sweep_settings').select(['settings', 'updated_by', 'updated_at']).where('id', '=', 1).executeTakeFirst();
  }

  async storeSettings(settings: StoredSweepSettings, by: string): Promise<void> {
    const json = JSON.stringify(settings);
    await this.db
      .insertInto('treasury_sweep_settings')
      .values({ id: 1, settings: json, updated_by: by })
      .onConflict((oc) => oc.column('id').doUpdateSet({ settings: json, updated_by: by, updated_at: new Date() }))
      .execute();
  }
}

export type SweepRow = Awaited<ReturnType<SweepRepository['openSweeps']>>[number];
export type ActionRow = Awaited<ReturnType<SweepRepository['openActions']>>[number];
export type TopupRow = Awaited<ReturnType<SweepRepository['openTopups']>>[number];
export type CycleRow = Awaited<ReturnType<SweepRepository['cycles']>>[number];
