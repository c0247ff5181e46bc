import type { PlayerService } from '../player/player.service.ts';
import type { ProtectionGate } from '../protection/protection-gate.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Chain } from '../../chain/chain-setup.ts';
import { HotWalletSender } from '../../chain/hot-wallet-sender.ts';
import type { Config } from '../../config.ts';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import { LeaderLock, lockUrlOf } from '../../db/leader-lock.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { BalanceEvents } from '../../money/balance-events.ts';
import type { PlayerWallet } from '../../money/balances.ts';
import type { LobbyService } from '../lobby/lobby.service.ts';
import { HashGameRepository } from './hash-game.repo.ts';
import { BetBatcher } from './bet-batcher.ts';
import { HashGameService, HEAD_LOCK } from './hash-game.service.ts';
import { HeadCache } from './head-cache.ts';
import { createPayoutSender, type PayoutSender } from './payout-sender.ts';
import { RoundEngine, type RoundEngineOptions } from './round-engine.ts';
import { RoundPublisher } from './round-publisher.ts';
import { GameRules } from './rules.ts';
import { hashGameSettings, type HashGameSettings } from './settings.ts';
import { TransferWatcher, type BetAddressOwner } from './transfer-watcher.ts';
import type { TurnoverHooks } from '../turnover/turnover.repo.ts';
import type { SanctionsCheck } from '../sanctions/sanctions-screen.ts';

/** Deposit-key index of a transfer game's receiving address: far above any player's deposit index. */
export const transferAddressIndex = (gameId: number, level: number) => 2_000_000_000 + gameId * 2 + level;

/**
 * For the wallet's experience-account rule: a player's bets placed and not yet settled. A read of
 * the hash-game tables that needs no module, so the wallet is built before the hash games, which in
 * turn ask the wallet who bound a bet address.
 */
export function unsettledHashBets(db: Db): { count(playerId: number): Promise<number> } {
  const repo = new HashGameRepository(db);
  return { count: (playerId) => repo.unsettledCount(playerId) };
}

export interface HashGameModule {
  settings: HashGameSettings;
  service: HashGameService;
  repo: HashGameRepository;
  rules: GameRules;
  heads: HeadCache;
  publisher: RoundPublisher;
  watcher: TransferWatcher;
  payouts: PayoutSender;
  /** This instance's engine; it runs only while it holds the engine lock. */
  engine: RoundEngine;
  /** Another engine on the same database, competing for the same lock (failover, tests). */
  createEngine(options?: Partial<RoundEngineOptions>): RoundEngine;
  start(): void;
  stop(): Promise<void>;
}

export interface HashGameDependencies {
  config: Config;
  database: DatabaseHandle;
  chain: Chain;
  bus: EventBus;
  lobby: LobbyService;
  /** Announces a player's new balance after a bet or a settled round moved their money. */
  balanceEvents: BalanceEvents;
  log: FastifyBaseLogger;
  /** The player who bound an address for transfer bets (the wallet's bet addresses). */
  betAddressOwner: BetAddressOwner;
  /** VIP: the terms each round's turnover is recorded under, and level-up announcements. */
  turnover?: TurnoverHooks;
  /** Transfer bets from a sanctioned address are not played but held for review. */
  sanctions?: Pick<SanctionsCheck, 'listsOf' | 'holdTransfer'>;
  /** The winners' nicknames for the lobby's ticker, read through the player module. */
  players: Pick<PlayerService, 'nicknames'>;
  /** Limits, time-outs and self-exclusions, judged on page bets, auto-bets and transfer bets. */
  protection?: ProtectionGate;
}

/**
 * Builds the hash games. At start the lobby's seeded transfer addresses (which nobody holds a key
 * of) are replaced by addresses derived from the operator's deposit key, so the operator can sweep
 * what players send there; payouts leave from the hot wallet.
 */
export async function createHashGameModule(deps: HashGameDependencies): Promise<HashGameModule> {
  const { database, chain, bus, lobby, log } = deps;
  const db = database.db;
  const settings = hashGameSettings(deps.config);
  await lobby.replaceSeededTransferAddresses((gameId, level) => chain.deposits.address(transferAddressIndex(gameId, level)));

  const repo = new HashGameRepository(db);
  const rules = new GameRules(settings.overrides, lobby);
  const heads = new HeadCache(repo, bus);
  // Bets and settled rounds are play: the activity engine looks at such players at most every 30 s.
  const announce = (playerId: number, wallet: PlayerWallet) => deps.balanceEvents.announce(playerId, wallet, { play: true });
  const bets = new BetBatcher(repo, { minHeadTime: () => Date.now() - settings.headMaxAgeMs, headLock: HEAD_LOCK });
  const service = new HashGameService(repo, bets, rules, heads, bus, announce, settings, deps.protection);
  const publisher = new RoundPublisher(db, bus, service, repo, rules, heads, deps.balanceEvents, lobby, deps.players, log);
  const watcher = new TransferWatcher(
    db,
    chain.client,
    repo,
    rules,
    deps.betAddressOwner,
    new Set([chain.hotWallet.address]),
    settings.transferRescanMs,
    log,
    deps.turnover,
    deps.sanctions,
    deps.protection,
  );
  const payouts = createPayoutSender(
    db,
    new HotWalletSender(chain.client, chain.hotWallet, settings.payoutConfirmations, deps.config.HOT_WALLET_TRX_RESERVE),
    { maxAttempts: settings.payoutMaxAttempts },
    log,
    undefined,
    (alert) =>
      // Transfer-bet payouts and refunds go out of the hot wallet like withdrawals: the same staff hear of them.
      void bus.publish('alert', { ...alert, permission: 'finance.withdrawals.review' }).catch(() => undefined),
  );

  // The engine holds its lock on a session of its own, opened on the same server as the pool.
  const databaseUrl = lockUrlOf(database, deps.config.DATABASE_URL);
  const createEngine = (options: Partial<RoundEngineOptions> = {}) =>
    new RoundEngine(
      { lock: new LeaderLock(database, 'hash-game.round-engine', databaseUrl), client: chain.client, repo, publisher, watcher, payouts, log },
      { pollMs: settings.enginePollMs, transferPollMs: settings.transferPollMs, turnover: deps.turnover, ...options },
    );
  const engine = createEngine();

  return {
    settings,
    service,
    repo,
    rules,
    heads,
    publisher,
    watcher,
    payouts,
    engine,
    createEngine,
    start() {
      if (settings.runEngine) engine.start();
    },
    async stop() {
      await engine.stop();
      heads.close();
    },
  };
}
