import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../testing/test-app.ts';
import { aggregatorUserId } from './hub88/user-id.ts';
import { newToken } from './hub88/wallet-test-support.ts';
import { ProviderWalletService, type BetRequest, type WalletOptions, type WinRequest } from './provider-wallet.service.ts';
import { ThirdGameRepository } from './third-game.repo.ts';

/**
 * A registered player with `units` (1/100000 USD) of USDT and an open session of `gameCode`, with
 * builders of its bets and wins as the wallet service receives them.
 */
export async function walletPlayer(t: TestApp, units: bigint, gameCode = 'demo_slot') {
  const { playerId } = await t.registerPlayer();
  await t.app.services.ledger.transfer({
    idempotencyKey: `test-deposit:${playerId}`,
    kind: 'deposit',
    legs: [
      { account: { kind: 'deposit_clearing' }, currency: 'USDT', amount: -units * 10n },
      { account: { kind: 'player', playerId }, currency: 'USDT', amount: units * 10n },
    ],
  });
  return { playerId, ...(await walletSession(t, playerId, gameCode)) };
}

/** An open game session of the player, with builders of the bets and wins the aggregator would send in it. */
export async function walletSession(t: TestApp, playerId: number, gameCode = 'demo_slot') {
  const token = newToken();
  await new ThirdGameRepository(t.app.database.db).createSession({ token, playerId, aggregator: 'hub88', gameCode, gameType: 10, manufacturer: 'Demo Studio' });
  const bet = (amount: bigint, extra: Partial<BetRequest> = {}): BetRequest => ({
    transactionUuid: randomUUID(),
    token,
    playerId,
    user: aggregatorUserId(playerId),
    round: `round-${randomUUID()}`,
    gameCode,
    currency: 'USD',
    amount,
    roundClosed: false,
    ...extra,
  });
  const win = (of: BetRequest, amount: bigint, roundClosed = true): WinRequest => ({
    ...of,
    transactionUuid: randomUUID(),
    referenceTransactionUuid: of.transactionUuid,
    amount,
    roundClosed,
  });
  return { token, bet, win };
}

/** The two ways the wallet applies bets and wins, on the app's database and ledger: together in batches, and one by one. */
export function bothWallets(t: TestApp, changes: Partial<WalletOptions> = {}): Record<'batched' | 'one by one', ProviderWalletService> {
  const options = { ...t.app.services.providerWallet.options, ...changes };
  return {
    batched: new ProviderWalletService(t.app.database.db, t.app.services.ledger, options),
    'one by one': new ProviderWalletService(t.app.database.db, t.app.services.ledger, { ...options, batching: false }),
  };
}
