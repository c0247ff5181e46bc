import { BetAddressStatus, formatMicro, type CallResponse, type walletCalls, type bankCalls } from '@lobby/contract';
import type { TronClient } from '../../chain/tron-client.ts';
import { isValidBase58Address } from '../../chain/address.ts';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import { PlayerRepository } from '../player/player.repo.ts';
import type { DepositService } from './deposit.service.ts';
import type { WalletSettings } from './settings.ts';

type BetAddress = CallResponse<typeof walletCalls.betAddressList>[number];
type BetAddressRow = { id: number; address: string; status: number; activation_amount: bigint; expires_at: Date; created_at: Date; activated_at: Date | null };

/** Bindings waiting for their transfer, per player: enough for a typo or two, not a way to squat addresses. */
export const MAX_PENDING_BET_ADDRESSES = 3;

/**
 * Outside TRON addresses a player binds for transfer bets. A binding proves ownership the only way
 * an address can: the address sends at least the activation amount of TRX to the player's own
 * deposit address within the window. That transfer is an ordinary deposit (credited to the player,
 * so nothing is lost), and when the deposit watcher credits it the binding becomes "in use".
 * One address is in use for at most one player, and a player has at most one in use (SPEC: adding
 * is available only while none has status 1).
 */
export class BetAddressService {
  constructor(
    private readonly db: Db,
    private readonly client: TronClient,
    private readonly deposits: DepositService,
    private readonly settings: WalletSettings,
  ) {}

  /** What the activation transfer must be; below the deposit minimum it would never be credited. */
  get activationAmount(): bigint {
    const { activationAmount } = this.settings.betAddress;
    return activationAmount > this.settings.deposit.min.TRX ? activationAmount : this.settings.deposit.min.TRX;
  }

  async config(playerId: number): Promise<CallResponse<typeof bankCalls.walletActivateConfig>> {
    return {
      required: true,
      toAddress: await this.deposits.addressOf(playerId),
      currency: 'TRX',
      amount: formatMicro(this.activationAmount),
      refunded: true,
      windowSeconds: this.settings.betAddress.windowSeconds,
    };
  }

  async list(playerId: number): Promise<BetAddress[]> {
    const rows = await this.db
      .selectFrom('bet_addresses')
      .selectAll()
      .where('player_id', '=', playerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const depositAddress = rows.some((r) => r.status === BetAddressStatus.PENDING) ? await this.deposits.addressOf(playerId) : null;
    return rows.map((r) => toBetAddress(r, depositAddress));
  }

  async add(playerId: number, address: string): Promise<BetAddress> {
    if (!isValidBase58Address(address)) throw fail('ACTIVATION_ADDRESS_INVALID', 'checksum does not match');
    // Our own addresses have no key outside this server, so their activation transfer could never come.
    if (await this.deposits.isInternalAddress(address)) throw fail('ACTIVATION_ADDRESS_INVALID', 'an address of this site');
    const taken = await this.db
      .selectFrom('bet_addresses')
      .select('player_id')
      .where('address', '=', address)
      .where('status', '=', BetAddressStatus.IN_USE)
      .executeTakeFirst();
    if (taken && taken.player_id !== playerId) throw fail('ACTIVATION_ADDRESS_IN_USE');
    if (!taken) {
      let trx: bigint;
      try {
        trx = await this.client.getTrxBalance(address);
      } catch {
        throw fail('FAILURE', 'the TRON network cannot be reached, try again');
      }
      if (trx === 0n) throw fail('ACTIVATION_ADDRESS_NOT_FOUND', 'the address holds no TRX, so it cannot send the activation transfer');
    }
    const depositAddress = await this.deposits.addressOf(playerId);
    const expiresAt = new Date(Date.now() + this.settings.betAddress.windowSeconds * 1000);
    const row = await this.db.transaction().execute(async (trx) => {
      await new PlayerRepository(trx).lockById(playerId);
      const mine = await trx.selectFrom('bet_addresses').selectAll().where('player_id', '=', playerId).execute();
      const same = mine.find((r) => r.address === address);
      if (same?.status === BetAddressStatus.IN_USE) return same;
      if (mine.some((r) => r.status === BetAddressStatus.IN_USE)) throw fail('ACTIVATION_ADDRESS_LIMIT', 'an address is already in use');
      if (same) {
        return trx
          .updateTable('bet_addresses')
          .set({ status: BetAddressStatus.PENDING, expires_at: expiresAt, activation_amount: this.activationAmount })
          .where('id', '=', same.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      const pending = mine.filter((r) => r.status === BetAddressStatus.PENDING && r.expires_at.getTime() > Date.now());
      if (pending.length >= MAX_PENDING_BET_ADDRESSES) throw fail('ACTIVATION_ADDRESS_LIMIT', 'too many addresses waiting for activation');
      return trx
        .insertInto('bet_addresses')
        .values({ player_id: playerId, address, activation_amount: this.activationAmount, expires_at: expiresAt })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return toBetAddress(row, depositAddress);
  }

  /**
   * Called by the deposit watcher inside the transaction that credits a deposit: a TRX deposit from
   * an address the player is binding, large enough and inside the window, puts the binding in use.
   */
  async activateFromDeposit(
    trx: Db,
    deposit: { playerId: number; fromAddress: string; currency: string; amount: bigint; blockTimestamp: bigint },
  ): Promise<boolean> {
    if (deposit.currency !== 'TRX') return false;
    const sentAt = new Date(Number(deposit.blockTimestamp));
    const result = await trx
      .updateTable('bet_addresses')
      .set({ status: BetAddressStatus.IN_USE, activated_at: new Date() })
      .where('player_id', '=', deposit.playerId)
      .where('address', '=', deposit.fromAddress)
      .where('status', '=', BetAddressStatus.PENDING)
      .where('activation_amount', '<=', deposit.amount)
      .where('expires_at', '>=', sentAt)
      // Only a transfer sent after the binding was asked for (give or take clock skew) proves it.
      .where('created_at', '<=', new Date(sentAt.getTime() + 10 * 60_000))
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('bet_addresses as other').select('other.id').where('other.address', '=', deposit.fromAddress).where('other.status', '=', BetAddressStatus.IN_USE))),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('bet_addresses as mine')
              .select('mine.id')
              .where('mine.player_id', '=', deposit.playerId)
              .where('mine.status', '=', BetAddressStatus.IN_USE),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The player a bound address belongs to, for transfer bets; null when no one has bound it. */
  async playerFor(address: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('bet_addresses')
      .select('player_id')
      .where('address', '=', address)
      .where('status', '=', BetAddressStatus.IN_USE)
      .executeTakeFirst();
    return row?.player_id ?? null;
  }
}

function toBetAddress(row: BetAddressRow, depositAddress: string | null): BetAddress {
  const pending = row.status === BetAddressStatus.PENDING;
  return {
    id: row.id,
    address: row.address,
    status: row.status as BetAddress['status'],
    activation:
      pending && depositAddress
        ? { toAddress: depositAddress, amount: formatMicro(row.activation_amount), currency: 'TRX', expiresAt: row.expires_at.toISOString() }
        : null,
    createdAt: row.created_at.toISOString(),
    activatedAt: row.activated_at?.toISOString() ?? null,
  };
}
