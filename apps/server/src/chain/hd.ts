// Deposit addresses from an operator's extended PUBLIC key, so the server can hand out m/44'/195'/0'/0/i
// without ever holding a key that could spend the deposits.
//
// Which key the operator configures: the xpub of the BIP44 account node m/44'/195'/0' (depth 3), the
// one wallets export as "account xpub"; the server derives the external chain /0 and then /i. The xpub
// of the chain node m/44'/195'/0'/0 (depth 4) is accepted too and then only /i is derived. Both steps
// are non-hardened, which is what makes public derivation possible. Any other depth, or an extended
// private key, is refused: the first would give addresses the operator's wallet does not watch, the
// second would put spending keys on the server.
import { HDKey } from '@scure/bip32';
import { publicKeyToAddress } from './address.ts';

export const TRON_ACCOUNT_PATH = "m/44'/195'/0'";
export const TRON_COIN_TYPE = 195;
/** Highest non-hardened child index. */
export const MAX_DEPOSIT_INDEX = 0x7fffffff;

export class DepositKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DepositKeyError';
  }
}

export interface DepositDeriver {
  /** Depth of the configured key: 3 (account) or 4 (external chain). */
  readonly depth: 3 | 4;
  /** Base58check address of m/44'/195'/0'/0/index. */
  address(index: number): string;
}

/** Parses and checks the operator's xpub once; derivation per index is then cheap and synchronous. */
export function createDepositDeriver(xpub: string): DepositDeriver {
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(xpub.trim());
  } catch (e) {
    throw new DepositKeyError(`not a valid extended public key: ${(e as Error).message}`);
  }
  if (key.privateKey) throw new DepositKeyError('an extended PRIVATE key was given; configure the xpub only');
  if (key.depth !== 3 && key.depth !== 4) {
    throw new DepositKeyError(`expected the xpub of ${TRON_ACCOUNT_PATH} (depth 3) or ${TRON_ACCOUNT_PATH}/0 (depth 4), got depth ${key.depth}`);
  }
  if (key.depth === 4 && key.index !== 0) {
    throw new DepositKeyError('a depth-4 xpub must be the external chain /0');
  }
  const chain = key.depth === 3 ? key.deriveChild(0) : key;
  const depth = key.depth;
  return {
    depth,
    address(index: number): string {
      if (!Number.isSafeInteger(index) || index < 0 || index > MAX_DEPOSIT_INDEX) {
        throw new DepositKeyError(`deposit index must be an integer in 0..${MAX_DEPOSIT_INDEX}`);
      }
      const child = chain.deriveChild(index);
      if (!child.publicKey) throw new DepositKeyError('derivation produced no public key');
      return publicKeyToAddress(child.publicKey);
    },
  };
}

/** One-off form of createDepositDeriver(xpub).address(index). */
export function deriveDepositAddress(xpub: string, index: number): string {
  return createDepositDeriver(xpub).address(index);
}

/**
 * Account-level key pair (m/44'/195'/0') from a BIP39 seed: the xpub goes into the server's
 * configuration, the xprv stays with the operator's offline tooling. Used by the CLI and tests.
 */
export function accountKeysFromSeed(seed: Uint8Array): { xpub: string; xprv: string } {
  const account = HDKey.fromMasterSeed(seed).derive(TRON_ACCOUNT_PATH);
  return { xpub: account.publicExtendedKey, xprv: account.privateExtendedKey };
}
