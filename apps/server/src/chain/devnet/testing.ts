// For tests anywhere in the server: a manual-mode devnet on a free port with a client pointed at it,
// and wallets funded through the faucet like any outside wallet would be.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { privateKeyToAddress } from '../address.ts';
import { TronClient } from '../tron-client.ts';
import { type Devnet, type DevnetOptions, createDevnet } from './index.ts';

export interface TestWallet {
  privateKey: string;
  address: string;
}

export interface TestDevnet {
  devnet: Devnet;
  url: string;
  client: TronClient;
  /** A fresh random key pair; nothing on chain yet. */
  newWallet(): TestWallet;
  /** A fresh wallet holding the given TRX (sun) and USDT (micro-units), already in a block. */
  fundedWallet(amounts: { trx?: bigint; usdt?: bigint }): TestWallet;
  stop(): Promise<void>;
}

export async function startTestDevnet(options: Omit<DevnetOptions, 'manual'> = {}): Promise<TestDevnet> {
  const devnet = createDevnet({ ...options, manual: true });
  const url = await devnet.start(0);
  const newWallet = (): TestWallet => {
    const privateKey = bytesToHex(secp256k1.utils.randomSecretKey());
    return { privateKey, address: privateKeyToAddress(privateKey) };
  };
  return {
    devnet,
    url,
    client: new TronClient({ apiUrl: url, timeoutMs: 5000 }),
    newWallet,
    fundedWallet(amounts) {
      const wallet = newWallet();
      devnet.faucet(wallet.address, amounts);
      devnet.produceBlock();
      return wallet;
    },
    stop: () => devnet.stop(),
  };
}
