import { BetAddressStatus } from '@lobby/contract';
import type { Db } from '../../db/database.ts';

/** Outside addresses players bind for transfer bets, and their activation state. */
export class BetAddressRepository {
  constructor(private readonly db: Db) {}

  /** A player's bindings, newest first. */
  listByPlayer(playerId: number) {
    return this.db.selectFrom('bet_addresses').selectAll().where('player_id', '=', playerId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  /** The player an address is in use for, if any. */
  async inUseBy(address: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('bet_addresses')
      .select('player_id')
      .where('address', '=', address)
      .where('status', '=', BetAddressStatus.IN_USE)
      .executeTakeFirst();
    return row?.player_id ?? null;
  }

  /** Opens a new activation window on an existing binding. */
  renew(id: number, expiresAt: Date, activationAmount: bigint) {
    return this.db
      .updateTable('bet_addresses')
      .set({ status: BetAddressStatus.PENDING, expires_at: expiresAt, activation_amount: activationAmount })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Ends one of the player's bindings, in use or waiting; null when they have no such live binding. */
  unbind(playerId: number, id: number) {
    return this.db
      .updateTable('bet_addresses')
      .set({ status: BetAddressStatus.UNBOUND })
      .where('id', '=', id)
      .where('player_id', '=', playerId)
      .where('status', 'in', [BetAddressStatus.PENDING, BetAddressStatus.IN_USE])
      .returning('id')
      .executeTakeFirst();
  }

  insert(values: { playerId: number; address: string; activationAmount: bigint; expiresAt: Date }) {
    return this.db
      .insertInto('bet_addresses')
      .values({ player_id: values.playerId, address: values.address, activation_amount: values.activationAmount, expires_at: values.expiresAt })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Puts the player's pending binding of `fromAddress` in use when this TRX transfer proves it:
   * at least the activation amount, sent within the window and after the binding was asked for,
   * with neither the address nor the player already having one in use. True when it did.
   */
  async activate(transfer: { playerId: number; fromAddress: string; amount: bigint; sentAt: Date }): Promise<boolean> {
    const result = await this.db
      .updateTable('bet_addresses')
      .set({ status: BetAddressStatus.IN_USE, activated_at: new Date() })
      .where('player_id', '=', transfer.playerId)
      .where('address', '=', transfer.fromAddress)
      .where('status', '=', BetAddressStatus.PENDING)
      .where('activation_amount', '<=', transfer.amount)
      .where('expires_at', '>=', transfer.sentAt)
      // Only a transfer sent after the binding was asked for (give or take clock skew) proves it.
      .where('created_at', '<=', new Date(transfer.sentAt.getTime() + 10 * 60_000))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('bet_addresses as other')
              .select('other.id')
              .where('other.address', '=', transfer.fromAddress)
              .where('other.status', '=', BetAddressStatus.IN_USE),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('bet_addresses as mine')
              .select('mine.id')
              .where('mine.player_id', '=', transfer.playerId)
              .where('mine.status', '=', BetAddressStatus.IN_USE),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
