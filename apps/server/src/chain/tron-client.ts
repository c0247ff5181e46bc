// The server's only way to the chain: java-tron's full-node HTTP API plus TronGrid's v1 history API.
// Pointed at the devnet in development and tests, at a full node or TronGrid in production; the
// code path is the same. Amounts are bigint base units (sun, USDT micro-units), never floats.
//
// Sending is split in two so that a payout can be recorded before it leaves: prepare*() builds the
// transaction through the node, checks that the bytes are exactly the transfer asked for (a node
// cannot change recipient, amount or fee limit behind our back), and signs it locally; broadcast()
// sends it. The txID is known before broadcast, so a crash in between can be reconciled from the
// chain with getTransactionInfo(txId); an unsent transaction expires 60 s after it was built.
import { hexToBytes } from '@noble/hashes/utils.js';
import { SELECTOR, encodeBalanceOfParams, encodeTransferParams, TRC20_BALANCE_OF, TRC20_TRANSFER } from './abi.ts';
import { isValidTronAddress, privateKeyToAddress, toBase58Address, toHexAddress } from './address.ts';
import { parseJson, stringifyJson } from './json.ts';
import {
  type ResourceName,
  type TransactionIntent,
  type TransactionJson,
  signTransaction,
  transactionIntent,
  verifyTransactionEncoding,
} from './transaction.ts';
import { MAX_INT64, toBigIntAmount } from './units.ts';

export const MAINNET_USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** Default energy budget a USDT transfer may burn: 100 TRX, comfortably above a transfer to a fresh address. */
export const DEFAULT_USDT_FEE_LIMIT_SUN = 100_000_000n;
export const MAX_HISTORY_PAGE = 200;

export interface TronClientOptions {
  /** Full node or TronGrid base URL, e.g. https://api.trongrid.io or the devnet's URL. */
  apiUrl: string;
  /** Sent as TRON-PRO-API-KEY (TronGrid). */
  apiKey?: string;
  /** Per-request timeout. Default 10 s. */
  timeoutMs?: number;
  /** TRC20 contract treated as USDT. Default the mainnet contract. */
  usdtContract?: string;
  /** fee_limit put on USDT transfers, in sun. */
  usdtFeeLimitSun?: bigint;
  fetch?: typeof fetch;
}

export interface BlockSummary {
  /** blockID: 16 hex characters of height, then 48 of the header hash. */
  id: string;
  height: number;
  timestamp: number;
  parentHash: string;
  txIds: string[];
}

export interface Trc20Transfer {
  txId: string;
  /** Base58check. */
  from: string;
  to: string;
  amount: bigint;
  /** Token contract, base58check. */
  contract: string;
  blockTimestamp: number;
}

export interface TrxTransfer {
  txId: string;
  from: string;
  to: string;
  amount: bigint;
  blockNumber: number;
  blockTimestamp: number;
}

export interface Page<T> {
  items: T[];
  /** Pass back as `fingerprint` for the next page; null on the last page. */
  fingerprint: string | null;
}

export interface ListTransfersOptions {
  onlyTo?: boolean;
  onlyFrom?: boolean;
  /** Only transfers in solidified blocks. */
  onlyConfirmed?: boolean;
  onlyUnconfirmed?: boolean;
  /** Block timestamps, ms, inclusive. */
  minTimestamp?: number;
  maxTimestamp?: number;
  /** Oldest first with 'asc'; default newest first, as TronGrid. */
  order?: 'asc' | 'desc';
  /** 1..200, default 20. */
  limit?: number;
  fingerprint?: string;
}

/** java-tron's contractResult names; FAILED when a failure names no reason. */
export type TransactionResult =
  | 'SUCCESS'
  | 'REVERT'
  | 'OUT_OF_ENERGY'
  | 'OUT_OF_TIME'
  | 'BAD_JUMP_DESTINATION'
  | 'ILLEGAL_OPERATION'
  | 'STACK_TOO_SMALL'
  | 'STACK_TOO_LARGE'
  | 'STACK_OVERFLOW'
  | 'TRANSFER_FAILED'
  | 'INVALID_CODE'
  | 'UNKNOWN'
  | 'FAILED'
  | (string & {});

/** What a transaction used and burned (java-tron's ResourceReceipt); 0 where the node left a field out. */
export interface TransactionReceipt {
  /** Energy from the caller's staked or delegated TRX. */
  energyUsage: bigint;
  /** Sun burned for energy. */
  energyFee: bigint;
  /** Energy paid by the contract's deployer. */
  originEnergyUsage: bigint;
  energyUsageTotal: bigint;
  /** Bandwidth (bytes) from free or staked bandwidth. */
  netUsage: bigint;
  /** Sun burned for bandwidth (or for account creation instead of bandwidth). */
  netFee: bigint;
}

export interface TransactionInfo {
  txId: string;
  blockNumber: number;
  blockTimestamp: number;
  /** True only when the transaction executed successfully (a TRC20 REVERT or OUT_OF_ENERGY is false). */
  success: boolean;
  /** Receipt result: SUCCESS, REVERT, OUT_OF_ENERGY, ... */
  result: TransactionResult;
  /** Everything burned, in sun: energy, bandwidth and system fees such as account creation. */
  fee: bigint;
  receipt: TransactionReceipt;
  /** Failure message from the node, decoded. */
  message?: string;
}

/** Chain parameters (/wallet/getchainparameters), amounts in sun. */
export interface ChainParameters {
  /** getEnergyFee: sun per unit of energy burned. */
  energyFee: bigint;
  /** getTransactionFee: sun per byte of bandwidth burned. */
  transactionFee: bigint;
  /** getCreateAccountFee: burned instead of bandwidth by a transaction creating an account. */
  createAccountFee: bigint;
  /** getCreateNewAccountFeeInSystemContract: burned by whoever creates an account. */
  createNewAccountFeeInSystemContract: bigint;
  /** getFreeNetLimit: free bandwidth per account per day, bytes. */
  freeNetLimit: bigint;
  /** getMaxFeeLimit: the largest fee_limit a call may carry. */
  maxFeeLimit: bigint;
  /** Every parameter the node reported, by its java-tron key (a key the node gave no value is 0). */
  all: Record<string, bigint>;
}

/** An account's resources (/wallet/getaccountresource), usage as recovered at the head; all 0 for an address with no account. */
export interface AccountResource {
  freeNetLimit: bigint;
  freeNetUsed: bigint;
  /** Bandwidth from staked TRX (own and delegated to the account). */
  netLimit: bigint;
  netUsed: bigint;
  /** Energy from staked TRX (own and delegated to the account). */
  energyLimit: bigint;
  energyUsed: bigint;
  tronPowerLimit: bigint;
  totalEnergyLimit: bigint;
  totalEnergyWeight: bigint;
  totalNetLimit: bigint;
  totalNetWeight: bigint;
}

/** Staked TRX (sun) one account delegates to another (/wallet/getdelegatedresourcev2). */
export interface DelegatedResource {
  energy: bigint;
  bandwidth: bigint;
  /** Locked delegations cannot be taken back before their expiry (ms). */
  lockedEnergy: bigint;
  lockedBandwidth: bigint;
  energyExpireTime: number;
  bandwidthExpireTime: number;
}

export type StakeResource = Exclude<ResourceName, 'TRON_POWER'>;

export interface SignedTransaction {
  txId: string;
  /** Base58check sender. */
  from: string;
  /** Milliseconds; after this the transaction can no longer be included. */
  expiration: number;
  transaction: TransactionJson;
}

/** A node or TronGrid call that failed: transport, non-2xx, unparseable, or an error the node reported. */
export class TronApiError extends Error {
  constructor(
    message: string,
    readonly path: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'TronApiError';
  }
}

/**
 * The node refused a broadcast. `code` is java-tron's: SIGERROR, DUP_TRANSACTION_ERROR (already
 * known: not an error for a retry of the same transaction), TAPOS_ERROR, TRANSACTION_EXPIRATION_ERROR,
 * CONTRACT_VALIDATE_ERROR, BANDWITH_ERROR, ...
 */
export class TronBroadcastError extends TronApiError {
  constructor(
    message: string,
    readonly code: string,
    readonly txId: string,
  ) {
    super(message, '/wallet/broadcasttransaction', 200, code);
    this.name = 'TronBroadcastError';
  }
}

type Obj = Record<string, unknown>;

/** java-tron hex-encodes many messages; show them as text when they decode cleanly. */
function decodeNodeMessage(message: unknown): string {
  if (typeof message !== 'string') return String(message ?? '');
  if (/^([0-9a-fA-F]{2})+$/.test(message)) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message.toLowerCase()));
    } catch {
      return message;
    }
  }
  return message;
}

function requireAmount(amount: bigint, what: string): void {
  if (typeof amount !== 'bigint') throw new TypeError(`${what} must be a bigint`);
  if (amount <= 0n || amount > MAX_INT64) throw new RangeError(`${what} must be positive and fit in int64`);
}

function requireAddress(address: string, what: string): string {
  if (!isValidTronAddress(address)) throw new TypeError(`${what} is not a TRON address: ${JSON.stringify(address)}`);
  return toBase58Address(address);
}

function normalizeBlock(block: Obj): BlockSummary {
  const header = (block.block_header as Obj | undefined)?.raw_data as Obj | undefined;
  if (typeof block.blockID !== 'string' || !header) throw new Error('not a block');
  const txs = Array.isArray(block.transactions) ? (block.transactions as Obj[]) : [];
  return {
    id: block.blockID.toLowerCase(),
    // Protobuf JSON leaves zero values out, so the genesis block has no number.
    height: Number(header.number ?? 0),
    timestamp: Number(header.timestamp ?? 0),
    parentHash: String(header.parentHash ?? '').toLowerCase(),
    txIds: txs.map((t) => String(t.txID).toLowerCase()),
  };
}

export class TronClient {
  private readonly apiUrl: string;
  private readonly apiKey?: string;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  readonly usdtContract: string;
  readonly usdtFeeLimitSun: bigint;

  constructor(options: TronClientOptions) {
    if (!options?.apiUrl) throw new TypeError('apiUrl is required');
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey || undefined;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetchImpl = options.fetch ?? fetch;
    this.usdtContract = requireAddress(options.usdtContract ?? MAINNET_USDT_CONTRACT, 'usdtContract');
    this.usdtFeeLimitSun = options.usdtFeeLimitSun ?? DEFAULT_USDT_FEE_LIMIT_SUN;
    requireAmount(this.usdtFeeLimitSun, 'usdtFeeLimitSun');
  }

  private async request(method: 'GET' | 'POST', path: string, body?: Obj): Promise<Obj> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.apiKey) headers['TRON-PRO-API-KEY'] = this.apiKey;
    let res: Response;
    try {
      res = await this.fetchImpl(this.apiUrl + path, {
        method,
        headers,
        body: body === undefined ? undefined : stringifyJson(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      const err = e as Error;
      const why = err.name === 'TimeoutError' ? `timed out after ${this.timeoutMs} ms` : err.message;
      throw new TronApiError(`${method} ${path}: ${why}`, path);
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) {
      throw new TronApiError(`${method} ${path}: HTTP ${res.status}: ${text.slice(0, 300)}`, path, res.status);
    }
    let parsed: unknown;
    try {
      parsed = text.trim() === '' ? {} : parseJson(text);
    } catch {
      throw new TronApiError(`${method} ${path}: response is not JSON: ${text.slice(0, 200)}`, path, res.status);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new TronApiError(`${method} ${path}: unexpected response: ${text.slice(0, 200)}`, path, res.status);
    }
    const obj = parsed as Obj;
    if (typeof obj.Error === 'string') throw new TronApiError(`${method} ${path}: ${obj.Error}`, path, res.status);
    return obj;
  }

  private blockOrThrow(block: Obj, path: string): BlockSummary {
    try {
      return normalizeBlock(block);
    } catch {
      throw new TronApiError(`${path}: response is not a block`, path);
    }
  }

  // ---- blocks ----

  async getNowBlock(): Promise<BlockSummary> {
    return this.blockOrThrow(await this.request('POST', '/wallet/getnowblock', {}), '/wallet/getnowblock');
  }

  /** The block at height n, or null when the chain has not reached it yet. */
  async getBlockByNum(n: number): Promise<BlockSummary | null> {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('block number must be a non-negative integer');
    const block = await this.request('POST', '/wallet/getblockbynum', { num: n });
    if (Object.keys(block).length === 0) return null;
    return this.blockOrThrow(block, '/wallet/getblockbynum');
  }

  /** Newest solidified (irreversible) block. */
  async getSolidBlock(): Promise<BlockSummary> {
    return this.blockOrThrow(await this.request('POST', '/walletsolidity/getnowblock', {}), '/walletsolidity/getnowblock');
  }

  // ---- balances ----

  async getTrxBalance(address: string): Promise<bigint> {
    const account = await this.request('POST', '/wallet/getaccount', { address: requireAddress(address, 'address'), visible: true });
    // An address that never received TRX has no account; its balance is zero.
    return account.balance === undefined ? 0n : toBigIntAmount(account.balance, 'balance');
  }

  async getUsdtBalance(address: string): Promise<bigint> {
    const owner = requireAddress(address, 'address');
    const res = await this.request('POST', '/wallet/triggerconstantcontract', {
      owner_address: owner,
      contract_address: this.usdtContract,
      function_selector: TRC20_BALANCE_OF,
      parameter: encodeBalanceOfParams(owner),
      visible: true,
    });
    const result = res.result as Obj | undefined;
    const constant = Array.isArray(res.constant_result) ? res.constant_result[0] : undefined;
    if (result?.result !== true || typeof constant !== 'string' || !/^[0-9a-fA-F]{64}$/.test(constant)) {
      throw new TronApiError(`balanceOf failed: ${decodeNodeMessage(result?.message ?? result?.code ?? 'no result')}`, '/wallet/triggerconstantcontract');
    }
    return BigInt(`0x${constant}`);
  }

  // ---- history (TronGrid v1) ----

  private historyQuery(opts: ListTransfersOptions): URLSearchParams {
    const limit = opts.limit ?? 20;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_HISTORY_PAGE) throw new RangeError(`limit must be 1..${MAX_HISTORY_PAGE}`);
    const q = new URLSearchParams();
    if (opts.onlyTo) q.set('only_to', 'true');
    if (opts.onlyFrom) q.set('only_from', 'true');
    if (opts.onlyConfirmed) q.set('only_confirmed', 'true');
    if (opts.onlyUnconfirmed) q.set('only_unconfirmed', 'true');
    if (opts.minTimestamp !== undefined) q.set('min_timestamp', String(Math.trunc(opts.minTimestamp)));
    if (opts.maxTimestamp !== undefined) q.set('max_timestamp', String(Math.trunc(opts.maxTimestamp)));
    q.set('order_by', `block_timestamp,${opts.order ?? 'desc'}`);
    q.set('limit', String(limit));
    if (opts.fingerprint) q.set('fingerprint', opts.fingerprint);
    return q;
  }

  private static fingerprintOf(res: Obj): string | null {
    const fp = (res.meta as Obj | undefined)?.fingerprint;
    return typeof fp === 'string' && fp !== '' ? fp : null;
  }

  /** USDT transfers from or to the address (successful ones only: failed calls emit no Transfer event). */
  async listTrc20Transfers(address: string, opts: ListTransfersOptions = {}): Promise<Page<Trc20Transfer>> {
    const who = requireAddress(address, 'address');
    const q = this.historyQuery(opts);
    q.set('contract_address', this.usdtContract);
    const path = `/v1/accounts/${who}/transactions/trc20?${q}`;
    const res = await this.request('GET', path);
    if (res.success === false || !Array.isArray(res.data)) throw new TronApiError(`${path}: ${String(res.error ?? 'no data')}`, path);
    const items: Trc20Transfer[] = [];
    for (const d of res.data as Obj[]) {
      const token = d.token_info as Obj | undefined;
      if (d.type !== undefined && d.type !== 'Transfer') continue;
      items.push({
        txId: String(d.transaction_id).toLowerCase(),
        from: toBase58Address(String(d.from)),
        to: toBase58Address(String(d.to)),
        amount: toBigIntAmount(d.value, 'value'),
        contract: toBase58Address(String(token?.address ?? this.usdtContract)),
        blockTimestamp: Number(d.block_timestamp),
      });
    }
    return { items, fingerprint: TronClient.fingerprintOf(res) };
  }

  /**
   * Successful TRX transfers (TransferContract) from or to the address. TronGrid pages over all of
   * the address's transactions, so a page may hold fewer transfers than `limit`; keep following the
   * fingerprint until it is null.
   */
  async listTrxTransfers(address: string, opts: ListTransfersOptions = {}): Promise<Page<TrxTransfer>> {
    const who = requireAddress(address, 'address');
    const path = `/v1/accounts/${who}/transactions?${this.historyQuery(opts)}`;
    const res = await this.request('GET', path);
    if (res.success === false || !Array.isArray(res.data)) throw new TronApiError(`${path}: ${String(res.error ?? 'no data')}`, path);
    const items: TrxTransfer[] = [];
    const whoHex = toHexAddress(who);
    for (const d of res.data as Obj[]) {
      const contract = ((d.raw_data as Obj | undefined)?.contract as Obj[] | undefined)?.[0];
      const ret = (d.ret as Obj[] | undefined)?.[0];
      if (contract?.type !== 'TransferContract' || (ret?.contractRet ?? 'SUCCESS') !== 'SUCCESS') continue;
      const value = (contract.parameter as Obj).value as Obj;
      const from = toHexAddress(String(value.owner_address));
      const to = toHexAddress(String(value.to_address));
      if (opts.onlyTo && to !== whoHex) continue;
      if (opts.onlyFrom && from !== whoHex) continue;
      items.push({
        txId: String(d.txID).toLowerCase(),
        from: toBase58Address(from),
        to: toBase58Address(to),
        amount: toBigIntAmount(value.amount, 'amount'),
        blockNumber: Number(d.blockNumber),
        blockTimestamp: Number(d.block_timestamp),
      });
    }
    return { items, fingerprint: TronClient.fingerprintOf(res) };
  }

  // ---- transactions ----

  /** Execution result of an included transaction, or null while it is not in a block (or unknown). */
  async getTransactionInfo(txId: string): Promise<TransactionInfo | null> {
    if (!/^[0-9a-fA-F]{64}$/.test(txId)) throw new TypeError('txId must be 64 hex characters');
    const info = await this.request('POST', '/wallet/gettransactioninfobyid', { value: txId.toLowerCase() });
    if (Object.keys(info).length === 0 || info.blockNumber === undefined) return null;
    const receipt = (info.receipt as Obj | undefined) ?? {};
    const receiptResult = typeof receipt.result === 'string' ? receipt.result : undefined;
    const failed = info.result === 'FAILED' || (receiptResult !== undefined && receiptResult !== 'SUCCESS');
    const amount = (v: unknown, what: string): bigint => (v === undefined || v === null ? 0n : toBigIntAmount(v, what));
    return {
      txId: String(info.id ?? txId).toLowerCase(),
      blockNumber: Number(info.blockNumber),
      blockTimestamp: Number(info.blockTimeStamp ?? 0),
      success: !failed,
      result: receiptResult ?? (failed ? 'FAILED' : 'SUCCESS'),
      fee: amount(info.fee, 'fee'),
      receipt: {
        energyUsage: amount(receipt.energy_usage, 'energy_usage'),
        energyFee: amount(receipt.energy_fee, 'energy_fee'),
        originEnergyUsage: amount(receipt.origin_energy_usage, 'origin_energy_usage'),
        energyUsageTotal: amount(receipt.energy_usage_total, 'energy_usage_total'),
        netUsage: amount(receipt.net_usage, 'net_usage'),
        netFee: amount(receipt.net_fee, 'net_fee'),
      },
      ...(info.resMessage !== undefined ? { message: decodeNodeMessage(info.resMessage) } : {}),
    };
  }

  /** Builds a TRX transfer through the node, checks it, signs it locally. Nothing is sent. */
  async prepareTrxTransfer(privateKeyHex: string, to: string, amountSun: bigint): Promise<SignedTransaction> {
    const from = privateKeyToAddress(privateKeyHex);
    const recipient = requireAddress(to, 'to');
    requireAmount(amountSun, 'amountSun');
    const tx = (await this.request('POST', '/wallet/createtransaction', {
      owner_address: from,
      to_address: recipient,
      amount: amountSun,
      visible: true,
    })) as unknown as TransactionJson;
    const intent = this.checkBuilt(tx, '/wallet/createtransaction');
    if (intent.kind !== 'transfer' || intent.owner !== toHexAddress(from) || intent.to !== toHexAddress(recipient) || intent.amount !== amountSun) {
      throw new TronApiError('node built a transaction that is not the requested TRX transfer', '/wallet/createtransaction');
    }
    return this.sign(tx, privateKeyHex, from);
  }

  /**
   * Builds a USDT transfer(to, amount) through the node, checks it, signs it locally. Nothing is sent.
   * `feeLimitSun` caps the TRX the call may burn for energy (default `usdtFeeLimitSun`); it also caps
   * the energy taken from stake, so it must cover energy × getEnergyFee even when energy is delegated.
   */
  async prepareUsdtTransfer(privateKeyHex: string, to: string, amountMicro: bigint, opts: { feeLimitSun?: bigint } = {}): Promise<SignedTransaction> {
    const from = privateKeyToAddress(privateKeyHex);
    const recipient = requireAddress(to, 'to');
    requireAmount(amountMicro, 'amountMicro');
    const feeLimitSun = opts.feeLimitSun ?? this.usdtFeeLimitSun;
    requireAmount(feeLimitSun, 'feeLimitSun');
    const parameter = encodeTransferParams(recipient, amountMicro);
    const path = '/wallet/triggersmartcontract';
    const res = await this.request('POST', path, {
      owner_address: from,
      contract_address: this.usdtContract,
      function_selector: TRC20_TRANSFER,
      parameter,
      fee_limit: feeLimitSun,
      call_value: 0,
      visible: true,
    });
    const result = res.result as Obj | undefined;
    if (result?.result !== true || !res.transaction) {
      throw new TronApiError(
        `${path}: ${decodeNodeMessage(result?.message ?? 'no transaction returned')}`,
        path,
        200,
        typeof result?.code === 'string' ? result.code : undefined,
      );
    }
    const tx = res.transaction as TransactionJson;
    const intent = this.checkBuilt(tx, path);
    const feeLimit = tx.raw_data.fee_limit === undefined ? 0n : toBigIntAmount(tx.raw_data.fee_limit, 'fee_limit');
    if (
      intent.kind !== 'trigger' ||
      intent.owner !== toHexAddress(from) ||
      intent.contract !== toHexAddress(this.usdtContract) ||
      intent.data !== SELECTOR.transfer + parameter ||
      intent.callValue !== 0n ||
      feeLimit > feeLimitSun
    ) {
      throw new TronApiError('node built a transaction that is not the requested USDT transfer', path);
    }
    return this.sign(tx, privateKeyHex, from);
  }

  private checkBuilt(tx: TransactionJson, path: string) {
    try {
      verifyTransactionEncoding(tx);
      return transactionIntent(tx.raw_data);
    } catch (e) {
      throw new TronApiError(`${path}: unusable transaction from node: ${(e as Error).message}`, path);
    }
  }

  private sign(tx: TransactionJson, privateKeyHex: string, from: string): SignedTransaction {
    const signed = signTransaction(tx, privateKeyHex);
    return { txId: signed.txID.toLowerCase(), from, expiration: Number(tx.raw_data.expiration), transaction: signed };
  }

  /** Sends a signed transaction; resolves to its txID, throws TronBroadcastError when the node refuses it. */
  async broadcast(signed: SignedTransaction): Promise<string> {
    const res = await this.request('POST', '/wallet/broadcasttransaction', signed.transaction as unknown as Obj);
    if (res.result === true) return signed.txId;
    const code = typeof res.code === 'string' ? res.code : 'UNKNOWN';
    throw new TronBroadcastError(`broadcast refused (${code}): ${decodeNodeMessage(res.message)}`, code, signed.txId);
  }

  async sendTrx(privateKeyHex: string, to: string, amountSun: bigint): Promise<{ txId: string }> {
    return { txId: await this.broadcast(await this.prepareTrxTransfer(privateKeyHex, to, amountSun)) };
  }

  async sendUsdt(privateKeyHex: string, to: string, amountMicro: bigint, opts: { feeLimitSun?: bigint } = {}): Promise<{ txId: string }> {
    return { txId: await this.broadcast(await this.prepareUsdtTransfer(privateKeyHex, to, amountMicro, opts)) };
  }

  // ---- resources (bandwidth, energy, Stake 2.0) ----

  async getChainParameters(): Promise<ChainParameters> {
    const path = '/wallet/getchainparameters';
    const res = await this.request('POST', path, {});
    if (!Array.isArray(res.chainParameter)) throw new TronApiError(`${path}: no chainParameter list`, path);
    const all: Record<string, bigint> = {};
    for (const p of res.chainParameter as Obj[]) {
      if (typeof p.key !== 'string') continue;
      // java-tron leaves `value` out when it is 0.
      all[p.key] = p.value === undefined ? 0n : toBigIntAmount(p.value, p.key);
    }
    const need = (key: string): bigint => {
      if (!(key in all)) throw new TronApiError(`${path}: the node does not report ${key}`, path);
      return all[key];
    };
    return {
      energyFee: need('getEnergyFee'),
      transactionFee: need('getTransactionFee'),
      createAccountFee: need('getCreateAccountFee'),
      createNewAccountFeeInSystemContract: need('getCreateNewAccountFeeInSystemContract'),
      freeNetLimit: all.getFreeNetLimit ?? 0n,
      maxFeeLimit: need('getMaxFeeLimit'),
      all,
    };
  }

  /** True when the address exists on chain (has received TRX or been created); one holding only USDT does not. */
  async accountExists(address: string): Promise<boolean> {
    const account = await this.request('POST', '/wallet/getaccount', { address: requireAddress(address, 'address'), visible: true });
    return Object.keys(account).length > 0;
  }

  async getAccountResource(address: string): Promise<AccountResource> {
    const path = '/wallet/getaccountresource';
    const r = await this.request('POST', path, { address: requireAddress(address, 'address'), visible: true });
    const n = (key: string): bigint => (r[key] === undefined ? 0n : toBigIntAmount(r[key], key));
    return {
      freeNetLimit: n('freeNetLimit'),
      freeNetUsed: n('freeNetUsed'),
      netLimit: n('NetLimit'),
      netUsed: n('NetUsed'),
      energyLimit: n('EnergyLimit'),
      energyUsed: n('EnergyUsed'),
      tronPowerLimit: n('tronPowerLimit'),
      totalEnergyLimit: n('TotalEnergyLimit'),
      totalEnergyWeight: n('TotalEnergyWeight'),
      totalNetLimit: n('TotalNetLimit'),
      totalNetWeight: n('TotalNetWeight'),
    };
  }

  /**
   * Energy a USDT transfer(to, amount) from `from` would use now (triggerconstantcontract), dynamic
   * energy factor included. Throws when the call would revert (e.g. `from` holds less than `amount`).
   */
  async estimateUsdtTransferEnergy(from: string, to: string, amountMicro: bigint): Promise<bigint> {
    const path = '/wallet/triggerconstantcontract';
    const owner = requireAddress(from, 'from');
    const recipient = requireAddress(to, 'to');
    if (typeof amountMicro !== 'bigint' || amountMicro < 0n) throw new RangeError('amountMicro must be a non-negative bigint');
    const res = await this.request('POST', path, {
      owner_address: owner,
      contract_address: this.usdtContract,
      function_selector: TRC20_TRANSFER,
      parameter: encodeTransferParams(recipient, amountMicro),
      visible: true,
    });
    const result = res.result as Obj | undefined;
    if (result?.result !== true) {
      throw new TronApiError(`transfer estimate failed: ${decodeNodeMessage(result?.message ?? result?.code ?? 'no result')}`, path);
    }
    return res.energy_used === undefined ? 0n : toBigIntAmount(res.energy_used, 'energy_used');
  }

  /** Staked TRX (sun) the owner can still delegate for the resource (/wallet/getcandelegatedmaxsize). */
  async getCanDelegatedMaxSize(owner: string, resource: StakeResource = 'ENERGY'): Promise<bigint> {
    const res = await this.request('POST', '/wallet/getcandelegatedmaxsize', {
      owner_address: requireAddress(owner, 'owner'),
      type: resource === 'ENERGY' ? 1 : 0,
      visible: true,
    });
    return res.max_size === undefined ? 0n : toBigIntAmount(res.max_size, 'max_size');
  }

  /** What `from` delegates to `to` now; all zero when nothing. */
  async getDelegatedResource(from: string, to: string): Promise<DelegatedResource> {
    const res = await this.request('POST', '/wallet/getdelegatedresourcev2', {
      fromAddress: requireAddress(from, 'from'),
      toAddress: requireAddress(to, 'to'),
      visible: true,
    });
    const out: DelegatedResource = { energy: 0n, bandwidth: 0n, lockedEnergy: 0n, lockedBandwidth: 0n, energyExpireTime: 0, bandwidthExpireTime: 0 };
    for (const d of (Array.isArray(res.delegatedResource) ? res.delegatedResource : []) as Obj[]) {
      const energy = d.frozen_balance_for_energy === undefined ? 0n : toBigIntAmount(d.frozen_balance_for_energy, 'frozen_balance_for_energy');
      const bandwidth = d.frozen_balance_for_bandwidth === undefined ? 0n : toBigIntAmount(d.frozen_balance_for_bandwidth, 'frozen_balance_for_bandwidth');
      if (d.expire_time_for_energy !== undefined || d.expire_time_for_bandwidth !== undefined) {
        out.lockedEnergy += energy;
        out.lockedBandwidth += bandwidth;
        out.energyExpireTime = Math.max(out.energyExpireTime, Number(d.expire_time_for_energy ?? 0));
        out.bandwidthExpireTime = Math.max(out.bandwidthExpireTime, Number(d.expire_time_for_bandwidth ?? 0));
      } else {
        out.energy += energy;
        out.bandwidth += bandwidth;
      }
    }
    return out;
  }

  /** Stakes TRX (Stake 2.0, FreezeBalanceV2) for energy (default) or bandwidth. Resolves to the txID once broadcast. */
  async freezeBalanceV2(privateKeyHex: string, amountSun: bigint, resource: StakeResource = 'ENERGY'): Promise<string> {
    requireAmount(amountSun, 'amountSun');
    return this.sendSystemContract(
      privateKeyHex,
      '/wallet/freezebalancev2',
      { frozen_balance: amountSun, resource },
      (i) => i.kind === 'freeze' && i.amount === amountSun && i.resource === resource,
    );
  }

  /** Starts unstaking (UnfreezeBalanceV2); the TRX returns after the chain's unfreeze delay. */
  async unfreezeBalanceV2(privateKeyHex: string, amountSun: bigint, resource: StakeResource = 'ENERGY'): Promise<string> {
    requireAmount(amountSun, 'amountSun');
    return this.sendSystemContract(
      privateKeyHex,
      '/wallet/unfreezebalancev2',
      { unfreeze_balance: amountSun, resource },
      (i) => i.kind === 'unfreeze' && i.amount === amountSun && i.resource === resource,
    );
  }

  /** Returns unstaked TRX whose unfreeze delay has passed to the balance (WithdrawExpireUnfreeze). */
  async withdrawExpireUnfreeze(privateKeyHex: string): Promise<string> {
    return this.sendSystemContract(privateKeyHex, '/wallet/withdrawexpireunfreeze', {}, (i) => i.kind === 'withdrawExpireUnfreeze');
  }

  /**
   * Delegates the energy of `balanceSun` of staked TRX to `receiver` (which must exist on chain).
   * With `lock`, it cannot be taken back for `lockPeriodBlocks` blocks (default 3 days).
   */
  async delegateEnergy(privateKeyHex: string, receiver: string, balanceSun: bigint, opts: { lock?: boolean; lockPeriodBlocks?: number } = {}): Promise<string> {
    return this.delegateResource(privateKeyHex, receiver, balanceSun, 'ENERGY', opts);
  }

  /** Takes back the energy of `balanceSun` of staked TRX delegated to `receiver`. */
  async undelegateEnergy(privateKeyHex: string, receiver: string, balanceSun: bigint): Promise<string> {
    return this.undelegateResource(privateKeyHex, receiver, balanceSun, 'ENERGY');
  }

  async delegateResource(
    privateKeyHex: string,
    receiver: string,
    balanceSun: bigint,
    resource: StakeResource,
    opts: { lock?: boolean; lockPeriodBlocks?: number } = {},
  ): Promise<string> {
    const to = requireAddress(receiver, 'receiver');
    requireAmount(balanceSun, 'balanceSun');
    const lockPeriod = opts.lockPeriodBlocks ?? 0;
    if (!Number.isSafeInteger(lockPeriod) || lockPeriod < 0) throw new RangeError('lockPeriodBlocks must be a non-negative integer');
    const lock = opts.lock === true;
    return this.sendSystemContract(
      privateKeyHex,
      '/wallet/delegateresource',
      { receiver_address: to, balance: balanceSun, resource, lock, ...(lock && lockPeriod ? { lock_period: lockPeriod } : {}) },
      (i) =>
        i.kind === 'delegate' &&
        i.receiver === toHexAddress(to) &&
        i.amount === balanceSun &&
        i.resource === resource &&
        i.lock === lock &&
        i.lockPeriod === (lock ? BigInt(lockPeriod) : 0n),
    );
  }

  async undelegateResource(privateKeyHex: string, receiver: string, balanceSun: bigint, resource: StakeResource): Promise<string> {
    const to = requireAddress(receiver, 'receiver');
    requireAmount(balanceSun, 'balanceSun');
    return this.sendSystemContract(
      privateKeyHex,
      '/wallet/undelegateresource',
      { receiver_address: to, balance: balanceSun, resource },
      (i) => i.kind === 'undelegate' && i.receiver === toHexAddress(to) && i.amount === balanceSun && i.resource === resource,
    );
  }

  /** Creates (activates) an account without sending it TRX (AccountCreateContract); the creator pays the chain's fee. */
  async createAccount(privateKeyHex: string, address: string): Promise<string> {
    const account = requireAddress(address, 'address');
    return this.sendSystemContract(
      privateKeyHex,
      '/wallet/createaccount',
      { account_address: account },
      (i) => i.kind === 'createAccount' && i.account === toHexAddress(account),
    );
  }

  /** Builds a system contract through the node, checks it is exactly what was asked, signs and broadcasts it. */
  private async sendSystemContract(privateKeyHex: string, path: string, body: Obj, matches: (intent: TransactionIntent) => boolean): Promise<string> {
    const from = privateKeyToAddress(privateKeyHex);
    const tx = (await this.request('POST', path, { owner_address: from, ...body, visible: true })) as unknown as TransactionJson;
    const intent = this.checkBuilt(tx, path);
    if (intent.owner !== toHexAddress(from) || !matches(intent)) {
      throw new TronApiError(`node built a transaction that is not the one requested from ${path}`, path);
    }
    return this.broadcast(this.sign(tx, privateKeyHex, from));
  }
}
