import { describe, expect, it } from 'vitest';
import { hexToBase58 } from '../../chain/address.ts';
import { isTronAddress, tronAddressFromSeed } from './tron-address.ts';

describe('transfer-bet addresses', () => {
  it('are the same for the same seed and differ between seeds', () => {
    expect(tronAddressFromSeed('game 1 level 0')).toBe(tronAddressFromSeed('game 1 level 0'));
    expect(tronAddressFromSeed('game 1 level 0')).not.toBe(tronAddressFromSeed('game 1 level 1'));
  });

  it('encode exactly as the chain client does: 0x41, 20 bytes, base58check', () => {
    const address = tronAddressFromSeed('any seed');
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(isTronAddress(address)).toBe(true);
    // The well-known all-zero address, as every TRON tool spells it.
    expect(hexToBase58('41' + '00'.repeat(20))).toBe('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    expect(isTronAddress('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(true);
  });

  it('are told apart from a mistyped address, a wrong length and a Bitcoin address', () => {
    const address = tronAddressFromSeed('typo');
    const last = address.at(-1) === 'a' ? 'b' : 'a';
    expect(isTronAddress(address.slice(0, -1) + last)).toBe(false);
    expect(isTronAddress(address.slice(0, -1))).toBe(false);
    expect(isTronAddress('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toBe(false);
    expect(isTronAddress('')).toBe(false);
  });
});
