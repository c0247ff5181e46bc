// Solidity ABI for the TRC20 calls the product makes. TRON encodes an address argument as the 20
// bytes after the 0x41 prefix, left-padded to a 32-byte word, exactly like Ethereum.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { TRON_ADDRESS_PREFIX, addressToBytes } from './address.ts';

export function functionSelector(signature: string): string {
  return bytesToHex(keccak_256(new TextEncoder().encode(signature)).subarray(0, 4));
}

export const TRC20_TRANSFER = 'transfer(address,uint256)';
export const TRC20_BALANCE_OF = 'balanceOf(address)';
export const SELECTOR = {
  transfer: functionSelector(TRC20_TRANSFER),
  balanceOf: functionSelector(TRC20_BALANCE_OF),
  decimals: functionSelector('decimals()'),
  symbol: functionSelector('symbol()'),
  name: functionSelector('name()'),
  totalSupply: functionSelector('totalSupply()'),
} as const;
/** keccak256("Transfer(address,address,uint256)"): topic 0 of every TRC20 transfer log. */
export const TRANSFER_EVENT_TOPIC = bytesToHex(keccak_256(new TextEncoder().encode('Transfer(address,address,uint256)')));

const UINT256_MAX = (1n << 256n) - 1n;

export function encodeUint256(value: bigint): string {
  if (value < 0n || value > UINT256_MAX) throw new RangeError('uint256 out of range');
  return value.toString(16).padStart(64, '0');
}

export function encodeAddressWord(address: string): string {
  return bytesToHex(addressToBytes(address).subarray(1)).padStart(64, '0');
}

/** Reads an address word back as `41...` hex. Like solc before 0.8, only the low 20 bytes count. */
export function decodeAddressWord(word: string): string {
  if (!/^[0-9a-fA-F]{64}$/.test(word)) throw new RangeError('not a 32-byte word');
  return `${TRON_ADDRESS_PREFIX.toString(16)}${word.slice(24).toLowerCase()}`;
}

/** ABI parameters (no selector) of transfer(to, amount), as `triggersmartcontract` takes them. */
export function encodeTransferParams(to: string, amount: bigint): string {
  return encodeAddressWord(to) + encodeUint256(amount);
}

/** ABI parameters of balanceOf(owner). */
export function encodeBalanceOfParams(owner: string): string {
  return encodeAddressWord(owner);
}

/** Decodes call data `a9059cbb<to><amount>`; null when it is not exactly a TRC20 transfer call. */
export function decodeTransferCall(dataHex: string): { to: string; amount: bigint } | null {
  const data = dataHex.replace(/^0x/, '').toLowerCase();
  if (data.length !== 8 + 128 || !data.startsWith(SELECTOR.transfer) || !/^[0-9a-f]+$/.test(data)) return null;
  return { to: decodeAddressWord(data.slice(8, 72)), amount: BigInt(`0x${data.slice(72, 136)}`) };
}

/** ABI encoding of a single `string` return value. */
export function encodeStringResult(value: string): string {
  const bytes = new TextEncoder().encode(value);
  const hex = bytesToHex(bytes);
  const padded = hex.padEnd(Math.ceil(bytes.length / 32) * 64, '0');
  return encodeUint256(32n) + encodeUint256(BigInt(bytes.length)) + padded;
}
