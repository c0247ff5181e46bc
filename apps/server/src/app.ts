import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument, buildOpsOpenApiDocument } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createInstanceBus, createMemoryEventBus, createRedisEventBus, type EventBus } from './events/event-bus.ts';
import { createHttpServer } from './http/server.ts';
import { setupChain, type Chain } from './chain/chain-setup.ts';
import { registerRealtime } from './realtime/realtime.ts';
import { createOutboxMailer, createSmtpMailer, readOutbox } from './mail/mailer.ts';
import { createHashGameModule, unsettledHashBets, type HashGameModule } from './modules/hash-game/hash-game.module.ts';
import { registerHashGameRoutes } from './modules/hash-game/hash-game.routes.ts';
import { createAutoBetModule, type AutoBetModule } from './modules/auto-bet/auto-bet.module.ts';
import { registerAutoBetRoutes } from './modules/auto-bet/auto-bet.routes.ts';
import { registerLobbyOpsRoutes, registerLobbyRoutes } from './modules/lobby/lobby.routes.ts';
import { registerSiteConfigOpsRoutes } from './modules/lobby/site-config.ops.ts';
import { registerHashGamesOpsRoutes } from './modules/lobby/hash-games-ops.routes.ts';
import { LobbyService } from './modules/lobby/lobby.service.ts';
import { registerShelfRoutes } from './modules/lobby/shelves.routes.ts';
import { ShelvesService } from './modules/lobby/shelves.service.ts';
import { registerPlayerRoutes } from './modules/player/player.routes.ts';
import { PlayerService } from './modules/player/player.service.ts';
import { PlayerSnapshotCache } from './modules/player/player-snapshot.cache.ts';
import { SessionRepository } from './modules/player/session.repo.ts';
import { SessionService } from './modules/player/session.service.ts';
import { VerificationService } from './modules/player/verification.service.ts';
import { Ledger } from './money/ledger.service.ts';
import { BalanceEvents } from './money/balance-events.ts';
import { registerLedgerOpsRoutes } from './money/ledger-ops.routes.ts';
import { registerFiguresOpsRoutes } from './modules/figures/figures.routes.ts';
import { registerPlayersOpsRoutes } from './modules/figures/players-ops.routes.ts';
import { OpsRegistrar } from './http/ops-call.ts';
import { AuditLog } from './modules/audit/audit-log.ts';
import { createStaffModule, staffPublicUrl } from './modules/staff/staff.module.ts';
import { registerStaffOpsRoutes } from './modules/staff/staff.routes.ts';
import { consoleSocketAuth } from './modules/staff/staff-socket.ts';
import { registerStaffRealtime } from './realtime/staff-realtime.ts';
import { registerAuditOpsRoutes } from './modules/audit/audit.routes.ts';
import { Approvals } from './modules/approvals/approvals.service.ts';
import { registerApprovalsOpsRoutes } from './modules/approvals/approvals.routes.ts';
import { registerBalanceAdjustment } from './modules/approvals/balance-adjustment.ts';
import { registerQueueCountsOpsRoute } from './modules/figures/queue-counts.routes.ts';
import { PlayerStandingService } from './modules/player-standing/player-standing.service.ts';
import { createProtectionModule, type ProtectionModule } from './modules/protection/protection.module.ts';
import { registerProtectionOpsRoutes, registerProtectionRoutes } from './modules/protection/protection.routes.ts';
import { registerPlayerStandingOpsRoutes } from './modules/player-standing/player-standing.routes.ts';
import { registerFinanceOpsRoutes, registerRiskOpsRoutes } from './modules/finance-ops/finance-ops.routes.ts';
import { createWalletModule, type WalletModule } from './modules/wallet/wallet.module.ts';
import { AccountSecurityService } from './modules/account-security/account-security.service.ts';
import { registerAccountSecurityOpsRoutes, registerAccountSecurityRoutes } from './modules/account-security/account-security.routes.ts';
import { secretBox, twoFactorKey } from './security/secret-box.ts';
import { SanctionsList } from './modules/sanctions/sanctions-list.ts';
import { SanctionsScreen } from './modules/sanctions/sanctions-screen.ts';
import { registerSanctionsOpsRoutes, SanctionsOps } from './modules/sanctions/sanctions.routes.ts';
import { registerPlayerMarkOpsRoutes, registerPlayerMarkRoutes } from './modules/player-mark/player-mark.routes.ts';
import { PlayerMarkService } from './modules/player-mark/player-mark.service.ts';
import { ExperienceEnd } from './modules/player-mark/experience-end.ts';
import { BonusForfeits } from './modules/bonus/bonus-forfeit.service.ts';
import { registerBonusOpsRoutes, registerBonusRoutes, registerEconomyOpsRoutes } from './modules/bonus/bonus.routes.ts';
import { BonusService } from './modules/bonus/bonus.service.ts';
import { EconomySettings } from './modules/bonus/economy-settings.ts';
import { registerVipRoutes } from './modules/vip/vip.routes.ts';
import { VipService } from './modules/vip/vip.service.ts';
import { registerRebateRoutes } from './modules/rebate/rebate.routes.ts';
import { RebateService } from './modules/rebate/rebate.service.ts';
import { registerReferralOpsRoutes, registerReferralRoutes } from './modules/referral/referral.routes.ts';
import { ReferralService } from './modules/referral/referral.service.ts';
import { registerReportRoutes } from './modules/report/report.routes.ts';
import { ReportService } from './modules/report/report.service.ts';
import { ActivityCatalogue } from './modules/activity/activity-catalogue.ts';
import { ActivityOpsService } from './modules/activity/activity-ops.service.ts';
import { registerActivityOpsRoutes, registerActivityRoutes } from './modules/activity/activity.routes.ts';
import { ActivityService } from './modules/activity/activity.service.ts';
import { setupAggregator, type AggregatorSetup } from './modules/third-game/aggregator-setup.ts';
import { playerHostname, withGameUrls } from './modules/third-game/player-host.ts';
import { CatalogueRefresher } from './modules/third-game/catalogue-refresher.ts';
import { registerThirdGameRoutes } from './modules/third-game/third-game.routes.ts';
import { ThirdGameService } from './modules/third-game/third-game.service.ts';
import { setupHub88Wallet } from './modules/third-game/hub88/wallet.module.ts';
import { registerHeldWinRelease } from './modules/third-game/held-win-release.ts';
import type { ProviderWalletService } from './modules/third-game/provider-wallet.service.ts';
import { registerWalletRoutes, registerWithdrawalOpsRoutes } from './modules/wallet/wallet.routes.ts';
import { registerWithdrawalApproval } from './modules/wallet/withdrawal-approval.ts';
import { registerMailBoxOpsRoutes, registerMailBoxRoutes } from './modules/mail-box/mail-box.routes.ts';
import { MailBoxService } from './modules/mail-box/mail-box.service.ts';
import { BulletinService } from './modules/mail-box/bulletin.service.ts';
import { registerMediaRoutes } from './modules/media/media.routes.ts';
import { MediaService } from './modules/media/media.service.ts';
import { registerBannerOpsRoutes } from './modules/banner/banner.routes.ts';
import { BannerService } from './modules/banner/banner.service.ts';
import { registerClientIpRoutes } from './modules/client-ip/client-ip.routes.ts';
import { defaultCountryFiles, sharedCountryTable } from './modules/jurisdiction/country-table.ts';
import { installJurisdictions, registerJurisdictionOpsRoutes, registerJurisdictionRoutes } from './modules/jurisdiction/jurisdiction.routes.ts';
import { Jurisdictions } from './modules/jurisdiction/jurisdictions.ts';
import { CHANGED as LOBBY_CHANGED } from './modules/lobby/lobby.service.ts';
import { registerChatQuotaOpsRoutes, registerSupportChatOpsRoutes, registerSupportChatRoutes } from './modules/support-chat/support-chat.routes.ts';
import { SupportChatRepository } from './modules/support-chat/support-chat.repo.ts';
import { SupportChatService } from './modules/support-chat/support-chat.service.ts';
import { ChatQuotas } from './modules/support-chat/chat-quotas.ts';
import { createTreasuryModule, type TreasuryModule } from './modules/treasury/treasury.module.ts';
import { registerTreasuryOpsRoutes } from './modules/treasury/treasury.routes.ts';

export interface Application {
  http: FastifyInstance;
  database: DatabaseHandle;
  bus: EventBus;
  chain: Chain;
  services: {
    sessions: SessionService;
    players: PlayerService;
    lobby: LobbyService;
    /** The players' favourites and recently played games. */
    shelves: ShelvesService;
    ledger: Ledger;
    wallet: WalletModule;
    hashGame: HashGameModule;
    autoBet: AutoBetModule;
    playerMarks: PlayerMarkService;
    thirdGame: ThirdGameService;
    /** The seamless wallet the aggregator calls; also lists a player's third-party rounds. */
    providerWallet: ProviderWalletService;
    /** The operator's economy settings; bonus credits and wagering; rebate claims. */
    economy: EconomySettings;
    bonus: BonusService;
    rebates: RebateService;
    /** VIP levels and gifts; the terms turnover is recorded under. */
    vip: VipService;
    /** The game aggregator (the in-process demo one without HUB88_API_URL) and its catalogue refresh. */
    games: AggregatorSetup & { catalogue: CatalogueRefresher };
    /** Site mail (the /siteMessage inbox) and the bulletin the heartbeat carries. */
    mail: MailBoxService;
    bulletins: BulletinService;
    /** Images stored in the database and served at /media/<id>.<ext> (banners, chat and support attachments). */
    media: MediaService;
    /** The lobby's banners as operators manage them (/ops/v1/banners/*). */
    banners: BannerService;
    /** Support conversations: the player's chat and the operator's queue. */
    supportChat: SupportChatService;
    /** Activities (the seven bonus types): what is offered, each player's progress, claims. */
    activity: ActivityService;
    /** Player protection: the gate every stake passes, the player's choices, held deposits, the operator's settings. */
    protection: ProtectionModule;
    /** Players' two-factor, login history and the wait on new withdrawal addresses. */
    accountSecurity: AccountSecurityService;
    /** Sanctions screening: the listed addresses every instance holds, and the checks. */
    sanctions: { list: SanctionsList; screen: SanctionsScreen };
    /** Reconciliation of on-chain holdings against ledger liabilities, hourly and on demand. */
    treasury: TreasuryModule;
  };
  close(): Promise<void>;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const DEFAULT_CONSOLE_DIST = fileURLToPath(new URL('../../console/dist', import.meta.url));

/**
 * The composition root: builds every service from the configuration and wires the routes.
 * `main.ts` runs it as a process; tests build one per file against their own database.
 */
export async function createApplication(
  config: Config,
  overrides: { database?: DatabaseHandle; bus?: EventBus; logStream?: NodeJS.WritableStream } = {},
): Promise<Application> {
  let http: FastifyInstance | undefined;
  const database =
    overrides.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      onIdleError: (error) => http?.log.warn({ err: error }, 'idle database connection lost; the pool replaces it'),
    }));
  await migrateToLatest(database.db);

  const chain = await setupChain(config);
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 }) : undefined;
  // A bus handed in belongs to the caller (tests running two instances on one bus) and outlives this one.
  const transport = overrides.bus ?? (config.REDIS_URL ? await createRedisEventBus(config.REDIS_URL) : createMemoryEventBus());
  // This instance's view of it: its own events stay here, and a failing subscriber is logged while the others are still told.
  const bus = createInstanceBus(transport, (error, event) => http?.log.warn({ err: error, event }, 'event subscriber failed'));
  const mailer = config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createOutboxMailer(database.db);

  const sessions = new SessionService(new SessionRepository(database.db), bus, {
    ttlMs: config.SESSION_TTL_HOURS * 3_600_000,
    cacheMs: config.SESSION_CACHE_SECONDS * 1000,
  });
  const verification = new VerificationService(database.db, mailer, {
    ttlSeconds: config.VERIFICATION_CODE_TTL_SECONDS,
    maxAttempts: config.VERIFICATION_CODE_MAX_ATTEMPTS,
    resendSeconds: config.VERIFICATION_CODE_RESEND_SECONDS,
    perIpPerHour: 30,
  });
  const snapshots = new PlayerSnapshotCache(bus, config.SESSION_CACHE_SECONDS * 1000);
  const players = new PlayerService(
    database.db,
    sessions,
    verification,
    {
      registrationsPerIpPerDay: config.REGISTRATIONS_PER_IP_PER_DAY,
      loginFailuresPerIp: config.LOGIN_FAILURES_PER_IP,
      loginFailuresPerAccount: config.LOGIN_FAILURES_PER_ACCOUNT,
    },
    snapshots,
    bus,
  );

  // The game aggregator starts before the HTTP server: the Content-Security-Policy names its origin.
  // The demo one calls this server's wallet wherever it ends up listening.
  const games = await setupAggregator(
    config,
    () => listeningUrl(http),
    (msg, extra) => http?.log.info(extra ?? {}, msg),
  );

  http = await createHttpServer({
    gameOrigins: games.gameOrigins,
    gameOriginsFor: (request) => games.gameOriginsFor(playerHostname(request)),
    scriptOrigins: config.CHATWOOT_BASE_URL ? [new URL(config.CHATWOOT_BASE_URL).origin] : [],
    logLevel: config.LOG_LEVEL,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    ratePerMinute: config.RATE_LIMIT_PER_MINUTE,
    timeouts: {
      headersMs: config.HTTP_HEADERS_TIMEOUT_MS,
      requestMs: config.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      idleMs: config.HTTP_IDLE_TIMEOUT_MS,
    },
    redis,
    webDistDir: config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST,
    consoleDistDir: config.CONSOLE_DIST_DIR ?? DEFAULT_CONSOLE_DIST,
    logStream: overrides.logStream,
  });
  // The country of every request from the offline IP database, after TRUST_PROXY; the region guard
  // goes on the calls a blocked country is refused before any route is registered. The table is read
  // at start (a broken file stops it), except in tests, whose loopback addresses never need it.
  const countryFiles = config.GEOIP_COUNTRY_FILE ?? defaultCountryFiles();
  const countries = () => sharedCountryTable(countryFiles);
  if (config.NODE_ENV !== 'test') countries();
  const jurisdictions = new Jurisdictions(database.db, countries, bus, (error) => http?.log.warn({ err: error }, 'blocked countries reload failed'));
  await jurisdictions.start();
  installJurisdictions(http, jurisdictions);

  // Operator calls: a staff session or an API key, the permission the contract declares, every call audited.
  // Four eyes: adjustments, large withdrawals, held wins and grants of staff rights are asked by one person and decided by another.
  const approvals = new Approvals(database.db, bus);
  // Staff's and players' authenticator secrets are sealed with one key from configuration.
  const twoFactorSecrets = secretBox(twoFactorKey(config));
  const staff = await createStaffModule(
    database.db,
    {
      publicUrl: staffPublicUrl(config),
      credentialsRatePerMinute: config.CREDENTIALS_RATE_PER_MINUTE,
      // A console socket of a member signed out, disabled or reset lets go at once, on every instance.
      onSessionsEnded: (staffId) => bus.publish('staff.session.ended', { staffId }),
      secrets: twoFactorSecrets,
    },
    approvals,
  );
  await staff.identity.sealStoredSecrets();
  const ops = new OpsRegistrar(http, staff.authenticator, new AuditLog(database.db));
  registerStaffOpsRoutes(ops, staff);

  const openApi = buildOpenApiDocument();
  http.get('/openapi.json', async () => openApi);
  const opsOpenApi = buildOpsOpenApiDocument();
  http.get('/ops/openapi.json', async () => opsOpenApi);
  http.get('/healthz', { config: { rateLimit: false } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(database.db);
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });
  if (config.devOutbox) {
    // Development only: read the mails the outbox kept instead of sending.
    http.post<{ Body: { to?: unknown } }>('/dev/outbox', async (request) => {
      const to = typeof request.body?.to === 'string' ? request.body.to : '';
      const mails = await readOutbox(database.db, to);
      return { code: 0, msg: 'success', data: mails.map((m) => ({ ...m, id: Number(m.id), created_at: m.created_at.toISOString() })) };
    });
  }

  await registerRealtime(http, bus, sessions, {
    maxSocketsPerIp: config.WS_MAX_SOCKETS_PER_IP,
    framesPer10s: config.WS_FRAMES_PER_10S,
    authsPerMinute: config.WS_AUTH_PER_MINUTE,
    authFailuresPerIp: config.WS_AUTH_FAILURES_PER_IP,
    heartbeatMs: config.WS_HEARTBEAT_SECONDS * 1000,
    sessionRecheckMs: config.WS_SESSION_RECHECK_SECONDS * 1000,
  });
  // The console's live feed: chats, withdrawals to review, held wins and alerts, to the staff allowed to see them.
  await registerStaffRealtime(http, bus, {
    ...consoleSocketAuth(staff.identity.sessions),
    recheckMs: config.WS_SESSION_RECHECK_SECONDS * 1000,
    heartbeatMs: config.WS_HEARTBEAT_SECONDS * 1000,
  });
  registerPlayerRoutes(http, sessions, players, {
    credentialsPerMinute: config.CREDENTIALS_RATE_PER_MINUTE,
    mailPerMinute: config.MAIL_RATE_PER_MINUTE,
  });
  const lobby = new LobbyService(database.db, bus, {
    publicHost: config.PUBLIC_HOST,
    chatUrl: config.CHAT_URL,
    publicExplorer: config.TRON_API_URL !== undefined,
  });
  await lobby.ensureCatalogue();
  registerLobbyRoutes(http, sessions, lobby, undefined, (home, request) => withGameUrls(home, (url) => games.urlFor(url, playerHostname(request))));
  const shelves = new ShelvesService(database.db, lobby, bus);
  registerShelfRoutes(http, sessions, lobby, shelves, (game, request) => ({
    ...game,
    logoZh: games.urlFor(game.logoZh, playerHostname(request)),
    logoEn: games.urlFor(game.logoEn, playerHostname(request)),
  }));
  const media = new MediaService(database.db);
  registerMediaRoutes(http, media);
  // A banner change drops this instance's cached lobby at once and every other instance's through the bus.
  const banners = new BannerService(database.db, media, async () => {
    lobby.invalidate();
    await bus.publish(LOBBY_CHANGED, {});
  });
  // Tests start from an empty lobby; a real first start shows the starting banners.
  if (config.NODE_ENV !== 'test') await banners.ensureStartingBanners();
  registerBannerOpsRoutes(ops, banners);
  registerClientIpRoutes(http);
  registerJurisdictionRoutes(http, sessions, jurisdictions);
  registerJurisdictionOpsRoutes(ops, jurisdictions, lobby);

  // Site mail and the bulletin board: the heartbeat reads the bulletins every instance keeps live.
  const mail = new MailBoxService(database.db, players, bus, http.log);
  const bulletins = new BulletinService(database.db, bus, { log: http.log });
  await bulletins.start();
  players.notices = bulletins;
  registerMailBoxRoutes(http, sessions, mail);
  registerMailBoxOpsRoutes(ops, {
    mail,
    bulletins,
    categories: async () => {
      const { items } = await lobby.syncConfig('mail', undefined);
      return Array.isArray(items.categories) ? items.categories.flatMap((c: { id?: unknown }) => (typeof c?.id === 'number' ? [c.id] : [])) : [];
    },
  });

  const ledger = new Ledger(database.db, {
    onBatchError: (error, transfers) => http!.log.error({ err: error, transfers }, 'ledger batch failed; transfers sent one by one'),
  });
  // Every module that moves a player's money announces the new balance through this one publisher.
  const balanceEvents = new BalanceEvents(database.db, bus, http.log);
  // Operator economy settings (VIP ladder, rebate rates, wagering multipliers), followed live; bonus money and rebates.
  const economy = new EconomySettings(database.db, bus);
  await economy.start();
  const bonus = new BonusService(database.db, ledger, economy, balanceEvents);
  const rebates = new RebateService(database.db, bonus, balanceEvents);
  const bonusForfeits = new BonusForfeits(database.db, ledger, balanceEvents);
  // The audit log's calls, and the four-eyes queue.
  registerAuditOpsRoutes(ops, database.db);
  registerBalanceAdjustment(approvals, ledger, balanceEvents);
  registerApprovalsOpsRoutes(ops, approvals);
  registerQueueCountsOpsRoute(ops, database.db, approvals);
  registerBonusRoutes(http, sessions, bonus, bonusForfeits, economy);
  registerBonusOpsRoutes(ops, bonusForfeits);
  registerRebateRoutes(http, sessions, rebates);
  registerEconomyOpsRoutes(ops, economy);
  const vip = new VipService(database.db, economy, bonus, balanceEvents, players, bus, {
    exchangeTrxPerUsdt: config.EXCHANGE_TRX_PER_USDT,
    dailyWithdrawCount: config.WITHDRAWAL_DAILY_COUNT,
    log: http.log,
  });
  registerVipRoutes(http, sessions, vip);
  // Player protection (PROTECTION.md): every path that stakes money asks the gate; each instance keeps
  // the guarded players and hears every change at once.
  const protection = await createProtectionModule({
    database,
    databaseUrl: config.DATABASE_URL,
    bus,
    ledger,
    turnoverRate: () => vip.terms().trxPerUsdt,
    balancesChanged: (ids) => balanceEvents.changed(ids),
    // Declared further down; a pause can only be taken once the routes are up.
    enders: { stopAutoBets: async (playerId) => void (await autoBet.service.stop(playerId)) },
    log: http.log,
  });
  bonus.protection = protection.gate;
  mail.protection = protection.gate;
  // Referral commission and player reports read the aggregates turnover recording keeps at settlement.
  const referral = new ReferralService(database.db, bonus, players, balanceEvents, bus, () => vip.terms());
  registerReferralRoutes(http, sessions, referral);
  registerReferralOpsRoutes(ops, referral);
  // Self-referral is judged inside the registration transaction of every invited player.
  if (config.SELF_REFERRAL_REVIEW) players.invitedRegistration = (trx, input) => referral.flagIfSelfReferral(trx, input);
  registerReportRoutes(http, sessions, new ReportService(database.db));
  // Activities: the catalogue is cached per instance and reloaded on every instance when an operator changes it.
  const activityCatalogue = new ActivityCatalogue(database.db, bus);
  await activityCatalogue.start();
  const activity = new ActivityService(database.db, activityCatalogue, bonus, balanceEvents, bus);
  activity.protection = protection.gate;
  registerActivityRoutes(http, sessions, activity);
  registerActivityOpsRoutes(ops, new ActivityOpsService(database.db, activityCatalogue, media));
  // Sanctions screening: the listed addresses (shipped files and staff uploads), held in memory on every instance.
  const sanctionsList = new SanctionsList(database.db, bus, (error) =>
    http!.log.error({ err: error }, 'sanctions list reload failed; the previous copy stays'),
  );
  await sanctionsList.start();
  const sanctions = new SanctionsScreen(database.db, sanctionsList, bus, http.log);
  // The wallet reads unsettled hash bets from their table; the hash games, built after it, ask it who bound an address.
  const wallet = createWalletModule({
    config,
    database,
    chain,
    bus,
    ledger,
    players,
    balanceEvents,
    log: http.log,
    unsettledOrders: unsettledHashBets(database.db),
    sanctions,
  });
  registerSanctionsOpsRoutes(ops, new SanctionsOps(database.db, sanctionsList, (depositId, also) => wallet.depositWatcher.creditReviewed(depositId, also)));
  await registerWalletRoutes(http, sessions, wallet, { credentialsPerMinute: config.CREDENTIALS_RATE_PER_MINUTE });
  registerWithdrawalApproval(approvals, wallet.withdrawals);
  // Deposits beyond a deposit limit are held, released as the limit allows, or sent back to their senders.
  wallet.depositWatcher.depositLimits = protection.held;
  protection.held.sender = {
    returnMade: (playerId, requestId) => wallet.withdrawals.heldReturnMade(playerId, requestId),
    returnHeld: (playerId, requestId, items) =>
      wallet.withdrawals.returnHeld(playerId, requestId, items, (trx, sent) => protection.held.markReturned(trx, playerId, items[0]!.currency, sent)),
  };
  wallet.withdrawals.heldReturnRefunded = (trx, refund) => protection.held.returnRefunded(trx, refund);
  protection.held.screenDestination = (address, request) => sanctions.refuseListed(address, { kind: 'withdrawal', ...request });
  protection.sweeps.start();
  // Account security: players' two-factor (secrets sealed with a key from configuration), the login
  // history, the wait on new withdrawal addresses and the mails telling the player.
  const accountSecurity = new AccountSecurityService(database.db, {
    box: twoFactorSecrets,
    mailer,
    sessionsEnded: (playerId) => sessions.announceEnded(playerId),
    log: http.log,
  });
  if (config.NODE_ENV === 'test' && config.TEST_ADDRESS_WAIT_HOURS !== undefined) await accountSecurity.setAddressWaitHours(config.TEST_ADDRESS_WAIT_HOURS);
  players.security = accountSecurity;
  wallet.book.security = accountSecurity;
  wallet.withdrawals.secondFactor = accountSecurity;
  wallet.fundPasswords.secondFactor = accountSecurity;
  registerAccountSecurityRoutes(http, sessions, accountSecurity, { credentialsPerMinute: config.CREDENTIALS_RATE_PER_MINUTE });
  registerAccountSecurityOpsRoutes(ops, accountSecurity);
  registerWithdrawalOpsRoutes(ops, wallet, approvals, database.db);
  registerLedgerOpsRoutes(ops, database.db);
  // The console's dashboard (figures kept as money moves, USDT equivalents at the exchange's rate) and its player pages.
  registerFiguresOpsRoutes(ops, database.db, {
    trxPerUsdt: () => wallet.settings.exchange.trxPerUsdt,
    hotWallet: async () => {
      const address = chain.hotWallet.address;
      const [usdt, trx] = await Promise.all([chain.client.getUsdtBalance(address), chain.client.getTrxBalance(address)]);
      return { address, usdt, trx };
    },
  });
  registerPlayersOpsRoutes(ops, database.db);
  wallet.start();
  const treasury = createTreasuryModule({
    config,
    database,
    chain,
    bus,
    transferAddresses: async () => (await lobby.hashGameState()).transferAddresses.map((row) => row.address),
    log: http.log,
  });
  registerTreasuryOpsRoutes(ops, treasury);
  treasury.start();
  const hashGame = await createHashGameModule({
    config,
    database,
    chain,
    bus,
    lobby,
    balanceEvents,
    log: http.log,
    betAddressOwner: (address) => wallet.betAddresses.playerFor(address),
    turnover: vip,
    players,
    sanctions,
    protection: protection.gate,
  });
  registerHashGameRoutes(http, sessions, hashGame.service);
  hashGame.start();
  const playerMarks = new PlayerMarkService(database.db, ledger, unsettledHashBets(database.db), balanceEvents);
  players.registrationHook = (trx, playerId, inviteCode) => playerMarks.redeemAtRegistration(trx, playerId, inviteCode);
  registerPlayerMarkRoutes(http, sessions, playerMarks);
  registerPlayerMarkOpsRoutes(ops, playerMarks, config.EXPERIENCE_GOLD_GRANT_MAX_USDT);
  // An experience account spent below 3 USDT ends after a balance change or a settled round (it hears both on the bus).
  const experienceEnd = new ExperienceEnd(database.db, ledger, unsettledHashBets(database.db), (ids) => balanceEvents.changed(ids), { log: http.log, bus });
  wallet.withdrawals.experienceEnd = experienceEnd;
  const thirdGame = new ThirdGameService(database.db, {
    lobby,
    aggregatorFor: (name) => (name === games.aggregator.name ? games.aggregator : undefined),
    marks: playerMarks,
    players,
    unsettledOrders: unsettledHashBets(database.db),
    log: http.log,
    appSessions: sessions,
    bus,
    protection: protection.gate,
  });
  await registerThirdGameRoutes(http, sessions, thirdGame, { publicHost: config.PUBLIC_HOST });
  const providerWallet = await setupHub88Wallet(http, {
    config,
    db: database.db,
    ledger,
    balanceEvents,
    publicKeysPem: () => (config.HUB88_PUBLIC_KEY ? [config.HUB88_PUBLIC_KEY, games.walletPublicKeyPem] : [games.walletPublicKeyPem]),
    turnover: vip,
    ops,
    approvals,
    protection: protection.gate,
  });
  registerHeldWinRelease(approvals, providerWallet.heldWins);
  const catalogue = new CatalogueRefresher(lobby, games.aggregator, config.HUB88_GAME_LIST_REFRESH_SECONDS * 1000, http.log);
  await catalogue.start();
  registerLobbyOpsRoutes(ops, lobby, games.aggregator);
  registerSiteConfigOpsRoutes(ops, lobby);
  registerHashGamesOpsRoutes(ops, lobby, hashGame.rules);

  const autoBet = createAutoBetModule({
    database,
    databaseUrl: config.DATABASE_URL,
    bus,
    hashGame,
    lobby,
    ledger,
    log: http.log,
    regionBlocked: (country) => jurisdictions.isBlocked(country),
  });
  registerAutoBetRoutes(http, sessions, autoBet.service);
  autoBet.start();
  // Staff freezing a player, or signing them out: sessions, game sessions and auto-bets end on every instance.
  const standing = new PlayerStandingService(database.db, {
    sessionsEnded: (playerId) => sessions.announceEnded(playerId),
    stopAutoBets: async (playerId) => void (await autoBet.service.stop(playerId)),
  });
  registerPlayerStandingOpsRoutes(ops, standing);
  registerProtectionRoutes(http, sessions, protection.service, protection.held);
  registerProtectionOpsRoutes(ops, protection.ops);
  registerFinanceOpsRoutes(ops, database.db);
  registerRiskOpsRoutes(ops, database.db);

  // Per-player quotas of chat messages, chat images and stored media: the operator's, on every instance.
  const chatQuotas = new ChatQuotas(database.db, bus);
  await chatQuotas.start();
  registerChatQuotaOpsRoutes(ops, chatQuotas);
  const supportChat = new SupportChatService(new SupportChatRepository(database.db), bus, players, {
    imageMaxBytes: config.CHAT_IMAGE_MAX_BYTES,
    images: media,
    quotas: chatQuotas,
    chatwoot:
      config.CHATWOOT_BASE_URL && config.CHATWOOT_WEBSITE_TOKEN
        ? { baseUrl: config.CHATWOOT_BASE_URL, websiteToken: config.CHATWOOT_WEBSITE_TOKEN, hmacToken: config.CHATWOOT_HMAC_TOKEN }
        : undefined,
  });
  registerSupportChatRoutes(http, sessions, supportChat, { imageMaxBytes: config.CHAT_IMAGE_MAX_BYTES });
  registerSupportChatOpsRoutes(ops, supportChat);

  let closed = false;
  return {
    http,
    database,
    bus,
    chain,
    services: {
      sessions,
      players,
      lobby,
      shelves,
      ledger,
      wallet,
      hashGame,
      autoBet,
      playerMarks,
      thirdGame,
      providerWallet,
      economy,
      bonus,
      rebates,
      vip,
      games: { ...games, catalogue },
      mail,
      bulletins,
      media,
      banners,
      supportChat,
      activity,
      protection,
      accountSecurity,
      sanctions: { list: sanctionsList, screen: sanctions },
      treasury,
    },
    async close() {
      if (closed) return;
      closed = true;
      catalogue.stop();
      jurisdictions.stop();
      economy.stop();
      await protection.stop();
      sanctionsList.stop();
      activityCatalogue.stop();
      await activity.stop();
      await games.close();
      await wallet.stop();
      await treasury.stop();
      await autoBet.stop();
      await hashGame.stop();
      await http.close();
      thirdGame.close();
      sessions.close();
      lobby.close();
      bulletins.stop();
      supportChat.close();
      chatQuotas.stop();
      snapshots.close();
      await bus.close();
      if (!overrides.bus) await transport.close();
      redis?.disconnect();
      await chain.close();
      await database.close();
    },
  };
}

/** Where this server answers, for the in-process demo aggregator's wallet calls (the loopback for a wildcard address). */
function listeningUrl(http: FastifyInstance | undefined): string {
  const address = http?.server.address();
  if (!address || typeof address === 'string') return 'http://127.0.0.1:8080';
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
