import type { Db } from '../../db/database.ts';
import type { WalletCurrency } from './tables.ts';

/** Currency exchanges, one per player and request id. */
export class ExchangeRepository {
  constructor(private readonly db: Db) {}

  findByRequest(playerId: number, requestId: string) {
    return this.db.selectFrom('exchanges').selectAll().where('player_id', '=', playerId).where('request_id', '=', requestId).executeTakeFirst();
  }

  /** Records an exchange; undefined when the player's request id is taken (a replay or a concurrent twin). */
  insert(values: { playerId: number; requestId: string; from: WalletCurrency; to: WalletCurrency; amount: bigint; toAmount: bigint; rate: string }) {
    return this.db
      .insertInto('exchanges')
      .values({
        player_id: values.playerId,
        request_id: values.requestId,
        from_currency: values.from,
        to_currency: values.to,
        amount: values.amount,
        to_amount: values.toAmount,
        rate: values.rate,
      })
      .onConflict((oc) => oc.columns(['player_id', 'request_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }
}
