import type { HotWallet } from './chain-setup.ts';
import { parseJson } from './json.ts';
import type { TransactionJson } from './transaction.ts';
import { TronBroadcastError, type BlockSummary, type SignedTransaction, type TronClient } from './tron-client.ts';

export type OutgoingCurrency = 'USDT' | 'TRX';

/** What the chain says about a transaction the hot wallet signed and its caller recorded. */
export type OutgoingStatus =
  /** In a block with enough confirmations, and it moved the coins. */
  | { state: 'confirmed'; blockNumber: number; fee: bigint }
  /** In a block with enough confirmations, and it failed: it moved nothing but may have burnt a fee. */
  | { state: 'reverted'; blockNumber: number; fee: bigint; reason: string }
  /** In a block, not yet confirmed enough. */
  | { state: 'included' }
  /** Not in any block while the head is past its expiration: it can never land. */
  | { state: 'expired' }
  /** Not in a block yet and still able to land: offer the same signed bytes again, never new ones. */
  | { state: 'unseen' };

/** A transaction as its caller recorded it before offering it. */
export interface RecordedTransaction {
  txId: string;
  expiration: bigint | number;
  signedJson: string;
}

/** What a caller does on each outcome of `follow`. */
export interface OutcomeHandlers {
  /** In a block, awaiting confirmations. */
  included(): Promise<void>;
  /** The same signed bytes were offered again; null when the node took them, else why not. */
  reoffered(refused: Error | null): Promise<void>;
  /** It moved nothing and never will: sign a new one or give up. A revert may still have burnt a fee. */
  notDelivered(outcome: 'reverted' | 'expired', reason: string, networkFee: bigint): Promise<void>;
  confirmed(blockNumber: number, networkFee: bigint): Promise<void>;
}

/**
 * How far past its expiration the head must be before an unseen transaction counts as never
 * landing: the head and the transaction's status may come from different nodes behind one URL,
 * and a lagging node must have had time to see any block that could still hold it.
 */
export const EXPIRY_MARGIN_MS = 60_000;

/**
 * The chain half of sending coins from the hot wallet. `PaymentSender` (payment-sender.ts) keeps the
 * half that makes it safe: it records the signed transaction before offering it, and changes a
 * payment's status only on what `status` reports, so a payment is made at most once whatever
 * crashes, and a new transaction is signed only once the last provably never landed.
 */
export class HotWalletSender {
  constructor(
    private readonly client: TronClient,
    private readonly wallet: HotWallet,
    /** Blocks, the including one counted, before a transaction's outcome is final. */
    private readonly confirmations: number,
    /** TRX (sun) the hot wallet must hold before it signs a USDT transfer. */
    private readonly trxReserve = 0n,
  ) {}

  get address(): string {
    return this.wallet.address;
  }

  /** The chain head; read it before judging any status against it. */
  head(): Promise<BlockSummary> {
    return this.client.getNowBlock();
  }

  /** What the hot wallet holds of a currency, as the node sees it now. */
  available(currency: OutgoingCurrency): Promise<bigint> {
    return currency === 'TRX' ? this.client.getTrxBalance(this.wallet.address) : this.client.getUsdtBalance(this.wallet.address);
  }

  /**
   * Why the hot wallet cannot send `amount` now, or null when it can. A USDT transfer also needs the
   * TRX reserve for its network fee: sent without it, it would run out of energy on chain, burn what
   * TRX there is and move nothing, using up one of the payment's attempts.
   */
  async shortfall(currency: OutgoingCurrency, amount: bigint): Promise<string | null> {
    if ((await this.available(currency)) < amount) return 'hot wallet balance too low';
    if (currency === 'USDT' && this.trxReserve > 0n && (await this.available('TRX')) < this.trxReserve) return 'hot wallet TRX too low for network fees';
    return null;
  }

  /** A signed transfer from the hot wallet, not yet offered to anyone. */
  sign(currency: OutgoingCurrency, to: string, amount: bigint): Promise<SignedTransaction> {
    return currency === 'TRX'
      ? this.client.prepareTrxTransfer(this.wallet.privateKey, to, amount)
      : this.client.prepareUsdtTransfer(this.wallet.privateKey, to, amount);
  }

  /** A recorded transaction, rebuilt to be offered again. */
  recorded(txId: string, expiration: bigint | number, signedJson: string): SignedTransaction {
    return { txId, from: this.wallet.address, expiration: Number(expiration), transaction: parseJson(signedJson) as TransactionJson };
  }

  /**
   * Offers a signed transaction to the node. Null when the node has it (now, or from an earlier
   * offer); otherwise why it was not taken. Never throws: a refused or unreachable offer leaves the
   * transaction recorded, and `status` decides from the chain.
   */
  async offer(signed: SignedTransaction): Promise<Error | null> {
    try {
      await this.client.broadcast(signed);
      return null;
    } catch (error) {
      if (error instanceof TronBroadcastError && error.code === 'DUP_TRANSACTION_ERROR') return null;
      return error as Error;
    }
  }

  /** Judges a recorded transaction against `head`, which must have been read before this call. */
  async status(txId: string, expiration: bigint | number, head: BlockSummary): Promise<OutgoingStatus> {
    const info = await this.client.getTransactionInfo(txId);
    if (info) {
      if (head.height - info.blockNumber + 1 < this.confirmations) return { state: 'included' };
      return info.success
        ? { state: 'confirmed', blockNumber: info.blockNumber, fee: info.fee }
        : { state: 'reverted', blockNumber: info.blockNumber, fee: info.fee, reason: `transaction failed on chain: ${info.result}` };
    }
    // The head was read first: a transaction expired at it cannot be in a block the query missed.
    return head.timestamp > Number(expiration) + EXPIRY_MARGIN_MS ? { state: 'expired' } : { state: 'unseen' };
  }

  /**
   * Takes a recorded transaction one step on from what the chain says: offers it again while it can
   * still land, and hands every other outcome to the caller.
   */
  async follow(recorded: RecordedTransaction, head: BlockSummary, on: OutcomeHandlers): Promise<void> {
    const status = await this.status(recorded.txId, recorded.expiration, head);
    switch (status.state) {
      case 'included':
        return on.included();
      case 'unseen':
        return on.reoffered(await this.offer(this.recorded(recorded.txId, recorded.expiration, recorded.signedJson)));
      case 'expired':
        return on.notDelivered('expired', 'transaction expired without reaching a block', 0n);
      case 'reverted':
        return on.notDelivered('reverted', status.reason, status.fee);
      case 'confirmed':
        return on.confirmed(status.blockNumber, status.fee);
    }
  }
}
