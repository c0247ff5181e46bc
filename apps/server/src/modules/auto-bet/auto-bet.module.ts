import { lockUrlOf } from '../../db/leader-lock.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Ledger } from '../../money/ledger.service.ts';
import type { HashGameModule } from '../hash-game/hash-game.module.ts';
import type { LobbyService } from '../lobby/lobby.service.ts';
import { AutoBetRepository } from './auto-bet.repo.ts';
import { AutoBetRunner, type AutoBetRunnerOptions } from './auto-bet.runner.ts';
import { AutoBetService } from './auto-bet.service.ts';

export interface AutoBetModule {
  service: AutoBetService;
  repo: AutoBetRepository;
  /** This instance's runner; it plays only while it holds the runner lock. */
  runner: AutoBetRunner;
  /** Another runner on the same database, competing for the same lock (failover, tests). */
  createRunner(options?: Partial<AutoBetRunnerOptions>): AutoBetRunner;
  start(): void;
  stop(): Promise<void>;
}

export interface AutoBetDependencies {
  database: DatabaseHandle;
  databaseUrl?: string;
  bus: EventBus;
  hashGame: HashGameModule;
  lobby: LobbyService;
  ledger: Ledger;
  log: FastifyBaseLogger;
  /** Whether bets from a country are refused now: runs started from one are stopped. */
  regionBlocked?: (country: string | null) => boolean;
}

/** Runs only where the round engine runs by itself: with a hand-driven engine, tests drive the runner too. */
export function createAutoBetModule(deps: AutoBetDependencies): AutoBetModule {
  const repo = new AutoBetRepository(deps.database.db);
  const service = new AutoBetService(deps.database.db, repo, deps.hashGame, deps.lobby, deps.ledger);
  const databaseUrl = lockUrlOf(deps.database, deps.databaseUrl);
  const createRunner = (options: Partial<AutoBetRunnerOptions> = {}) =>
    new AutoBetRunner(deps.database, databaseUrl, repo, deps.hashGame, deps.bus, deps.log, {
      pollMs: deps.hashGame.settings.enginePollMs,
      regionBlocked: deps.regionBlocked,
      ...options,
    });
  const runner = createRunner();
  return {
    service,
    repo,
    runner,
    createRunner,
    start() {
      if (deps.hashGame.settings.runEngine) runner.start();
    },
    async stop() {
      await runner.stop();
    },
  };
}
