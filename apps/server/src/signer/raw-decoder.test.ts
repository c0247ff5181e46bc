import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SELECTOR, encodeTransferParams } from '../chain/abi.ts';
import { type RawDataJson, encodeRawData, typeUrl } from '../chain/transaction.ts';
import { ProtoWriter } from '../chain/protobuf.ts';
import { RawDecodeError, decodeRawData, decodedToRawDataJson } from './raw-decoder.ts';

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `41${bytesToHex(b)}`);
const int64 = fc.bigInt({ min: 1n, max: (1n << 63n) - 1n });
const refs = fc.record({
  ref_block_bytes: fc.uint8Array({ minLength: 2, maxLength: 2 }).map(bytesToHex),
  ref_block_hash: fc.uint8Array({ minLength: 8, maxLength: 8 }).map(bytesToHex),
  expiration: fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 }),
  timestamp: fc.integer({ min: 0, max: 2_000_000_000_000 }),
  fee_limit: fc.integer({ min: 0, max: 10 ** 10 }),
});

const transfer = fc.tuple(address, address, int64, refs).map(
  ([owner, to, amount, r]): RawDataJson => ({
    contract: [{ type: 'TransferContract', parameter: { type_url: typeUrl('TransferContract'), value: { owner_address: owner, to_address: to, amount } } }],
    ...r,
  }),
);
const trigger = fc.tuple(address, address, address, fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.bigInt({ min: 0n, max: 10n ** 12n }), refs).map(
  ([owner, contract, to, amount, callValue, r]): RawDataJson => ({
    contract: [
      {
        type: 'TriggerSmartContract',
        parameter: {
          type_url: typeUrl('TriggerSmartContract'),
          value: { owner_address: owner, contract_address: contract, data: SELECTOR.transfer + encodeTransferParams(to, amount), call_value: callValue },
        },
      },
    ],
    ...r,
  }),
);

const sample = (): Uint8Array =>
  encodeRawData({
    contract: [
      {
        type: 'TransferContract',
        parameter: { type_url: typeUrl('TransferContract'), value: { owner_address: `41${'11'.repeat(20)}`, to_address: `41${'22'.repeat(20)}`, amount: 5 } },
      },
    ],
    ref_block_bytes: 'abcd',
    ref_block_hash: '0102030405060708',
    expiration: 1_700_000_000_000,
    timestamp: 1_699_999_990_000,
  });

describe('the signer reads raw_data_hex back', () => {
  it('decodes every TRX transfer the chain encoder writes, and re-encodes it to the same bytes', () => {
    fc.assert(
      fc.property(transfer, (raw) => {
        const bytes = encodeRawData(raw);
        const decoded = decodeRawData(bytes);
        const v = raw.contract[0].parameter.value as { owner_address: string; to_address: string; amount: bigint };
        expect(decoded.contracts).toHaveLength(1);
        expect(decoded.contracts[0].value).toEqual({ type: 'TransferContract', owner: v.owner_address, to: v.to_address, amount: v.amount });
        expect(decoded.expiration).toBe(BigInt(raw.expiration));
        expect(decoded.feeLimit).toBe(BigInt(raw.fee_limit ?? 0));
        expect(bytesToHex(encodeRawData(decodedToRawDataJson(decoded)))).toBe(bytesToHex(bytes));
      }),
      { numRuns: 200 },
    );
  });

  it('decodes every TRC20 transfer call the chain encoder writes, and re-encodes it to the same bytes', () => {
    fc.assert(
      fc.property(trigger, (raw) => {
        const bytes = encodeRawData(raw);
        const decoded = decodeRawData(bytes);
        const v = raw.contract[0].parameter.value as { owner_address: string; contract_address: string; data: string; call_value: bigint };
        expect(decoded.contracts[0].value).toEqual({
          type: 'TriggerSmartContract',
          owner: v.owner_address,
          contract: v.contract_address,
          data: v.data,
          callValue: v.call_value,
          callTokenValue: 0n,
          tokenId: 0n,
        });
        expect(bytesToHex(encodeRawData(decodedToRawDataJson(decoded)))).toBe(bytesToHex(bytes));
      }),
      { numRuns: 200 },
    );
  });

  it("reads negative int64 values as the chain does (64-bit two's complement)", () => {
    const bytes = new ProtoWriter().int(8, -5n).finish();
    expect(decodeRawData(bytes).expiration).toBe(-5n);
  });

  it('names another contract type without decoding its value', () => {
    const any = new ProtoWriter().string(1, 'type.googleapis.com/protocol.FreezeBalanceV2Contract').bytes(2, Uint8Array.of(1, 2)).finish();
    const contract = new ProtoWriter().int(1, 54).bytes(2, any).finish();
    const decoded = decodeRawData(new ProtoWriter().bytes(11, contract).finish());
    expect(decoded.contracts[0].value).toEqual({ type: 'other', typeNumber: 54 });
  });

  describe('refuses bytes outside the strict subset', () => {
    const cases: Array<[string, () => Uint8Array, RegExp]> = [
      ['a field Transaction.raw does not define', () => Uint8Array.of(...sample(), ...new ProtoWriter().int(15, 1).finish()), /field 15 is not allowed/],
      ['auths (field 9)', () => Uint8Array.of(...sample(), ...new ProtoWriter().bytes(9, Uint8Array.of(1)).finish()), /field 9 is not allowed/],
      ['a singular field twice (expiration)', () => Uint8Array.of(...sample(), ...new ProtoWriter().int(8, 1n).finish()), /expiration: appears more than once/],
      ['a field with the wrong wire type', () => Uint8Array.of(...new ProtoWriter().bytes(8, Uint8Array.of(1)).finish()), /wrong wire type/],
      ['a truncated body', () => sample().subarray(0, sample().length - 3), /runs past the end|truncated/],
      ['a varint that is not minimal', () => Uint8Array.of(0x40, 0x81, 0x00), /not minimally encoded/],
      ['a varint longer than 64 bits', () => Uint8Array.of(0x40, ...new Array(9).fill(0xff), 0x02), /longer than 64 bits/],
      ['a fixed-width wire type', () => Uint8Array.of(0x41, 0, 0, 0, 0, 0, 0, 0, 0), /field 8 is not allowed|wrong wire type/],
    ];
    for (const [what, bytes, message] of cases) {
      it(what, () => {
        expect(() => decodeRawData(bytes())).toThrow(RawDecodeError);
        expect(() => decodeRawData(bytes())).toThrow(message);
      });
    }

    it('an owner address that is not 21 bytes starting with 0x41', () => {
      const value = new ProtoWriter()
        .bytes(1, hexToBytes(`42${'11'.repeat(20)}`))
        .bytes(2, hexToBytes(`41${'22'.repeat(20)}`))
        .int(3, 1)
        .finish();
      const any = new ProtoWriter().string(1, typeUrl('TransferContract')).bytes(2, value).finish();
      const contract = new ProtoWriter().int(1, 1).bytes(2, any).finish();
      expect(() => decodeRawData(new ProtoWriter().bytes(11, contract).finish())).toThrow(/owner_address is not a 21-byte TRON address/);
    });
  });
});
