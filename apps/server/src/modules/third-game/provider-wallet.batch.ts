import { Batcher, type BatchOutcome } from '../../money/batcher.ts';
import { DEFAULT_HOUSE_SHARDS, playerLegs, type Ledger, type TransferInput } from '../../money/ledger.service.ts';
import type { ProviderWalletRepository } from './provider-wallet.repo.ts';
import { plausibilityOf, sessionTermsOf, type BetRequest, type WalletOptions, type WalletOutcome, type WinRequest } from './provider-wallet.service.ts';

/**
 * Bets and wins that arrive together, applied together: a game aggregator sends thousands of
 * callbacks a second, and one statement for a whole batch (db/functions/provider_wallet_apply.sql,
 * with the turnover of the rounds it closes) costs little more than one for a single callback. Only
 * the plain case goes this way (a fresh uuid, a live session of that game and currency, a player in
 * good standing who holds the stake, a plausible win naming the player's live bet on an open round,
 * a player without bonus money on a round without bonus stakes); everything else (a refusal, a win
 * to hold for an operator, a stake or payout to split between cash and bonus), and every
 * call of a batch that cannot be applied as judged (a uuid recorded meanwhile, a settlement shard
 * used for the first time), is answered one by one by the service's own path, so every refusal of
 * the protocol has exactly one implementation.
 */

export type WalletCall = { kind: 'bet'; request: BetRequest } | { kind: 'win'; request: WinRequest };

/**
 * Callbacks applied together at most, and batches in flight at once. One at a time: the calls that
 * arrive while a batch runs form the next one. A second batch in flight was measured slower, not
 * faster: both batches come out smaller, each pays the statement's fixed cost (about 1 ms of
 * PostgreSQL's time), on the same cores as the HTTP side.
 */
const MAX_BATCH = 64;
const MAX_CONCURRENT_BATCHES = 1;

export interface WalletBatchDeps {
  ledger: Ledger;
  repo: ProviderWalletRepository;
  options: WalletOptions;
  /** The one-by-one path that answers every call the batch does not. */
  alone(call: WalletCall): Promise<WalletOutcome>;
}

/**
 * The ledger transfer of one bet (negative), win or refund between the player and
 * `provider_settlement`: `micro` of the player's cash and `bonusMicro` of their bonus money.
 */
export function settlementTransfer(
  options: WalletOptions,
  kind: string,
  transactionUuid: string,
  playerId: number,
  micro: bigint,
  metadata: object,
  bonusMicro = 0n,
): TransferInput {
  const currency = options.ledgerCurrency;
  return {
    idempotencyKey: `${options.aggregator}:${transactionUuid}`,
    kind,
    reference: transactionUuid,
    metadata: { aggregator: options.aggregator, ...metadata },
    legs: [...playerLegs(playerId, currency, micro, bonusMicro), { account: { kind: 'provider_settlement' }, currency, amount: -(micro + bonusMicro) }],
  };
}

export function createWalletCallBatcher(deps: WalletBatchDeps): Batcher<WalletCall, WalletOutcome> {
  const limits = deps.options.batching || {};
  return new Batcher<WalletCall, WalletOutcome>({
    maxSize: limits.maxSize ?? MAX_BATCH,
    maxConcurrent: limits.maxConcurrent ?? MAX_CONCURRENT_BATCHES,
    houseShards: DEFAULT_HOUSE_SHARDS,
    // One call per player and per uuid in a batch, and a player's calls one after another, as the
    // one-by-one path would see them.
    conflicts: ({ kind, request }) => [
      `player:${request.playerId}`,
      `tx:${request.transactionUuid}`,
      ...(kind === 'win' ? [`tx:${request.referenceTransactionUuid}`] : []),
    ],
    holdConflictsWhileRunning: true,
    // A call alone is still one statement when it is the plain case (one round trip where its own
    // path takes four); a call of a batch that failed as a whole tries once more the same way.
    runOne: (call, shard) => applyAlone(call, shard, deps),
    runBatch: (calls, shard) => applyTogether(calls, shard, deps),
  });
}

async function applyAlone(call: WalletCall, shard: number, deps: WalletBatchDeps): Promise<WalletOutcome> {
  let outcome: BatchOutcome<WalletOutcome>;
  try {
    [outcome] = await applyTogether([call], shard, deps);
  } catch {
    return deps.alone(call);
  }
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

async function applyTogether(calls: WalletCall[], shard: number, deps: WalletBatchDeps): Promise<BatchOutcome<WalletOutcome>[]> {
  const { options } = deps;
  const limits = plausibilityOf(options);
  const { calls: answers, levelUps } = await deps.repo.applyBatch(
    {
      aggregator: options.aggregator,
      walletCurrency: options.currency,
      ledgerCurrency: options.ledgerCurrency,
      settlementOwner: deps.ledger.accountRow({ kind: 'provider_settlement' }, shard).ownerId,
    },
    { session: sessionTermsOf(limits), winHoldMultiple: limits.winHoldMultiple, winHoldCap: limits.winHoldCap },
    calls.map(({ kind, request }) => {
      // What the call adds to the player's wallet: the transfer's player leg and the round's change.
      const micro = (kind === 'bet' ? -request.amount : request.amount) * options.microPerUnit;
      const transfer =
        kind === 'bet'
          ? settlementTransfer(options, 'provider_bet', request.transactionUuid, request.playerId, micro, { round: request.round, game: request.gameCode })
          : settlementTransfer(options, 'provider_win', request.transactionUuid, request.playerId, micro, {
              round: request.round,
              game: request.gameCode,
              bet: request.referenceTransactionUuid,
            });
      return {
        kind,
        token: request.token,
        transactionUuid: request.transactionUuid,
        referenceTransactionUuid: kind === 'win' ? request.referenceTransactionUuid : null,
        playerId: request.playerId,
        userId: request.user,
        round: request.round,
        gameCode: request.gameCode,
        currency: request.currency,
        amount: request.amount,
        micro,
        closed: request.roundClosed,
        transfer,
      };
    }),
    options.turnover?.terms(),
  );

  const outcomes: BatchOutcome<WalletOutcome>[] = new Array(calls.length);
  answers.forEach((answer, i) => {
    if (!answer.applied) return;
    options.afterCommit?.();
    options.onBalanceChanged?.(calls[i].request.playerId);
    outcomes[i] = { ok: true, value: { status: 'RS_OK', balance: answer.balance! / options.microPerUnit } };
  });
  if (levelUps.length > 0) void options.turnover?.levelsReached(levelUps);
  // The rest, one by one: each is another player's, so they may run side by side.
  await Promise.all(
    calls.map(async (call, i) => {
      if (outcomes[i]) return;
      try {
        outcomes[i] = { ok: true, value: await deps.alone(call) };
      } catch (error) {
        outcomes[i] = { ok: false, error };
      }
    }),
  );
  return outcomes;
}
