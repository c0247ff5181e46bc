import type { FastifyBaseLogger } from 'fastify';
import type { Chain } from '../../chain/chain-setup.ts';
import { HotWalletSender } from '../../chain/hot-wallet-sender.ts';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { LeaderLock, lockUrlOf } from '../../db/leader-lock.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { playerBalancesView } from '../../money/balances.ts';
import type { Ledger } from '../../money/ledger.service.ts';
import type { BalanceEvents } from '../../money/balance-events.ts';
import type { PlayerService } from '../player/player.service.ts';
import type { SanctionsCheck } from '../sanctions/sanctions-screen.ts';
import { BetAddressService } from './bet-address.service.ts';
import { CashoutBookService } from './cashout-book.service.ts';
import { DepositService } from './deposit.service.ts';
import { DepositWatcher } from './deposit-watcher.ts';
import { ExchangeService } from './exchange.service.ts';
import { ExperienceRules, NO_UNSETTLED_ORDERS, type UnsettledOrders } from './experience.ts';
import { createFailpoints } from './failpoints.ts';
import { FundPasswordService } from './fund-password.service.ts';
import { RecordsService } from './records.service.ts';
import { walletSettings, type WalletSettings } from './settings.ts';
import { TransferService } from './transfer.service.ts';
import { createWithdrawalSender, WithdrawalPayments, type WithdrawalSender } from './withdrawal-processor.ts';
import { WithdrawalRepository } from './withdrawal.repo.ts';
import { WithdrawalService } from './withdrawal.service.ts';
import { BackgroundWorker } from './worker.ts';

export interface WalletModule {
  settings: WalletSettings;
  deposits: DepositService;
  depositWatcher: DepositWatcher;
  withdrawals: WithdrawalService;
  /** Sends queued withdrawals from the hot wallet and follows them to the end. */
  withdrawalSender: WithdrawalSender;
  fundPasswords: FundPasswordService;
  book: CashoutBookService;
  exchange: ExchangeService;
  transfers: TransferService;
  betAddresses: BetAddressService;
  records: RecordsService;
  experience: ExperienceRules;
  workers: { deposits: BackgroundWorker; withdrawals: BackgroundWorker };
  /** The player's wallet balances as the API shows them. */
  balances(playerId: number): Promise<{ usdt: string; trx: string }>;
  /** Starts the background workers (each runs on the one instance holding its lock). */
  start(): void;
  stop(): Promise<void>;
}

export interface WalletDependencies {
  config: Config;
  database: DatabaseHandle;
  chain: Chain;
  bus: EventBus;
  ledger: Ledger;
  players: PlayerService;
  /** Announces a player's new balance after the wallet moved their money. */
  balanceEvents: BalanceEvents;
  log: FastifyBaseLogger;
  /** Filled by the hash-game module once bets exist. */
  unsettledOrders?: UnsettledOrders;
  /** Sanctions screening of withdrawal, bet and deposit-source addresses. */
  sanctions?: SanctionsCheck;
}

/** Builds the wallet: deposits, withdrawals, exchange, transfers, saved destinations and history. */
export function createWalletModule(deps: WalletDependencies): WalletModule {
  const { database, chain, ledger } = deps;
  const db = database.db;
  const settings = walletSettings(deps.config);
  const failpoint = createFailpoints(deps.config);
  const notifier = deps.balanceEvents;
  const experience = new ExperienceRules(deps.unsettledOrders ?? NO_UNSETTLED_ORDERS);
  const fundPasswords = new FundPasswordService(db, deps.players);
  const deposits = new DepositService(db, chain, settings);
  const book = new CashoutBookService(db, deposits, deps.players, deps.sanctions);
  const betAddresses = new BetAddressService(db, chain.client, deposits, settings, deps.players, deps.sanctions);
  const records = new RecordsService(db, deps.players, settings);
  const withdrawalRepo = new WithdrawalRepository(db);
  const withdrawals = new WithdrawalService(
    db,
    withdrawalRepo,
    deps.players,
    ledger,
    fundPasswords,
    book,
    experience,
    notifier,
    settings,
    failpoint,
    deps.log,
    deps.bus,
  );
  const exchange = new ExchangeService(db, ledger, experience, notifier, settings, deps.players);
  const transfers = new TransferService(db, ledger, fundPasswords, experience, notifier, deps.players);
  const depositWatcher = new DepositWatcher(db, deps.players, chain.client, ledger, betAddresses, notifier, settings, deps.log, deps.bus, deps.sanctions);
  const withdrawalSender = createWithdrawalSender(
    db,
    new HotWalletSender(chain.client, chain.hotWallet, settings.withdrawal.confirmations, deps.config.HOT_WALLET_TRX_RESERVE),
    new WithdrawalPayments(db, withdrawalRepo, ledger, withdrawals, settings.withdrawal.maxAttempts),
    failpoint,
    deps.log,
    // Staff who review withdrawals hear at once of one waiting for funds or failed on chain.
    (alert) => void deps.bus.publish('alert', { ...alert, permission: 'finance.withdrawals.review' }).catch(() => undefined),
  );

  // A test database reports the URL it was opened with; a server's is its configuration's.
  const databaseUrl = lockUrlOf(database, deps.config.DATABASE_URL);
  const workers = {
    deposits: new BackgroundWorker(
      'deposit-watcher',
      settings.deposit.pollMs,
      new LeaderLock(database, 'wallet.deposits', databaseUrl),
      () => depositWatcher.run(),
      deps.log,
    ),
    withdrawals: new BackgroundWorker(
      'withdrawal-processor',
      settings.withdrawal.pollMs,
      new LeaderLock(database, 'wallet.withdrawals', databaseUrl),
      () => withdrawalSender.run(),
      deps.log,
    ),
  };
  withdrawals.onQueued = () => workers.withdrawals.nudge();

  return {
    settings,
    deposits,
    depositWatcher,
    withdrawals,
    withdrawalSender,
    fundPasswords,
    book,
    exchange,
    transfers,
    betAddresses,
    records,
    experience,
    workers,
    balances: (playerId) => playerBalancesView(db, playerId),
    start() {
      workers.deposits.start();
      workers.withdrawals.start();
    },
    async stop() {
      await Promise.all([workers.deposits.stop(), workers.withdrawals.stop()]);
    },
  };
}
