import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { WithdrawalStatus, WithdrawalsTable } from './tables.ts';

export type WithdrawalRow = Selectable<WithdrawalsTable>;

/** Statuses that still count against the daily limit: everything that was not given back. */
const COUNTED: WithdrawalStatus[] = ['pending_review', 'queued', 'signed', 'broadcast', 'confirmed'];

/**
 * The `withdrawals` table and the attempts to send each one. Every status change is conditional on
 * the status (and transaction id) it is made from, so whatever happened first wins. Methods that
 * take `trx` run inside the caller's transaction.
 */
export class WithdrawalRepository {
  constructor(private readonly db: Db) {}

  findById(id: bigint) {
    return this.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByRequest(playerId: number, requestId: string) {
    return this.db.selectFrom('withdrawals').selectAll().where('player_id', '=', playerId).where('request_id', '=', requestId).executeTakeFirst();
  }

  /** Whether a return of held deposits was made under this request id (its withdrawals are `<requestId>:<depositId>`). */
  async heldReturnMade(playerId: number, requestId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('withdrawals')
      .select('id')
      .where('player_id', '=', playerId)
      .where('request_id', 'like', `${requestId.replace(/[\\%_]/g, '\\$&')}:%`)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Withdrawals made in the last 24 hours that were not given back. */
  async countToday(playerId: number, trx: Db = this.db): Promise<number> {
    const { count } = await trx
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('player_id', '=', playerId)
      .where('status', 'in', COUNTED)
      .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** A new withdrawal; undefined when the player's request id was used already. */
  insert(trx: Db, values: Insertable<WithdrawalsTable>) {
    return trx
      .insertInto('withdrawals')
      .values(values)
      .onConflict((oc) => oc.columns(['player_id', 'request_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  listByStatus(statuses: WithdrawalStatus[], limit: number): Promise<WithdrawalRow[]> {
    return this.db.selectFrom('withdrawals').selectAll().where('status', 'in', statuses).orderBy('id').limit(limit).execute();
  }

  /** The operator's approval of a withdrawal awaiting review. */
  approve(id: bigint, trx: Db = this.db) {
    return trx
      .updateTable('withdrawals')
      .set({ status: 'queued', reviewed_at: new Date(), updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'pending_review')
      .returningAll()
      .executeTakeFirst();
  }

  /** Gives a withdrawal its final `rejected` or `failed` status, only from `from` (and while it carries `txId`, when given). */
  close(trx: Db, id: bigint, final: 'rejected' | 'failed', from: WithdrawalStatus[], txId: string | null, reason: string) {
    let update = trx
      .updateTable('withdrawals')
      .set({
        status: final,
        completed_at: new Date(),
        updated_at: new Date(),
        last_error: reason,
        ...(final === 'rejected' ? { reviewed_at: new Date() } : {}),
      })
      .where('id', '=', id)
      .where('status', 'in', from);
    if (txId !== null) update = update.where('tx_id', '=', txId);
    return update.returningAll().executeTakeFirst();
  }
}
