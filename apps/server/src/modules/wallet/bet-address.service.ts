import { BetAddressStatus, formatMicro, type CallResponse, type walletCalls, type bankCalls } from '@lobby/contract';
import type { TronClient } from '../../chain/tron-client.ts';
import { isValidBase58Address } from '../../chain/address.ts';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import type { PlayerService } from '../player/player.service.ts';
import { BetAddressRepository } from './bet-address.repo.ts';
import type { DepositService } from './deposit.service.ts';
import type { SanctionsCheck } from '../sanctions/sanctions-screen.ts';
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
    private readonly players: Pick<PlayerService, 'lock'>,
    private readonly sanctions?: Pick<SanctionsCheck, 'refuseListed'>,
  ) {}

  private get bindings() {
    return new BetAddressRepository(this.db);
  }

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
    const rows = await this.bindings.listByPlayer(playerId);
    const depositAddress = rows.some((r) => r.status === BetAddressStatus.PENDING) ? await this.deposits.addressOf(playerId) : null;
    return rows.map((r) => toBetAddress(r, depositAddress));
  }

  async add(playerId: number, address: string): Promise<BetAddress> {
    if (!isValidBase58Address(address)) throw fail('ACTIVATION_ADDRESS_INVALID', 'checksum does not match');
    // Our own addresses have no key outside this server, so their activation transfer could never come.
    if (await this.deposits.isInternalAddress(address)) throw fail('ACTIVATION_ADDRESS_INVALID', 'an address of this site');
    // A sanctioned address's transfers would be held, never played: binding it is refused (10064) and recorded.
    await this.sanctions?.refuseListed(address, { kind: 'bet_address', playerId });
    const takenBy = await this.bindings.inUseBy(address);
    if (takenBy !== null && takenBy !== playerId) throw fail('ACTIVATION_ADDRESS_IN_USE');
    if (takenBy === null) {
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
      await this.players.lock(trx, playerId);
      const bindings = new BetAddressRepository(trx);
      const mine = await bindings.listByPlayer(playerId);
      const same = mine.find((r) => r.address === address);
      if (same?.status === BetAddressStatus.IN_USE) return same;
      if (mine.some((r) => r.status === BetAddressStatus.IN_USE)) throw fail('ACTIVATION_ADDRESS_LIMIT', 'an address is already in use');
      if (same) return bindings.renew(same.id, expiresAt, this.activationAmount);
      const pending = mine.filter((r) => r.status === BetAddressStatus.PENDING && r.expires_at.getTime() > Date.now());
      if (pending.length >= MAX_PENDING_BET_ADDRESSES) throw fail('ACTIVATION_ADDRESS_LIMIT', 'too many addresses waiting for activation');
      return bindings.insert({ playerId, address, activationAmount: this.activationAmount, expiresAt });
    });
    return toBetAddress(row, depositAddress);
  }

  /**
   * Ends a binding: transfers from the address stop counting as the player's bets from now on, and
   * binding it again takes a new activation transfer (add renews the row).
   */
  async unbind(playerId: number, id: number): Promise<BetAddress[]> {
    if (!(await this.bindings.unbind(playerId, id))) throw fail('ACTIVATION_ADDRESS_NOT_FOUND', 'no such binding in use or waiting');
    return this.list(playerId);
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
    return new BetAddressRepository(trx).activate({ playerId: deposit.playerId, fromAddress: deposit.fromAddress, amount: deposit.amount, sentAt });
  }

  /** The player a bound address belongs to, for transfer bets; null when no one has bound it. */
  playerFor(address: string): Promise<number | null> {
    return this.bindings.inUseBy(address);
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
