import { type Kysely, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { SanctionHitKind, SanctionHitState, SanctionHitsTable, SanctionSource, SanctionsTables } from './tables.ts';

export type SanctionHitRow = Selectable<SanctionHitsTable>;

export interface NewSanctionHit {
  kind: SanctionHitKind;
  state: SanctionHitState;
  playerId: number | null;
  address: string;
  lists: readonly string[];
  currency?: 'USDT' | 'TRX' | null;
  amount?: bigint | null;
  reference?: string | null;
  txId?: string | null;
}

/** `%` and `_` are wildcards of like: a query holding them means them literally. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The lists of sanctioned addresses and what was met with them. Methods that take `trx` run inside the caller's transaction. */
export class SanctionsRepository {
  private readonly db: Kysely<Database & SanctionsTables>;

  constructor(db: Db) {
    this.db = db.withTables<SanctionsTables>();
  }

  /** Every (list, address): what each instance holds in memory. */
  all(): Promise<{ list: string; address: string }[]> {
    return this.db.selectFrom('sanctioned_addresses').select(['list', 'address']).execute();
  }

  /**
   * Makes a list's shipped rows equal to its file: addresses gone from the file leave, new ones come
   * in, and an address staff had uploaded that the file now names becomes shipped. Uploaded rows are
   * left alone. Instances starting together take turns on the table lock.
   */
  async syncShipped(list: string, addresses: readonly string[]): Promise<{ added: number; removed: number }> {
    return this.db.transaction().execute(async (trx) => {
      await sql`lock table sanctioned_addresses in exclusive mode`.execute(trx);
      let removed = trx.deleteFrom('sanctioned_addresses').where('list', '=', list).where('source', '=', 'shipped');
      if (addresses.length > 0) removed = removed.where('address', 'not in', [...addresses]);
      const gone = await removed.executeTakeFirst();
      let added = 0;
      if (addresses.length > 0) {
        const rows = await trx
          .insertInto('sanctioned_addresses')
          .values(addresses.map((address) => ({ list, address, source: 'shipped' as const, added_by: null })))
          .onConflict((oc) =>
            oc.columns(['list', 'address']).doUpdateSet({ source: 'shipped', added_by: null }).where('sanctioned_addresses.source', '<>', 'shipped'),
          )
          .returning('address')
          .execute();
        added = rows.length;
      }
      return { added, removed: Number(gone.numDeletedRows) };
    });
  }

  /**
   * Adds uploaded addresses to a list; `replace` first takes off the list's uploaded addresses the
   * text does not name. One transaction: all of it or nothing.
   */
  async upload(list: string, addresses: readonly string[], replace: boolean, by: string): Promise<{ added: number; removed: number; total: number }> {
    return this.db.transaction().execute(async (trx) => {
      await sql`lock table sanctioned_addresses in exclusive mode`.execute(trx);
      let removed = 0;
      if (replace) {
        let gone = trx.deleteFrom('sanctioned_addresses').where('list', '=', list).where('source', '=', 'upload');
        if (addresses.length > 0) gone = gone.where('address', 'not in', [...addresses]);
        removed = Number((await gone.executeTakeFirst()).numDeletedRows);
      }
      let added = 0;
      for (let i = 0; i < addresses.length; i += 1000) {
        const rows = await trx
          .insertInto('sanctioned_addresses')
          .values(addresses.slice(i, i + 1000).map((address) => ({ list, address, source: 'upload' as const, added_by: by })))
          .onConflict((oc) => oc.columns(['list', 'address']).doNothing())
          .returning('address')
          .execute();
        added += rows.length;
      }
      const { total } = await trx
        .selectFrom('sanctioned_addresses')
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .where('list', '=', list)
        .executeTakeFirstOrThrow();
      return { added, removed, total: Number(total) };
    });
  }

  /** Takes one uploaded address off a list; what the row was (undefined: not on the list). */
  async remove(list: string, address: string): Promise<{ source: SanctionSource } | undefined> {
    const row = await this.db.selectFrom('sanctioned_addresses').select('source').where('list', '=', list).where('address', '=', address).executeTakeFirst();
    if (row?.source === 'upload')
      await this.db.deleteFrom('sanctioned_addresses').where('list', '=', list).where('address', '=', address).where('source', '=', 'upload').execute();
    return row;
  }

  async counts(): Promise<{ list: string; shipped: number; uploaded: number; updated_at: Date | null }[]> {
    const rows = await this.db
      .selectFrom('sanctioned_addresses')
      .select((eb) => [
        'list',
        sql<string>`count(*) filter (where source = 'shipped')`.as('shipped'),
        sql<string>`count(*) filter (where source = 'upload')`.as('uploaded'),
        eb.fn.max('added_at').as('updated_at'),
      ])
      .groupBy('list')
      .orderBy('list')
      .execute();
    return rows.map((r) => ({ list: r.list, shipped: Number(r.shipped), uploaded: Number(r.uploaded), updated_at: r.updated_at as Date | null }));
  }

  async distinctAddresses(): Promise<number> {
    const { n } = await this.db.selectFrom('sanctioned_addresses').select(sql<string>`count(distinct address)`.as('n')).executeTakeFirstOrThrow();
    return Number(n);
  }

  async search(filter: { query?: string; list?: string; source?: SanctionSource; page: number; pageSize: number }) {
    let q = this.db.selectFrom('sanctioned_addresses');
    if (filter.query) q = q.where(sql<boolean>`address ilike ${`%${likeEscaped(filter.query)}%`}`);
    if (filter.list) q = q.where('list', '=', filter.list);
    if (filter.source) q = q.where('source', '=', filter.source);
    const [rows, { total }] = await Promise.all([
      q
        .selectAll()
        .orderBy('added_at', 'desc')
        .orderBy('list')
        .orderBy('address')
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total) };
  }

  // --- hits

  /** Records a hit; undefined when one with the same kind and reference was recorded already. */
  async insertHit(trx: Db, hit: NewSanctionHit): Promise<SanctionHitRow | undefined> {
    return trx
      .withTables<SanctionsTables>()
      .insertInto('sanction_hits')
      .values({
        kind: hit.kind,
        state: hit.state,
        player_id: hit.playerId,
        address: hit.address,
        lists: [...hit.lists],
        currency: hit.currency ?? null,
        amount: hit.amount ?? null,
        reference: hit.reference ?? null,
        tx_id: hit.txId ?? null,
      })
      .onConflict((oc) => oc.columns(['kind', 'reference']).where('reference', 'is not', null).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  findHit(id: number): Promise<SanctionHitRow | undefined> {
    return this.db.selectFrom('sanction_hits').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
  }

  /** Closes a held hit with its decision; undefined when it was not held any more. */
  decideHit(trx: Db, id: number, state: 'credited' | 'refunded' | 'kept', by: string, reason: string): Promise<SanctionHitRow | undefined> {
    return trx
      .withTables<SanctionsTables>()
      .updateTable('sanction_hits')
      .set({ state, decided_by: by, decision_reason: reason, decided_at: new Date() })
      .where('id', '=', BigInt(id))
      .where('state', '=', 'held')
      .returningAll()
      .executeTakeFirst();
  }

  async heldCount(): Promise<number> {
    const { n } = await this.db
      .selectFrom('sanction_hits')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('state', '=', 'held')
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  async hits(filter: { kind?: SanctionHitKind; state?: SanctionHitState; playerId?: number; page: number; pageSize: number }) {
    let q = this.db.selectFrom('sanction_hits');
    if (filter.kind) q = q.where('kind', '=', filter.kind);
    if (filter.state) q = q.where('state', '=', filter.state);
    if (filter.playerId !== undefined) q = q.where('player_id', '=', filter.playerId);
    const [rows, { total }] = await Promise.all([
      q
        .selectAll()
        .orderBy('id', 'desc')
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total) };
  }

  // --- deposits held for review (the wallet's table, moved only between these states here)

  /** A pending deposit from a listed address leaves the crediting path; false when it was not pending. */
  async holdDeposit(trx: Db, depositId: bigint): Promise<boolean> {
    const row = await trx
      .updateTable('deposits')
      .set({ status: 'held' })
      .where('id', '=', depositId)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Sends a held transfer bet back to its sender in full: its receipt (refused with 10064, nothing
   * refunded) now says what is refunded, and the payout sender sends it as any refund. False when
   * the transfer is not held any more.
   */
  async refundTransfer(trx: Db, txId: string): Promise<boolean> {
    const receipt = await trx
      .updateTable('hash_transfer_receipts')
      .set((eb) => ({ refund_amount: eb.ref('amount') }))
      .where('tx_id', '=', txId)
      .where('outcome', '=', 'refund')
      .where('refund_amount', '=', 0n)
      .returning(['tx_id', 'from_address', 'currency', 'amount'])
      .executeTakeFirst();
    if (!receipt) return false;
    await trx
      .insertInto('hash_chain_payouts')
      .values({
        receipt_tx_id: receipt.tx_id,
        bet_id: null,
        purpose: 'refund',
        to_address: receipt.from_address,
        currency: receipt.currency,
        amount: receipt.amount,
      })
      .execute();
    return true;
  }

  async refuseDeposit(trx: Db, depositId: bigint): Promise<boolean> {
    const row = await trx
      .updateTable('deposits')
      .set({ status: 'refused' })
      .where('id', '=', depositId)
      .where('status', '=', 'held')
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
