import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { setupChain, type Chain } from './chain-setup.ts';
import { type CliIo, runCli } from './devnet-cli.ts';
import { startTestDevnet } from './devnet/testing.ts';
import { accountKeysFromSeed } from './hd.ts';

const FUNDED = 100_000n * 1_000_000n;

const open: Chain[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lobby-chain-'));
  dirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>): Promise<Chain> {
  const chain = await setupChain(loadConfig({ DEVNET_PORT: '0', DEVNET_MANUAL: 'true', DATA_DIR: 'memory', ...env }));
  open.push(chain);
  return chain;
}

async function hotWalletBalances(chain: Chain) {
  return { trx: await chain.client.getTrxBalance(chain.hotWallet.address), usdt: await chain.client.getUsdtBalance(chain.hotWallet.address) };
}

describe('the development hot wallet', () => {
  it('is funded with 100,000 TRX and 100,000 USDT when a development server starts its devnet', async () => {
    const chain = await start({ NODE_ENV: 'development' });
    expect(await hotWalletBalances(chain)).toEqual({ trx: FUNDED, usdt: FUNDED });
    // In a block already, not merely pending.
    expect(chain.devnet!.chain.pendingCount()).toBe(0);
  });

  it('is not funded again on a restart over the same DATA_DIR, only topped up once it runs low', async () => {
    const dir = dataDir();
    const first = await start({ NODE_ENV: 'development', DATA_DIR: dir });
    const address = first.hotWallet.address;
    await first.close();
    open.splice(open.indexOf(first), 1);

    const second = await start({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(second.hotWallet.address).toBe(address);
    expect(await hotWalletBalances(second)).toEqual({ trx: FUNDED, usdt: FUNDED });

    // Spend the USDT down below the refill mark: the next start tops USDT up to the target, TRX stays.
    const spent = FUNDED - 5_000n * 1_000_000n;
    await second.client.sendUsdt(second.hotWallet.privateKey, second.devnet!.faucetAddress, spent);
    second.devnet!.produceBlock();
    const trxAfterSpending = (await hotWalletBalances(second)).trx;
    await second.close();
    open.splice(open.indexOf(second), 1);

    const third = await start({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(await hotWalletBalances(third)).toEqual({ trx: trxAfterSpending, usdt: FUNDED });
  });

  it('stays empty under NODE_ENV=test, or with DEVNET_FUND_HOT_WALLET=false', async () => {
    expect(await hotWalletBalances(await start({ NODE_ENV: 'test' }))).toEqual({ trx: 0n, usdt: 0n });
    expect(await hotWalletBalances(await start({ NODE_ENV: 'development', DEVNET_FUND_HOT_WALLET: 'false' }))).toEqual({ trx: 0n, usdt: 0n });
  });

  it('is never funded on a node given by TRON_API_URL, whatever DEVNET_FUND_HOT_WALLET says', async () => {
    const node = await startTestDevnet();
    try {
      const chain = await start({
        NODE_ENV: 'development',
        DEVNET_FUND_HOT_WALLET: 'true',
        TRON_API_URL: node.url,
        HOT_WALLET_PRIVATE_KEY: node.newWallet().privateKey,
        DEPOSIT_XPUB: accountKeysFromSeed(new Uint8Array(32).fill(7)).xpub,
      });
      expect(chain.devnet).toBeUndefined();
      node.devnet.produceBlock();
      expect(node.devnet.balances(chain.hotWallet.address)).toEqual({ trx: 0n, usdt: 0n });
    } finally {
      await node.stop();
    }
  });
});

describe('npm run devnet -- hot-wallet', () => {
  const io = (env: CliIo['env']) => {
    const lines: string[] = [];
    const errors: string[] = [];
    return { env, out: (l: string) => lines.push(l), err: (l: string) => errors.push(l), lines, errors };
  };

  it("prints the address the server signs with (from DATA_DIR's development keys) and what it holds", async () => {
    const dir = dataDir();
    const chain = await start({ NODE_ENV: 'development', DATA_DIR: dir });
    const c = io({ TRON_API_URL: chain.devnet!.url, DATA_DIR: dir });
    expect(await runCli(['hot-wallet'], c)).toBe(0);
    expect(c.lines).toEqual([`hot wallet ${chain.hotWallet.address}`, 'TRX  100000', 'USDT 100000']);
  });

  it('takes the key from HOT_WALLET_PRIVATE_KEY when the server is given one', async () => {
    const node = await startTestDevnet();
    try {
      const wallet = node.fundedWallet({ trx: 2_500_000n });
      const c = io({ TRON_API_URL: node.url, HOT_WALLET_PRIVATE_KEY: wallet.privateKey });
      expect(await runCli(['hot-wallet'], c)).toBe(0);
      expect(c.lines).toEqual([`hot wallet ${wallet.address}`, 'TRX  2.5', 'USDT 0']);
    } finally {
      await node.stop();
    }
  });

  it('says where it looked when the server has not made its keys yet', async () => {
    const dir = dataDir();
    const c = io({ DATA_DIR: dir });
    expect(await runCli(['hot-wallet'], c)).toBe(1);
    expect(c.errors[0]).toContain(join(dir, 'devnet-operator-keys.json'));
  });
});
