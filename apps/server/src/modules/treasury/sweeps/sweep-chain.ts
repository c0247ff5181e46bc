// What the sweeps need from the chain beyond the TronClient: the chain's fee parameters, an
// account's existence and resources, the node's energy estimate of a USDT transfer, and transactions
// built here, unsigned, from any address (a deposit address whose key only the signer holds), so
// that their bytes and id are known and recorded before anyone signs or sends them.
import { bytesToHex } from '@noble/hashes/utils.js';
import { SELECTOR, encodeTransferParams, TRC20_TRANSFER } from '../../../chain/abi.ts';
import { toBase58Address, toHexAddress } from '../../../chain/address.ts';
import { parseJson, stringifyJson } from '../../../chain/json.ts';
import { type ContractJson, type RawDataJson, type TransactionJson, encodeRawData, signTxId, transactionBandwidth, txIdOf, typeUrl } from '../../../chain/transaction.ts';
import type { BlockSummary, SignedTransaction, TronClient } from '../../../chain/tron-client.ts';

type Obj = Record<string, unknown>;

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
  private readonly apiUrl: string;

  constructor(
    readonly client: TronClient,
    apiUrl: string,
    private readonly apiKey?: string,
  ) {
    this.apiUrl = apiUrl.replace(/\/+$/, '');
  }

  head(): Promise<BlockSummary> {
    return this.client.getNowBlock();
  }

  private async post(path: string, body: Obj): Promise<Obj | null> {
    const response = await fetch(this.apiUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.apiKey ? { 'TRON-PRO-API-KEY': this.apiKey } : {}) },
      body: stringifyJson(body),
      signal: AbortSignal.timeout(10_000),
    });
    // A node without the endpoint answers 404 (older nodes, the fee-free devnet).
    if (response.status === 404) return null;
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}: ${text.slice(0, 200)}`);
    const parsed = text.trim() === '' ? {} : (parseJson(text) as Obj);
    if (typeof parsed.Error === 'string') throw new Error(`${path}: ${parsed.Error}`);
    return parsed;
  }

  /** The chain's prices; a node that reports none charges none (the fee-free devnet). */
  async parameters(): Promise<ChainParameters> {
    const answer = await this.post('/wallet/getchainparameters', {});
    const list = Array.isArray(answer?.chainParameter) ? (answer.chainParameter as Array<{ key: string; value?: unknown }>) : [];
    const value = (key: string) => {
      const found = list.find((entry) => entry.key === key);
      return found?.value === undefined ? 0n : BigInt(String(found.value));
    };
    return {
      energyFee: value('getEnergyFee'),
      transactionFee: value('getTransactionFee'),
      createAccountFee: value('getCreateAccountFee'),
      createNewAccountFee: value('getCreateNewAccountFeeInSystemContract'),
      freeNetLimit: value('getFreeNetLimit'),
    };
  }

  async account(address: string): Promise<AccountState> {
    const [account, resource] = await Promise.all([
      this.post('/wallet/getaccount', { address: toBase58Address(address), visible: true }),
      this.post('/wallet/getaccountresource', { address: toBase58Address(address), visible: true }),
    ]);
    const exists = account !== null && Object.keys(account).length > 0;
    const n = (value: unknown) => (value === undefined || value === null ? 0n : BigInt(String(value)));
    const r = resource ?? {};
    const energy = n(r.EnergyLimit) - n(r.EnergyUsed);
    const bandwidth = n(r.freeNetLimit) - n(r.freeNetUsed) + n(r.NetLimit) - n(r.NetUsed);
    return { exists, trx: exists ? n(account!.balance) : 0n, energy: energy > 0n ? energy : 0n, bandwidth: bandwidth > 0n ? bandwidth : 0n };
  }

  /**
   * Energy one whole staked TRX gives, as the network reports it to the resource account
   * (TotalEnergyLimit / TotalEnergyWeight): what a delegation of so much staked TRX lends.
   */
  async energyPerTrx(resourceAddress: string): Promise<{ limit: bigint; weight: bigint }> {
    const r = (await this.post('/wallet/getaccountresource', { address: toBase58Address(resourceAddress), visible: true })) ?? {};
    const limit = BigInt(String(r.TotalEnergyLimit ?? 0));
    const weight = BigInt(String(r.TotalEnergyWeight ?? 0));
    if (limit <= 0n || weight <= 0n) throw new Error('the node reports no network energy figures (TotalEnergyLimit, TotalEnergyWeight)');
    return { limit, weight };
  }

  /** The node's estimate of the energy a USDT transfer from `from` takes (dynamic energy included); 0 on a chain without energy. */
  async estimateUsdtEnergy(from: string, to: string, amount: bigint): Promise<bigint> {
    const body = {
      owner_address: toBase58Address(from),
      contract_address: this.client.usdtContract,
      function_selector: TRC20_TRANSFER,
      parameter: encodeTransferParams(to, amount),
      visible: true,
    };
    const estimated = await this.post('/wallet/estimateenergy', body).catch(() => null);
    if (estimated && (estimated.result as Obj | undefined)?.result === true && estimated.energy_required !== undefined) return BigInt(String(estimated.energy_required));
    const run = await this.post('/wallet/triggerconstantcontract', body);
    const result = run?.result as Obj | undefined;
    if (!run || result?.result !== true) throw new Error(`the node could not estimate a USDT transfer from ${from}: ${String(result?.message ?? 'no answer')}`);
    return BigInt(String(run.energy_used ?? 0)) + BigInt(String(run.energy_penalty ?? 0));
  }

  private raw(head: BlockSummary, lifetimeMs: number, contract: RawDataJson['contract'][number], feeLimit?: bigint): RawDataJson {
    return {
      contract: [contract],
      ref_block_bytes: head.id.slice(12, 16),
      ref_block_hash: head.id.slice(16, 32),
      expiration: head.timestamp + lifetimeMs,
      timestamp: head.timestamp,
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
    const value = { owner_address: toHexAddress(from), contract_address: toHexAddress(this.client.usdtContract), data: SELECTOR.transfer + encodeTransferParams(to, amount) };
    return this.built(from, this.raw(head, lifetimeMs, { type: 'TriggerSmartContract', parameter: { type_url: typeUrl('TriggerSmartContract'), value } }, feeLimit));
  }

  /** Lends the energy of `balance` sun of the owner's staked TRX to `receiver` (Stake 2.0), or takes it back. */
  delegation(head: BlockSummary, lifetimeMs: number, owner: string, receiver: string, balance: bigint, undo: boolean): BuiltTransaction {
    const type = (undo ? 'UnDelegateResourceContract' : 'DelegateResourceContract') as ContractJson['type'];
    const value = { owner_address: toHexAddress(owner), resource: 'ENERGY', balance, receiver_address: toHexAddress(receiver) } as unknown as ContractJson['parameter']['value'];
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
