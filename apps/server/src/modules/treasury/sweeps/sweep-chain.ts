// What the sweeps need from the chain beyond the TronClient: the chain's fee parameters, an
// account's existence and resources, the node's energy estimate of a USDT transfer, and transactions
// built here, unsigned, from any address (a deposit address whose key only the signer holds), so
// that their bytes and id are known and recorded before anyone signs or sends them.
import { bytesToHex } from '@noble/hashes/utils.js';
import { SELECTOR, encodeTransferParams } from '../../../chain/abi.ts';
import { toBase58Address, toHexAddress } from '../../../chain/address.ts';
import { parseJson } from '../../../chain/json.ts';
import { type RawDataJson, type TransactionJson, encodeRawData, signTxId, transactionBandwidth, txIdOf, typeUrl } from '../../../chain/transaction.ts';
import type { BlockSummary, SignedTransaction, TronClient } from '../../../chain/tron-client.ts';

/** The chain's prices, from /wallet/getchainparameters (sun). */
export interface ChainParameters {
  /** Sun burnt per unit of energy not covered by staked or delegated energy. */
  energyFee: bigint;
  /** Sun burnt per byte of bandwidth not covered by free or staked bandwidth. */
  transactionFee: bigint;
  /** Burnt by a transaction that creates an account, instead of its bandwidth. */
  createAccountFee: bigint;
  /** Burnt by the creator of an account in a system contract (a TRX transfer to a new address). */
  createNewAccountFee: bigint;
  /** Free bandwidth (bytes per day) of every activated account. */
  freeNetLimit: bigint;
}

/** An address as the chain sees it now. */
export interface AccountState {
  /** Activated: it has received TRX at some point and can send. */
  exists: boolean;
  trx: bigint;
  /** Energy it can spend now (staked or delegated to it, minus what it used). */
  energy: bigint;
  /** Bandwidth it can spend now (free and staked). */
  bandwidth: bigint;
}

/** An unsigned transaction built here: its bytes, id and expiration are what get recorded. */
export interface BuiltTransaction {
  txId: string;
  rawDataHex: string;
  raw: RawDataJson;
  expiration: bigint;
  /** Base58 sender. */
  from: string;
}

/** Bytes of bandwidth a sweep's signed transaction takes, rounded up a little for the fee estimate. */
export function bandwidthOf(built: BuiltTransaction): bigint {
  return transactionBandwidth(built.rawDataHex.length / 2, 1);
}

export class SweepChain {
  constructor(readonly client: TronClient) {}

  head(): Promise<BlockSummary> {
    return this.client.getNowBlock();
  }

  /** The chain's prices (the node's /wallet/getchainparameters). */
  async parameters(): Promise<ChainParameters> {
    const p = await this.client.getChainParameters();
    return {
      energyFee: p.energyFee,
      transactionFee: p.transactionFee,
      createAccountFee: p.createAccountFee,
      createNewAccountFee: p.createNewAccountFeeInSystemContract,
      freeNetLimit: p.freeNetLimit,
    };
  }

  async account(address: string): Promise<AccountState> {
    const [exists, trx, r] = await Promise.all([
      this.client.accountExists(address),
      this.client.getTrxBalance(address),
      this.client.getAccountResource(address),
    ]);
    const energy = r.energyLimit - r.energyUsed;
    const bandwidth = r.freeNetLimit - r.freeNetUsed + r.netLimit - r.netUsed;
    return { exists, trx, energy: energy > 0n ? energy : 0n, bandwidth: bandwidth > 0n ? bandwidth : 0n };
  }

  /**
   * The network's energy figures as the node reports them to the resource account (TotalEnergyLimit,
   * TotalEnergyWeight in whole TRX): a delegation of w whole staked TRX lends w × limit / weight energy.
   */
  async energyPerTrx(resourceAddress: string): Promise<{ limit: bigint; weight: bigint }> {
    const r = await this.client.getAccountResource(resourceAddress);
    if (r.totalEnergyLimit <= 0n || r.totalEnergyWeight <= 0n)
      throw new Error('the node reports no network energy figures (TotalEnergyLimit, TotalEnergyWeight)');
    return { limit: r.totalEnergyLimit, weight: r.totalEnergyWeight };
  }

  /** The node's estimate of the energy a USDT transfer from `from` takes now, the dynamic energy factor included. */
  estimateUsdtEnergy(from: string, to: string, amount: bigint): Promise<bigint> {
    return this.client.estimateUsdtTransferEnergy(from, to, amount);
  }

  /**
   * A transfer for people to sign elsewhere (a top-up from the cold wallet): under `permissionId` (a
   * multi-signature account's active permission), good for `lifetimeMs` from the head.
   */
  forHolders(built: BuiltTransaction, permissionId: number): BuiltTransaction {
    if (permissionId === 0) return built;
    const raw: RawDataJson = { ...built.raw, contract: built.raw.contract.map((c) => ({ ...c, Permission_id: permissionId })) };
    return this.built(built.from, raw);
  }

  private raw(head: BlockSummary, lifetimeMs: number, contract: RawDataJson['contract'][number], feeLimit?: bigint): RawDataJson {
    return {
      contract: [contract],
      ref_block_bytes: head.id.slice(12, 16),
      ref_block_hash: head.id.slice(16, 32),
      expiration: head.timestamp + lifetimeMs,
      // When it was built: a transaction built again for the same transfer is a new one, with its own id.
      timestamp: Math.max(Date.now(), head.timestamp),
      ...(feeLimit !== undefined && feeLimit > 0n ? { fee_limit: feeLimit } : {}),
    };
  }

  private built(from: string, raw: RawDataJson): BuiltTransaction {
    const bytes = encodeRawData(raw);
    return { txId: txIdOf(bytes), rawDataHex: bytesToHex(bytes), raw, expiration: BigInt(raw.expiration), from: toBase58Address(from) };
  }

  trxTransfer(head: BlockSummary, lifetimeMs: number, from: string, to: string, amount: bigint): BuiltTransaction {
    const value = { owner_address: toHexAddress(from), to_address: toHexAddress(to), amount };
    return this.built(from, this.raw(head, lifetimeMs, { type: 'TransferContract', parameter: { type_url: typeUrl('TransferContract'), value } }));
  }

  usdtTransfer(head: BlockSummary, lifetimeMs: number, from: string, to: string, amount: bigint, feeLimit: bigint): BuiltTransaction {
    const value = {
      owner_address: toHexAddress(from),
      contract_address: toHexAddress(this.client.usdtContract),
      data: SELECTOR.transfer + encodeTransferParams(to, amount),
    };
    return this.built(
      from,
      this.raw(head, lifetimeMs, { type: 'TriggerSmartContract', parameter: { type_url: typeUrl('TriggerSmartContract'), value } }, feeLimit),
    );
  }

  /** Lends the energy of `balance` sun of the owner's staked TRX to `receiver` (Stake 2.0), or takes it back. */
  delegation(head: BlockSummary, lifetimeMs: number, owner: string, receiver: string, balance: bigint, undo: boolean): BuiltTransaction {
    const type = undo ? 'UnDelegateResourceContract' : 'DelegateResourceContract';
    const value = { owner_address: toHexAddress(owner), resource: 'ENERGY' as const, balance, receiver_address: toHexAddress(receiver) };
    return this.built(owner, this.raw(head, lifetimeMs, { type, parameter: { type_url: typeUrl(type), value } }));
  }

  /** The transaction with its signature, ready to offer. */
  withSignature(built: BuiltTransaction, signature: string): SignedTransaction {
    const transaction: TransactionJson = { visible: false, txID: built.txId, raw_data: built.raw, raw_data_hex: built.rawDataHex, signature: [signature] };
    return { txId: built.txId, from: built.from, expiration: Number(built.expiration), transaction };
  }

  /** Signed with a key the server holds (the hot wallet, the resource account). */
  signed(built: BuiltTransaction, privateKey: string): SignedTransaction {
    return this.withSignature(built, signTxId(built.txId, privateKey));
  }
}

/** A recorded transaction (its signed JSON) back into something to offer. */
export function recordedTransaction(txId: string, expiration: bigint, signedJson: string): SignedTransaction {
  const transaction = parseJson(signedJson) as TransactionJson;
  return { txId, from: '', expiration: Number(expiration), transaction };
}
