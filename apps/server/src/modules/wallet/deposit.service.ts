import { formatMicro, type CallResponse, type bankCalls } from '@lobby/contract';
import { sql } from 'kysely';
import type { Chain } from '../../chain/chain-setup.ts';
import { MAX_DEPOSIT_INDEX } from '../../chain/hd.ts';
import type { Db } from '../../db/database.ts';
import type { WalletSettings } from './settings.ts';

/**
 * History before an address was handed out cannot be a deposit of its player. Reading it anyway
 * would credit old transfers again if the operator ever reused the xpub with a fresh database; the
 * margin covers clock differences between this server and the chain's block times.
 */
const CURSOR_START_MARGIN_MS = 10 * 60_000;

/** Each player's own TRON deposit address, derived from the operator's xpub on first request. */
export class DepositService {
  constructor(
    private readonly db: Db,
    private readonly chain: Pick<Chain, 'deposits' | 'client' | 'hotWallet'>,
    private readonly settings: WalletSettings,
  ) {}

  /** The player's address, assigning the next derivation index the first time. */
  async addressOf(playerId: number): Promise<string> {
    const existing = await this.db
      .updateTable('deposit_addresses')
      .set({ last_requested_at: new Date() })
      .where('player_id', '=', playerId)
      .returning('address')
      .executeTakeFirst();
    if (existing) return existing.address;
    const { index } = (await sql<{ index: bigint }>`select nextval('deposit_address_index_seq') as index`.execute(this.db)).rows[0];
    if (BigInt(index) > BigInt(MAX_DEPOSIT_INDEX)) throw new Error('deposit address indexes exhausted for this xpub');
    const address = this.chain.deposits.address(Number(index));
    const cursor = BigInt(Date.now() - CURSOR_START_MARGIN_MS);
    const inserted = await this.db
      .insertInto('deposit_addresses')
      .values({ player_id: playerId, derivation_index: Number(index), address, trx_cursor: cursor, usdt_cursor: cursor })
      .onConflict((oc) => oc.column('player_id').doNothing())
      .returning('address')
      .executeTakeFirst();
    if (inserted) return inserted.address;
    // A concurrent first request won; its index is the player's and this one stays unused.
    const winner = await this.db.selectFrom('deposit_addresses').select('address').where('player_id', '=', playerId).executeTakeFirstOrThrow();
    return winner.address;
  }

  /** Existing address only; null for a player who never asked for one. */
  async findAddress(playerId: number): Promise<string | null> {
    const row = await this.db.selectFrom('deposit_addresses').select('address').where('player_id', '=', playerId).executeTakeFirst();
    return row?.address ?? null;
  }

  /**
   * Whether an address is one of ours: the hot wallet, any player's deposit address, or a transfer
   * game's receiving address (as configured now, or as the transfer watcher read it before). Coins
   * paid to one of them would be credited to a player or taken as a bet, or sit where no
   * withdrawal is accounted for.
   */
  async isInternalAddress(address: string): Promise<boolean> {
    if (address === this.chain.hotWallet.address) return true;
    const { rows } = await sql<{ own: boolean }>`
      select exists (select 1 from deposit_addresses where address = ${address})
          or exists (select 1 from game_transfer_addresses where address = ${address})
          or exists (select 1 from hash_transfer_cursors where address = ${address}) as own`.execute(this.db);
    return rows[0].own;
  }

  async depositInfo(playerId: number): Promise<CallResponse<typeof bankCalls.depositAddress>> {
    const address = await this.addressOf(playerId);
    const confirmations = Math.max(1, this.settings.deposit.confirmations);
    return {
      address,
      network: 'TRON',
      currencies: [
        { currency: 'USDT', minAmount: formatMicro(this.settings.deposit.min.USDT), confirmations, contractAddress: this.chain.client.usdtContract },
        { currency: 'TRX', minAmount: formatMicro(this.settings.deposit.min.TRX), confirmations, contractAddress: null },
      ],
    };
  }
}
