import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database.ts';
import { LeaderLock, lockUrlOf } from '../../db/leader-lock.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Ledger } from '../../money/ledger.service.ts';
import type { TrxPerUsdt } from '../turnover/turnover.repo.ts';
import { BackgroundWorker } from '../wallet/worker.ts';
import { HeldDeposits } from './held-deposits.ts';
import { ProtectionGate } from './protection-gate.ts';
import { ProtectionOpsService } from './protection-ops.service.ts';
import { ProtectionSettings, protectionRate } from './protection-settings.ts';
import { ProtectionService, type PauseEnders } from './protection.service.ts';

/** How often the one leading instance releases held deposits; every fifth run also looks for linked accounts. */
const SWEEP_MS = 60_000;
const LINK_SWEEP_EVERY = 5;

export interface ProtectionModule {
  settings: ProtectionSettings;
  /** The one check every path that stakes money makes. */
  gate: ProtectionGate;
  service: ProtectionService;
  held: HeldDeposits;
  ops: ProtectionOpsService;
  /** Releases held deposits and flags accounts linked to self-excluded players, on the instance that leads. */
  sweeps: BackgroundWorker;
  stop(): Promise<void>;
}

export interface ProtectionDependencies {
  database: DatabaseHandle;
  databaseUrl?: string;
  bus: EventBus;
  ledger: Ledger;
  /** The turnover's TRX rate (the exchange's, else the VIP setting's; none without either). */
  turnoverRate: () => TrxPerUsdt;
  /** Announces balances a release of held deposits changed. */
  balancesChanged: (playerIds: number[]) => Promise<void>;
  enders: PauseEnders;
  log: FastifyBaseLogger;
}

/**
 * Player protection (PROTECTION.md): the operator's settings and the gate are followed on every
 * instance from the start; the sweeps run on one. Hooks that need modules built later (held money's
 * way back to its senders, the sanctions screen) are set on `held` by the composition root.
 */
export async function createProtectionModule(deps: ProtectionDependencies): Promise<ProtectionModule> {
  const db = deps.database.db;
  const settings = new ProtectionSettings(db, deps.bus);
  await settings.start();
  const gate = new ProtectionGate(db, settings, () => protectionRate(deps.turnoverRate(), settings.current()), deps.bus);
  await gate.start();
  const held = new HeldDeposits(db, deps.ledger, gate, deps.balancesChanged);
  const service = new ProtectionService(db, gate, settings, deps.enders);
  let runs = 0;
  const sweeps = new BackgroundWorker(
    'protection-sweeps',
    SWEEP_MS,
    new LeaderLock(deps.database, 'protection.sweeps', lockUrlOf(deps.database, deps.databaseUrl)),
    async () => {
      await held.releaseDue();
      if (runs++ % LINK_SWEEP_EVERY === 0) await service.flagLinksOfExcluded();
    },
    deps.log,
  );
  return {
    settings,
    gate,
    service,
    held,
    ops: new ProtectionOpsService(db, service, settings),
    sweeps,
    async stop() {
      gate.stop();
      settings.stop();
      await sweeps.stop();
    },
  };
}
