// TRON transactions as the HTTP API carries them, their canonical bytes and their signatures.
//
// raw_data_hex is the protobuf encoding of Transaction.raw (core/Tron.proto), exactly as java-tron
// and TronWeb produce it, and txID = sha256(raw_data_hex bytes). The devnet and the client share this
// encoder: the devnet to check what it is asked to broadcast, the client to check that what a node
// handed it to sign is really the transfer it asked for (a node cannot slip in another recipient).
// A signature is r || s || v over the 32 txID bytes (no further hashing), v = recovery id + 27.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { addressToBytes, parsePrivateKey, publicKeyToAddressBytes } from './address.ts';
import { ProtoWriter } from './protobuf.ts';
import { toBigIntAmount } from './units.ts';

export type ContractTypeName =
  | 'AccountCreateContract'
  | 'TransferContract'
  | 'TriggerSmartContract'
  | 'FreezeBalanceV2Contract'
  | 'UnfreezeBalanceV2Contract'
  | 'WithdrawExpireUnfreezeContract'
  | 'DelegateResourceContract'
  | 'UnDelegateResourceContract';

/** Transaction.Contract.ContractType (core/Tron.proto). */
const CONTRACT_TYPE_NUMBER: Record<ContractTypeName, number> = {
  AccountCreateContract: 0,
  TransferContract: 1,
  TriggerSmartContract: 31,
  FreezeBalanceV2Contract: 54,
  UnfreezeBalanceV2Contract: 55,
  WithdrawExpireUnfreezeContract: 56,
  DelegateResourceContract: 57,
  UnDelegateResourceContract: 58,
};

/** ResourceCode (core/contract/common.proto). */
export type ResourceName = 'BANDWIDTH' | 'ENERGY' | 'TRON_POWER';
const RESOURCE_CODE: Record<ResourceName, number> = { BANDWIDTH: 0, ENERGY: 1, TRON_POWER: 2 };
const RESOURCE_NAMES = Object.keys(RESOURCE_CODE) as ResourceName[];

/** AccountType (core/Tron.proto). */
const ACCOUNT_TYPE_CODE: Record<string, number> = { Normal: 0, AssetIssue: 1, Contract: 2 };

export type Int64Json = number | string | bigint;

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

export interface TransferContractValue {
  owner_address: string;
  to_address: string;
  amount: Int64Json;
}

export interface TriggerSmartContractValue {
  owner_address: string;
  contract_address: string;
  data?: string;
  call_value?: Int64Json;
  call_token_value?: Int64Json;
  token_id?: Int64Json;
}

export interface AccountCreateContractValue {
  owner_address: string;
  account_address: string;
  /** AccountType: Normal (0) unless given. */
  type?: 'Normal' | 'AssetIssue' | 'Contract' | number;
}

/** FreezeBalanceV2Contract (Stake 2.0). `resource` is BANDWIDTH when left out, as proto3 JSON leaves it out. */
export interface FreezeBalanceV2ContractValue {
  owner_address: string;
  frozen_balance: Int64Json;
  resource?: ResourceName | number;
}

export interface UnfreezeBalanceV2ContractValue {
  owner_address: string;
  unfreeze_balance: Int64Json;
  resource?: ResourceName | number;
}

export interface WithdrawExpireUnfreezeContractValue {
  owner_address: string;
}

export interface DelegateResourceContractValue {
  owner_address: string;
  resource?: ResourceName | number;
  /** Staked TRX, in sun, whose resource is delegated. */
  balance: Int64Json;
  receiver_address: string;
  lock?: boolean;
  /** In blocks (3 s each). */
  lock_period?: Int64Json;
}

export interface UnDelegateResourceContractValue {
  owner_address: string;
  resource?: ResourceName | number;
  balance: Int64Json;
  receiver_address: string;
}

export type ContractValueJson =
  | TransferContractValue
  | TriggerSmartContractValue
  | AccountCreateContractValue
  | FreezeBalanceV2ContractValue
  | UnfreezeBalanceV2ContractValue
  | WithdrawExpireUnfreezeContractValue
  | DelegateResourceContractValue
  | UnDelegateResourceContractValue;

export interface ContractJson {
  type: ContractTypeName;
  parameter: { type_url: string; value: ContractValueJson };
  Permission_id?: number;
}

export interface RawDataJson {
  contract: ContractJson[];
  ref_block_bytes: string;
  ref_block_hash: string;
  ref_block_num?: Int64Json;
  expiration: Int64Json;
  timestamp?: Int64Json;
  fee_limit?: Int64Json;
  /** Memo, hex. */
  data?: string;
}

export interface TransactionJson {
  visible?: boolean;
  txID: string;
  raw_data: RawDataJson;
  raw_data_hex: string;
  signature?: string[];
  ret?: Array<{ contractRet?: string; fee?: Int64Json }>;
}

export function typeUrl(type: ContractTypeName): string {
  return `type.googleapis.com/protocol.${type}`;
}

export class TransactionFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransactionFormatError';
  }
}

function hexField(value: unknown, what: string): Uint8Array {
  if (value === undefined || value === null || value === '') return new Uint8Array(0);
  if (typeof value !== 'string' || !/^(0x)?([0-9a-fA-F]{2})*$/.test(value)) {
    throw new TransactionFormatError(`${what} must be hex`);
  }
  return hexToBytes(value.replace(/^0x/, '').toLowerCase());
}

function intField(value: unknown, what: string): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  let v: bigint;
  try {
    v = toBigIntAmount(value, what);
  } catch (e) {
    throw new TransactionFormatError((e as Error).message);
  }
  if (v < INT64_MIN || v > INT64_MAX) throw new TransactionFormatError(`${what} does not fit in int64`);
  return v;
}

function addressField(value: unknown, what: string): Uint8Array {
  try {
    return addressToBytes(value as string);
  } catch {
    throw new TransactionFormatError(`${what} is not a TRON address`);
  }
}

function enumField(value: unknown, codes: Record<string, number>, what: string): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'string' && value in codes) return codes[value];
  if (typeof value === 'number' && Object.values(codes).includes(value)) return value;
  throw new TransactionFormatError(`${what} must be one of ${Object.keys(codes).join(', ')}`);
}

/** The resource a contract names; BANDWIDTH when left out (its proto3 default). */
export function resourceField(value: unknown): ResourceName {
  return RESOURCE_NAMES[enumField(value, RESOURCE_CODE, 'resource')];
}

function boolField(value: unknown, what: string): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (value === true) return true;
  throw new TransactionFormatError(`${what} must be true or false`);
}

function encodeContractValue(type: ContractTypeName, value: unknown): Uint8Array {
  if (!value || typeof value !== 'object') throw new TransactionFormatError('contract parameter value is missing');
  const v = value as Record<string, unknown>;
  const owner = (): Uint8Array => addressField(v.owner_address, 'owner_address');
  switch (type) {
    case 'TransferContract':
      return new ProtoWriter().bytes(1, owner()).bytes(2, addressField(v.to_address, 'to_address')).int(3, intField(v.amount, 'amount')).finish();
    case 'AccountCreateContract':
      return new ProtoWriter()
        .bytes(1, owner())
        .bytes(2, addressField(v.account_address, 'account_address'))
        .int(3, enumField(v.type, ACCOUNT_TYPE_CODE, 'type'))
        .finish();
    case 'FreezeBalanceV2Contract':
      return new ProtoWriter()
        .bytes(1, owner())
        .int(2, intField(v.frozen_balance, 'frozen_balance'))
        .int(3, enumField(v.resource, RESOURCE_CODE, 'resource'))
        .finish();
    case 'UnfreezeBalanceV2Contract':
      return new ProtoWriter()
        .bytes(1, owner())
        .int(2, intField(v.unfreeze_balance, 'unfreeze_balance'))
        .int(3, enumField(v.resource, RESOURCE_CODE, 'resource'))
        .finish();
    case 'WithdrawExpireUnfreezeContract':
      return new ProtoWriter().bytes(1, owner()).finish();
    case 'DelegateResourceContract':
      return new ProtoWriter()
        .bytes(1, owner())
        .int(2, enumField(v.resource, RESOURCE_CODE, 'resource'))
        .int(3, intField(v.balance, 'balance'))
        .bytes(4, addressField(v.receiver_address, 'receiver_address'))
        .int(5, boolField(v.lock, 'lock') ? 1 : 0)
        .int(6, intField(v.lock_period, 'lock_period'))
        .finish();
    case 'UnDelegateResourceContract':
      return new ProtoWriter()
        .bytes(1, owner())
        .int(2, enumField(v.resource, RESOURCE_CODE, 'resource'))
        .int(3, intField(v.balance, 'balance'))
        .bytes(4, addressField(v.receiver_address, 'receiver_address'))
        .finish();
    case 'TriggerSmartContract':
      break;
  }
  return new ProtoWriter()
    .bytes(1, addressField(v.owner_address, 'owner_address'))
    .bytes(2, addressField(v.contract_address, 'contract_address'))
    .int(3, intField(v.call_value, 'call_value'))
    .bytes(4, hexField(v.data, 'data'))
    .int(5, intField(v.call_token_value, 'call_token_value'))
    .int(6, intField(v.token_id, 'token_id'))
    .finish();
}

/** Protobuf bytes of Transaction.raw for the JSON form. Throws TransactionFormatError on anything it cannot encode faithfully. */
export function encodeRawData(raw: RawDataJson): Uint8Array {
  if (!raw || typeof raw !== 'object' || !Array.isArray(raw.contract)) {
    throw new TransactionFormatError('raw_data.contract is missing');
  }
  const unsupported = ['auths', 'scripts'].filter((k) => (raw as unknown as Record<string, unknown>)[k] !== undefined);
  if (unsupported.length) throw new TransactionFormatError(`unsupported raw_data fields: ${unsupported.join(', ')}`);
  const w = new ProtoWriter()
    .bytes(1, hexField(raw.ref_block_bytes, 'ref_block_bytes'))
    .int(3, intField(raw.ref_block_num, 'ref_block_num'))
    .bytes(4, hexField(raw.ref_block_hash, 'ref_block_hash'))
    .int(8, intField(raw.expiration, 'expiration'))
    .bytes(10, hexField(raw.data, 'data'));
  for (const c of raw.contract) {
    if (!c || !(c.type in CONTRACT_TYPE_NUMBER)) {
      throw new TransactionFormatError(`unsupported contract type: ${String(c?.type)}`);
    }
    if (c.parameter?.type_url !== undefined && c.parameter.type_url !== typeUrl(c.type)) {
      throw new TransactionFormatError(`type_url does not match ${c.type}`);
    }
    const any = new ProtoWriter().string(1, typeUrl(c.type)).bytes(2, encodeContractValue(c.type, c.parameter?.value)).finish();
    const contract = new ProtoWriter().int(1, CONTRACT_TYPE_NUMBER[c.type]).bytes(2, any).int(5, intField(c.Permission_id, 'Permission_id')).finish();
    w.bytes(11, contract);
  }
  return w.int(14, intField(raw.timestamp, 'timestamp')).int(18, intField(raw.fee_limit, 'fee_limit')).finish();
}

export function txIdOf(rawDataBytes: Uint8Array): string {
  return bytesToHex(sha256(rawDataBytes));
}

/**
 * Re-encodes raw_data and checks that raw_data_hex (when present) and txID agree with it.
 * Returns the canonical bytes and id; throws TransactionFormatError otherwise.
 */
export function verifyTransactionEncoding(tx: TransactionJson): { rawDataHex: string; txId: string } {
  const bytes = encodeRawData(tx.raw_data);
  const rawDataHex = bytesToHex(bytes);
  if (tx.raw_data_hex !== undefined && String(tx.raw_data_hex).toLowerCase() !== rawDataHex) {
    throw new TransactionFormatError('raw_data_hex does not match raw_data');
  }
  const txId = txIdOf(bytes);
  if (typeof tx.txID !== 'string' || tx.txID.toLowerCase() !== txId) {
    throw new TransactionFormatError('txID is not sha256(raw_data)');
  }
  return { rawDataHex, txId };
}

/** What a single-contract transaction does, with addresses as lowercase `41...` hex. */
export type TransactionIntent =
  | { kind: 'transfer'; owner: string; to: string; amount: bigint; permissionId: number }
  | { kind: 'trigger'; owner: string; contract: string; data: string; callValue: bigint; permissionId: number }
  | { kind: 'createAccount'; owner: string; account: string; permissionId: number }
  | { kind: 'freeze'; owner: string; resource: ResourceName; amount: bigint; permissionId: number }
  | { kind: 'unfreeze'; owner: string; resource: ResourceName; amount: bigint; permissionId: number }
  | { kind: 'withdrawExpireUnfreeze'; owner: string; permissionId: number }
  | {
      kind: 'delegate';
      owner: string;
      receiver: string;
      resource: ResourceName;
      amount: bigint;
      lock: boolean;
      /** Blocks; 0 means the default lock of 3 days when `lock` is set. */
      lockPeriod: bigint;
      permissionId: number;
    }
  | { kind: 'undelegate'; owner: string; receiver: string; resource: ResourceName; amount: bigint; permissionId: number };

/** The other party of a transaction: recipient, contract, delegation receiver or created account. */
export function intentCounterparty(intent: TransactionIntent): string | undefined {
  switch (intent.kind) {
    case 'transfer':
      return intent.to;
    case 'trigger':
      return intent.contract;
    case 'createAccount':
      return intent.account;
    case 'delegate':
    case 'undelegate':
      return intent.receiver;
    default:
      return undefined;
  }
}

export function transactionIntent(raw: RawDataJson): TransactionIntent {
  if (!raw || !Array.isArray(raw.contract) || raw.contract.length !== 1) {
    throw new TransactionFormatError('a transaction must carry exactly one contract');
  }
  const c = raw.contract[0];
  const permissionId = Number(c.Permission_id ?? 0);
  const v = c.parameter?.value as unknown as Record<string, unknown> | undefined;
  if (!v) throw new TransactionFormatError('contract parameter value is missing');
  if (c.type === 'TransferContract') {
    return {
      kind: 'transfer',
      owner: bytesToHex(addressField(v.owner_address, 'owner_address')),
      to: bytesToHex(addressField(v.to_address, 'to_address')),
      amount: intField(v.amount, 'amount') ?? 0n,
      permissionId,
    };
  }
  if (c.type === 'TriggerSmartContract') {
    return {
      kind: 'trigger',
      owner: bytesToHex(addressField(v.owner_address, 'owner_address')),
      contract: bytesToHex(addressField(v.contract_address, 'contract_address')),
      data: bytesToHex(hexField(v.data, 'data')),
      callValue: intField(v.call_value, 'call_value') ?? 0n,
      permissionId,
    };
  }
  const owner = bytesToHex(addressField(v.owner_address, 'owner_address'));
  switch (c.type) {
    case 'AccountCreateContract':
      enumField(v.type, ACCOUNT_TYPE_CODE, 'type');
      return { kind: 'createAccount', owner, account: bytesToHex(addressField(v.account_address, 'account_address')), permissionId };
    case 'FreezeBalanceV2Contract':
      return { kind: 'freeze', owner, resource: resourceField(v.resource), amount: intField(v.frozen_balance, 'frozen_balance') ?? 0n, permissionId };
    case 'UnfreezeBalanceV2Contract':
      return { kind: 'unfreeze', owner, resource: resourceField(v.resource), amount: intField(v.unfreeze_balance, 'unfreeze_balance') ?? 0n, permissionId };
    case 'WithdrawExpireUnfreezeContract':
      return { kind: 'withdrawExpireUnfreeze', owner, permissionId };
    case 'DelegateResourceContract':
      return {
        kind: 'delegate',
        owner,
        receiver: bytesToHex(addressField(v.receiver_address, 'receiver_address')),
        resource: resourceField(v.resource),
        amount: intField(v.balance, 'balance') ?? 0n,
        lock: boolField(v.lock, 'lock'),
        lockPeriod: intField(v.lock_period, 'lock_period') ?? 0n,
        permissionId,
      };
    case 'UnDelegateResourceContract':
      return {
        kind: 'undelegate',
        owner,
        receiver: bytesToHex(addressField(v.receiver_address, 'receiver_address')),
        resource: resourceField(v.resource),
        amount: intField(v.balance, 'balance') ?? 0n,
        permissionId,
      };
  }
  throw new TransactionFormatError(`unsupported contract type: ${String(c.type)}`);
}

/**
 * Bandwidth a transaction uses, as java-tron counts it: the serialised Transaction (raw_data and
 * signatures, without ret) plus 64 bytes per contract for its result (MAX_RESULT_SIZE_IN_TX).
 */
export function transactionBandwidth(rawDataBytes: number, signatureCount: number): bigint {
  const lengthDelimited = (n: number): number => {
    let size = 1; // the field key: fields 1 and 2 fit in one byte
    for (let v = n; v >= 0x80; v = Math.floor(v / 0x80)) size++;
    return size + 1 + n;
  };
  return BigInt(lengthDelimited(rawDataBytes) + signatureCount * lengthDelimited(65) + 64);
}

function txIdBytes(txId: string): Uint8Array {
  if (typeof txId !== 'string' || !/^[0-9a-fA-F]{64}$/.test(txId)) throw new TransactionFormatError('txID must be 64 hex characters');
  return hexToBytes(txId.toLowerCase());
}

/** 65-byte signature (hex) over the txID bytes: r || s || v with v = 27 + recovery id, as TronWeb writes it. */
export function signTxId(txId: string, privateKeyHex: string): string {
  const recovered = secp256k1.sign(txIdBytes(txId), parsePrivateKey(privateKeyHex), { prehash: false, format: 'recovered' });
  return bytesToHex(concatBytes(recovered.subarray(1), Uint8Array.of(recovered[0] + 27)));
}

/**
 * The `41...` hex address whose key produced the signature over txID, or null when the signature
 * is malformed. v may be 0/1 or 27/28; java-tron accepts both.
 */
export function recoverSignerAddress(txId: string, signatureHex: string): string | null {
  if (typeof signatureHex !== 'string' || !/^[0-9a-fA-F]{130}$/.test(signatureHex)) return null;
  const sig = hexToBytes(signatureHex.toLowerCase());
  const v = sig[64];
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  try {
    const pub = secp256k1.recoverPublicKey(concatBytes(Uint8Array.of(recovery), sig.subarray(0, 64)), txIdBytes(txId), {
      prehash: false,
    });
    return bytesToHex(publicKeyToAddressBytes(pub));
  } catch {
    return null;
  }
}

/** Returns the transaction with a signature by the given key appended (after checking its encoding). */
export function signTransaction<T extends TransactionJson>(tx: T, privateKeyHex: string): T {
  const { txId } = verifyTransactionEncoding(tx);
  return { ...tx, signature: [...(tx.signature ?? []), signTxId(txId, privateKeyHex)] };
}
