import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import type { BalanceEvents } from '../../../money/balance-events.ts';
import type { Ledger } from '../../../money/ledger.service.ts';
import { createFailpoints } from '../../wallet/failpoints.ts';
import { ProviderWalletService } from '../provider-wallet.service.ts';
import { registerHub88WalletRoutes } from './wallet.routes.ts';

/** The name Hub88's sessions, games and wallet transactions are stored under. */
export const HUB88 = 'hub88';

/**
 * Hub88's seamless wallet: amounts in 1/100000 of HUB88_CURRENCY, backed 1:1 by the player's USDT
 * (one unit is 10 micro-units), served at /hub88/wallet/... and verified with the aggregator's key.
 */
export async function setupHub88Wallet(
  http: FastifyInstance,
  deps: {
    config: Pick<Config, 'NODE_ENV' | 'FAILPOINTS'> & { HUB88_CURRENCY: string };
    db: Db;
    ledger: Ledger;
    balanceEvents: Pick<BalanceEvents, 'changed'>;
    /** The aggregator's public keys, read at each callback. */
    publicKeysPem: () => string[];
  },
): Promise<ProviderWalletService> {
  const failpoint = createFailpoints(deps.config);
  const wallet = new ProviderWalletService(deps.db, deps.ledger, {
    aggregator: HUB88,
    currency: deps.config.HUB88_CURRENCY,
    ledgerCurrency: 'USDT',
    microPerUnit: 10n,
    afterCommit: () => failpoint('provider_wallet.after_commit'),
    // The money has moved; announcing it never holds up the answer to the aggregator.
    onBalanceChanged: (playerId) => void deps.balanceEvents.changed([playerId]),
  });
  await registerHub88WalletRoutes(http, wallet, { publicKeysPem: deps.publicKeysPem });
  return wallet;
}
