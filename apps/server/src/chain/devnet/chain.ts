// The devnet's ledger: accounts, transactions, blocks and transfer history, with no HTTP in it.
//
// Deliberate simplifications, each chosen so the server's code paths stay the mainnet ones:
// - No bandwidth or energy. TRX transfers are free; a USDT transfer burns a fixed TRX fee from its
//   sender (`trc20FeeSun`, 0 unless configured), as a sender with no staked energy pays on mainnet,
//   and reverts with OUT_OF_ENERGY when the sender cannot pay it all. An owner account must still
//   exist (have received TRX) to send anything, as on mainnet where an unactivated address cannot
//   pay for its transaction.
// - A broadcast transaction is executed at once against the node's state (as java-tron does in its
//   pending pool) and lands in the next block. A TRX transfer the owner cannot cover is rejected at
//   broadcast; a USDT transfer the owner cannot cover is accepted and lands as REVERT, as on mainnet.
// - "Confirmed" (TronGrid's only_confirmed, /walletsolidity) means at least `solidityDepth` blocks
//   below the head; mainnet solidifies after 19.
// - txTrieRoot is a binary SHA-256 Merkle tree over the txIDs (an odd node is carried up); mainnet
//   hashes the serialised transactions instead. Block ids follow the mainnet rule exactly.
// - USDT is not a contract but a second balance per address behind the mainnet USDT address.
import { appendFileSync, existsSync, mkdirSync, readFileSync, truncateSync } from 'node:fs';
import { dirname } from 'node:path';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { SELECTOR, decodeTransferCall, encodeAddressWord, encodeStringResult, encodeUint256 } from '../abi.ts';
import { base58ToHex, hexToBase58, privateKeyToAddress, toHexAddress } from '../address.ts';
import { parseJson, stringifyJson } from '../json.ts';
import { ProtoWriter } from '../protobuf.ts';
import { toBigIntAmount } from '../units.ts';
import {
  type RawDataJson,
  type TransactionIntent,
  type TransactionJson,
  TransactionFormatError,
  encodeRawData,
  recoverSignerAddress,
  signTransaction,
  signTxId,
  transactionIntent,
  txIdOf,
  typeUrl,
  verifyTransactionEncoding,
} from '../transaction.ts';

export const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const USDT_CONTRACT_HEX = base58ToHex(USDT_CONTRACT);
export const USDT_DECIMALS = 6;
export const USDT_SYMBOL = 'USDT';
export const USDT_NAME = 'Tether USD';

// Fixed, public keys: the devnet holds no value, and fixed keys keep block ids and faucet
// addresses stable across restarts and machines.
export const DEVNET_FAUCET_KEY = bytesToHex(sha256(utf8ToBytes('lobby devnet faucet key')));
const WITNESS_KEY = bytesToHex(sha256(utf8ToBytes('lobby devnet witness key')));
export const DEVNET_FAUCET_ADDRESS = privateKeyToAddress(DEVNET_FAUCET_KEY);
const WITNESS_ADDRESS_HEX = toHexAddress(privateKeyToAddress(WITNESS_KEY));

/** Genesis holdings of the faucet account: 10 billion TRX and 10 billion USDT. */
export const GENESIS_FAUCET_TRX = 10_000_000_000n * 1_000_000n;
export const GENESIS_FAUCET_USDT = 10_000_000_000n * 1_000_000n;

export const BLOCK_VERSION = 30;
/** How far ahead of the head a transaction may expire (java-tron's limit). */
const MAX_EXPIRATION_AHEAD_MS = 24 * 60 * 60 * 1000;
/** Lifetime of a transaction built by createtransaction / triggersmartcontract, as on mainnet. */
export const TX_LIFETIME_MS = 60_000;
const PERSIST_FORMAT = 1;

export type BroadcastCode =
  | 'SIGERROR'
  | 'DUP_TRANSACTION_ERROR'
  | 'TAPOS_ERROR'
  | 'TRANSACTION_EXPIRATION_ERROR'
  | 'CONTRACT_VALIDATE_ERROR'
  | 'OTHER_ERROR';

/** A transaction the node refuses; `code` is the java-tron broadcast response code. */
export class BroadcastError extends Error {
  constructor(
    readonly code: BroadcastCode,
    message: string,
  ) {
    super(message);
    this.name = 'BroadcastError';
  }
}

/** A transaction that cannot be built (java-tron's ContractValidateException). */
export class ContractValidateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractValidateError';
  }
}

export interface Account {
  trx: bigint;
  usdt: bigint;
  createTime: number;
}

export interface Block {
  number: number;
  timestamp: number;
  parentHash: string;
  txTrieRoot: string;
  witnessAddress: string;
  /** sha256 of the protobuf BlockHeader.raw. */
  headerHash: string;
  id: string;
  txIds: string[];
  witnessSignature?: string;
}

export interface Trc20Effect {
  from: string;
  to: string;
  amount: bigint;
}

export interface TxRecord {
  tx: TransactionJson;
  intent: TransactionIntent;
  result: 'SUCCESS' | 'REVERT' | 'OUT_OF_ENERGY';
  resMessage?: string;
  /** Set for a successful TRC20 transfer. */
  trc20?: Trc20Effect;
  /** Constant result of the contract call, hex. */
  contractResult?: string;
  /** TRX (sun) the sender burnt for the transaction. */
  fee?: bigint;
  blockNumber?: number;
  blockTimestamp?: number;
  /** Position in the chain's inclusion order: the key history paging uses. */
  ordinal?: number;
}

export interface ChainOptions {
  /** Blocks below the head before a block counts as confirmed. Default 19, as on mainnet. */
  solidityDepth?: number;
  /** Append-only JSON-lines file holding the chain; replayed at start. */
  persistPath?: string;
  now?: () => number;
  /** TRX (sun) a USDT transfer burns from its sender. Default 0. */
  trc20FeeSun?: bigint;
}

export interface HistoryQuery {
  onlyTo?: boolean;
  onlyFrom?: boolean;
  onlyConfirmed?: boolean;
  onlyUnconfirmed?: boolean;
  minTimestamp?: number;
  maxTimestamp?: number;
  /** Oldest first when true; TronGrid's default is newest first. */
  ascending?: boolean;
  limit: number;
  /** Ordinal of the last item of the previous page. */
  after?: number;
}

interface PersistedTx {
  txID: string;
  raw_data: RawDataJson;
  raw_data_hex: string;
  signature: string[];
}

function merkleRoot(txIds: string[]): Uint8Array {
  if (txIds.length === 0) return new Uint8Array(32);
  let level: Uint8Array[] = txIds.map((id) => hexToBytes(id));
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      next.push(i + 1 < level.length ? sha256(concatBytes(level[i], level[i + 1])) : level[i]);
    }
    level = next;
  }
  return level[0];
}

function numberBytes(n: number): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(n));
  return out;
}

export interface BlockHeaderFields {
  number: number;
  timestamp: number;
  /** hex */
  txTrieRoot: string;
  parentHash: string;
  witnessAddress: string;
  version: number;
}

/** Protobuf bytes of BlockHeader.raw (core/Tron.proto): what a block id and the witness signature cover. */
export function encodeBlockHeader(h: BlockHeaderFields): Uint8Array {
  return new ProtoWriter()
    .int(1, h.timestamp)
    .bytes(2, hexToBytes(h.txTrieRoot))
    .bytes(3, hexToBytes(h.parentHash))
    .int(7, h.number)
    .bytes(9, hexToBytes(h.witnessAddress))
    .int(10, h.version)
    .finish();
}

/** Mainnet's rule: blockID = 8-byte big-endian height || the last 24 bytes of sha256(BlockHeader.raw). */
export function blockIdOf(h: BlockHeaderFields): string {
  return bytesToHex(concatBytes(numberBytes(h.number), sha256(encodeBlockHeader(h)).subarray(8)));
}

export function makeBlock(number: number, timestamp: number, parentHash: string, txIds: string[]): Block {
  const fields: BlockHeaderFields = {
    number,
    timestamp,
    txTrieRoot: bytesToHex(merkleRoot(txIds)),
    parentHash,
    witnessAddress: WITNESS_ADDRESS_HEX,
    version: BLOCK_VERSION,
  };
  const headerHash = sha256(encodeBlockHeader(fields));
  return {
    number,
    timestamp,
    parentHash,
    txTrieRoot: fields.txTrieRoot,
    witnessAddress: WITNESS_ADDRESS_HEX,
    headerHash: bytesToHex(headerHash),
    id: bytesToHex(concatBytes(numberBytes(number), headerHash.subarray(8))),
    txIds,
  };
}

/** How many timestamps `produceBlock` tries for a block id a test asked for. */
const MAX_ID_TRIES = 10_000;

export class DevnetChain {
  readonly solidityDepth: number;
  readonly trc20FeeSun: bigint;
  private readonly now: () => number;
  private readonly persistPath?: string;
  private readonly accounts = new Map<string, Account>();
  private readonly txs = new Map<string, TxRecord>();
  private readonly blocks: Block[] = [];
  private readonly blocksById = new Map<string, Block>();
  private pending: string[] = [];
  /** During replay, the time of the block being replayed: accounts keep their original create_time. */
  private replayTime?: number;
  /** Included transactions in chain order; index = ordinal. */
  private readonly included: TxRecord[] = [];

  constructor(options: ChainOptions = {}) {
    this.solidityDepth = options.solidityDepth ?? 19;
    if (!Number.isInteger(this.solidityDepth) || this.solidityDepth < 0) throw new RangeError('solidityDepth must be a non-negative integer');
    this.trc20FeeSun = options.trc20FeeSun ?? 0n;
    if (this.trc20FeeSun < 0n) throw new RangeError('trc20FeeSun must not be negative');
    this.now = options.now ?? Date.now;
    this.persistPath = options.persistPath;
    if (this.persistPath && existsSync(this.persistPath)) {
      this.replay(this.persistPath);
    } else {
      this.genesis(this.now());
      this.persist({ format: PERSIST_FORMAT, genesis: { timestamp: this.blocks[0].timestamp } });
    }
  }

  private genesis(timestamp: number): void {
    this.accounts.set(toHexAddress(DEVNET_FAUCET_ADDRESS), {
      trx: GENESIS_FAUCET_TRX,
      usdt: GENESIS_FAUCET_USDT,
      createTime: timestamp,
    });
    this.appendBlock(makeBlock(0, timestamp, '00'.repeat(32), []));
  }

  private time(): number {
    return this.replayTime ?? this.now();
  }

  // ---- reads ----

  head(): Block {
    return this.blocks[this.blocks.length - 1];
  }

  /** Newest block at least solidityDepth below the head. */
  solidHead(): Block {
    return this.blocks[Math.max(0, this.blocks.length - 1 - this.solidityDepth)];
  }

  isConfirmed(blockNumber: number): boolean {
    return blockNumber <= this.solidHead().number;
  }

  blockByNumber(n: number): Block | undefined {
    return Number.isSafeInteger(n) && n >= 0 ? this.blocks[n] : undefined;
  }

  blockById(id: string): Block | undefined {
    return this.blocksById.get(id.toLowerCase());
  }

  /** Block signature by the devnet witness, computed when first asked for (it is not part of the id). */
  witnessSignature(block: Block): string {
    block.witnessSignature ??= signTxId(block.headerHash, WITNESS_KEY);
    return block.witnessSignature;
  }

  account(addressHex: string): Account | undefined {
    return this.accounts.get(addressHex);
  }

  usdtBalance(addressHex: string): bigint {
    return this.accounts.get(addressHex)?.usdt ?? 0n;
  }

  usdtTotalSupply(): bigint {
    let total = 0n;
    for (const a of this.accounts.values()) total += a.usdt;
    return total;
  }

  transaction(txId: string): TxRecord | undefined {
    return this.txs.get(txId.toLowerCase());
  }

  pendingCount(): number {
    return this.pending.length;
  }

  // ---- building (createtransaction / triggersmartcontract) ----

  private refBlockFields(): Pick<RawDataJson, 'ref_block_bytes' | 'ref_block_hash' | 'expiration' | 'timestamp'> {
    const head = this.head();
    return {
      ref_block_bytes: head.id.slice(12, 16),
      ref_block_hash: head.id.slice(16, 32),
      expiration: head.timestamp + TX_LIFETIME_MS,
      timestamp: this.now(),
    };
  }

  private finishBuild(raw: RawDataJson): TransactionJson {
    const bytes = encodeRawData(raw);
    return { visible: false, txID: txIdOf(bytes), raw_data: raw, raw_data_hex: bytesToHex(bytes) };
  }

  private checkTransfer(owner: string, to: string, amount: bigint): void {
    if (amount <= 0n) throw new ContractValidateError('Amount must be greater than 0.');
    if (owner === to) throw new ContractValidateError('Cannot transfer TRX to yourself.');
    const account = this.accounts.get(owner);
    if (!account || !this.isActivated(owner)) throw new ContractValidateError('Validate TransferContract error, no OwnerAccount.');
    if (account.trx < amount) throw new ContractValidateError('Validate TransferContract error, balance is not sufficient.');
  }

  buildTransfer(ownerHex: string, toHex: string, amount: bigint): TransactionJson {
    this.checkTransfer(ownerHex, toHex, amount);
    return this.finishBuild({
      contract: [
        {
          parameter: { value: { amount, owner_address: ownerHex, to_address: toHex }, type_url: typeUrl('TransferContract') },
          type: 'TransferContract',
        },
      ],
      ...this.refBlockFields(),
    });
  }

  buildTrigger(ownerHex: string, contractHex: string, data: string, feeLimit: bigint, callValue: bigint): TransactionJson {
    if (contractHex !== USDT_CONTRACT_HEX) throw new ContractValidateError('No contract or not a valid smart contract');
    if (callValue < 0n) throw new ContractValidateError('callValue must be >= 0');
    const refs = this.refBlockFields();
    return this.finishBuild({
      contract: [
        {
          parameter: {
            value: {
              data,
              owner_address: ownerHex,
              contract_address: contractHex,
              ...(callValue > 0n ? { call_value: callValue } : {}),
            },
            type_url: typeUrl('TriggerSmartContract'),
          },
          type: 'TriggerSmartContract',
        },
      ],
      ref_block_bytes: refs.ref_block_bytes,
      ref_block_hash: refs.ref_block_hash,
      expiration: refs.expiration,
      ...(feeLimit > 0n ? { fee_limit: feeLimit } : {}),
      timestamp: refs.timestamp,
    });
  }

  /**
   * Runs a USDT call without changing state, as triggerconstantcontract does.
   * Returns the ABI-encoded result, or null when the call would revert.
   */
  callUsdt(ownerHex: string, data: string, callValue: bigint): string | null {
    if (callValue !== 0n) return null;
    const d = data.toLowerCase();
    const selector = d.slice(0, 8);
    if (selector === SELECTOR.balanceOf && d.length === 8 + 64) {
      return encodeUint256(this.usdtBalance(`41${d.slice(8 + 24)}`));
    }
    if (d.length === 8) {
      if (selector === SELECTOR.decimals) return encodeUint256(BigInt(USDT_DECIMALS));
      if (selector === SELECTOR.totalSupply) return encodeUint256(this.usdtTotalSupply());
      if (selector === SELECTOR.symbol) return encodeStringResult(USDT_SYMBOL);
      if (selector === SELECTOR.name) return encodeStringResult(USDT_NAME);
    }
    const transfer = decodeTransferCall(d);
    if (transfer) return this.usdtBalance(ownerHex) >= transfer.amount ? encodeUint256(1n) : null;
    return null;
  }

  // ---- broadcast ----

  /** Validates and executes a signed transaction; it is included in the next block. Returns its txID. */
  broadcast(tx: TransactionJson): string {
    if (!tx || typeof tx !== 'object' || !tx.raw_data) throw new BroadcastError('OTHER_ERROR', 'transaction has no raw_data');
    let txId: string;
    let rawDataHex: string;
    let intent: TransactionIntent;
    try {
      ({ txId, rawDataHex } = verifyTransactionEncoding(tx));
      intent = transactionIntent(tx.raw_data);
    } catch (e) {
      if (e instanceof TransactionFormatError) throw new BroadcastError('OTHER_ERROR', e.message);
      throw e;
    }
    if (intent.permissionId !== 0) throw new BroadcastError('SIGERROR', 'Validate signature error: only the owner permission (0) exists on the devnet');
    const signatures = Array.isArray(tx.signature) ? tx.signature : [];
    if (signatures.length !== 1) throw new BroadcastError('SIGERROR', `Validate signature error: expected 1 signature, got ${signatures.length}`);
    const signer = recoverSignerAddress(txId, signatures[0]);
    if (signer === null) throw new BroadcastError('SIGERROR', 'Validate signature error: malformed signature');
    if (signer !== intent.owner) {
      throw new BroadcastError('SIGERROR', `Validate signature error: ${hexToBase58(signer)} is not the owner ${hexToBase58(intent.owner)}`);
    }
    if (this.txs.has(txId)) throw new BroadcastError('DUP_TRANSACTION_ERROR', 'Dup transaction.');
    this.checkTapos(tx.raw_data);
    const head = this.head();
    const expiration = Number(tx.raw_data.expiration);
    if (!(expiration > head.timestamp)) {
      throw new BroadcastError('TRANSACTION_EXPIRATION_ERROR', `Transaction expired: expiration ${expiration} <= head time ${head.timestamp}`);
    }
    if (expiration > head.timestamp + MAX_EXPIRATION_AHEAD_MS) {
      throw new BroadcastError('TRANSACTION_EXPIRATION_ERROR', 'Transaction expiration is more than 24 hours after the head block');
    }
    const canonical: TransactionJson = {
      visible: false,
      txID: txId,
      raw_data: canonicalRawData(tx.raw_data),
      raw_data_hex: rawDataHex,
      signature: [signatures[0].toLowerCase()],
    };
    const record = this.execute(canonical, intent, true);
    this.txs.set(txId, record);
    this.pending.push(txId);
    return txId;
  }

  private checkTapos(raw: RawDataJson): void {
    const refBytes = String(raw.ref_block_bytes ?? '').toLowerCase();
    const refHash = String(raw.ref_block_hash ?? '').toLowerCase();
    if (!/^[0-9a-f]{4}$/.test(refBytes) || !/^[0-9a-f]{16}$/.test(refHash)) {
      throw new BroadcastError('TAPOS_ERROR', 'Tapos check error: ref_block_bytes must be 2 bytes and ref_block_hash 8 bytes');
    }
    // Mainnet keeps the last 65536 block hashes indexed by the low 16 bits of the height.
    const head = this.head().number;
    const low = Number.parseInt(refBytes, 16);
    const candidate = head - (((head & 0xffff) - low + 0x10000) % 0x10000);
    const block = candidate >= 0 ? this.blocks[candidate] : undefined;
    if (!block || block.id.slice(16, 32) !== refHash) {
      throw new BroadcastError('TAPOS_ERROR', `Tapos check error: ref block ${refBytes}/${refHash} is not in the recent chain`);
    }
  }

  /** Applies a transaction's effects. With `validate` false (replay) the checks that depend on the moment are skipped. */
  private execute(tx: TransactionJson, intent: TransactionIntent, validate: boolean): TxRecord {
    if (intent.kind === 'transfer') {
      if (validate) {
        try {
          this.checkTransfer(intent.owner, intent.to, intent.amount);
        } catch (e) {
          if (e instanceof ContractValidateError) throw new BroadcastError('CONTRACT_VALIDATE_ERROR', `Contract validate error : ${e.message}`);
          throw e;
        }
      }
      this.credit(intent.owner, -intent.amount, 0n);
      this.credit(intent.to, intent.amount, 0n);
      return { tx, intent, result: 'SUCCESS' };
    }
    if (validate) {
      if (intent.contract !== USDT_CONTRACT_HEX) {
        throw new BroadcastError('CONTRACT_VALIDATE_ERROR', 'Contract validate error : No contract or not a valid smart contract');
      }
      if (!this.isActivated(intent.owner)) {
        throw new BroadcastError('CONTRACT_VALIDATE_ERROR', `Contract validate error : account [${hexToBase58(intent.owner)}] does not exist`);
      }
    }
    const transfer = decodeTransferCall(intent.data);
    if (transfer) {
      // The fee is burnt whatever the outcome; a sender who cannot pay it all loses what it has.
      const available = this.accounts.get(intent.owner)?.trx ?? 0n;
      const fee = available < this.trc20FeeSun ? available : this.trc20FeeSun;
      if (fee > 0n) this.credit(intent.owner, -fee, 0n);
      if (fee < this.trc20FeeSun) return { tx, intent, result: 'OUT_OF_ENERGY', resMessage: 'Not enough energy', fee };
      if (intent.callValue !== 0n || this.usdtBalance(intent.owner) < transfer.amount) {
        return { tx, intent, result: 'REVERT', resMessage: 'REVERT opcode executed', fee };
      }
      this.credit(intent.owner, 0n, -transfer.amount);
      this.credit(transfer.to, 0n, transfer.amount);
      return {
        tx,
        intent,
        result: 'SUCCESS',
        contractResult: encodeUint256(1n),
        trc20: { from: intent.owner, to: transfer.to, amount: transfer.amount },
        fee,
      };
    }
    const view = this.callUsdt(intent.owner, intent.data, intent.callValue);
    return view === null
      ? { tx, intent, result: 'REVERT', resMessage: 'REVERT opcode executed' }
      : { tx, intent, result: 'SUCCESS', contractResult: view };
  }

  /** Balances only move here. A TRX credit opens the account, as on mainnet; a USDT credit alone does not. */
  private credit(addressHex: string, trx: bigint, usdt: bigint): void {
    let account = this.accounts.get(addressHex);
    if (!account) {
      if (trx === 0n && usdt === 0n) return;
      account = { trx: 0n, usdt: 0n, createTime: trx > 0n ? this.time() : 0 };
      this.accounts.set(addressHex, account);
    } else if (account.createTime === 0 && trx > 0n) {
      account.createTime = this.time();
    }
    account.trx += trx;
    account.usdt += usdt;
    if (account.trx < 0n || account.usdt < 0n) throw new Error('devnet invariant broken: negative balance');
  }

  /** An account "exists" for getaccount once it has received TRX. */
  isActivated(addressHex: string): boolean {
    return (this.accounts.get(addressHex)?.createTime ?? 0) > 0;
  }

  // ---- faucet ----

  /** Sends TRX and/or USDT from the faucet account as ordinary signed transactions. */
  faucet(address: string, amounts: { trx?: bigint; usdt?: bigint }): { trxTxId?: string; usdtTxId?: string } {
    const to = toHexAddress(address);
    const from = toHexAddress(DEVNET_FAUCET_ADDRESS);
    const out: { trxTxId?: string; usdtTxId?: string } = {};
    if (amounts.trx !== undefined) {
      if (amounts.trx <= 0n) throw new ContractValidateError('faucet amounts must be positive');
      out.trxTxId = this.broadcast(signTransaction(this.buildTransfer(from, to, amounts.trx), DEVNET_FAUCET_KEY));
    }
    if (amounts.usdt !== undefined) {
      if (amounts.usdt <= 0n) throw new ContractValidateError('faucet amounts must be positive');
      if (this.usdtBalance(from) < amounts.usdt) throw new ContractValidateError('the faucet does not hold that much USDT');
      const data = SELECTOR.transfer + encodeAddressWord(to) + encodeUint256(amounts.usdt);
      out.usdtTxId = this.broadcast(signTransaction(this.buildTrigger(from, USDT_CONTRACT_HEX, data, 0n, 0n), DEVNET_FAUCET_KEY));
    }
    return out;
  }

  // ---- blocks ----

  /**
   * Seals the pending transactions into a new block and returns it.
   *
   * `idMatching` lets a test decide a round the way it needs: the block's timestamp moves on one
   * millisecond at a time until the block id satisfies it. Give a predicate a fair share of ids meet
   * (a digit range, say), or it gives up after MAX_ID_TRIES.
   */
  produceBlock(idMatching?: (blockId: string) => boolean): Block {
    const parent = this.head();
    // Strictly increasing timestamps even when tests produce many blocks within one millisecond.
    let timestamp = Math.max(this.now(), parent.timestamp + 1);
    const txIds = this.pending;
    let block = makeBlock(parent.number + 1, timestamp, parent.id, txIds);
    for (let tries = 1; idMatching && !idMatching(block.id); tries++) {
      if (tries >= MAX_ID_TRIES) throw new Error(`no block id met the predicate in ${MAX_ID_TRIES} tries`);
      block = makeBlock(parent.number + 1, ++timestamp, parent.id, txIds);
    }
    this.pending = [];
    this.appendBlock(block);
    this.persist({
      n: block.number,
      t: block.timestamp,
      txs: txIds.map((id) => {
        const { tx } = this.txs.get(id)!;
        return { txID: tx.txID, raw_data: tx.raw_data, raw_data_hex: tx.raw_data_hex, signature: tx.signature } satisfies Partial<PersistedTx>;
      }),
    });
    return block;
  }

  private appendBlock(block: Block): void {
    this.blocks.push(block);
    this.blocksById.set(block.id, block);
    for (const id of block.txIds) {
      const record = this.txs.get(id)!;
      record.blockNumber = block.number;
      record.blockTimestamp = block.timestamp;
      record.ordinal = this.included.length;
      this.included.push(record);
    }
  }

  // ---- history (TronGrid v1) ----

  private page(records: TxRecord[], q: HistoryQuery): { items: TxRecord[]; more: boolean } {
    const solid = this.solidHead().number;
    const keep = (r: TxRecord): boolean => {
      if (q.after !== undefined && (q.ascending ? r.ordinal! <= q.after : r.ordinal! >= q.after)) return false;
      if (q.onlyConfirmed && r.blockNumber! > solid) return false;
      if (q.onlyUnconfirmed && r.blockNumber! <= solid) return false;
      if (q.minTimestamp !== undefined && r.blockTimestamp! < q.minTimestamp) return false;
      if (q.maxTimestamp !== undefined && r.blockTimestamp! > q.maxTimestamp) return false;
      return true;
    };
    const items: TxRecord[] = [];
    const step = q.ascending ? 1 : -1;
    for (let i = q.ascending ? 0 : records.length - 1; i >= 0 && i < records.length; i += step) {
      const r = records[i];
      if (!keep(r)) continue;
      if (items.length === q.limit) return { items, more: true };
      items.push(r);
    }
    return { items, more: false };
  }

  /** Successful TRC20 (USDT) transfers from or to the address, in chain order, paged. */
  trc20History(addressHex: string, q: HistoryQuery): { items: TxRecord[]; more: boolean } {
    const matches = this.included.filter((r) => {
      if (!r.trc20) return false;
      const isTo = r.trc20.to === addressHex;
      const isFrom = r.trc20.from === addressHex;
      if (q.onlyTo && !isTo) return false;
      if (q.onlyFrom && !isFrom) return false;
      return isTo || isFrom;
    });
    return this.page(matches, q);
  }

  /**
   * Transactions the address sent, or TRX transfers it received (as TronGrid's /transactions lists
   * them: a USDT recipient is not a party to the contract call, so it appears only in trc20 history).
   */
  transactionHistory(addressHex: string, q: HistoryQuery): { items: TxRecord[]; more: boolean } {
    const matches = this.included.filter((r) => {
      const isFrom = r.intent.owner === addressHex;
      const isTo = r.intent.kind === 'transfer' ? r.intent.to === addressHex : r.intent.contract === addressHex;
      if (q.onlyTo && !isTo) return false;
      if (q.onlyFrom && !isFrom) return false;
      return isTo || isFrom;
    });
    return this.page(matches, q);
  }

  // ---- persistence ----

  private persist(line: object): void {
    if (!this.persistPath) return;
    mkdirSync(dirname(this.persistPath), { recursive: true });
    appendFileSync(this.persistPath, `${stringifyJson(line)}\n`);
  }

  /**
   * Rebuilds the chain by replaying the blocks in the file. Transactions that were pending when the
   * process stopped are gone, as a restarted node's pool would be; their expiration lets senders retry.
   */
  private replay(path: string): void {
    const text = readFileSync(path, 'utf8');
    const lines = text.split('\n');
    let offset = 0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (line.trim() === '') {
        offset += line.length + 1;
        continue;
      }
      let entry: Record<string, unknown>;
      try {
        entry = parseJson(line) as Record<string, unknown>;
      } catch {
        // A torn last line from a crash mid-write: drop it, keep what came before.
        if (i >= lines.length - 2) {
          truncateSync(path, offset);
          break;
        }
        throw new Error(`devnet state file ${path} is corrupt at line ${i + 1}`);
      }
      offset += line.length + 1;
      if (i === 0 || this.blocks.length === 0) {
        const genesis = entry.genesis as { timestamp?: number } | undefined;
        if (entry.format !== PERSIST_FORMAT || typeof genesis?.timestamp !== 'number') {
          throw new Error(`devnet state file ${path} has an unknown format`);
        }
        this.genesis(genesis.timestamp);
        continue;
      }
      const expected = this.head().number + 1;
      if (entry.n !== expected || typeof entry.t !== 'number' || !Array.isArray(entry.txs)) {
        throw new Error(`devnet state file ${path}: expected block ${expected} at line ${i + 1}`);
      }
      const ids: string[] = [];
      this.replayTime = entry.t;
      for (const p of entry.txs as PersistedTx[]) {
        const tx: TransactionJson = {
          visible: false,
          txID: p.txID,
          raw_data: canonicalRawData(p.raw_data),
          raw_data_hex: p.raw_data_hex,
          signature: p.signature,
        };
        const { txId } = verifyTransactionEncoding(tx);
        this.txs.set(txId, this.execute(tx, transactionIntent(tx.raw_data), false));
        ids.push(txId);
      }
      this.replayTime = undefined;
      this.appendBlock(makeBlock(expected, entry.t, this.head().id, ids));
    }
    if (this.blocks.length === 0) throw new Error(`devnet state file ${path} is empty`);
  }
}

/**
 * raw_data as the devnet stores it: addresses in `41...` hex and integers as bigint, so that it is
 * written back with the same bare numbers whatever form the sender used. Encodes to the same bytes.
 */
function canonicalRawData(raw: RawDataJson): RawDataJson {
  const ints = (o: Record<string, unknown>, keys: string[]): void => {
    for (const k of keys) if (o[k] !== undefined && o[k] !== null) o[k] = toBigIntAmount(o[k], k);
  };
  const out = { ...raw } as unknown as Record<string, unknown>;
  ints(out, ['ref_block_num', 'expiration', 'timestamp', 'fee_limit']);
  out.contract = raw.contract.map((c) => {
    const value = { ...(c.parameter.value as unknown as Record<string, unknown>) };
    for (const k of ['owner_address', 'to_address', 'contract_address']) {
      if (typeof value[k] === 'string') value[k] = toHexAddress(value[k] as string);
    }
    if (typeof value.data === 'string') value.data = value.data.replace(/^0x/, '').toLowerCase();
    ints(value, ['amount', 'call_value', 'call_token_value', 'token_id']);
    return { ...c, parameter: { type_url: typeUrl(c.type), value: value as never } };
  });
  return out as unknown as RawDataJson;
}
