// The devnet's ledger: accounts, transactions, blocks and transfer history, with no HTTP in it.
//
// Deliberate simplifications, each chosen so the server's code paths stay the mainnet ones:
// - Resources come in two models. By default there is no bandwidth or energy: TRX transfers are
//   free; a USDT transfer burns a fixed TRX fee from its sender (`trc20FeeSun`, 0 unless configured),
//   and reverts with OUT_OF_ENERGY when the sender cannot pay it all. With `resources` (see
//   resources.ts) the chain charges as mainnet does: bandwidth per byte (staked, then the free
//   daily allowance, else burned), energy per call (staked or delegated, else burned up to
//   fee_limit, else OUT_OF_ENERGY), account-creation fees, Stake 2.0 freezing and delegation, and a
//   dynamic energy factor on the USDT contract. In both models an owner account must exist (have
//   received TRX) to send anything, as on mainnet where an unactivated address cannot pay.
// - With resources, usage recovers linearly over 24 h of block time (the head block's timestamp);
//   the contract's creator pays no share of the energy (origin_energy_usage is 0).
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
  type ContractJson,
  type ContractTypeName,
  type RawDataJson,
  type ResourceName,
  type TransactionIntent,
  type TransactionJson,
  TransactionFormatError,
  encodeRawData,
  intentCounterparty,
  recoverSignerAddress,
  resourceField,
  signTransaction,
  signTxId,
  transactionBandwidth,
  transactionIntent,
  txIdOf,
  typeUrl,
  verifyTransactionEncoding,
} from '../transaction.ts';
import {
  BLOCK_INTERVAL_MS,
  DEFAULT_DELEGATE_LOCK_MS,
  type ResourceParameters,
  SUN_PER_TRX,
  checkResourceParameters,
  recovered,
  withEnergyFactor,
} from './resources.ts';

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
  | 'BANDWITH_ERROR'
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
  /** Stake 2.0: own TRX (sun) staked for each resource, less what is delegated away. */
  frozenEnergy: bigint;
  frozenBandwidth: bigint;
  /** Own staked TRX whose resource is delegated to other accounts. */
  delegatedEnergy: bigint;
  delegatedBandwidth: bigint;
  /** Staked TRX of other accounts delegated to this one. */
  acquiredEnergy: bigint;
  acquiredBandwidth: bigint;
  /** Resource usage and when it was last added to; it recovers linearly over 24 h. */
  energyUsage: bigint;
  energyTime: number;
  netUsage: bigint;
  netTime: number;
  freeNetUsage: bigint;
  freeNetTime: number;
  /** Unstaked TRX waiting for its unfreeze delay. */
  unfrozen: Array<{ resource: ResourceName; amount: bigint; expireTime: number }>;
}

function blankAccount(createTime: number): Account {
  return {
    trx: 0n,
    usdt: 0n,
    createTime,
    frozenEnergy: 0n,
    frozenBandwidth: 0n,
    delegatedEnergy: 0n,
    delegatedBandwidth: 0n,
    acquiredEnergy: 0n,
    acquiredBandwidth: 0n,
    energyUsage: 0n,
    energyTime: 0,
    netUsage: 0n,
    netTime: 0,
    freeNetUsage: 0n,
    freeNetTime: 0,
    unfrozen: [],
  };
}

/** Staked TRX one account delegated to another: unlocked, and locked until an expiry per resource. */
export interface Delegation {
  from: string;
  to: string;
  energy: bigint;
  bandwidth: bigint;
  lockedEnergy: bigint;
  lockedBandwidth: bigint;
  energyExpireTime: number;
  bandwidthExpireTime: number;
}

/** What a transaction used and burned, as java-tron's ResourceReceipt reports it. */
export interface Receipt {
  /** Bytes taken from staked or free bandwidth. */
  netUsage: bigint;
  /** Sun burned for bandwidth (bytes × getTransactionFee, or getCreateAccountFee). */
  netFee: bigint;
  /** Energy taken from the caller's staked or delegated energy. */
  energyUsage: bigint;
  /** Sun burned for energy. */
  energyFee: bigint;
  originEnergyUsage: bigint;
  energyUsageTotal: bigint;
  /** Sun burned by the contract itself (getCreateNewAccountFeeInSystemContract). */
  contractFee: bigint;
  /** Unstaked TRX returned to the balance by this transaction. */
  withdrawExpireAmount: bigint;
}

/** Resource figures of an account as /wallet/getaccountresource reports them. */
export interface AccountResourceView {
  freeNetUsed: bigint;
  freeNetLimit: bigint;
  netUsed: bigint;
  netLimit: bigint;
  energyUsed: bigint;
  energyLimit: bigint;
  tronPowerLimit: bigint;
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
  /** Bandwidth and energy accounting, when the resource model is on. */
  receipt?: Receipt;
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
  /** TRX (sun) a USDT transfer burns from its sender. Default 0. Not with `resources`. */
  trc20FeeSun?: bigint;
  /** Turns the resource model on with these parameters (see resources.ts). Default off. */
  resources?: ResourceParameters;
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
  /** Resource model parameters; undefined when the devnet charges nothing. */
  private params?: ResourceParameters;
  private readonly delegations = new Map<string, Delegation>();
  /** Added to the clock: lets tests move block time forward. */
  private timeOffset = 0;
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
    if (options.resources) {
      if (this.trc20FeeSun > 0n) throw new RangeError('trc20FeeSun and resources cannot be combined');
      this.params = { ...options.resources };
      checkResourceParameters(this.params);
    }
    this.now = options.now ?? Date.now;
    this.persistPath = options.persistPath;
    if (this.persistPath && existsSync(this.persistPath)) {
      this.replay(this.persistPath);
      if (Boolean(options.resources) !== Boolean(this.params)) {
        throw new Error(`devnet state file ${this.persistPath} was made ${this.params ? 'with' : 'without'} the resource model`);
      }
    } else {
      this.genesis(this.now());
      this.persist({ format: PERSIST_FORMAT, genesis: { timestamp: this.blocks[0].timestamp }, ...(this.params ? { resources: this.params } : {}) });
    }
  }

  private genesis(timestamp: number): void {
    this.accounts.set(toHexAddress(DEVNET_FAUCET_ADDRESS), {
      ...blankAccount(timestamp),
      trx: GENESIS_FAUCET_TRX,
      usdt: GENESIS_FAUCET_USDT,
    });
    this.appendBlock(makeBlock(0, timestamp, '00'.repeat(32), []));
  }

  private clock(): number {
    return this.now() + this.timeOffset;
  }

  private time(): number {
    return this.replayTime ?? this.clock();
  }

  // ---- resource model ----

  /** The resource model's parameters, or undefined when the devnet charges nothing. */
  resourceParameters(): Readonly<ResourceParameters> | undefined {
    return this.params;
  }

  /**
   * Changes chain parameters from now on (as a passed proposal would), e.g. the dynamic energy
   * factor. Recorded in the state file so that a replay charges what was charged.
   */
  setResourceParameters(changes: Partial<ResourceParameters>): void {
    if (!this.params) throw new Error('the resource model is off on this devnet');
    // Pending transactions were charged under the old parameters; a replay must see them in a block first.
    if (this.pending.length) throw new Error('produce a block before changing parameters: transactions are pending');
    const next = { ...this.params, ...changes };
    checkResourceParameters(next);
    this.params = next;
    this.persist({ params: changes });
  }

  /** Moves the clock forward: the next block is at least `ms` later than it would have been. */
  advanceTime(ms: number): void {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError('ms must be a non-negative integer');
    this.timeOffset += ms;
  }

  private energyLimit(a: Account): bigint {
    return ((a.frozenEnergy + a.acquiredEnergy) / SUN_PER_TRX) * (this.params?.energyPerTrx ?? 0n);
  }

  private netLimit(a: Account): bigint {
    return ((a.frozenBandwidth + a.acquiredBandwidth) / SUN_PER_TRX) * (this.params?.netPerTrx ?? 0n);
  }

  /** Resource figures at the head, usage recovered (what /wallet/getaccountresource answers). */
  accountResource(addressHex: string): AccountResourceView | undefined {
    const a = this.accounts.get(addressHex);
    if (!a || !this.isActivated(addressHex)) return undefined;
    const now = this.head().timestamp;
    return {
      freeNetUsed: recovered(a.freeNetUsage, a.freeNetTime, now),
      freeNetLimit: this.params?.freeNetLimit ?? 0n,
      netUsed: recovered(a.netUsage, a.netTime, now),
      netLimit: this.netLimit(a),
      energyUsed: recovered(a.energyUsage, a.energyTime, now),
      energyLimit: this.energyLimit(a),
      tronPowerLimit: (a.frozenEnergy + a.frozenBandwidth + a.delegatedEnergy + a.delegatedBandwidth) / SUN_PER_TRX,
    };
  }

  /** Staked TRX (sun) of the owner's that it can still delegate: its stake less what its own usage takes. */
  canDelegateMaxSize(ownerHex: string, resource: ResourceName): bigint {
    const a = this.accounts.get(ownerHex);
    if (!a) return 0n;
    const now = this.head().timestamp;
    const [frozen, acquired, usage, perTrx] =
      resource === 'ENERGY'
        ? [a.frozenEnergy, a.acquiredEnergy, recovered(a.energyUsage, a.energyTime, now), this.params?.energyPerTrx ?? 0n]
        : [a.frozenBandwidth, a.acquiredBandwidth, recovered(a.netUsage, a.netTime, now), this.params?.netPerTrx ?? 0n];
    if (frozen === 0n) return 0n;
    const ownUsage = (usage * frozen) / (frozen + acquired);
    const usedSun = perTrx === 0n ? 0n : (ownUsage * SUN_PER_TRX + perTrx - 1n) / perTrx;
    return frozen > usedSun ? frozen - usedSun : 0n;
  }

  /** Delegations from and/or to an address (both given: that one pair). */
  delegationsOf(fromHex?: string, toHex?: string): Delegation[] {
    return [...this.delegations.values()].filter((d) => (fromHex === undefined || d.from === fromHex) && (toHex === undefined || d.to === toHex));
  }

  /** Energy a USDT call costs now, dynamic factor applied: what triggerconstantcontract reports. */
  usdtCallEnergy(ownerHex: string, data: string, callValue: bigint): bigint {
    if (!this.params) return 0n;
    const transfer = decodeTransferCall(data);
    const base =
      transfer && callValue === 0n && this.usdtBalance(ownerHex) >= transfer.amount
        ? this.usdtBalance(transfer.to) === 0n && transfer.amount > 0n
          ? this.params.usdtTransferNewHolderEnergy
          : this.params.usdtTransferEnergy
        : this.params.usdtOtherCallEnergy;
    return withEnergyFactor(base, this.params.energyFactor);
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
      timestamp: this.clock(),
    };
  }

  private finishBuild(raw: RawDataJson): TransactionJson {
    const bytes = encodeRawData(raw);
    return { visible: false, txID: txIdOf(bytes), raw_data: raw, raw_data_hex: bytesToHex(bytes) };
  }

  /**
   * Checks a contract as java-tron's actuators validate it, as if the owner had `reserved` sun less
   * (what bandwidth burns first). Throws ContractValidateError with java-tron's messages.
   */
  private validate(intent: TransactionIntent, reserved: bigint, feeLimit: bigint): void {
    const p = this.params;
    const owner = this.accounts.get(intent.owner);
    const active = owner !== undefined && this.isActivated(intent.owner);
    const balance = (owner?.trx ?? 0n) - reserved;
    const missing = (who: string): ContractValidateError => new ContractValidateError(`Account[${hexToBase58(who)}] not exists`);
    const stakeResource = (r: ResourceName): void => {
      if (r === 'TRON_POWER') throw new ContractValidateError('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]');
    };
    switch (intent.kind) {
      case 'transfer': {
        if (intent.amount <= 0n) throw new ContractValidateError('Amount must be greater than 0.');
        if (intent.owner === intent.to) throw new ContractValidateError('Cannot transfer TRX to yourself.');
        if (!active) throw new ContractValidateError('Validate TransferContract error, no OwnerAccount.');
        const creationFee = p && !this.isActivated(intent.to) ? p.createNewAccountFeeInSystemContract : 0n;
        if (balance < intent.amount + creationFee) throw new ContractValidateError('Validate TransferContract error, balance is not sufficient.');
        return;
      }
      case 'trigger':
        if (intent.contract !== USDT_CONTRACT_HEX) throw new ContractValidateError('No contract or not a valid smart contract');
        if (!active) throw new ContractValidateError(`account [${hexToBase58(intent.owner)}] does not exist`);
        if (p && (feeLimit < 0n || feeLimit > p.maxFeeLimit)) throw new ContractValidateError(`feeLimit must be >= 0 and <= ${p.maxFeeLimit}`);
        return;
      case 'createAccount':
        if (!active) throw missing(intent.owner);
        if (this.isActivated(intent.account)) throw new ContractValidateError('Account has existed');
        if (p && balance < p.createNewAccountFeeInSystemContract) throw new ContractValidateError('Validate CreateAccountActuator error, insufficient fee.');
        return;
      case 'freeze':
        if (!active) throw missing(intent.owner);
        stakeResource(intent.resource);
        if (intent.amount <= 0n) throw new ContractValidateError('frozenBalance must be positive');
        if (intent.amount < SUN_PER_TRX) throw new ContractValidateError('frozenBalance must be greater than or equal to 1 TRX');
        if (intent.amount > balance) throw new ContractValidateError('frozenBalance must be less than or equal to accountBalance');
        return;
      case 'unfreeze': {
        if (!active) throw missing(intent.owner);
        stakeResource(intent.resource);
        const frozen = intent.resource === 'ENERGY' ? owner!.frozenEnergy : owner!.frozenBandwidth;
        if (frozen === 0n) throw new ContractValidateError(`no frozenBalance(${intent.resource})`);
        if (intent.amount <= 0n || intent.amount > frozen) throw new ContractValidateError(`Invalid unfreeze_balance, [${intent.amount}] is error`);
        return;
      }
      case 'withdrawExpireUnfreeze':
        if (!active) throw missing(intent.owner);
        if (!owner!.unfrozen.some((u) => u.expireTime <= this.head().timestamp)) throw new ContractValidateError('no unFreeze balance to withdraw ');
        return;
      case 'delegate': {
        if (!active) throw missing(intent.owner);
        stakeResource(intent.resource);
        if (intent.amount < SUN_PER_TRX) throw new ContractValidateError('delegateBalance must be greater than or equal to 1 TRX');
        if (intent.amount > this.canDelegateMaxSize(intent.owner, intent.resource)) {
          const name = intent.resource === 'ENERGY' ? 'FreezeEnergyV2' : 'FreezeBandwidthV2';
          throw new ContractValidateError(`delegateBalance must be less than or equal to available ${name} balance`);
        }
        if (intent.receiver === intent.owner) throw new ContractValidateError('receiverAddress must not be the same as ownerAddress');
        if (!this.isActivated(intent.receiver)) throw missing(intent.receiver);
        const maxLock = p?.maxDelegateLockPeriod ?? 864_000n;
        if (intent.lock && (intent.lockPeriod < 0n || intent.lockPeriod > maxLock)) {
          throw new ContractValidateError(`The lock period of delegate resource cannot be less than 0 and cannot exceed ${maxLock}!`);
        }
        return;
      }
      case 'undelegate': {
        if (!active) throw missing(intent.owner);
        stakeResource(intent.resource);
        if (intent.receiver === intent.owner) throw new ContractValidateError('receiverAddress must not be the same as ownerAddress');
        if (intent.amount <= 0n) throw new ContractValidateError('unDelegateBalance must be more than 0 TRX');
        const d = this.delegations.get(intent.owner + intent.receiver);
        if (!d) throw new ContractValidateError('delegated Resource does not exist');
        const available = this.undelegatable(d, intent.resource);
        if (available < intent.amount) {
          const name = intent.resource === 'ENERGY' ? 'Energy' : 'Bandwidth';
          throw new ContractValidateError(`insufficient delegatedFrozenBalance(${name}), request=${intent.amount}, unlock_balance=${available}`);
        }
        return;
      }
    }
  }

  /** What of a delegation can be taken back now: the unlocked part, and the locked part once its lock expired. */
  private undelegatable(d: Delegation, resource: ResourceName): bigint {
    const now = this.head().timestamp;
    return resource === 'ENERGY'
      ? d.energy + (d.energyExpireTime < now ? d.lockedEnergy : 0n)
      : d.bandwidth + (d.bandwidthExpireTime < now ? d.lockedBandwidth : 0n);
  }

  buildTransfer(ownerHex: string, toHex: string, amount: bigint): TransactionJson {
    this.validate({ kind: 'transfer', owner: ownerHex, to: toHex, amount, permissionId: 0 }, 0n, 0n);
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

  /** Builds a system contract (account creation, staking, delegation) after validating it as broadcast would. */
  buildSystemContract(type: ContractTypeName, value: Record<string, unknown>): TransactionJson {
    const contract = { parameter: { value, type_url: typeUrl(type) }, type } as unknown as ContractJson;
    const raw = { contract: [contract], ...this.refBlockFields() } as RawDataJson;
    let intent: TransactionIntent;
    try {
      intent = transactionIntent(raw);
    } catch (e) {
      if (e instanceof TransactionFormatError) throw new ContractValidateError(e.message);
      throw e;
    }
    this.validate(intent, 0n, 0n);
    return this.finishBuild(canonicalRawData(raw));
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
    const feeLimit = tx.raw_data.fee_limit === undefined ? 0n : toBigIntAmount(tx.raw_data.fee_limit, 'fee_limit');
    const refuse = (e: unknown): never => {
      if (e instanceof ContractValidateError) throw new BroadcastError('CONTRACT_VALIDATE_ERROR', `Contract validate error : ${e.message}`);
      throw e;
    };
    if (validate) {
      try {
        this.validate(intent, 0n, feeLimit);
      } catch (e) {
        refuse(e);
      }
    }
    if (!this.params) return this.executeFree(tx, intent);
    // As java-tron: bandwidth is paid first, then the contract is validated against what is left.
    const net = this.planBandwidth(tx, intent);
    if (validate && net.fee > 0n) {
      try {
        this.validate(intent, net.fee, feeLimit);
      } catch (e) {
        refuse(e);
      }
    }
    const owner = this.accounts.get(intent.owner)!;
    const now = this.head().timestamp;
    const receipt: Receipt = {
      netUsage: net.fee > 0n ? 0n : net.bytes,
      netFee: net.fee,
      energyUsage: 0n,
      energyFee: 0n,
      originEnergyUsage: 0n,
      energyUsageTotal: 0n,
      contractFee: 0n,
      withdrawExpireAmount: 0n,
    };
    if (net.from === 'staked') {
      owner.netUsage = recovered(owner.netUsage, owner.netTime, now) + net.bytes;
      owner.netTime = now;
    } else if (net.from === 'free') {
      owner.freeNetUsage = recovered(owner.freeNetUsage, owner.freeNetTime, now) + net.bytes;
      owner.freeNetTime = now;
    } else {
      this.credit(intent.owner, -net.fee, 0n);
    }
    const record = this.executeCharged(tx, intent, feeLimit, receipt, now);
    record.receipt = receipt;
    record.fee = receipt.netFee + receipt.energyFee + receipt.contractFee;
    return record;
  }

  /** Where a transaction's bandwidth comes from; throws BANDWITH_ERROR when the owner cannot pay it. */
  private planBandwidth(tx: TransactionJson, intent: TransactionIntent): { bytes: bigint; from: 'staked' | 'free' | 'burn'; fee: bigint } {
    const p = this.params!;
    const owner = this.accounts.get(intent.owner);
    if (!owner) throw new BroadcastError('CONTRACT_VALIDATE_ERROR', 'Contract validate error : account does not exist');
    const now = this.head().timestamp;
    const bytes = transactionBandwidth(tx.raw_data_hex.length / 2, tx.signature?.length ?? 0);
    const staked = this.netLimit(owner) - recovered(owner.netUsage, owner.netTime, now);
    const createsAccount = intent.kind === 'createAccount' || (intent.kind === 'transfer' && !this.isActivated(intent.to));
    if (bytes <= staked) return { bytes, from: 'staked', fee: 0n };
    if (createsAccount) {
      // Creating an account takes staked bandwidth or a flat fee, never the free allowance.
      if (owner.trx >= p.createAccountFee) return { bytes, from: 'burn', fee: p.createAccountFee };
      throw new BroadcastError('BANDWITH_ERROR', `Account has insufficient bandwidth[${bytes}] and balance[${p.createAccountFee}] to create new account`);
    }
    if (bytes <= p.freeNetLimit - recovered(owner.freeNetUsage, owner.freeNetTime, now)) return { bytes, from: 'free', fee: 0n };
    const fee = bytes * p.transactionFee;
    if (owner.trx >= fee) return { bytes, from: 'burn', fee };
    throw new BroadcastError('BANDWITH_ERROR', `Account has insufficient bandwidth[${bytes}] and balance[${fee}] to broadcast this transaction`);
  }

  /** The fee-free model: no bandwidth, no energy; a USDT transfer burns `trc20FeeSun`. */
  private executeFree(tx: TransactionJson, intent: TransactionIntent): TxRecord {
    if (intent.kind === 'transfer') {
      this.credit(intent.owner, -intent.amount, 0n);
      this.credit(intent.to, intent.amount, 0n);
      return { tx, intent, result: 'SUCCESS' };
    }
    if (intent.kind !== 'trigger') {
      this.applySystemContract(intent, this.head().timestamp);
      return { tx, intent, result: 'SUCCESS' };
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
      return { ...this.moveUsdt(tx, intent, transfer), fee };
    }
    const view = this.callUsdt(intent.owner, intent.data, intent.callValue);
    return view === null ? { tx, intent, result: 'REVERT', resMessage: 'REVERT opcode executed' } : { tx, intent, result: 'SUCCESS', contractResult: view };
  }

  private moveUsdt(tx: TransactionJson, intent: TransactionIntent & { kind: 'trigger' }, transfer: { to: string; amount: bigint }): TxRecord {
    this.credit(intent.owner, 0n, -transfer.amount);
    this.credit(transfer.to, 0n, transfer.amount);
    return {
      tx,
      intent,
      result: 'SUCCESS',
      contractResult: encodeUint256(1n),
      trc20: { from: intent.owner, to: transfer.to, amount: transfer.amount },
    };
  }

  /** The resource model, after bandwidth: system fees, and energy for contract calls. */
  private executeCharged(tx: TransactionJson, intent: TransactionIntent, feeLimit: bigint, receipt: Receipt, now: number): TxRecord {
    const p = this.params!;
    if (intent.kind === 'transfer') {
      if (!this.isActivated(intent.to)) {
        receipt.contractFee = p.createNewAccountFeeInSystemContract;
        this.credit(intent.owner, -receipt.contractFee, 0n);
      }
      this.credit(intent.owner, -intent.amount, 0n);
      this.credit(intent.to, intent.amount, 0n);
      return { tx, intent, result: 'SUCCESS' };
    }
    if (intent.kind !== 'trigger') {
      if (intent.kind === 'createAccount') {
        receipt.contractFee = p.createNewAccountFeeInSystemContract;
        this.credit(intent.owner, -receipt.contractFee, 0n);
      }
      receipt.withdrawExpireAmount = this.applySystemContract(intent, now);
      return { tx, intent, result: 'SUCCESS' };
    }
    // Energy: the call may use at most min(staked energy left + what the balance buys, fee_limit / price).
    const owner = this.accounts.get(intent.owner)!;
    const price = p.energyFee;
    const required = this.usdtCallEnergy(intent.owner, intent.data, intent.callValue);
    const left0 = this.energyLimit(owner) - recovered(owner.energyUsage, owner.energyTime, now);
    const left = left0 > 0n ? left0 : 0n;
    const spendable = owner.trx > intent.callValue ? owner.trx - intent.callValue : 0n;
    const byAccount = left + spendable / price;
    const byFeeLimit = feeLimit / price;
    const limit = byAccount < byFeeLimit ? byAccount : byFeeLimit;
    const used = required <= limit ? required : limit;
    const fromStake = used < left ? used : left;
    receipt.energyUsageTotal = used;
    receipt.energyUsage = fromStake;
    receipt.energyFee = (used - fromStake) * price;
    owner.energyUsage = recovered(owner.energyUsage, owner.energyTime, now) + fromStake;
    owner.energyTime = now;
    if (receipt.energyFee > 0n) this.credit(intent.owner, -receipt.energyFee, 0n);
    if (required > limit) return { tx, intent, result: 'OUT_OF_ENERGY', resMessage: 'Not enough energy' };
    const transfer = decodeTransferCall(intent.data);
    if (transfer) {
      if (intent.callValue !== 0n || this.usdtBalance(intent.owner) < transfer.amount) {
        return { tx, intent, result: 'REVERT', resMessage: 'REVERT opcode executed' };
      }
      return this.moveUsdt(tx, intent, transfer);
    }
    const view = this.callUsdt(intent.owner, intent.data, intent.callValue);
    return view === null ? { tx, intent, result: 'REVERT', resMessage: 'REVERT opcode executed' } : { tx, intent, result: 'SUCCESS', contractResult: view };
  }

  /** Effects of account creation, staking and delegation (validated already). Returns unstaked TRX withdrawn. */
  private applySystemContract(intent: Exclude<TransactionIntent, { kind: 'transfer' | 'trigger' }>, now: number): bigint {
    const owner = this.accounts.get(intent.owner)!;
    const energy = 'resource' in intent && intent.resource === 'ENERGY';
    const withdrawExpired = (): bigint => {
      let amount = 0n;
      owner.unfrozen = owner.unfrozen.filter((u) => {
        if (u.expireTime > now) return true;
        amount += u.amount;
        return false;
      });
      owner.trx += amount;
      return amount;
    };
    switch (intent.kind) {
      case 'createAccount': {
        const account = this.accounts.get(intent.account) ?? blankAccount(0);
        account.createTime = this.time();
        this.accounts.set(intent.account, account);
        return 0n;
      }
      case 'freeze':
        this.credit(intent.owner, -intent.amount, 0n);
        if (energy) owner.frozenEnergy += intent.amount;
        else owner.frozenBandwidth += intent.amount;
        return 0n;
      case 'unfreeze': {
        const withdrawn = withdrawExpired();
        if (energy) owner.frozenEnergy -= intent.amount;
        else owner.frozenBandwidth -= intent.amount;
        const delay = Number(this.params?.unfreezeDelayDays ?? 14n) * 86_400_000;
        owner.unfrozen.push({ resource: intent.resource, amount: intent.amount, expireTime: now + delay });
        return withdrawn;
      }
      case 'withdrawExpireUnfreeze':
        return withdrawExpired();
      case 'delegate': {
        const receiver = this.accounts.get(intent.receiver)!;
        const key = intent.owner + intent.receiver;
        const d = this.delegations.get(key) ?? {
          from: intent.owner,
          to: intent.receiver,
          energy: 0n,
          bandwidth: 0n,
          lockedEnergy: 0n,
          lockedBandwidth: 0n,
          energyExpireTime: 0,
          bandwidthExpireTime: 0,
        };
        this.delegations.set(key, d);
        const expire = now + (intent.lockPeriod > 0n ? Number(intent.lockPeriod) * BLOCK_INTERVAL_MS : DEFAULT_DELEGATE_LOCK_MS);
        if (energy) {
          owner.frozenEnergy -= intent.amount;
          owner.delegatedEnergy += intent.amount;
          receiver.acquiredEnergy += intent.amount;
          if (intent.lock) {
            d.lockedEnergy += intent.amount;
            d.energyExpireTime = expire;
          } else d.energy += intent.amount;
        } else {
          owner.frozenBandwidth -= intent.amount;
          owner.delegatedBandwidth += intent.amount;
          receiver.acquiredBandwidth += intent.amount;
          if (intent.lock) {
            d.lockedBandwidth += intent.amount;
            d.bandwidthExpireTime = expire;
          } else d.bandwidth += intent.amount;
        }
        return 0n;
      }
      case 'undelegate': {
        const receiver = this.accounts.get(intent.receiver)!;
        const key = intent.owner + intent.receiver;
        const d = this.delegations.get(key)!;
        // Take the unlocked part first, then the expired locked part.
        const [unlocked, locked] = energy ? [d.energy, d.lockedEnergy] : [d.bandwidth, d.lockedBandwidth];
        const fromUnlocked = intent.amount < unlocked ? intent.amount : unlocked;
        const fromLocked = intent.amount - fromUnlocked;
        // The receiver's usage of the returned stake goes back to the owner with it, as on mainnet.
        const perTrx = energy ? (this.params?.energyPerTrx ?? 0n) : (this.params?.netPerTrx ?? 0n);
        const allFrozen = energy ? receiver.frozenEnergy + receiver.acquiredEnergy : receiver.frozenBandwidth + receiver.acquiredBandwidth;
        const usage = energy ? recovered(receiver.energyUsage, receiver.energyTime, now) : recovered(receiver.netUsage, receiver.netTime, now);
        const byShare = allFrozen === 0n ? 0n : (usage * intent.amount) / allFrozen;
        const byMax = (intent.amount / SUN_PER_TRX) * perTrx;
        const transfer = byShare < byMax ? byShare : byMax;
        if (energy) {
          d.energy = unlocked - fromUnlocked;
          d.lockedEnergy = locked - fromLocked;
          receiver.acquiredEnergy -= intent.amount;
          receiver.energyUsage = usage - transfer;
          receiver.energyTime = now;
          owner.delegatedEnergy -= intent.amount;
          owner.frozenEnergy += intent.amount;
          owner.energyUsage = recovered(owner.energyUsage, owner.energyTime, now) + transfer;
          owner.energyTime = now;
        } else {
          d.bandwidth = unlocked - fromUnlocked;
          d.lockedBandwidth = locked - fromLocked;
          receiver.acquiredBandwidth -= intent.amount;
          receiver.netUsage = usage - transfer;
          receiver.netTime = now;
          owner.delegatedBandwidth -= intent.amount;
          owner.frozenBandwidth += intent.amount;
          owner.netUsage = recovered(owner.netUsage, owner.netTime, now) + transfer;
          owner.netTime = now;
        }
        if (d.energy + d.lockedEnergy + d.bandwidth + d.lockedBandwidth === 0n) this.delegations.delete(key);
        return 0n;
      }
    }
  }

  /** Balances only move here. A TRX credit opens the account, as on mainnet; a USDT credit alone does not. */
  private credit(addressHex: string, trx: bigint, usdt: bigint): void {
    let account = this.accounts.get(addressHex);
    if (!account) {
      if (trx === 0n && usdt === 0n) return;
      account = blankAccount(trx > 0n ? this.time() : 0);
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
      const feeLimit = this.params?.maxFeeLimit ?? 0n;
      out.usdtTxId = this.broadcast(signTransaction(this.buildTrigger(from, USDT_CONTRACT_HEX, data, feeLimit, 0n), DEVNET_FAUCET_KEY));
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
    let timestamp = Math.max(this.clock(), parent.timestamp + 1);
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
      const isTo = intentCounterparty(r.intent) === addressHex;
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
        this.params = entry.resources ? (readParameters(entry.resources) as ResourceParameters) : undefined;
        this.genesis(genesis.timestamp);
        continue;
      }
      if (entry.params !== undefined) {
        // A parameter change, effective from the next block on.
        if (!this.params) throw new Error(`devnet state file ${path} changes resource parameters without the resource model`);
        this.params = { ...this.params, ...readParameters(entry.params) };
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
    for (const k of ['owner_address', 'to_address', 'contract_address', 'receiver_address', 'account_address']) {
      if (typeof value[k] === 'string') value[k] = toHexAddress(value[k] as string);
    }
    if (typeof value.data === 'string') value.data = value.data.replace(/^0x/, '').toLowerCase();
    ints(value, ['amount', 'call_value', 'call_token_value', 'token_id', 'frozen_balance', 'unfreeze_balance', 'balance', 'lock_period']);
    // Enum and bool defaults are left out, as java-tron's JSON leaves them out.
    if ('resource' in value) {
      const resource = resourceField(value.resource);
      if (resource === 'BANDWIDTH') delete value.resource;
      else value.resource = resource;
    }
    if (value.lock === false) delete value.lock;
    if (value.lock_period === 0n) delete value.lock_period;
    if (value.type === 'Normal' || value.type === 0) delete value.type;
    return { ...c, parameter: { type_url: typeUrl(c.type), value: value as never } };
  });
  return out as unknown as RawDataJson;
}

function readParameters(input: unknown): Partial<ResourceParameters> {
  const out: Record<string, bigint> = {};
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) out[k] = toBigIntAmount(v, k);
  return out as Partial<ResourceParameters>;
}
