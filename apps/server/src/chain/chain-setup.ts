import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';
import { privateKeyToAddress } from './address.ts';
import { createDevnet, type Devnet } from './devnet/index.ts';
import { accountKeysFromSeed, createDepositDeriver, type DepositDeriver } from './hd.ts';
import { TronClient } from './tron-client.ts';

export interface HotWallet {
  privateKey: string;
  address: string;
}

export interface Chain {
  client: TronClient;
  /** Set when the server runs its own devnet (no TRON_API_URL). */
  devnet?: Devnet;
  /** Signs withdrawals and transfer-bet payouts. */
  hotWallet: HotWallet;
  /** Derives player deposit addresses from the operator's extended public key. */
  deposits: DepositDeriver;
  close(): Promise<void>;
}

interface OperatorKeys {
  hotWalletPrivateKey: string;
  depositXpub: string;
}

/**
 * The TRON side of the server. With TRON_API_URL it talks to that node with the operator's keys
 * from configuration. Without it, it starts the devnet in process and, if the operator gave no keys,
 * makes development keys once and keeps them in DATA_DIR (never in the repository), so deposit
 * addresses stay the same across restarts.
 */
export async function setupChain(config: Config): Promise<Chain> {
  let devnet: Devnet | undefined;
  let apiUrl = config.TRON_API_URL;
  if (!apiUrl) {
    const persistPath = config.DATA_DIR === 'memory' ? undefined : resolve(join(config.DATA_DIR, 'devnet.jsonl'));
    if (persistPath) mkdirSync(resolve(config.DATA_DIR), { recursive: true });
    devnet = createDevnet({
      blockIntervalMs: config.DEVNET_BLOCK_MS,
      manual: config.DEVNET_MANUAL,
      persistPath,
      solidityDepth: config.DEVNET_SOLIDITY_DEPTH,
      trc20FeeSun: config.DEVNET_USDT_FEE_TRX,
    });
    apiUrl = await devnet.start(config.DEVNET_PORT);
  }
  const keys = operatorKeys(config, Boolean(devnet));
  const client = new TronClient({
    apiUrl,
    apiKey: config.TRON_API_KEY,
    ...(config.USDT_CONTRACT ? { usdtContract: config.USDT_CONTRACT } : {}),
  });
  return {
    client,
    devnet,
    hotWallet: { privateKey: keys.hotWalletPrivateKey, address: privateKeyToAddress(keys.hotWalletPrivateKey) },
    deposits: createDepositDeriver(keys.depositXpub),
    async close() {
      await devnet?.stop();
    },
  };
}

function operatorKeys(config: Config, devnet: boolean): OperatorKeys {
  if (config.HOT_WALLET_PRIVATE_KEY && config.DEPOSIT_XPUB) {
    return { hotWalletPrivateKey: config.HOT_WALLET_PRIVATE_KEY, depositXpub: config.DEPOSIT_XPUB };
  }
  if (!devnet) throw new Error('HOT_WALLET_PRIVATE_KEY and DEPOSIT_XPUB are required with TRON_API_URL');
  const generate = (): OperatorKeys => ({
    hotWalletPrivateKey: randomBytes(32).toString('hex'),
    depositXpub: accountKeysFromSeed(randomBytes(32)).xpub,
  });
  if (config.DATA_DIR === 'memory') return { ...generate(), ...fromConfig(config) };
  const file = resolve(join(config.DATA_DIR, 'devnet-operator-keys.json'));
  let keys: OperatorKeys;
  if (existsSync(file)) {
    keys = JSON.parse(readFileSync(file, 'utf8'));
  } else {
    keys = generate();
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  return { ...keys, ...fromConfig(config) };
}

function fromConfig(config: Config): Partial<OperatorKeys> {
  return {
    ...(config.HOT_WALLET_PRIVATE_KEY ? { hotWalletPrivateKey: config.HOT_WALLET_PRIVATE_KEY } : {}),
    ...(config.DEPOSIT_XPUB ? { depositXpub: config.DEPOSIT_XPUB } : {}),
  };
}
