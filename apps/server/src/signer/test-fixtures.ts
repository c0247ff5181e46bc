// Shared by the signer's tests: a test wallet, treasury addresses and sweep bodies built with the
// chain's own encoder (the same bytes the API server would hand over).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bytesToHex } from '@noble/hashes/utils.js';
import { SELECTOR, encodeTransferParams } from '../chain/abi.ts';
import { privateKeyToAddress } from '../chain/address.ts';
import { accountKeysFromSeed, createDepositDeriver } from '../chain/hd.ts';
import { type RawDataJson, encodeRawData, typeUrl } from '../chain/transaction.ts';

export const TEST_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
export const TEST_XPUB = accountKeysFromSeed(mnemonicToSeedSync(TEST_MNEMONIC)).xpub;
export const deposit = createDepositDeriver(TEST_XPUB);
export const HOT = privateKeyToAddress('11'.repeat(32));
export const COLD = privateKeyToAddress('22'.repeat(32));
export const STRANGER = privateKeyToAddress('33'.repeat(32));
export const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const SHARED_KEY = '5a'.repeat(32);

export function tempLogPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'lobby-signer-')), 'signer-log.jsonl');
}

export function signerEnv(logPath: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    SIGNER_MNEMONIC: TEST_MNEMONIC,
    SIGNER_ALLOWED_DESTINATIONS: `${HOT},${COLD}`,
    SIGNER_USDT_CONTRACT: USDT,
    SIGNER_SHARED_KEY: SHARED_KEY,
    SIGNER_PORT: '0',
    SIGNER_MAX_FEE_LIMIT_SUN: '100000000',
    SIGNER_LOG: logPath,
    ...extra,
  };
}

export interface BodyOptions {
  expiration?: number;
  feeLimit?: number;
  permissionId?: number;
  memo?: string;
}

function refs(o: BodyOptions): Omit<RawDataJson, 'contract'> {
  const now = Date.now();
  return {
    ref_block_bytes: 'a1b2',
    ref_block_hash: '0011223344556677',
    expiration: o.expiration ?? now + 60_000,
    timestamp: now,
    ...(o.feeLimit !== undefined ? { fee_limit: o.feeLimit } : {}),
    ...(o.memo !== undefined ? { data: o.memo } : {}),
  };
}

export function trxRaw(from: string, to: string, amount: bigint, o: BodyOptions = {}): RawDataJson {
  return {
    contract: [
      {
        type: 'TransferContract',
        parameter: { type_url: typeUrl('TransferContract'), value: { owner_address: from, to_address: to, amount } },
        ...(o.permissionId !== undefined ? { Permission_id: o.permissionId } : {}),
      },
    ],
    ...refs(o),
  };
}

export function usdtRaw(from: string, to: string, amount: bigint, o: BodyOptions & { contract?: string; data?: string; callValue?: bigint } = {}): RawDataJson {
  return {
    contract: [
      {
        type: 'TriggerSmartContract',
        parameter: {
          type_url: typeUrl('TriggerSmartContract'),
          value: {
            owner_address: from,
            contract_address: o.contract ?? USDT,
            data: o.data ?? SELECTOR.transfer + encodeTransferParams(to, amount),
            ...(o.callValue !== undefined ? { call_value: o.callValue } : {}),
          },
        },
      },
    ],
    ...refs({ feeLimit: 30_000_000, ...o }),
  };
}

export function hexOf(raw: RawDataJson): string {
  return bytesToHex(encodeRawData(raw));
}

/** A TRX sweep from deposit index `index` to `to`. */
export function trxSweep(id: string, index: number, to = HOT, amount = 5_000_000n, o: BodyOptions = {}) {
  return { id, index, rawDataHex: hexOf(trxRaw(deposit.address(index), to, amount, o)) };
}

/** A USDT sweep from deposit index `index` to `to`. */
export function usdtSweep(id: string, index: number, to = COLD, amount = 12_345_678n, o: Parameters<typeof usdtRaw>[3] = {}) {
  return { id, index, rawDataHex: hexOf(usdtRaw(deposit.address(index), to, amount, o)) };
}
