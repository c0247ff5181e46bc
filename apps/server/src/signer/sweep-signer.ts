// What the signer agrees to sign, and the signing. One rule, applied the same way to a request over
// HTTP and to a file signed offline: a batch is signed only when every one of its sweeps is a sweep,
// meaning a TRX TransferContract or a USDT transfer(address,uint256) call, from the deposit address
// of the stated index, to one of the configured treasury addresses, with a bounded fee_limit and
// expiration. One bad sweep refuses the whole batch; nothing of it is signed.
//
// Signatures are deterministic (RFC 6979): the same transaction always gives the same txID and the
// same signature, so signing a batch again after a crash produces nothing new.
import type { HDKey } from '@scure/bip32';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { decodeTransferCall } from '../chain/abi.ts';
import { hexToBase58, publicKeyToAddress, toHexAddress } from '../chain/address.ts';
import { MAX_DEPOSIT_INDEX } from '../chain/hd.ts';
import { encodeRawData, signTxId, txIdOf } from '../chain/transaction.ts';
import { type DecodedRaw, RawDecodeError, decodeRawData, decodedToRawDataJson } from './raw-decoder.ts';
import { type SignerConfig, checkAccountXprv } from './signer-config.ts';
import type { SignerLog } from './signer-log.ts';

export const MAX_SWEEPS_PER_BATCH = 2000;
const MAX_ID_LENGTH = 200;
/** A sweep body is a few hundred bytes; anything near this is not one. */
const MAX_RAW_DATA_BYTES = 2048;

export interface SweepRequest {
  /** The server's own id of the sweep, echoed back. */
  id: string;
  /** Derivation index i of the deposit address m/44'/195'/0'/0/i that sends. */
  index: number;
  /** Transaction.raw, protobuf, hex. */
  rawDataHex: string;
}

export interface SweepBatch {
  batchId: string;
  sweeps: SweepRequest[];
}

export interface SweepSignature {
  id: string;
  txId: string;
  /** 65 bytes hex, r || s || v with v = 27 + recovery id, as TronWeb writes it. */
  signature: string;
}

export interface SignedBatch {
  batchId: string;
  signatures: SweepSignature[];
}

/** The batch was refused, whole; `sweepId` names the sweep at fault when one is. */
export class SweepRefusedError extends Error {
  constructor(
    readonly reason: string,
    readonly sweepId?: string,
  ) {
    super(sweepId === undefined ? reason : `sweep ${sweepId}: ${reason}`);
    this.name = 'SweepRefusedError';
  }
}

/** What a checked sweep does, in base58 addresses, for the log. */
export interface CheckedSweep {
  id: string;
  index: number;
  kind: 'trx' | 'usdt';
  from: string;
  to: string;
  amount: bigint;
  feeLimit: bigint;
  expiration: bigint;
  txId: string;
}

export type SweepPolicy = Pick<SignerConfig, 'allowedDestinations' | 'usdtContract' | 'maxFeeLimitSun' | 'maxExpirationMs'>;

export interface SweepSigner {
  /** Base58 address of m/44'/195'/0'/0/index. */
  address(index: number): string;
  /** The account xpub, to compare with the API server's DEPOSIT_XPUB. */
  readonly accountXpub: string;
  readonly policy: Readonly<SweepPolicy>;
  /** Checks every sweep, then signs them all; throws SweepRefusedError and signs nothing on any fault. */
  signBatch(batch: unknown): { signed: SignedBatch; checked: CheckedSweep[] };
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

function refuse(reason: string, sweepId?: string): never {
  throw new SweepRefusedError(reason, sweepId);
}

/** Checks the batch's shape, without trusting anything in it but ids, indexes and raw bytes. */
export function parseBatch(body: unknown): SweepBatch {
  if (!body || typeof body !== 'object' || Array.isArray(body)) refuse('the body must be a JSON object { batchId, sweeps }');
  const { batchId, sweeps } = body as Record<string, unknown>;
  if (typeof batchId !== 'string' || batchId.length === 0 || batchId.length > MAX_ID_LENGTH)
    refuse(`batchId must be a string of 1..${MAX_ID_LENGTH} characters`);
  if (!Array.isArray(sweeps) || sweeps.length === 0) refuse('sweeps must be a non-empty array');
  if (sweeps.length > MAX_SWEEPS_PER_BATCH) refuse(`at most ${MAX_SWEEPS_PER_BATCH} sweeps per batch`);
  const ids = new Set<string>();
  const parsed = sweeps.map((s: unknown, position): SweepRequest => {
    if (!s || typeof s !== 'object' || Array.isArray(s)) refuse(`sweeps[${position}] must be an object { id, index, rawDataHex }`);
    const { id, index, rawDataHex } = s as Record<string, unknown>;
    if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH)
      refuse(`sweeps[${position}].id must be a string of 1..${MAX_ID_LENGTH} characters`);
    if (ids.has(id)) refuse('the id appears twice in the batch', id);
    ids.add(id);
    if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0 || index > MAX_DEPOSIT_INDEX) {
      refuse(`index must be an integer in 0..${MAX_DEPOSIT_INDEX}`, id);
    }
    if (typeof rawDataHex !== 'string' || !HEX.test(rawDataHex) || rawDataHex.length > MAX_RAW_DATA_BYTES * 2) {
      refuse(`rawDataHex must be hex of at most ${MAX_RAW_DATA_BYTES} bytes`, id);
    }
    return { id, index, rawDataHex: rawDataHex.toLowerCase() };
  });
  return { batchId, sweeps: parsed };
}

export function createSweepSigner(config: Pick<SignerConfig, 'accountXprv'> & SweepPolicy, now: () => number = Date.now): SweepSigner {
  const account = checkAccountXprv(config.accountXprv);
  const external = account.deriveChild(0);
  const allowed = new Set(config.allowedDestinations.map(toHexAddress));
  const usdt = toHexAddress(config.usdtContract);
  const policy: SweepPolicy = Object.freeze({
    allowedDestinations: [...config.allowedDestinations],
    usdtContract: config.usdtContract,
    maxFeeLimitSun: config.maxFeeLimitSun,
    maxExpirationMs: config.maxExpirationMs,
  });

  const child = (index: number): HDKey => {
    if (!Number.isSafeInteger(index) || index < 0 || index > MAX_DEPOSIT_INDEX) throw new RangeError(`index must be in 0..${MAX_DEPOSIT_INDEX}`);
    return external.deriveChild(index);
  };
  const addressCache = new Map<number, string>();
  function publicKeyOf(key: HDKey): Uint8Array {
    if (!key.publicKey) throw new Error('derivation produced no public key');
    return key.publicKey;
  }

  function address(index: number): string {
    let a = addressCache.get(index);
    if (a === undefined) {
      const pub = child(index).publicKey;
      if (!pub) throw new Error('derivation produced no public key');
      a = publicKeyToAddress(pub);
      if (addressCache.size > 10_000) addressCache.clear();
      addressCache.set(index, a);
    }
    return a;
  }

  /** `keyOf(index)`: the batch's derived key of an index, derived once for its checks and its signature. */
  function check(s: SweepRequest, keyOf: (index: number) => HDKey): CheckedSweep {
    const bytes = hexToBytes(s.rawDataHex);
    let raw: DecodedRaw;
    try {
      raw = decodeRawData(bytes);
    } catch (e) {
      if (e instanceof RawDecodeError) refuse(`malformed transaction: ${e.message}`, s.id);
      throw e;
    }
    if (raw.contracts.length !== 1) refuse(`a sweep carries exactly one contract, this one ${raw.contracts.length}`, s.id);
    const contract = raw.contracts[0];
    const v = contract.value;
    if (v.type === 'other') refuse(`contract type ${v.typeNumber} is not a sweep (only TransferContract and TriggerSmartContract)`, s.id);
    // The bytes must be exactly the canonical encoding of what was decoded: no second reading possible.
    let canonical: Uint8Array;
    try {
      canonical = encodeRawData(decodedToRawDataJson(raw));
    } catch (e) {
      refuse(`malformed transaction: ${(e as Error).message}`, s.id);
    }
    if (bytesToHex(canonical) !== s.rawDataHex) refuse('malformed transaction: not in canonical protobuf form', s.id);
    if (contract.permissionId !== 0) refuse(`Permission_id must be 0 (owner), got ${contract.permissionId}`, s.id);
    if (raw.data !== '') refuse('a sweep carries no memo (raw_data.data)', s.id);
    if (raw.feeLimit < 0n || raw.feeLimit > policy.maxFeeLimitSun) {
      refuse(`fee_limit ${raw.feeLimit} sun is above the maximum of ${policy.maxFeeLimitSun}`, s.id);
    }
    const latest = BigInt(now() + policy.maxExpirationMs);
    if (raw.expiration <= 0n) refuse('expiration is missing', s.id);
    if (raw.expiration > latest) refuse(`expiration ${raw.expiration} is more than ${policy.maxExpirationMs / 3_600_000} h ahead`, s.id);

    const owner = toHexAddress(publicKeyToAddress(publicKeyOf(keyOf(s.index))));
    if (v.owner !== owner) refuse(`owner ${hexToBase58(v.owner)} is not the deposit address of index ${s.index}`, s.id);

    let kind: 'trx' | 'usdt';
    let to: string;
    let amount: bigint;
    if (v.type === 'TransferContract') {
      kind = 'trx';
      to = v.to;
      amount = v.amount;
    } else {
      kind = 'usdt';
      if (v.contract !== usdt) refuse(`contract ${hexToBase58(v.contract)} is not the USDT contract`, s.id);
      if (v.callValue !== 0n || v.callTokenValue !== 0n || v.tokenId !== 0n) refuse('a USDT sweep sends no TRX or TRC10 value with the call', s.id);
      const call = decodeTransferCall(v.data);
      if (!call) refuse('the call is not transfer(address,uint256)', s.id);
      // Only the low 20 bytes of the address word count on chain: anything in the high 12 is refused.
      if (!/^0{24}$/.test(v.data.slice(8, 32))) refuse('the address word of the call is not canonical', s.id);
      to = call.to;
      amount = call.amount;
    }
    if (!allowed.has(to)) refuse(`destination ${hexToBase58(to)} is not an allowed destination`, s.id);
    if (amount <= 0n) refuse('the amount must be above zero', s.id);
    return {
      id: s.id,
      index: s.index,
      kind,
      from: hexToBase58(owner),
      to: hexToBase58(to),
      amount,
      feeLimit: raw.feeLimit,
      expiration: raw.expiration,
      txId: txIdOf(bytes),
    };
  }

  return {
    address,
    accountXpub: account.publicExtendedKey,
    policy,
    signBatch(body: unknown) {
      const batch = parseBatch(body);
      // One derivation per index for the whole batch: its public key answers the owner check, its
      // private key signs. Wiped when the batch is done, signed or refused.
      const keys = new Map<number, HDKey>();
      const keyOf = (index: number): HDKey => {
        let key = keys.get(index);
        if (!key) keys.set(index, (key = child(index)));
        return key;
      };
      try {
        const checked = batch.sweeps.map((sweep) => check(sweep, keyOf));
        const signatures = checked.map((c): SweepSignature => {
          const key = keyOf(c.index);
          if (!key.privateKey) throw new Error('derivation produced no private key');
          // The key about to sign is the one whose address every check was about.
          if (publicKeyToAddress(publicKeyOf(key)) !== c.from) throw new Error('the signing key is not the deposit address of the sweep');
          return { id: c.id, txId: c.txId, signature: signTxId(c.txId, bytesToHex(key.privateKey)) };
        });
        return { signed: { batchId: batch.batchId, signatures }, checked };
      } finally {
        for (const key of keys.values()) key.wipePrivateData();
      }
    },
  };
}

/** Where a batch came from, for the log. */
export interface BatchOrigin {
  via: 'http' | 'file';
  [key: string]: unknown;
}

/**
 * signBatch with its log lines: one `signed` line per signature, or one `refused` line for the
 * whole batch, written and flushed before the caller gets the signatures (or the refusal).
 */
export function signBatchLogged(signer: SweepSigner, log: Pick<SignerLog, 'write'>, body: unknown, origin: BatchOrigin): SignedBatch {
  const batchId = body && typeof body === 'object' ? (body as { batchId?: unknown }).batchId : undefined;
  let result: ReturnType<SweepSigner['signBatch']>;
  try {
    result = signer.signBatch(body);
  } catch (e) {
    if (e instanceof SweepRefusedError) {
      log.write({
        event: 'refused',
        ...origin,
        batchId: typeof batchId === 'string' ? batchId.slice(0, 200) : null,
        sweepId: e.sweepId ?? null,
        reason: e.reason,
      });
    }
    throw e;
  }
  const byId = new Map(result.signed.signatures.map((s) => [s.id, s]));
  log.write(
    result.checked.map((c) => ({
      event: 'signed',
      ...origin,
      batchId: result.signed.batchId,
      sweepId: c.id,
      index: c.index,
      currency: c.kind === 'trx' ? 'TRX' : 'USDT',
      from: c.from,
      to: c.to,
      amount: c.amount,
      feeLimit: c.feeLimit,
      expiration: c.expiration,
      txId: c.txId,
      signature: byId.get(c.id)?.signature,
    })),
  );
  return result.signed;
}
