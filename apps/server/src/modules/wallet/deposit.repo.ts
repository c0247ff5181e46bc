import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DepositsTable, DepositStatus } from './tables.ts';

export type DepositRow = Selectable<DepositsTable>;

/** A deposit address with where its TRX and USDT histories were read to (block timestamps, ms). */
export interface ScannedAddress {
  player_id: number;
  address: string;
  trx_cursor: bigint;
  usdt_cursor: bigint;
}

/**
 * Players' deposit addresses and the deposits read from their histories. Methods that take `trx`
 * run inside the caller's transaction.
 */
export class DepositRepository {
  constructor(private readonly db: Db) {}

  // --- addresses

  /** The player's address, stamping that they asked for it; undefined when they have none yet. */
  async touchAddress(playerId: number): Promise<string | undefined> {
    const row = await this.db
      .updateTable('deposit_addresses')
      .set({ last_requested_at: new Date() })
      .where('player_id', '=', playerId)
      .returning('address')
      .executeTakeFirst();
    return row?.address;
  }

  async findAddress(playerId: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('deposit_addresses').select('address').where('player_id', '=', playerId).executeTakeFirst();
    return row?.address;
  }

  /** The next unused derivation index. */
  async nextIndex(): Promise<bigint> {
    const { index } = (await sql<{ index: bigint }>`select nextval('deposit_address_index_seq') as index`.execute(this.db)).rows[0];
    return BigInt(index);
  }

  /** The player's first address; undefined when a concurrent first request inserted theirs. */
  async insertAddress(values: { playerId: number; index: number; address: string; cursor: bigint }): Promise<string | undefined> {
    const row = await this.db
      .insertInto('deposit_addresses')
      .values({ player_id: values.playerId, derivation_index: values.index, address: values.address, trx_cursor: values.cursor, usdt_cursor: values.cursor })
      .onConflict((oc) => oc.column('player_id').doNothing())
      .returning('address')
      .executeTakeFirst();
    return row?.address;
  }

  /** Whether coins sent to the address would land in a player's deposit address or a transfer game's address (now or formerly). */
  async isSiteAddress(address: string): Promise<boolean> {
    const { rows } = await sql<{ own: boolean }>`
      select exists (select 1 from deposit_addresses where address = ${address})
          or exists (select 1 from game_transfer_addresses where address = ${address})
          or exists (select 1 from hash_transfer_cursors where address = ${address}) as own`.execute(this.db);
    return rows[0].own;
  }

  /** Addresses to read this tick: never read, idle past `idleSince`, or with activity since `activeSince`; least recently read first. */
  dueForScan(idleSince: Date, activeSince: Date, limit: number): Promise<ScannedAddress[]> {
    return this.db
      .selectFrom('deposit_addresses')
      .select(['player_id', 'address', 'trx_cursor', 'usdt_cursor'])
      .where((eb) =>
        eb.or([
          eb('last_scanned_at', 'is', null),
          eb('last_scanned_at', '<', idleSince),
          eb('last_requested_at', '>', activeSince),
          eb('last_deposit_at', '>', activeSince),
        ]),
      )
      .orderBy(sql`last_scanned_at nulls first`)
      .limit(limit)
      .execute();
  }

  async moveCursors(playerId: number, trxCursor: bigint, usdtCursor: bigint): Promise<void> {
    await this.db
      .updateTable('deposit_addresses')
      .set({ trx_cursor: trxCursor, usdt_cursor: usdtCursor, last_scanned_at: new Date() })
      .where('player_id', '=', playerId)
      .execute();
  }

  async markDeposited(trx: Db, playerId: number): Promise<void> {
    await trx.updateTable('deposit_addresses').set({ last_deposit_at: new Date() }).where('player_id', '=', playerId).execute();
  }

  // --- deposits

  /** One row per (transaction, currency, address): a transfer read again adds nothing. */
  async insertSeen(rows: Insertable<DepositsTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('deposits')
      .values(rows)
      .onConflict((oc) => oc.columns(['tx_id', 'currency', 'address']).doNothing())
      .execute();
  }

  pending(limit: number): Promise<DepositRow[]> {
    return this.db.selectFrom('deposits').selectAll().where('status', '=', 'pending').orderBy('id').limit(limit).execute();
  }

  /** Records how many confirmations a pending deposit has; true when that changed the row. */
  async setConfirmations(id: bigint, confirmations: number): Promise<boolean> {
    const result = await this.db
      .updateTable('deposits')
      .set({ confirmations })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('confirmations', '<>', confirmations)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setBlock(id: bigint, blockNumber: number): Promise<void> {
    await this.db
      .updateTable('deposits')
      .set({ block_number: BigInt(blockNumber) })
      .where('id', '=', id)
      .execute();
  }

  /** Closes a pending deposit without crediting it. */
  async setStatus(id: bigint, status: DepositStatus): Promise<void> {
    await this.db.updateTable('deposits').set({ status }).where('id', '=', id).where('status', '=', 'pending').execute();
  }

  /** Marks a pending (or held, once reviewed) deposit credited; undefined when it was not in `from` any more. */
  markCredited(trx: Db, id: bigint, from: 'pending' | 'held' = 'pending'): Promise<DepositRow | undefined> {
    return trx
      .updateTable('deposits')
      .set({ status: 'credited', credited_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', from)
      .returningAll()
      .executeTakeFirst();
  }
}
