import type { Db } from '../../db/database.ts';
import type { WalletCurrency } from './tables.ts';

/** Transfers between players, one per sender and request id. */
export class TransferRepository {
  constructor(private readonly db: Db) {}

  findByRequest(senderId: number, requestId: string) {
    return this.db.selectFrom('player_transfers').selectAll().where('sender_id', '=', senderId).where('request_id', '=', requestId).executeTakeFirst();
  }

  /** Records a transfer; undefined when the sender's request id is taken (a replay or a concurrent twin). */
  insert(values: { senderId: number; receiverId: number; requestId: string; currency: WalletCurrency; amount: bigint; remark: string | null }) {
    return this.db
      .insertInto('player_transfers')
      .values({
        sender_id: values.senderId,
        receiver_id: values.receiverId,
        request_id: values.requestId,
        currency: values.currency,
        amount: values.amount,
        remark: values.remark,
      })
      .onConflict((oc) => oc.columns(['sender_id', 'request_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }
}
