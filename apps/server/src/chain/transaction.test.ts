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
  type ContractTypeName,
  signTransaction,
  transactionBandwidth,
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
      fc.property(
        address,
        address,
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        refBlock,
        (owner, to, amount, fee, refs) => {
          const raw = triggerRaw(owner, SELECTOR.transfer + encodeTransferParams(to, amount), fee, refs);
          expect(bytesToHex(encodeRawData(raw))).toBe(tronWebRawHex(raw));
        },
      ),
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

function systemRaw(type: ContractTypeName, value: Record<string, unknown>, refs: Omit<RawDataJson, 'contract'>): RawDataJson {
  return { contract: [{ parameter: { value: value as never, type_url: typeUrl(type) }, type }], ...refs };
}

describe('Stake 2.0 and account-creation contracts', () => {
  const resource = fc.constantFrom('BANDWIDTH', 'ENERGY');
  const sun = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });

  it('encode FreezeBalanceV2 (54), UnfreezeBalanceV2 (55) and WithdrawExpireUnfreeze (56) to the same bytes as TronWeb', () => {
    fc.assert(
      fc.property(address, sun, resource, refBlock, (owner, amount, res, refs) => {
        for (const raw of [
          systemRaw('FreezeBalanceV2Contract', { owner_address: owner, frozen_balance: amount, resource: res }, refs),
          systemRaw('UnfreezeBalanceV2Contract', { owner_address: owner, unfreeze_balance: amount, resource: res }, refs),
          systemRaw('WithdrawExpireUnfreezeContract', { owner_address: owner }, refs),
        ]) {
          expect(bytesToHex(encodeRawData(raw))).toBe(tronWebRawHex(raw));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('encode DelegateResource (57), with and without a lock, and UnDelegateResource (58) to the same bytes as TronWeb', () => {
    fc.assert(
      fc.property(
        address,
        address,
        sun,
        resource,
        fc.boolean(),
        fc.integer({ min: 0, max: 864_000 }),
        refBlock,
        (owner, receiver, balance, res, lock, period, refs) => {
          const delegate = systemRaw(
            'DelegateResourceContract',
            { owner_address: owner, receiver_address: receiver, balance, resource: res, lock, lock_period: period },
            refs,
          );
          expect(bytesToHex(encodeRawData(delegate))).toBe(tronWebRawHex(delegate));
          const undelegate = systemRaw('UnDelegateResourceContract', { owner_address: owner, receiver_address: receiver, balance, resource: res }, refs);
          expect(bytesToHex(encodeRawData(undelegate))).toBe(tronWebRawHex(undelegate));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('encode AccountCreate (0) to the same bytes as TronWeb, the contract type left out as proto3 leaves 0 out', () => {
    fc.assert(
      fc.property(address, address, refBlock, (owner, account, refs) => {
        const raw = systemRaw('AccountCreateContract', { owner_address: owner, account_address: account }, refs);
        expect(bytesToHex(encodeRawData(raw))).toBe(tronWebRawHex(raw));
      }),
      { numRuns: 30 },
    );
  });

  it('write java-tron field numbers: DelegateResourceContract {owner=1, resource=2, balance=3, receiver=4, lock=5, lock_period=6}, ENERGY = 1', () => {
    const owner = `41${'11'.repeat(20)}`;
    const receiver = `41${'22'.repeat(20)}`;
    const raw = systemRaw(
      'DelegateResourceContract',
      { owner_address: owner, receiver_address: receiver, balance: 2_000_000, resource: 'ENERGY', lock: true, lock_period: 100 },
      { ref_block_bytes: '', ref_block_hash: '', expiration: 0 },
    );
    const value = `0a15${owner}1001${'18'}80897a2215${receiver}28013064`;
    const typeUrlHex = bytesToHex(new TextEncoder().encode('type.googleapis.com/protocol.DelegateResourceContract'));
    const any = `0a${(typeUrlHex.length / 2).toString(16)}${typeUrlHex}12${(value.length / 2).toString(16)}${value}`;
    const contract = `0839${'12'}${(any.length / 2).toString(16)}${any}`;
    expect(bytesToHex(encodeRawData(raw))).toBe(`5a${(contract.length / 2).toString(16)}${contract}`);
    expect(typeUrl('UnDelegateResourceContract')).toBe('type.googleapis.com/protocol.UnDelegateResourceContract');
  });

  it('read back what the contracts do, BANDWIDTH being the resource when none is named', () => {
    const refs = { ref_block_bytes: '0102', ref_block_hash: '0102030405060708', expiration: 1 };
    const owner = `41${'11'.repeat(20)}`;
    const receiver = `41${'22'.repeat(20)}`;
    expect(transactionIntent(systemRaw('FreezeBalanceV2Contract', { owner_address: hexToBase58(owner), frozen_balance: '5000000' }, refs))).toEqual({
      kind: 'freeze',
      owner,
      resource: 'BANDWIDTH',
      amount: 5_000_000n,
      permissionId: 0,
    });
    expect(
      transactionIntent(
        systemRaw('DelegateResourceContract', { owner_address: owner, receiver_address: receiver, balance: 7, resource: 'ENERGY', lock: true }, refs),
      ),
    ).toEqual({ kind: 'delegate', owner, receiver, resource: 'ENERGY', amount: 7n, lock: true, lockPeriod: 0n, permissionId: 0 });
    expect(
      transactionIntent(systemRaw('UnDelegateResourceContract', { owner_address: owner, receiver_address: receiver, balance: 7, resource: 1 }, refs)),
    ).toEqual({ kind: 'undelegate', owner, receiver, resource: 'ENERGY', amount: 7n, permissionId: 0 });
    expect(transactionIntent(systemRaw('AccountCreateContract', { owner_address: owner, account_address: receiver }, refs))).toEqual({
      kind: 'createAccount',
      owner,
      account: receiver,
      permissionId: 0,
    });
    expect(() => encodeRawData(systemRaw('FreezeBalanceV2Contract', { owner_address: owner, frozen_balance: 1, resource: 'GAS' }, refs))).toThrow(/resource/);
    expect(() =>
      encodeRawData(systemRaw('DelegateResourceContract', { owner_address: owner, receiver_address: receiver, balance: 1, lock: 'yes' }, refs)),
    ).toThrow(/lock/);
  });

  it('count bandwidth as java-tron does: the serialised transaction with its signatures, plus 64 bytes of result', () => {
    // raw_data of 150 bytes: 1 key + 2 length bytes + 150; one signature: 1 + 1 + 65; result 64.
    expect(transactionBandwidth(150, 1)).toBe(153n + 67n + 64n);
    expect(transactionBandwidth(100, 1)).toBe(102n + 67n + 64n);
    expect(transactionBandwidth(100, 0)).toBe(102n + 64n);
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
