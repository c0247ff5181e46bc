import type { FastifyBaseLogger } from 'fastify';
import { privateKeyToAddress } from '../../../chain/address.ts';
import type { Chain } from '../../../chain/chain-setup.ts';
import { HotWalletSender } from '../../../chain/hot-wallet-sender.ts';
import type { Config } from '../../../config.ts';
import type { DatabaseHandle } from '../../../db/database.ts';
import { LeaderLock, lockUrlOf } from '../../../db/leader-lock.ts';
import type { EventBus } from '../../../events/event-bus.ts';
import { SignerClient } from '../../../signer/signer-client.ts';
import { BackgroundWorker } from '../../wallet/worker.ts';
import type { SweepCycleTrigger } from '../tables.ts';
import type { SweepStage } from './chain-recorder.ts';
import { SweepChain } from './sweep-chain.ts';
import { configuredSweepSettings } from './sweep-settings.ts';
import { type CycleSummary, Sweeper, type SweepSigning } from './sweeper.ts';

export interface SweepsOverrides {
  signer?: SweepSigning | null;
  stop?: (stage: SweepStage) => void;
}

export interface SweepsModule {
  sweeper: Sweeper;
  /** The cycle every TREASURY_SWEEP_MINUTES, on the one instance holding the `treasury.sweeps` lock. */
  worker: BackgroundWorker;
  /** A cycle asked for by staff, under the same lock, after any cycle going on here; null when another instance holds the lock. */
  sweepNow(requestedBy: string): Promise<CycleSummary | null>;
  start(): void;
  stop(): Promise<void>;
}

export interface SweepsDependencies {
  config: Config;
  database: DatabaseHandle;
  chain: Pick<Chain, 'client' | 'hotWallet' | 'deposits'>;
  bus?: EventBus;
  log: FastifyBaseLogger;
  overrides?: SweepsOverrides;
}

/** The pieces a sweeper runs with, from the server's configuration (the command line builds the same). */
export function buildSweeper(deps: SweepsDependencies): Sweeper {
  const { config, chain } = deps;
  const signer =
    deps.overrides?.signer !== undefined
      ? deps.overrides.signer
      : config.TREASURY_SIGNER_URL && config.TREASURY_SIGNER_KEY
        ? new SignerClient({ url: config.TREASURY_SIGNER_URL, sharedKey: config.TREASURY_SIGNER_KEY, depositAddress: (index) => chain.deposits.address(index) })
        : null;
  return new Sweeper({
    db: deps.database.db,
    chain: new SweepChain(chain.client),
    judge: new HotWalletSender(chain.client, chain.hotWallet, config.WITHDRAWAL_CONFIRMATIONS),
    hotWallet: chain.hotWallet,
    resource: config.TREASURY_RESOURCE_KEY ? { privateKey: config.TREASURY_RESOURCE_KEY, address: privateKeyToAddress(config.TREASURY_RESOURCE_KEY) } : null,
    signer,
    settings: configuredSweepSettings(config),
    log: deps.log,
    bus: deps.bus,
    stop: deps.overrides?.stop,
  });
}

export function createSweeps(deps: SweepsDependencies): SweepsModule {
  const { config, database } = deps;
  const sweeper = buildSweeper(deps);
  const intervalMs = config.TREASURY_SWEEP_MINUTES * 60_000;
  // Cycles asked for by staff, taken by the worker's next run in order.
  const asked: Array<{ trigger: SweepCycleTrigger; by: string; done: (summary: CycleSummary) => void; failed: (error: unknown) => void }> = [];
  const worker = new BackgroundWorker(
    'treasury-sweeps',
    intervalMs || 3_600_000,
    new LeaderLock(database, 'treasury.sweeps', lockUrlOf(database, config.DATABASE_URL)),
    async () => {
      const request = asked.shift();
      try {
        const summary = await sweeper.runCycle(request?.trigger ?? 'schedule', request?.by ?? null);
        request?.done(summary);
      } catch (error) {
        request?.failed(error);
        throw error;
      }
    },
    deps.log,
  );
  let firstRun: NodeJS.Timeout | undefined;
  return {
    sweeper,
    worker,
    async sweepNow(requestedBy) {
      let entry!: (typeof asked)[number];
      const result = new Promise<CycleSummary>((done, failed) => (entry = { trigger: 'operator', by: requestedBy, done, failed }));
      asked.push(entry);
      const led = await worker.runOnce();
      const index = asked.indexOf(entry);
      if (index >= 0) asked.splice(index, 1);
      if (!led && index >= 0) return null;
      return result;
    },
    start() {
      if (intervalMs === 0 || firstRun) return;
      firstRun = setTimeout(() => worker.start(), intervalMs);
      firstRun.unref?.();
    },
    async stop() {
      if (firstRun) clearTimeout(firstRun);
      await worker.stop();
    },
  };
}
