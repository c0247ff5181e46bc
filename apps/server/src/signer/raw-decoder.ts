// A strict protobuf decoder for the bytes the signer is asked to sign: Transaction.raw
// (core/Tron.proto) and the two contracts a sweep may carry, TransferContract and
// TriggerSmartContract. The signer judges a sweep by what these bytes say, never by a description
// sent beside them.
//
// Strict means: only the fields those messages define, each with its own wire type; a singular
// field at most once (protobuf would let the last copy win, a classic way to make two parsers
// disagree); minimal varints; no bytes left over. Anything else is a RawDecodeError. The signer
// additionally re-encodes what it decoded with the chain's encoder and requires the same bytes,
// so every accepted body is in the one canonical form java-tron and TronWeb produce.
import { bytesToHex } from '@noble/hashes/utils.js';
import { TRON_ADDRESS_BYTES, TRON_ADDRESS_PREFIX } from '../chain/address.ts';
import type { RawDataJson } from '../chain/transaction.ts';

export class RawDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RawDecodeError';
  }
}

/** Contract type numbers (Transaction.Contract.ContractType) the signer knows by name. */
export const CONTRACT_TYPE = { TransferContract: 1, TriggerSmartContract: 31 } as const;

export interface DecodedTransfer {
  type: 'TransferContract';
  /** Lowercase `41...` hex. */
  owner: string;
  to: string;
  amount: bigint;
}

export interface DecodedTrigger {
  type: 'TriggerSmartContract';
  owner: string;
  contract: string;
  callValue: bigint;
  /** Call data, lowercase hex without 0x. */
  data: string;
  callTokenValue: bigint;
  tokenId: bigint;
}

export interface DecodedOther {
  type: 'other';
  typeNumber: number;
}

export interface DecodedContract {
  typeUrl: string;
  permissionId: number;
  value: DecodedTransfer | DecodedTrigger | DecodedOther;
}

export interface DecodedRaw {
  refBlockBytes: string;
  refBlockNum: bigint;
  refBlockHash: string;
  expiration: bigint;
  /** Memo, hex. */
  data: string;
  contracts: DecodedContract[];
  timestamp: bigint;
  feeLimit: bigint;
}

type WireType = 0 | 2;
interface FieldSpec {
  name: string;
  wire: WireType;
  repeated?: boolean;
}
type Fields = Map<number, Array<bigint | Uint8Array>>;

const TWO_64 = 1n << 64n;
const INT64_SIGN = 1n << 63n;

function readVarint(buf: Uint8Array, pos: number, what: string): [bigint, number] {
  let value = 0n;
  for (let i = 0; i < 10; i++) {
    if (pos + i >= buf.length) throw new RawDecodeError(`${what}: truncated varint`);
    const byte = buf[pos + i];
    if (i === 9 && byte > 1) throw new RawDecodeError(`${what}: varint longer than 64 bits`);
    value |= BigInt(byte & 0x7f) << BigInt(7 * i);
    if ((byte & 0x80) === 0) {
      if (byte === 0 && i > 0) throw new RawDecodeError(`${what}: varint is not minimally encoded`);
      return [value, pos + i + 1];
    }
  }
  throw new RawDecodeError(`${what}: varint longer than 10 bytes`);
}

/** Splits a message into its fields, refusing any field, wire type or repetition the schema does not allow. */
function readMessage(buf: Uint8Array, message: string, schema: Record<number, FieldSpec>): Fields {
  const fields: Fields = new Map();
  let pos = 0;
  while (pos < buf.length) {
    const [key, afterKey] = readVarint(buf, pos, message);
    if (key > 0xffffffffn) throw new RawDecodeError(`${message}: field key out of range`);
    const number = Number(key >> 3n);
    const wire = Number(key & 7n);
    const spec = schema[number];
    if (!spec) throw new RawDecodeError(`${message}: field ${number} is not allowed`);
    if (wire !== spec.wire) throw new RawDecodeError(`${message}.${spec.name}: wrong wire type ${wire}`);
    let value: bigint | Uint8Array;
    if (wire === 0) {
      [value, pos] = readVarint(buf, afterKey, `${message}.${spec.name}`);
    } else {
      const [length, afterLength] = readVarint(buf, afterKey, `${message}.${spec.name}`);
      if (length > BigInt(buf.length - afterLength)) throw new RawDecodeError(`${message}.${spec.name}: length runs past the end`);
      value = buf.subarray(afterLength, afterLength + Number(length));
      pos = afterLength + Number(length);
    }
    const list = fields.get(number);
    if (list && !spec.repeated) throw new RawDecodeError(`${message}.${spec.name}: appears more than once`);
    if (list) list.push(value);
    else fields.set(number, [value]);
  }
  return fields;
}

function int64(fields: Fields, n: number): bigint {
  const v = fields.get(n)?.[0] as bigint | undefined;
  if (v === undefined) return 0n;
  return v >= INT64_SIGN ? v - TWO_64 : v;
}

function bytes(fields: Fields, n: number): Uint8Array {
  return (fields.get(n)?.[0] as Uint8Array | undefined) ?? new Uint8Array(0);
}

function address(fields: Fields, n: number, what: string): string {
  const b = bytes(fields, n);
  if (b.length !== TRON_ADDRESS_BYTES || b[0] !== TRON_ADDRESS_PREFIX) throw new RawDecodeError(`${what} is not a 21-byte TRON address`);
  return bytesToHex(b);
}

const RAW: Record<number, FieldSpec> = {
  1: { name: 'ref_block_bytes', wire: 2 },
  3: { name: 'ref_block_num', wire: 0 },
  4: { name: 'ref_block_hash', wire: 2 },
  8: { name: 'expiration', wire: 0 },
  10: { name: 'data', wire: 2 },
  11: { name: 'contract', wire: 2, repeated: true },
  14: { name: 'timestamp', wire: 0 },
  18: { name: 'fee_limit', wire: 0 },
};
const CONTRACT: Record<number, FieldSpec> = {
  1: { name: 'type', wire: 0 },
  2: { name: 'parameter', wire: 2 },
  5: { name: 'Permission_id', wire: 0 },
};
const ANY: Record<number, FieldSpec> = {
  1: { name: 'type_url', wire: 2 },
  2: { name: 'value', wire: 2 },
};
const TRANSFER: Record<number, FieldSpec> = {
  1: { name: 'owner_address', wire: 2 },
  2: { name: 'to_address', wire: 2 },
  3: { name: 'amount', wire: 0 },
};
const TRIGGER: Record<number, FieldSpec> = {
  1: { name: 'owner_address', wire: 2 },
  2: { name: 'contract_address', wire: 2 },
  3: { name: 'call_value', wire: 0 },
  4: { name: 'data', wire: 2 },
  5: { name: 'call_token_value', wire: 0 },
  6: { name: 'token_id', wire: 0 },
};

function decodeContract(buf: Uint8Array): DecodedContract {
  const c = readMessage(buf, 'Contract', CONTRACT);
  const typeNumber = int64(c, 1);
  const permission = int64(c, 5);
  if (permission < 0n || permission > 0x7fffffffn) throw new RawDecodeError('Contract.Permission_id out of range');
  const any = readMessage(bytes(c, 2), 'Contract.parameter', ANY);
  let typeUrl: string;
  try {
    typeUrl = new TextDecoder('utf-8', { fatal: true }).decode(bytes(any, 1));
  } catch {
    throw new RawDecodeError('Contract.parameter.type_url is not UTF-8');
  }
  const value = bytes(any, 2);
  const permissionId = Number(permission);
  if (typeNumber === BigInt(CONTRACT_TYPE.TransferContract)) {
    const t = readMessage(value, 'TransferContract', TRANSFER);
    return {
      typeUrl,
      permissionId,
      value: { type: 'TransferContract', owner: address(t, 1, 'owner_address'), to: address(t, 2, 'to_address'), amount: int64(t, 3) },
    };
  }
  if (typeNumber === BigInt(CONTRACT_TYPE.TriggerSmartContract)) {
    const t = readMessage(value, 'TriggerSmartContract', TRIGGER);
    return {
      typeUrl,
      permissionId,
      value: {
        type: 'TriggerSmartContract',
        owner: address(t, 1, 'owner_address'),
        contract: address(t, 2, 'contract_address'),
        callValue: int64(t, 3),
        data: bytesToHex(bytes(t, 4)),
        callTokenValue: int64(t, 5),
        tokenId: int64(t, 6),
      },
    };
  }
  if (typeNumber > 0xffffn) throw new RawDecodeError('Contract.type out of range');
  return { typeUrl, permissionId, value: { type: 'other', typeNumber: Number(typeNumber) } };
}

/** Decodes raw_data_hex (Transaction.raw). Throws RawDecodeError on anything outside the strict subset. */
export function decodeRawData(raw: Uint8Array): DecodedRaw {
  const f = readMessage(raw, 'Transaction.raw', RAW);
  return {
    refBlockBytes: bytesToHex(bytes(f, 1)),
    refBlockNum: int64(f, 3),
    refBlockHash: bytesToHex(bytes(f, 4)),
    expiration: int64(f, 8),
    data: bytesToHex(bytes(f, 10)),
    contracts: ((f.get(11) ?? []) as Uint8Array[]).map(decodeContract),
    timestamp: int64(f, 14),
    feeLimit: int64(f, 18),
  };
}

/**
 * The JSON form of a decoded body, as the chain's encoder takes it: encoding it again must give
 * back the very bytes that were decoded. Only for bodies whose contracts are all known types.
 */
export function decodedToRawDataJson(d: DecodedRaw): RawDataJson {
  return {
    ref_block_bytes: d.refBlockBytes,
    ref_block_num: d.refBlockNum,
    ref_block_hash: d.refBlockHash,
    expiration: d.expiration,
    data: d.data,
    timestamp: d.timestamp,
    fee_limit: d.feeLimit,
    contract: d.contracts.map((c) => {
      const v = c.value;
      if (v.type === 'other') throw new RawDecodeError(`contract type ${v.typeNumber} has no JSON form here`);
      const value =
        v.type === 'TransferContract'
          ? { owner_address: v.owner, to_address: v.to, amount: v.amount }
          : {
              owner_address: v.owner,
              contract_address: v.contract,
              call_value: v.callValue,
              data: v.data,
              call_token_value: v.callTokenValue,
              token_id: v.tokenId,
            };
      return { type: v.type, parameter: { type_url: c.typeUrl, value }, Permission_id: c.permissionId };
    }),
  };
}
