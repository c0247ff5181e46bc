import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDevnet, type Devnet, type ResourceParameters, USDT_CONTRACT } from '../../../chain/devnet/index.ts';
import { accountKeysFromSeed } from '../../../chain/hd.ts';
import { loadSignerConfig } from '../../../signer/signer-config.ts';
import { type RunningSigner, startSignerServer } from '../../../signer/signer-server.ts';
import { systemAccountTotals } from '../../../money/balances.ts';
import { checkLedger } from '../../../money/ledger-check.ts';
import { micro, newWallet, startWalletTestApp, type TestPlayer, WALLET_TEST_ENV, type WalletTestApp } from '../../wallet/test-support.ts';
import type { SweepStage } from './chain-recorder.ts';
import type { Sweeper } from './sweeper.ts';

export interface SweepTestApp extends WalletTestApp {
  /** The chain the app runs on. */
  devnet: Devnet;
  /** The settings the app started with (another instance alongside takes the same). */
  env: Record<string, string>;
  signer: RunningSigner;
  /** The account key of the deposit addresses (what the signer holds). */
  xprv: string;
  cold: string;
  resource: { privateKey: string; address: string } | null;
  sweeper: Sweeper;
  /** A sweeper of this app that stops dead at `stage`, as a crashed process would. */
  crashingSweeper(stage: SweepStage): Sweeper;
  /** One cycle, then `blocks` new blocks (the next cycle sees them). */
  cycle(blocks?: number): ReturnType<Sweeper['runCycle']>;
  /** Cycles (a block after each) until one finds nothing left to do, at most `max`. */
  cycleUntilIdle(max?: number): Promise<number>;
  /** Players with deposits credited: USDT only (new holders, not activated), TRX only, or both, by `(i + offset) % 3`. */
  depositors(count: number, offset?: number): Promise<Array<{ player: TestPlayer; address: string; usdt: bigint; trx: bigint }>>;
  /** The sum of chain_fees entries in TRX, as the house's cost (positive). */
  chainFees(): Promise<bigint>;
  /** What the ledger owes players and the chain holds, per currency: holdings − liabilities. */
  surplus(): Promise<{ USDT: bigint; TRX: bigint }>;
}

export class Crash extends Error {}

/**
 * A wallet test app whose sweeps are signed by a real signer process (in this process, over its
 * signed HTTP channel), with a cold address, thresholds, floors and targets from `env`.
 */
export async function startSweepTestApp(
  env: Record<string, string> = {},
  options: { resource?: boolean; resources?: Partial<ResourceParameters> } = {},
): Promise<SweepTestApp> {
  // The chain charging bandwidth, energy and account creation as mainnet does: a devnet of its own the server reaches by URL.
  const external = options.resources ? createDevnet({ manual: true, solidityDepth: 0, resources: options.resources }) : null;
  const externalUrl = external ? await external.start(0) : undefined;
  const keys = accountKeysFromSeed(randomBytes(32));
  const hot = newWallet();
  const cold = newWallet().address;
  const resource = options.resource ? newWallet() : null;
  const sharedKey = randomBytes(32).toString('hex');
  const signer = await startSignerServer(
    loadSignerConfig({
      SIGNER_XPRV: keys.xprv,
      SIGNER_ALLOWED_DESTINATIONS: `${hot.address},${cold}`,
      SIGNER_USDT_CONTRACT: USDT_CONTRACT,
      SIGNER_SHARED_KEY: sharedKey,
      SIGNER_HOST: '127.0.0.1',
      SIGNER_PORT: '0',
      SIGNER_LOG: join(mkdtempSync(join(tmpdir(), 'sweep-signer-')), 'log.jsonl'),
    }),
  );
  const appEnv: Record<string, string> = {
    DEPOSIT_XPUB: keys.xpub,
    HOT_WALLET_PRIVATE_KEY: hot.privateKey,
    TREASURY_SWEEP_COLD_ADDRESS: cold,
    TREASURY_SIGNER_URL: signer.url,
    TREASURY_SIGNER_KEY: sharedKey,
    TREASURY_SWEEP_MINUTES: '0',
    TREASURY_RECONCILE_MINUTES: '0',
    ...(externalUrl ? { TRON_API_URL: externalUrl } : {}),
    ...(resource ? { TREASURY_RESOURCE_KEY: resource.privateKey, TREASURY_ENERGY_STRATEGY: 'delegate' } : {}),
    ...env,
  };
  const t = await startWalletTestApp(appEnv);
  const devnet = external ?? t.app.chain.devnet!;
  const sweeper = t.app.services.treasury.sweeps.sweeper;
  const self: SweepTestApp = {
    ...t,
    devnet,
    env: { ...WALLET_TEST_ENV, ...appEnv },
    async deposit(player, amounts) {
      const address = await t.depositAddress(player);
      devnet.faucet(address, { ...(amounts.trx ? { trx: micro(amounts.trx) } : {}), ...(amounts.usdt ? { usdt: micro(amounts.usdt) } : {}) });
      await self.scanDeposits(1);
    },
    fundHotWallet(amounts) {
      devnet.faucet(t.app.chain.hotWallet.address, {
        ...(amounts.trx ? { trx: micro(amounts.trx) } : {}),
        ...(amounts.usdt ? { usdt: micro(amounts.usdt) } : {}),
      });
      devnet.produceBlock();
    },
    async scanDeposits(blocks = 0) {
      if (blocks > 0) devnet.produceBlock(blocks);
      await t.app.services.wallet.workers.deposits.runOnce();
    },
    chainBalance(address) {
      return devnet.balances(address);
    },
    signer,
    xprv: keys.xprv,
    cold,
    resource,
    sweeper,
    crashingSweeper(stage) {
      return sweeper.with({
        stop: (at) => {
          if (at === stage) throw new Crash(`stopped at ${at}`);
        },
      });
    },
    async cycle(blocks = 1) {
      const summary = await sweeper.runCycle('command');
      if (blocks > 0) devnet.produceBlock(blocks);
      return summary;
    },
    async cycleUntilIdle(max = 8) {
      for (let i = 1; i <= max; i++) {
        const s = await self.cycle();
        if (
          s.planned + s.activated + s.funded + s.delegated + s.undelegated + s.rebalanced + s.waiting === 0 &&
          (await sweeper.repo.openSweeps()).length === 0 &&
          (await sweeper.repo.openActions()).length === 0
        )
          return i;
      }
      throw new Error(`sweeps still busy after ${max} cycles`);
    },
    async depositors(count, offset = 0) {
      const made = [];
      for (let i = 0; i < count; i++) {
        const player = await self.player();
        const address = await self.depositAddress(player);
        const kind = (i + offset) % 3;
        const usdt = kind === 1 ? 0n : micro(String(20 + i));
        const trx = kind === 0 ? 0n : micro(String(30 + i));
        devnet.faucet(address, { ...(usdt ? { usdt } : {}), ...(trx ? { trx } : {}) });
        made.push({ player, address, usdt, trx });
      }
      await self.scanDeposits(1);
      return made;
    },
    async chainFees() {
      const result = await checkLedger(t.app.database.db);
      if (!result.ok) throw new Error(`ledger check failed:\n${result.problems.join('\n')}`);
      const totals = await systemAccountTotals(t.app.database.db, 'chain_fees');
      return -(totals.find((row) => row.currency === 'TRX')?.amount ?? 0n);
    },
    async surplus() {
      const run = await t.app.services.treasury.reconciler.run('command');
      const of = (c: 'USDT' | 'TRX') => BigInt(run.figures.find((f) => f.currency === c)!.difference);
      return { USDT: of('USDT'), TRX: of('TRX') };
    },
    async close() {
      await t.close();
      await signer.close();
      await external?.stop();
    },
  };
  return self;
}

/**
 * A sweep test app on a chain charging as mainnet does, with energy cheaper to stake (1,000 per TRX)
 * so the resource account's stake stays small: thresholds of 5, no floors, the hot wallet's targets
 * as given, 1,000 TRX in the hot wallet for activations and TRX to burn, and `stake` TRX of the
 * resource account's `fund` frozen for energy.
 */
export async function startChargingSweepApp(target: { USDT: string; TRX: string }, resourceAccount: { fund: string; stake: string }): Promise<SweepTestApp> {
  const t = await startSweepTestApp(
    {
      TREASURY_SWEEP_THRESHOLD_USDT: '5',
      TREASURY_SWEEP_THRESHOLD_TRX: '5',
      TREASURY_HOT_FLOOR_USDT: '0',
      TREASURY_HOT_TARGET_USDT: target.USDT,
      TREASURY_HOT_FLOOR_TRX: '0',
      TREASURY_HOT_TARGET_TRX: target.TRX,
    },
    { resource: true, resources: { energyPerTrx: 1000n } },
  );
  t.fundHotWallet({ trx: '1000' });
  t.devnet.faucet(t.resource!.address, { trx: micro(resourceAccount.fund) });
  t.devnet.produceBlock();
  await t.app.chain.client.freezeBalanceV2(t.resource!.privateKey, micro(resourceAccount.stake));
  t.devnet.produceBlock();
  return t;
}

export { micro };
