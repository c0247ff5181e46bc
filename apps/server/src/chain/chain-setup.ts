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

export interface OperatorKeys {
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
  const hotWallet = { privateKey: keys.hotWalletPrivateKey, address: privateKeyToAddress(keys.hotWalletPrivateKey) };
  if (devnet && fundsHotWallet(config)) fundDevnetHotWallet(devnet, hotWallet.address, config.DEVNET_MANUAL);
  const client = new TronClient({
    apiUrl,
    apiKey: config.TRON_API_KEY,
    ...(config.USDT_CONTRACT ? { usdtContract: config.USDT_CONTRACT } : {}),
  });
  return {
    client,
    devnet,
    hotWallet,
    deposits: createDepositDeriver(keys.depositXpub),
    async close() {
      await devnet?.stop();
    },
  };
}

/** What the devnet tops the development hot wallet up to, per currency (micro-units): ample for testing withdrawals by hand. */
export const DEVNET_HOT_WALLET_FUNDS = 100_000n * 1_000_000n;
/** Below this the hot wallet is topped up at start; at or above it, left alone, so restarts do not keep minting. */
export const DEVNET_HOT_WALLET_REFILL_BELOW = 10_000n * 1_000_000n;

/** Only the in-process devnet funds anything, and by default only under NODE_ENV=development. */
export function fundsHotWallet(config: Pick<Config, 'DEVNET_FUND_HOT_WALLET' | 'NODE_ENV'>): boolean {
  return config.DEVNET_FUND_HOT_WALLET ?? config.NODE_ENV === 'development';
}

/**
 * Tops the hot wallet up from the devnet faucet, each currency that is below the refill mark, so a
 * fresh development server pays withdrawals instead of leaving them waiting for funds. A manual
 * devnet seals the transfers into a block at once; a timed one in its next block.
 */
function fundDevnetHotWallet(devnet: Devnet, address: string, manual: boolean): void {
  const held = devnet.balances(address);
  const topUp = (balance: bigint) => (balance < DEVNET_HOT_WALLET_REFILL_BELOW ? DEVNET_HOT_WALLET_FUNDS - balance : undefined);
  const amounts = { trx: topUp(held.trx), usdt: topUp(held.usdt) };
  if (amounts.trx === undefined && amounts.usdt === undefined) return;
  devnet.faucet(address, amounts);
  if (manual) devnet.produceBlock();
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
  let keys = storedDevnetKeys(config.DATA_DIR);
  if (!keys) {
    keys = generate();
    writeFileSync(devnetKeysFile(config.DATA_DIR), JSON.stringify(keys), { mode: 0o600 });
  }
  return { ...keys, ...fromConfig(config) };
}

/** Where a development server keeps the keys it made for itself. */
export function devnetKeysFile(dataDir: string): string {
  return resolve(join(dataDir, 'devnet-operator-keys.json'));
}

/** The development keys a server made in `dataDir`, if it has run there. */
export function storedDevnetKeys(dataDir: string): OperatorKeys | undefined {
  const file = devnetKeysFile(dataDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as OperatorKeys) : undefined;
}

function fromConfig(config: Config): Partial<OperatorKeys> {
  return {
    ...(config.HOT_WALLET_PRIVATE_KEY ? { hotWalletPrivateKey: config.HOT_WALLET_PRIVATE_KEY } : {}),
    ...(config.DEPOSIT_XPUB ? { depositXpub: config.DEPOSIT_XPUB } : {}),
  };
}
