import type { Db } from '../db/database.ts';
import { Batcher, pickHouseShard, type BatchOutcome } from './batcher.ts';
import {
  accountBalance,
  houseShardsHolding,
  isFirstUse,
  postTransferReadRow,
  postTransferRow,
  postTransferRows,
  underSavepoint,
  type BatchStatus,
  type PostingHeader,
} from './ledger.repo.ts';
import { compareLockOrder, debitedPlayers, isPlayerOverdraft, type OrderedLegKey } from './lock-order.ts';

/**
 * The only writer of balances (the money kernel): nothing outside money/ posts to the ledger. Three
 * ways in, all through the same leg resolver and lock order (lock-order.ts):
 * - `transfer`: one transfer, alone or inside a caller's transaction;
 * - grouped transfers: transfers made outside a transaction leave together as one statement
 *   (batcher.ts), a batch of transfers;
 * - `postRound`: one transfer with a leg per player (a round's payouts), set-based.
 *
 * A transfer is a set of legs that sum to zero per currency; the
 * database functions in db/functions/ledger_post_transfer.sql and ledger_post_transfers.sql apply it
 * in one round trip: the transfer row under its idempotency key, one `balance = balance + amount`
 * per account, one append-only entry per leg.
 * Player wallets cannot go below zero because the database refuses it.
 *
 * Transfers made outside a caller's transaction are grouped: while enough statements are already
 * running, newly arriving transfers wait and leave together as one statement (one round trip, one
 * commit, one house shard). Under light load every transfer leaves at once, alone.
 */

export type LedgerCurrency = 'USDT' | 'TRX';

/** Accounts of the operator that may go negative (they are the other side of player money). */
export const SYSTEM_ACCOUNTS = [
  'deposit_clearing',
  'withdrawal_pending',
  'bonus_pool',
  'rebate_pool',
  'exchange',
  'chain_fees',
  'experience_pool',
  'provider_settlement',
  'operator_adjustment',
  // The chain side of hash-game transfer bets: their stakes arrive and their payouts leave on chain.
  'hash_transfer_bets',
  // Where bonus money comes from: VIP gifts, rebates, activity bonuses, referral commission.
  'vip_gifts',
  'rebates',
  'activity_bonuses',
  'referral_commissions',
  // Aggregator wins above the plausible, until an operator releases them to the player or rejects them.
  'provider_held_wins',
] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNTS)[number];

/**
 * System accounts kept in one row (owner_id 0): pools that few transfers touch at once and whose
 * single row is read directly. Every other system account is sharded like the house: N rows per
 * currency (owner_id = shard), one shard per transfer, its balance the sum of its shards, so
 * concurrent transfers against it (every aggregator callback, every deposit) do not queue on one row.
 */
const SINGLE_ROW_ACCOUNTS: ReadonlySet<string> = new Set<SystemAccountKind>(['vip_gifts', 'rebates', 'hash_transfer_bets', 'provider_held_wins']);

/**
 * The other side of hash-game bets that arrive and leave on chain: a transfer bet moves no player
 * wallet (its stake comes in on chain and its payout goes out on chain), so house <-> this account
 * is what keeps the house's result right.
 */
export const TRANSFER_BETS_ACCOUNT = 'hash_transfer_bets' satisfies SystemAccountKind;

/**
 * A ledger account: a player's cash (`player`) or bonus money (`player_bonus`, ECONOMY.md "Bonus money
 * and wagering"), the house, or a system account.
 */
export type AccountRef = { kind: PlayerAccountKind; playerId: number } | { kind: 'house' } | { kind: SystemAccountKind };

/**
 * A player's accounts per currency: cash, bonus money that becomes cash by being wagered, and
 * deposits held beyond a deposit limit (PROTECTION.md), released to cash as the limit allows.
 */
export const PLAYER_ACCOUNTS = ['player', 'player_bonus', 'player_held'] as const;
export type PlayerAccountKind = (typeof PLAYER_ACCOUNTS)[number];
const PLAYER_KINDS: ReadonlySet<string> = new Set(PLAYER_ACCOUNTS);
export const isPlayerKind = (kind: string): boolean => PLAYER_KINDS.has(kind);

export interface TransferLeg {
  account: AccountRef;
  currency: LedgerCurrency;
  /** Micro-units; positive credits the account, negative debits it. */
  amount: bigint;
}

/**
 * A player's side of a transfer in one currency, cash and bonus apart: `cash` on the cash account,
 * `bonus` on the bonus account, a zero part left out (both zero: one cash leg of 0, which the ledger
 * refuses like any empty leg).
 */
export function playerLegs(playerId: number, currency: LedgerCurrency, cash: bigint, bonus: bigint): TransferLeg[] {
  return [
    ...(cash !== 0n || bonus === 0n ? [{ account: { kind: 'player' as const, playerId }, currency, amount: cash }] : []),
    ...(bonus !== 0n ? [{ account: { kind: 'player_bonus' as const, playerId }, currency, amount: bonus }] : []),
  ];
}

export interface TransferInput {
  /** Namespaced by the caller (e.g. `bet:<playerId>:<requestId>`): the same key never moves money twice. */
  idempotencyKey: string;
  /** What the transfer is for (`deposit`, `bet`, `payout`, `withdrawal`, ...). */
  kind: string;
  /** The caller's own record (bet id, withdrawal id, chain transaction id). */
  reference?: string | null;
  metadata?: object;
  legs: TransferLeg[];
}

export interface TransferResult {
  transferId: bigint;
  /** True when the key had been used before: nothing moved this time. */
  replayed: boolean;
  /** Players whose balance changed, for a balance event after commit; empty on a replay. */
  playerIds: number[];
}

/** A player debit the wallet cannot cover. The transfer moved nothing; callers answer 21002. */
export class InsufficientFundsError extends Error {
  constructor(
    public readonly idempotencyKey: string,
    public readonly playerIds: number[],
  ) {
    super(`insufficient funds for transfer ${idempotencyKey}`);
    this.name = 'InsufficientFundsError';
  }
}

/** A transfer the ledger refuses to even try: a bug in the caller, never a player's mistake. */
export class InvalidTransferError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidTransferError';
  }
}

/**
 * The idempotency key was already used by a transfer of another kind: two callers share a key space,
 * and answering "replayed" would silently skip a payment.
 */
export class IdempotencyConflictError extends Error {
  constructor(
    public readonly idempotencyKey: string,
    public readonly existingKind: string,
    public readonly requestedKind: string,
  ) {
    super(`idempotency key ${idempotencyKey} already used by a ${existingKind} transfer, not ${requestedKind}`);
    this.name = 'IdempotencyConflictError';
  }
}

/**
 * A round's postings: one transfer with any number of player legs against the house (or a system
 * account). Legs on the same account and currency are merged and zero legs dropped, so a caller can
 * pass one leg per bet; a round whose legs cancel out moves nothing.
 */
export interface RoundPosting {
  idempotencyKey: string;
  kind: string;
  reference?: string | null;
  metadata?: object;
  legs: TransferLeg[];
}

export interface LedgerOptions {
  /** Rows per currency of the house and of each sharded system account; more spreads concurrent transfers wider. */
  houseShards?: number;
  /** Grouping of transfers made outside a caller's transaction; false sends each on its own. */
  batching?: { maxSize?: number; maxConcurrent?: number } | false;
  /**
   * Told when a grouped statement failed for a reason other than an account's first use. Its
   * transfers are still sent again one by one; this is for logs, since a repeated failure here means
   * the fast path is lost.
   */
  onBatchError?: (error: unknown, transfers: number) => void;
}

export const DEFAULT_HOUSE_SHARDS = 16;
const DEFAULT_BATCH_SIZE = 32;
const DEFAULT_CONCURRENT_BATCHES = 4;
/** `ledger_post_transfer` reads its legs by index from arrays, which costs more the longer they are. */
const LEGS_PER_PART = 1_000;
const MAX_AMOUNT = 2n ** 62n;
const CURRENCIES: readonly string[] = ['USDT', 'TRX'];
const SYSTEM_KINDS: ReadonlySet<string> = new Set(SYSTEM_ACCOUNTS);

interface ResolvedLeg extends OrderedLegKey {
  currency: LedgerCurrency;
}

interface Resolved {
  input: TransferInput;
  legs: ResolvedLeg[];
}

export class Ledger {
  private readonly houseShards: number;
  private readonly batcher: Batcher<Resolved, TransferResult> | undefined;

  constructor(
    private readonly db: Db,
    options: LedgerOptions = {},
  ) {
    this.houseShards = options.houseShards ?? DEFAULT_HOUSE_SHARDS;
    if (!Number.isInteger(this.houseShards) || this.houseShards < 1) throw new InvalidTransferError('houseShards must be a positive integer');
    // Inside a transaction every statement shares one connection and one fate: nothing to group.
    if (options.batching !== false && !db.isTransaction) {
      const onBatchError = options.onBatchError;
      this.batcher = new Batcher<Resolved, TransferResult>({
        maxSize: options.batching?.maxSize ?? DEFAULT_BATCH_SIZE,
        maxConcurrent: options.batching?.maxConcurrent ?? DEFAULT_CONCURRENT_BATCHES,
        houseShards: this.houseShards,
        // One key and one wallet once per statement: the database then judges each overdraft
        // against the locked balance exactly as if the transfers ran one after another.
        conflicts: ({ input, legs }) => [
          `key:${input.idempotencyKey}`,
          ...legs.filter((l) => isPlayerKind(l.kind)).map((l) => `wallet:${l.ownerId}/${l.currency}`),
        ],
        runOne: (transfer, shard) => postOne(this.db, transfer.input, onShard(transfer.legs, shard)),
        runBatch: (transfers, shard) =>
          postBatch(
            this.db,
            transfers.map((t) => ({ input: t.input, legs: onShard(t.legs, shard) })),
          ),
        onBatchError: (error, transfers) => {
          if (!isFirstUse(error)) onBatchError?.(error, transfers);
        },
      });
    }
  }

  /**
   * Applies a transfer once per idempotency key. Inside a caller's transaction (`trx`) it commits or
   * rolls back with it, so a withdrawal can debit the player and create its own row atomically; an
   * InsufficientFundsError there leaves that transaction aborted and it must be rolled back (letting
   * the error leave the `transaction().execute` callback does that). Without `trx` the transfer is
   * committed when the promise resolves.
   */
  async transfer(input: TransferInput, trx?: Db): Promise<TransferResult> {
    const legs = this.resolve(input, pickHouseShard(this.houseShards));
    if (trx || !this.batcher) return postOne(trx ?? this.db, input, legs);
    return this.batcher.submit({ input, legs });
  }

  /**
   * A transfer inside the caller's transaction `trx`, answered with `read`'s balance as it stands
   * after it (on a replay: as it stands now), in one round trip: a callback that moves money and
   * answers the new balance needs no second query.
   */
  async transferAndRead(input: TransferInput, trx: Db, read: { account: AccountRef; currency: LedgerCurrency }): Promise<TransferResult & { balance: bigint }> {
    const legs = this.resolve(input, pickHouseShard(this.houseShards));
    const { kind, ownerId } = resolveAccount(read.account, 0);
    let row: Awaited<ReturnType<typeof postTransferReadRow>>;
    try {
      row = await postTransferReadRow(trx, header(input), legs, { kind, ownerId: isSharded(kind) ? null : ownerId, currency: read.currency });
    } catch (error) {
      if (isPlayerOverdraft(error)) throw new InsufficientFundsError(input.idempotencyKey, debitedPlayers(legs));
      throw error;
    }
    const balance = BigInt(row.o_balance);
    if (row.o_replayed) return { ...replayOf(input, row.o_transfer_id, row.o_kind), balance };
    return { transferId: BigInt(row.o_transfer_id), replayed: false, playerIds: affectedPlayers(legs), balance };
  }

  /**
   * Posts a round (see RoundPosting) inside the caller's transaction `trx`, once per key; true when
   * it moved money. The transfer goes through `ledger_post_transfers` in one set-based statement
   * (every account locked, moved and written in a handful of set operations, not a query per leg),
   * on a house shard that already holds the currencies. That statement never creates an account, so
   * when one is missing (a wallet's first credit) it is rolled back to a savepoint and the round is
   * posted through `ledger_post_transfer`, which does: as balanced parts of at most LEGS_PER_PART
   * player legs, under the key and then `<key>:1`, `<key>:2`, ...
   */
  async postRound(posting: RoundPosting, trx: Db): Promise<boolean> {
    const input = merged(posting);
    if (input.legs.length === 0) return false;
    const currencies = [...new Set(input.legs.filter((leg) => leg.account.kind === 'house').map((leg) => leg.currency))];
    const held = currencies.length === 0 ? [] : await houseShardsHolding(trx, currencies);
    const shard = held.length === 0 ? pickHouseShard(this.houseShards) : held[Math.floor(Math.random() * held.length)];
    const legs = this.resolve(input, shard);
    let outcome: BatchOutcome<TransferResult>;
    try {
      [outcome] = await underSavepoint(trx, 'ledger_round', () => postBatch(trx, [{ input, legs }]));
    } catch (error) {
      if (isPlayerOverdraft(error)) throw new InsufficientFundsError(input.idempotencyKey, debitedPlayers(legs));
      if (!isFirstUse(error)) throw error;
      return this.postInParts(input, shard, trx);
    }
    if (!outcome.ok) throw outcome.error;
    return !outcome.value.replayed;
  }

  /**
   * Many independent transfers inside the caller's transaction `trx`, in one set-based statement
   * (`ledger_post_transfers`) on one shard of the sharded accounts: one outcome each, in order. No
   * player wallet may appear in two of them; `shard` spreads concurrent callers over the shards. The statement never creates an account: when one is
   * missing it throws (code FIRST_USE) and `trx` is left aborted, for the caller to roll back and post
   * one by one through `transfer`.
   */
  async transferMany(inputs: readonly TransferInput[], trx: Db, shard = pickHouseShard(this.houseShards)): Promise<BatchOutcome<TransferResult>[]> {
    if (inputs.length === 0) return [];
    return postBatch(
      trx,
      inputs.map((input) => ({ input, legs: this.resolve(input, shard) })),
    );
  }

  /**
   * The row (kind and owner) that a transfer posted on house shard `shard` uses for `account`, for
   * statements that post through the ledger's SQL functions themselves.
   */
  accountRow(account: AccountRef, shard: number): { kind: string; ownerId: bigint } {
    const { kind, ownerId } = resolveAccount(account, shard);
    return { kind, ownerId };
  }

  /** An account's balance in micro-units (zero if never used); a sharded account's is the sum of its shards. */
  async balance(account: AccountRef, currency: LedgerCurrency, trx?: Db): Promise<bigint> {
    const { kind, ownerId } = resolveAccount(account, 0);
    return accountBalance(trx ?? this.db, kind, isSharded(kind) ? null : ownerId, currency);
  }

  private async postInParts(input: TransferInput, shard: number, trx: Db): Promise<boolean> {
    const players = input.legs.filter((leg) => isPlayerKind(leg.account.kind));
    const others = input.legs.filter((leg) => !isPlayerKind(leg.account.kind));
    if (others.some((leg) => leg.account.kind !== 'house') || players.length <= LEGS_PER_PART) {
      return !(await postOne(trx, input, this.resolve(input, shard))).replayed;
    }
    let posted = false;
    for (let start = 0, part = 0; start < players.length; start += LEGS_PER_PART, part++) {
      const chunk = players.slice(start, start + LEGS_PER_PART);
      const house = new Map<LedgerCurrency, bigint>();
      for (const leg of chunk) house.set(leg.currency, (house.get(leg.currency) ?? 0n) - leg.amount);
      const legs: TransferLeg[] = [...chunk, ...[...house].map(([currency, amount]) => ({ account: { kind: 'house' as const }, currency, amount }))];
      const partInput = { ...input, idempotencyKey: part === 0 ? input.idempotencyKey : `${input.idempotencyKey}:${part}`, legs };
      posted = !(await postOne(trx, partInput, this.resolve(partInput, shard))).replayed || posted;
    }
    return posted;
  }

  /** The one leg resolver: validates a transfer and answers its legs in lock order, sharded accounts on `shard`. */
  private resolve(input: TransferInput, shard: number): ResolvedLeg[] {
    if (typeof input.idempotencyKey !== 'string' || input.idempotencyKey.length === 0 || input.idempotencyKey.length > 200) {
      throw new InvalidTransferError('idempotencyKey must be a string of 1 to 200 characters');
    }
    if (typeof input.kind !== 'string' || input.kind.length === 0 || input.kind.length > 64) {
      throw new InvalidTransferError('kind must be a string of 1 to 64 characters');
    }
    if (!Array.isArray(input.legs) || input.legs.length < 2) {
      throw new InvalidTransferError(`transfer ${input.idempotencyKey} needs at least two legs`);
    }
    const sums = new Map<string, bigint>();
    const seen = new Set<string>();
    const legs = input.legs.map((leg): ResolvedLeg => {
      if (typeof leg.amount !== 'bigint' || leg.amount === 0n || leg.amount >= MAX_AMOUNT || leg.amount <= -MAX_AMOUNT) {
        throw new InvalidTransferError(`transfer ${input.idempotencyKey}: leg amounts must be non-zero bigints of sane size`);
      }
      if (!CURRENCIES.includes(leg.currency)) {
        throw new InvalidTransferError(`transfer ${input.idempotencyKey}: unknown currency ${String(leg.currency)}`);
      }
      const { kind, ownerId, rank } = resolveAccount(leg.account, shard);
      const identity = `${kind}/${ownerId}/${leg.currency}`;
      if (seen.has(identity)) {
        throw new InvalidTransferError(`transfer ${input.idempotencyKey}: merge the legs on ${kind} ${leg.currency} into one`);
      }
      seen.add(identity);
      sums.set(leg.currency, (sums.get(leg.currency) ?? 0n) + leg.amount);
      return { kind, ownerId, currency: leg.currency, amount: leg.amount, rank };
    });
    for (const [currency, sum] of sums) {
      if (sum !== 0n) throw new InvalidTransferError(`transfer ${input.idempotencyKey}: ${currency} legs sum to ${sum}, not zero`);
    }
    return legs.sort(compareLockOrder);
  }
}

/** A round as a transfer: legs on the same account and currency merged, zero legs dropped. */
function merged(posting: RoundPosting): TransferInput {
  const legs = new Map<string, TransferLeg>();
  for (const leg of posting.legs) {
    const account = isPlayerKind(leg.account?.kind) ? `${leg.account.kind}/${(leg.account as { playerId: number }).playerId}` : String(leg.account?.kind);
    const key = `${account}/${leg.currency}`;
    const entry = legs.get(key);
    if (entry) entry.amount += leg.amount;
    else legs.set(key, { ...leg });
  }
  return { ...posting, legs: [...legs.values()].filter((leg) => leg.amount !== 0n) };
}

/** The legs with every leg on a sharded account (house, system) on `shard`, back in lock order. */
function onShard(legs: ResolvedLeg[], shard: number): ResolvedLeg[] {
  for (const leg of legs) if (isSharded(leg.kind)) leg.ownerId = BigInt(shard);
  return legs.sort(compareLockOrder);
}

/** One transfer through `ledger_post_transfer`: legs must already be in lock order. */
async function postOne(executor: Db, input: TransferInput, legs: ResolvedLeg[]): Promise<TransferResult> {
  let row: Awaited<ReturnType<typeof postTransferRow>>;
  try {
    row = await postTransferRow(executor, header(input), legs);
  } catch (error) {
    if (isPlayerOverdraft(error)) throw new InsufficientFundsError(input.idempotencyKey, debitedPlayers(legs));
    throw error;
  }
  if (row.o_replayed) return replayOf(input, row.o_transfer_id, row.o_kind);
  return { transferId: BigInt(row.o_transfer_id), replayed: false, playerIds: affectedPlayers(legs) };
}

/** Transfers through `ledger_post_transfers` in one statement, one outcome each; throws if the statement fails. */
async function postBatch(executor: Db, transfers: Resolved[]): Promise<BatchOutcome<TransferResult>[]> {
  const rows = await postTransferRows(
    executor,
    transfers.map((t) => ({ header: header(t.input), legs: t.legs })),
  );
  return transfers.map(({ input, legs }, i) => outcomeOf(input, legs, rows[i]));
}

function outcomeOf(
  input: TransferInput,
  legs: ResolvedLeg[],
  row: { o_transfer_id: bigint | string | null; o_status: BatchStatus; o_kind: string },
): BatchOutcome<TransferResult> {
  if (row.o_status === 'insufficient') return { ok: false, error: new InsufficientFundsError(input.idempotencyKey, debitedPlayers(legs)) };
  if (row.o_status === 'replayed') {
    try {
      return { ok: true, value: replayOf(input, row.o_transfer_id!, row.o_kind) };
    } catch (error) {
      return { ok: false, error };
    }
  }
  return { ok: true, value: { transferId: BigInt(row.o_transfer_id!), replayed: false, playerIds: affectedPlayers(legs) } };
}

function header(input: TransferInput): PostingHeader {
  return { idempotencyKey: input.idempotencyKey, kind: input.kind, reference: input.reference ?? null, metadata: input.metadata };
}

function replayOf(input: TransferInput, transferId: bigint | string, existingKind: string): TransferResult {
  if (existingKind !== input.kind) throw new IdempotencyConflictError(input.idempotencyKey, existingKind, input.kind);
  return { transferId: BigInt(transferId), replayed: true, playerIds: [] };
}

/** Whether the account's rows are spread over shards (the house and most system accounts). */
function isSharded(kind: string): boolean {
  return kind === 'house' || (SYSTEM_KINDS.has(kind) && !SINGLE_ROW_ACCOUNTS.has(kind));
}

/** The ledger row of an account: kind, owner (the shard of a sharded account) and lock rank. */
function resolveAccount(account: AccountRef, shard: number): { kind: string; ownerId: bigint; rank: number } {
  if (isPlayerKind(account?.kind)) {
    const id = (account as { playerId: unknown }).playerId;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) throw new InvalidTransferError(`invalid player id ${String(id)}`);
    return { kind: account.kind, ownerId: BigInt(id), rank: 0 };
  }
  if (account?.kind === 'house') return { kind: 'house', ownerId: BigInt(shard), rank: 2 };
  if (SYSTEM_KINDS.has(account?.kind)) return { kind: account.kind, ownerId: isSharded(account.kind) ? BigInt(shard) : 0n, rank: 1 };
  throw new InvalidTransferError(`unknown ledger account ${JSON.stringify(account)}`);
}

function affectedPlayers(legs: ResolvedLeg[]): number[] {
  return [...new Set(legs.filter((l) => isPlayerKind(l.kind)).map((l) => Number(l.ownerId)))];
}
