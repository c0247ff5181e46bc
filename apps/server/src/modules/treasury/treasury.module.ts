import type { FastifyBaseLogger } from 'fastify';
import type { Chain } from '../../chain/chain-setup.ts';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { privateKeyToAddress } from '../../chain/address.ts';
import { LeaderLock, lockUrlOf } from '../../db/leader-lock.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { BackgroundWorker } from '../wallet/worker.ts';
import { Reconciler } from './reconciliation.ts';
import { createSweeps, type SweepsModule, type SweepsOverrides } from './sweeps/sweeps.module.ts';
import type { ReconciliationRow } from './treasury.repo.ts';

export interface TreasuryModule {
  reconciler: Reconciler;
  /** The hourly reconciliation, on the one instance holding its lock. */
  worker: BackgroundWorker;
  /** A run asked for by staff: on this instance, at once, after any run going on here. */
  reconcileNow(requestedBy: string): Promise<ReconciliationRow>;
  /** Sweeps and hot/cold: the cycle every TREASURY_SWEEP_MINUTES on the instance holding its lock, and on demand. */
  sweeps: SweepsModule;
  start(): void;
  stop(): Promise<void>;
}

export interface TreasuryDependencies {
  config: Config;
  database: DatabaseHandle;
  chain: Chain;
  bus: EventBus;
  /** The transfer-bet game addresses in use (the lobby's hash-game state). */
  transferAddresses: () => Promise<readonly string[]>;
  log: FastifyBaseLogger;
  /** Tests: a signer in process, a stage to stop dead at. */
  sweeps?: SweepsOverrides;
}

/** Builds the treasury's reconciliation and its hourly worker. */
export function createTreasuryModule(deps: TreasuryDependencies): TreasuryModule {
  const { config, database, chain } = deps;
  const reconciler = new Reconciler({
    db: database.db,
    client: chain.client,
    hotWallet: chain.hotWallet.address,
    coldAddresses: [...new Set([...config.TREASURY_COLD_ADDRESSES, ...(config.TREASURY_SWEEP_COLD_ADDRESS ? [config.TREASURY_SWEEP_COLD_ADDRESS] : [])])],
    resourceAddress: config.TREASURY_RESOURCE_KEY ? privateKeyToAddress(config.TREASURY_RESOURCE_KEY) : undefined,
    transferAddresses: deps.transferAddresses,
    bus: deps.bus,
  });
  const sweeps = createSweeps({ config, database, chain, bus: deps.bus, log: deps.log, overrides: deps.sweeps });
  const intervalMs = config.TREASURY_RECONCILE_MINUTES * 60_000;
  // A test database reports the URL it was opened with; a server's is its configuration's.
  const databaseUrl = lockUrlOf(database, config.DATABASE_URL);
  const worker = new BackgroundWorker(
    'treasury-reconciliation',
    intervalMs || 3_600_000,
    new LeaderLock(database, 'treasury.reconciliation', databaseUrl),
    async () => {
      await reconciler.run('schedule');
    },
    deps.log,
  );
  // The first hourly run comes an interval after start, not at it: restarts do not add runs.
  let firstRun: NodeJS.Timeout | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    reconciler,
    worker,
    sweeps,
    reconcileNow(requestedBy) {
      const run = queue.then(() => reconciler.run('operator', requestedBy));
      queue = run.catch(() => undefined);
      return run;
    },
    start() {
      sweeps.start();
      if (intervalMs === 0 || firstRun) return;
      firstRun = setTimeout(() => worker.start(), intervalMs);
      firstRun.unref?.();
    },
    async stop() {
      if (firstRun) clearTimeout(firstRun);
      await Promise.all([worker.stop(), queue, sweeps.stop()]);
    },
  };
}
