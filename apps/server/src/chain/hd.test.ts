import { HDKey } from '@scure/bip32';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { TronWeb } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { DepositKeyError, accountKeysFromSeed, createDepositDeriver, deriveDepositAddress } from './hd.ts';

// BIP39 test mnemonics; TronWeb derives through ethers, an implementation independent of @scure/bip32.
const MNEMONICS = [
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  'legal winner thank year wave sausage worth useful legal winner thank yellow',
];
const INDEXES = [0, 1, 2, 7, 19, 1000, 2 ** 31 - 1];

/** BIP39 seed: PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic" (no passphrase). */
function seedOf(mnemonic: string): Uint8Array {
  return pbkdf2(sha512, mnemonic.normalize('NFKD'), 'mnemonic', { c: 2048, dkLen: 64 });
}

describe('deposit addresses from the operator xpub', () => {
  for (const mnemonic of MNEMONICS) {
    it(`match TronWeb.fromMnemonic at m/44'/195'/0'/0/i for "${mnemonic.split(' ').slice(0, 2).join(' ')} ..."`, () => {
      const { xpub } = accountKeysFromSeed(seedOf(mnemonic));
      expect(xpub.startsWith('xpub')).toBe(true);
      const deriver = createDepositDeriver(xpub);
      expect(deriver.depth).toBe(3);
      for (const i of INDEXES) {
        expect(deriver.address(i)).toBe(TronWeb.fromMnemonic(mnemonic, `m/44'/195'/0'/0/${i}`).address);
      }
    });
  }

  it("accept the xpub of the external chain m/44'/195'/0'/0 and give the same addresses", () => {
    const mnemonic = MNEMONICS[0];
    const chainXpub = HDKey.fromMasterSeed(seedOf(mnemonic)).derive("m/44'/195'/0'/0").publicExtendedKey;
    const deriver = createDepositDeriver(chainXpub);
    expect(deriver.depth).toBe(4);
    for (const i of [0, 5, 42]) {
      expect(deriver.address(i)).toBe(TronWeb.fromMnemonic(mnemonic, `m/44'/195'/0'/0/${i}`).address);
      expect(deriveDepositAddress(chainXpub, i)).toBe(deriver.address(i));
    }
  });

  it('refuse an extended private key, so no spending key ever sits on the server', () => {
    const { xprv } = accountKeysFromSeed(seedOf(MNEMONICS[0]));
    expect(() => createDepositDeriver(xprv)).toThrow(DepositKeyError);
    expect(() => createDepositDeriver(xprv)).toThrow(/PRIVATE/);
  });

  it('refuse xpubs at other depths, whose addresses the operator wallet would not watch', () => {
    const master = HDKey.fromMasterSeed(seedOf(MNEMONICS[0]));
    expect(() => createDepositDeriver(master.publicExtendedKey)).toThrow(/depth 0/);
    expect(() => createDepositDeriver(master.derive("m/44'/195'/0'/0/1").publicExtendedKey)).toThrow(/depth 5/);
    expect(() => createDepositDeriver(master.derive("m/44'/195'/0'/1").publicExtendedKey)).toThrow(/external chain/);
  });

  it('refuse garbage and out-of-range indexes with a clear error', () => {
    expect(() => createDepositDeriver('xpub-not-really')).toThrow(DepositKeyError);
    const deriver = createDepositDeriver(accountKeysFromSeed(seedOf(MNEMONICS[0])).xpub);
    for (const bad of [-1, 2 ** 31, 1.5, Number.NaN]) expect(() => deriver.address(bad)).toThrow(DepositKeyError);
  });
});
