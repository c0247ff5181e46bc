import type { Db } from '../../db/database.ts';
import { playersBalances } from '../../money/balances.ts';
import { Batcher, type BatchOutcome } from '../../money/batcher.ts';
import { DEFAULT_HOUSE_SHARDS, type Ledger, type TransferInput } from '../../money/ledger.service.ts';
import type { LevelUp, TurnoverRepository } from '../turnover/turnover.repo.ts';
import type { BatchFacts, ProviderWalletRepository } from './provider-wallet.repo.ts';
import type { BetRequest, WalletOptions, WalletOutcome, WinRequest } from './provider-wallet.service.ts';

/**
 * Bets and wins that arrive together, applied together: a game aggregator sends thousands of
 * callbacks a second, and one database transaction of a few set-based statements for a whole batch
 * costs little more than one for a single callback. Only the plain case goes this way (a fresh uuid,
 * a live session of that game and currency, a player in good standing, a win naming the player's live
 * bet); everything else, and every call of a batch that cannot be applied as judged (an overdraft, a
 * uuid recorded meanwhile, a settlement shard used for the first time), is answered one by one by
 * the service's own path, so every edge case has exactly one implementation.
 */

export type WalletCall = { kind: 'bet'; request: BetRequest } | { kind: 'win'; request: WinRequest };

/** Callbacks applied together at most; batches in flight at once (each holds a connection). */
const MAX_BATCH = 64;
const MAX_CONCURRENT_BATCHES = 2;

/** A batch that cannot be applied as judged; it has moved nothing and its calls go one by one. */
class ApplyOneByOne extends Error {}

export interface WalletBatchDeps {
  db: Db;
  ledger: Ledger;
  repo: ProviderWalletRepository;
  turnover: TurnoverRepository;
  options: WalletOptions;
  /** The one-by-one path that answers every call the batch does not. */
  alone(call: WalletCall): Promise<WalletOutcome>;
}

/** The ledger transfer of one bet (negative `micro`), win or refund, between the player and `provider_settlement`. */
export function settlementTransfer(options: WalletOptions, kind: string, transactionUuid: string, playerId: number, micro: bigint, metadata: object): TransferInput {
  const currency = options.ledgerCurrency;
  return {
    idempotencyKey: `${options.aggregator}:${transactionUuid}`,
    kind,
    reference: transactionUuid,
    metadata: { aggregator: options.aggregator, ...metadata },
    legs: [
      { account: { kind: 'player', playerId }, currency, amount: micro },
      { account: { kind: 'provider_settlement' }, currency, amount: -micro },
    ],
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
    runOne: (call) => deps.alone(call),
    runBatch: (calls, shard) => applyTogether(calls, shard, deps),
  });
}

function microOf(call: WalletCall, options: WalletOptions): bigint {
  return call.request.amount * options.microPerUnit;
}

/** Whether a call is the plain case the batch applies; anything else is answered one by one. */
function plain(call: WalletCall, facts: BatchFacts, options: WalletOptions): boolean {
  const { request } = call;
  const session = facts.session;
  if (facts.known || !session || session.playerId !== request.playerId || request.currency !== options.currency) return false;
  if (call.kind === 'bet') return !session.ended && session.playerStatus === 0 && request.gameCode === session.gameCode;
  const bet = facts.bet;
  return bet !== null && bet.kind === 'bet' && bet.playerId === request.playerId && !bet.rolledBack;
}

async function applyTogether(calls: WalletCall[], shard: number, deps: WalletBatchDeps): Promise<BatchOutcome<WalletOutcome>[]> {
  const { options } = deps;
  const outcomes: BatchOutcome<WalletOutcome>[] = new Array(calls.length);
  const applied: number[] = [];
  let levelUps: LevelUp[] = [];
  await deps.db.transaction().execute(async (trx) => {
    const facts = await deps.repo.batchFacts(
      options.aggregator,
      calls.map(({ kind, request }) => ({ token: request.token, transactionUuid: request.transactionUuid, referenceTransactionUuid: kind === 'win' ? request.referenceTransactionUuid : null })),
      trx,
    );
    calls.forEach((call, i) => {
      if (plain(call, facts[i], options)) applied.push(i);
    });
    if (applied.length === 0) return;

    const recorded = await deps.repo.recordBatch(
      applied.map((i) => {
        const { kind, request } = calls[i];
        const session = facts[i].session!;
        const micro = microOf(calls[i], options);
        return {
          aggregator: options.aggregator,
          transactionUuid: request.transactionUuid,
          kind,
          playerId: request.playerId,
          userId: request.user,
          round: request.round,
          gameCode: request.gameCode,
          currency: request.currency,
          amount: request.amount,
          referenceTransactionUuid: kind === 'win' ? request.referenceTransactionUuid : null,
          change: {
            aggregator: options.aggregator,
            round: request.round,
            playerId: request.playerId,
            gameCode: request.gameCode,
            gameType: session.gameType,
            manufacturer: session.manufacturer,
            currency: options.ledgerCurrency,
            bet: kind === 'bet' ? micro : 0n,
            win: kind === 'win' ? micro : 0n,
            bets: kind === 'bet' ? 1 : 0,
            closed: request.roundClosed,
          },
        };
      }),
      trx,
    );
    if (recorded.size !== applied.length) throw new ApplyOneByOne('a uuid was recorded meanwhile');

    const closing = applied.filter((i) => calls[i].request.roundClosed);
    if (options.turnover && closing.length > 0) {
      levelUps = await deps.turnover.recordProviderRounds(
        trx,
        closing.map((i) => ({ aggregator: options.aggregator, playerId: calls[i].request.playerId, round: calls[i].request.round })),
        options.turnover.terms(),
      );
    }

    const moving = applied.filter((i) => microOf(calls[i], options) !== 0n);
    const posted = await deps.ledger.transferMany(
      moving.map((i) => {
        const { kind, request } = calls[i];
        const micro = microOf(calls[i], options);
        return kind === 'bet'
          ? settlementTransfer(options, 'provider_bet', request.transactionUuid, request.playerId, -micro, { round: request.round, game: request.gameCode })
          : settlementTransfer(options, 'provider_win', request.transactionUuid, request.playerId, micro, { round: request.round, game: request.gameCode, bet: request.referenceTransactionUuid });
      }),
      trx,
      shard,
    );
    if (posted.some((outcome) => !outcome.ok || outcome.value.replayed)) throw new ApplyOneByOne('a transfer was refused or known');

    const balances = await playersBalances(trx, applied.map((i) => calls[i].request.playerId));
    for (const i of applied) {
      const micro = balances.get(calls[i].request.playerId)?.[options.ledgerCurrency] ?? 0n;
      outcomes[i] = { ok: true, value: { status: 'RS_OK', balance: micro / options.microPerUnit } };
    }
  });

  for (const i of applied) {
    options.afterCommit?.();
    options.onBalanceChanged?.(calls[i].request.playerId);
  }
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
