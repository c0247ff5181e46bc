import { formatMicro, type CallResponse, type bankCalls } from '@lobby/contract';
import type { Chain } from '../../chain/chain-setup.ts';
import { MAX_DEPOSIT_INDEX } from '../../chain/hd.ts';
import type { Db } from '../../db/database.ts';
import { DepositRepository } from './deposit.repo.ts';
import type { WalletSettings } from './settings.ts';

/**
 * History before an address was handed out cannot be a deposit of its player. Reading it anyway
 * would credit old transfers again if the operator ever reused the xpub with a fresh database; the
 * margin covers clock differences between this server and the chain's block times.
 */
const CURSOR_START_MARGIN_MS = 10 * 60_000;

/** Each player's own TRON deposit address, derived from the operator's xpub on first request. */
export class DepositService {
  private readonly repo: DepositRepository;

  constructor(
    db: Db,
    private readonly chain: Pick<Chain, 'deposits' | 'client' | 'hotWallet'>,
    private readonly settings: WalletSettings,
  ) {
    this.repo = new DepositRepository(db);
  }

  /** The player's address, assigning the next derivation index the first time. */
  async addressOf(playerId: number): Promise<string> {
    const existing = await this.repo.touchAddress(playerId);
    if (existing) return existing;
    const index = await this.repo.nextIndex();
    if (index > BigInt(MAX_DEPOSIT_INDEX)) throw new Error('deposit address indexes exhausted for this xpub');
    const address = this.chain.deposits.address(Number(index));
    const cursor = BigInt(Date.now() - CURSOR_START_MARGIN_MS);
    const inserted = await this.repo.insertAddress({ playerId, index: Number(index), address, cursor });
    if (inserted) return inserted;
    // A concurrent first request won; its index is the player's and this one stays unused.
    const winner = await this.repo.findAddress(playerId);
    if (!winner) throw new Error('deposit address vanished after a concurrent insert');
    return winner;
  }

  /** Existing address only; null for a player who never asked for one. */
  async findAddress(playerId: number): Promise<string | null> {
    return (await this.repo.findAddress(playerId)) ?? null;
  }

  /**
   * Whether an address is one of ours: the hot wallet, any player's deposit address, or a transfer
   * game's receiving address (as configured now, or as the transfer watcher read it before). Coins
   * paid to one of them would be credited to a player or taken as a bet, or sit where no
   * withdrawal is accounted for.
   */
  async isInternalAddress(address: string): Promise<boolean> {
    if (address === this.chain.hotWallet.address) return true;
    return this.repo.isSiteAddress(address);
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
