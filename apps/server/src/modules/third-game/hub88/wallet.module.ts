import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import type { BalanceEvents } from '../../../money/balance-events.ts';
import { coalesced } from '../../../money/coalesced.ts';
import type { Ledger } from '../../../money/ledger.service.ts';
import type { OpsRegistrar } from '../../../http/ops-call.ts';
import type { Approvals } from '../../approvals/approvals.service.ts';
import { createFailpoints } from '../../wallet/failpoints.ts';
import { registerHeldWinsOpsRoutes } from '../held-wins.ops.ts';
import { ProviderWalletService, type WalletOptions } from '../provider-wallet.service.ts';
import { registerHub88WalletRoutes } from './wallet.routes.ts';
import type { TurnoverHooks } from '../../turnover/turnover.repo.ts';
import { HUB88_AGGREGATOR } from './games-api.ts';

/** How often at most a player's screen hears of the balance while a game plays. */
const ANNOUNCE_DELAY_MS = 250;

/**
 * Hub88's seamless wallet: amounts in 1/100000 of HUB88_CURRENCY, backed 1:1 by the player's USDT
 * (one unit is 10 micro-units), served at /hub88/wallet/... and verified with the aggregator's key.
 */
export async function setupHub88Wallet(
  http: FastifyInstance,
  deps: {
    config: Pick<
      Config,
      'NODE_ENV' | 'FAILPOINTS' | 'PROVIDER_SESSION_IDLE_MINUTES' | 'PROVIDER_WIN_HOLD_MULTIPLE' | 'PROVIDER_WIN_HOLD_CAP_USDT' | 'PROVIDER_WIN_HOLD_CAP_TRX'
    > & { HUB88_CURRENCY: string };
    db: Db;
    ledger: Ledger;
    balanceEvents: Pick<BalanceEvents, 'changed'>;
    /** The aggregator's public keys, read at each callback. */
    publicKeysPem: () => string[];
    /** VIP: closed rounds record their valid turnover. */
    turnover?: TurnoverHooks;
    /** Where the held wins' operator calls are registered. */
    ops: OpsRegistrar;
    /** Where a held win's release is asked for (the `heldWin.release` kind is registered with it). */
    approvals: Approvals;
    /** Limits, time-outs and self-exclusions, judged on every bet. */
    protection?: WalletOptions['protection'];
  },
): Promise<ProviderWalletService> {
  const failpoint = createFailpoints(deps.config);
  const ledgerCurrency = 'USDT';
  const wallet = new ProviderWalletService(deps.db, deps.ledger, {
    aggregator: HUB88_AGGREGATOR,
    currency: deps.config.HUB88_CURRENCY,
    ledgerCurrency,
    microPerUnit: 10n,
    afterCommit: () => failpoint('provider_wallet.after_commit'),
    onBalanceChanged: coalesced((playerIds) => deps.balanceEvents.changed(playerIds, { play: true }), ANNOUNCE_DELAY_MS),
    turnover: deps.turnover,
    protection: deps.protection,
    plausibility: {
      sessionIdleSeconds: deps.config.PROVIDER_SESSION_IDLE_MINUTES * 60,
      winHoldMultiple: BigInt(deps.config.PROVIDER_WIN_HOLD_MULTIPLE),
      winHoldCap: { USDT: deps.config.PROVIDER_WIN_HOLD_CAP_USDT, TRX: deps.config.PROVIDER_WIN_HOLD_CAP_TRX }[ledgerCurrency],
    },
  });
  await registerHub88WalletRoutes(http, wallet, { publicKeysPem: deps.publicKeysPem });
  registerHeldWinsOpsRoutes(deps.ops, wallet.heldWins, deps.approvals, deps.db);
  return wallet;
}
