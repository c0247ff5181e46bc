import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { TronWeb, utils as tronUtils } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { SELECTOR, decodeTransferCall, encodeTransferParams } from './abi.ts';
import { hexToBase58, privateKeyToAddress, toHexAddress } from './address.ts';
import {
  type RawDataJson,
  type TransactionJson,
  TransactionFormatError,
  encodeRawData,
  recoverSignerAddress,
  signTransaction,
  transactionIntent,
  txIdOf,
  typeUrl,
  verifyTransactionEncoding,
} from './transaction.ts';

const USDT_HEX = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';
const secretKey = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .filter((k) => secp256k1.utils.isValidSecretKey(k))
  .map((k) => bytesToHex(k));
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `41${bytesToHex(b)}`);
const refBlock = fc.record({
  ref_block_bytes: fc.uint8Array({ minLength: 2, maxLength: 2 }).map(bytesToHex),
  ref_block_hash: fc.uint8Array({ minLength: 8, maxLength: 8 }).map(bytesToHex),
  expiration: fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 }),
  timestamp: fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 }),
});

function transferRaw(owner: string, to: string, amount: number, refs: Omit<RawDataJson, 'contract'>): RawDataJson {
  return {
    contract: [{ parameter: { value: { amount, owner_address: owner, to_address: to }, type_url: typeUrl('TransferContract') }, type: 'TransferContract' }],
    ...refs,
  };
}

function triggerRaw(owner: string, data: string, feeLimit: number, refs: Omit<RawDataJson, 'contract'>): RawDataJson {
  return {
    contract: [
      {
        parameter: { value: { data, owner_address: owner, contract_address: USDT_HEX }, type_url: typeUrl('TriggerSmartContract') },
        type: 'TriggerSmartContract',
      },
    ],
    ...refs,
    fee_limit: feeLimit,
  };
}

/** TronWeb's own protobuf encoding (google-protobuf over Tron.proto), as the reference. */
function tronWebRawHex(raw: RawDataJson, visible = false): string {
  const pb = tronUtils.transaction.txJsonToPb({ visible, txID: '', raw_data_hex: '', raw_data: structuredClone(raw) });
  return tronUtils.transaction.txPbToRawDataHex(pb).toLowerCase();
}

describe('transaction encoding', () => {
  it('encodes TRX transfers to the same bytes and txID as TronWeb', () => {
    fc.assert(
      fc.property(address, address, fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), refBlock, (owner, to, amount, refs) => {
        const raw = transferRaw(owner, to, amount, refs);
        const bytes = encodeRawData(raw);
        expect(bytesToHex(bytes)).toBe(tronWebRawHex(raw));
        const pb = tronUtils.transaction.txJsonToPb({ visible: false, txID: '', raw_data_hex: '', raw_data: raw });
        expect(txIdOf(bytes)).toBe(tronUtils.transaction.txPbToTxID(pb).replace(/^0x/, ''));
      }),
      { numRuns: 100 },
    );
  });

  it('encodes TRC20 transfer calls to the same bytes as TronWeb', () => {
    fc.assert(
      fc.property(address, address, fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.integer({ min: 0, max: 10 ** 9 }), refBlock, (owner, to, amount, fee, refs) => {
        const raw = triggerRaw(owner, SELECTOR.transfer + encodeTransferParams(to, amount), fee, refs);
        expect(bytesToHex(encodeRawData(raw))).toBe(tronWebRawHex(raw));
      }),
      { numRuns: 100 },
    );
  });

  it('gives the same bytes whether addresses are written in hex or base58 (visible)', () => {
    const refs = { ref_block_bytes: '0102', ref_block_hash: '0102030405060708', expiration: 1_700_000_060_000, timestamp: 1_700_000_000_000 };
    const owner = `41${'11'.repeat(20)}`;
    const to = `41${'22'.repeat(20)}`;
    const hexForm = transferRaw(owner, to, 5, refs);
    const b58Form = transferRaw(hexToBase58(owner), hexToBase58(to), 5, refs);
    expect(bytesToHex(encodeRawData(b58Form))).toBe(bytesToHex(encodeRawData(hexForm)));
    expect(bytesToHex(encodeRawData(b58Form))).toBe(tronWebRawHex(b58Form, true));
  });

  it('keeps int64 amounts beyond 2^53 exact', () => {
    const refs = { ref_block_bytes: '0102', ref_block_hash: '0102030405060708', expiration: 1, timestamp: 1 };
    const raw = transferRaw(`41${'11'.repeat(20)}`, `41${'22'.repeat(20)}`, 0, refs);
    (raw.contract[0].parameter.value as { amount: unknown }).amount = 2n ** 62n + 1n;
    expect(transactionIntent(raw)).toMatchObject({ kind: 'transfer', amount: 2n ** 62n + 1n });
    (raw.contract[0].parameter.value as { amount: unknown }).amount = (2n ** 62n + 1n).toString();
    const asString = bytesToHex(encodeRawData(raw));
    (raw.contract[0].parameter.value as { amount: unknown }).amount = 2n ** 62n + 1n;
    expect(bytesToHex(encodeRawData(raw))).toBe(asString);
  });

  it('refuses contracts, fields and type URLs it cannot encode faithfully', () => {
    const refs = { ref_block_bytes: '0102', ref_block_hash: '0102030405060708', expiration: 1, timestamp: 1 };
    const raw = transferRaw(`41${'11'.repeat(20)}`, `41${'22'.repeat(20)}`, 1, refs);
    expect(() => encodeRawData({ ...raw, contract: [{ ...raw.contract[0], type: 'FreezeBalanceContract' as never }] })).toThrow(TransactionFormatError);
    expect(() => encodeRawData({ ...raw, auths: [] } as never)).toThrow(/auths/);
    expect(() =>
      encodeRawData({ ...raw, contract: [{ ...raw.contract[0], parameter: { ...raw.contract[0].parameter, type_url: typeUrl('TriggerSmartContract') } }] }),
    ).toThrow(/type_url/);
    expect(() => encodeRawData({ ...raw, ref_block_hash: 'zz' })).toThrow(/hex/);
  });
});

describe('transaction signatures', () => {
  it('are the 65-byte r||s||v signatures TronWeb produces over the txID', async () => {
    const tronWeb = new TronWeb({ fullHost: 'http://127.0.0.1:9' });
    await fc.assert(
      fc.asyncProperty(secretKey, address, fc.integer({ min: 1, max: 10 ** 12 }), refBlock, async (key, to, amount, refs) => {
        const owner = toHexAddress(privateKeyToAddress(key));
        const raw = transferRaw(owner, to, amount, refs);
        const bytes = encodeRawData(raw);
        const tx: TransactionJson = { visible: false, txID: txIdOf(bytes), raw_data: raw, raw_data_hex: bytesToHex(bytes) };
        const ours = signTransaction(tx, key);
        const theirs = await tronWeb.trx.sign(structuredClone(tx) as never, key);
        expect(ours.signature![0]).toBe((theirs as unknown as TransactionJson).signature![0].toLowerCase());
        expect(recoverSignerAddress(tx.txID, ours.signature![0])).toBe(owner);
      }),
      { numRuns: 20 },
    );
  });

  it('recover nothing from malformed signatures', () => {
    const id = 'ab'.repeat(32);
    expect(recoverSignerAddress(id, 'zz')).toBeNull();
    expect(recoverSignerAddress(id, '00'.repeat(65))).toBeNull();
    expect(recoverSignerAddress(id, `${'11'.repeat(64)}05`)).toBeNull();
  });

  it('are only made over a transaction whose txID and raw_data_hex match its raw_data', () => {
    const key = '11'.repeat(32);
    const owner = toHexAddress(privateKeyToAddress(key));
    const raw = transferRaw(owner, `41${'22'.repeat(20)}`, 10, { ref_block_bytes: '0102', ref_block_hash: '0102030405060708', expiration: 2, timestamp: 1 });
    const bytes = encodeRawData(raw);
    const good: TransactionJson = { txID: txIdOf(bytes), raw_data: raw, raw_data_hex: bytesToHex(bytes) };
    expect(verifyTransactionEncoding(good).txId).toBe(good.txID);
    const tampered = structuredClone(good);
    (tampered.raw_data.contract[0].parameter.value as { amount: number }).amount = 11;
    expect(() => signTransaction(tampered, key)).toThrow(/raw_data_hex/);
    expect(() => signTransaction({ ...good, txID: 'cd'.repeat(32) }, key)).toThrow(/txID/);
  });
});

describe('TRC20 call data', () => {
  it('round-trips transfer(to, amount)', () => {
    const to = `41${'ab'.repeat(20)}`;
    expect(decodeTransferCall(SELECTOR.transfer + encodeTransferParams(to, 1234n))).toEqual({ to, amount: 1234n });
    expect(decodeTransferCall(SELECTOR.balanceOf + encodeTransferParams(to, 1n))).toBeNull();
    expect(decodeTransferCall(`${SELECTOR.transfer}00`)).toBeNull();
  });

  it('uses the well-known selectors', () => {
    expect(SELECTOR.transfer).toBe('a9059cbb');
    expect(SELECTOR.balanceOf).toBe('70a08231');
  });
});
