/**
 * TRON addresses as people paste them: base58 (no 0, O, I or l), 34 characters, starting with T.
 * Only the shape is checked on the phone; the checksum needs SHA-256 and the server answers 10052.
 */
export const TRON_ADDRESS_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

export type TronAddressProblem = 'required' | 'prefix' | 'length' | 'characters';

export function checkTronAddress(value: string): TronAddressProblem | undefined {
  const address = value.trim();
  if (!address) return 'required';
  if (!address.startsWith('T')) return 'prefix';
  if (!/^[1-9A-HJ-NP-Za-km-z]+$/.test(address)) return 'characters';
  if (address.length !== 34) return 'length';
  return TRON_ADDRESS_SHAPE.test(address) ? undefined : 'characters';
}
