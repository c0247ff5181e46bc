import type { Db } from '../../db/database.ts';

/** A player's saved withdrawal addresses and cashout accounts. */
export class CashoutBookRepository {
  constructor(private readonly db: Db) {}

  /** The player's withdrawal addresses, newest first. */
  listAddresses(playerId: number) {
    return this.db.selectFrom('cashout_addresses').selectAll().where('player_id', '=', playerId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  findAddress(playerId: number, id: number) {
    return this.db.selectFrom('cashout_addresses').selectAll().where('player_id', '=', playerId).where('id', '=', id).executeTakeFirst();
  }

  insertAddress(playerId: number, address: string, label: string) {
    return this.db.insertInto('cashout_addresses').values({ player_id: playerId, address, label }).returningAll().executeTakeFirstOrThrow();
  }

  /** Whether a withdrawal of the player's was ever confirmed to `address`: then it is not new to them. */
  async paidBefore(playerId: number, address: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('withdrawals')
      .select('id')
      .where('player_id', '=', playerId)
      .where('to_address', '=', address)
      .where('status', '=', 'confirmed')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Deletes one of the player's addresses; false when the player has no such address. */
  async deleteAddress(playerId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('cashout_addresses').where('player_id', '=', playerId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The player's cashout accounts (of one type, when given): the default first, then newest first. */
  listAccounts(playerId: number, accountType?: number) {
    let query = this.db.selectFrom('cashout_accounts').selectAll().where('player_id', '=', playerId);
    if (accountType !== undefined) query = query.where('account_type', '=', accountType);
    return query.orderBy('is_default', 'desc').orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  findAccount(playerId: number, id: number) {
    return this.db.selectFrom('cashout_accounts').selectAll().where('player_id', '=', playerId).where('id', '=', id).executeTakeFirst();
  }

  /** The player's newest account, if any. */
  newestAccount(playerId: number) {
    return this.db
      .selectFrom('cashout_accounts')
      .select('id')
      .where('player_id', '=', playerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  insertAccount(values: { playerId: number; accountType: number; label: string | null; details: object; isDefault: boolean }) {
    return this.db
      .insertInto('cashout_accounts')
      .values({
        player_id: values.playerId,
        account_type: values.accountType,
        label: values.label,
        details: JSON.stringify(values.details),
        is_default: values.isDefault,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async deleteAccount(id: number): Promise<void> {
    await this.db.deleteFrom('cashout_accounts').where('id', '=', id).execute();
  }

  /** Makes this account the player's only default. */
  async makeDefault(playerId: number, id: number): Promise<void> {
    await this.db.updateTable('cashout_accounts').set({ is_default: false }).where('player_id', '=', playerId).where('is_default', '=', true).execute();
    await this.db.updateTable('cashout_accounts').set({ is_default: true }).where('id', '=', id).execute();
  }

  async setLabel(id: number, label: string): Promise<void> {
    await this.db.updateTable('cashout_accounts').set({ label }).where('id', '=', id).execute();
  }
}
