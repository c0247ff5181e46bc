import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { compareLockOrder, debitedPlayers, isPlayerOverdraft } from './lock-order.ts';

/**
 * The only writer of balances. A transfer is a set of legs that sum to zero per currency; the
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
] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNTS)[number];

export type AccountRef = { kind: 'player'; playerId: number } | { kind: 'house' } | { kind: SystemAccountKind };

export interface TransferLeg {
  account: AccountRef;
  currency: LedgerCurrency;
  /** Micro-units; positive credits the account, negative debits it. */
  amount: bigint;
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

export interface LedgerOptions {
  /** House rows per currency; more spreads concurrent bets wider. */
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
const MAX_AMOUNT = 2n ** 62n;
const CURRENCIES: readonly string[] = ['USDT', 'TRX'];
const SYSTEM_KINDS: ReadonlySet<string> = new Set(SYSTEM_ACCOUNTS);
/** SQLSTATE of ledger_post_transfers meeting an account that does not exist yet. */
const FIRST_USE = 'P0002';

interface ResolvedLeg {
  kind: string;
  ownerId: bigint;
  currency: LedgerCurrency;
  amount: bigint;
  rank: number;
}

export class Ledger {
  private readonly houseShards: number;
  private readonly batcher: Batcher | undefined;

  constructor(
    private readonly db: Db,
    options: LedgerOptions = {},
  ) {
    this.houseShards = options.houseShards ?? DEFAULT_HOUSE_SHARDS;
    if (!Number.isInteger(this.houseShards) || this.houseShards < 1) throw new InvalidTransferError('houseShards must be a positive integer');
    // Inside a transaction every statement shares one connection and one fate: nothing to group.
    if (options.batching !== false && !db.isTransaction) {
      this.batcher = new Batcher(
        db,
        this.houseShards,
        options.batching?.maxSize ?? DEFAULT_BATCH_SIZE,
        options.batching?.maxConcurrent ?? DEFAULT_CONCURRENT_BATCHES,
        options.onBatchError,
      );
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
    const legs = this.resolve(input);
    if (trx || !this.batcher) return postOne(trx ?? this.db, input, legs);
    return this.batcher.submit(input, legs);
  }

  /** An account's balance in micro-units (zero if never used); the house's is the sum of its shards. */
  async balance(account: AccountRef, currency: LedgerCurrency, trx?: Db): Promise<bigint> {
    const { kind, ownerId } = accountKey(account, 0);
    let query = (trx ?? this.db)
      .selectFrom('ledger_accounts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint | string>('balance'), sql<bigint>`0`).as('balance'))
      .where('kind', '=', kind)
      .where('currency', '=', currency);
    if (kind !== 'house') query = query.where('owner_id', '=', ownerId);
    const { balance } = await query.executeTakeFirstOrThrow();
    return BigInt(balance);
  }

  private resolve(input: TransferInput): ResolvedLeg[] {
    if (typeof input.idempotencyKey !== 'string' || input.idempotencyKey.length === 0 || input.idempotencyKey.length > 200) {
      throw new InvalidTransferError('idempotencyKey must be a string of 1 to 200 characters');
    }
    if (typeof input.kind !== 'string' || input.kind.length === 0 || input.kind.length > 64) {
      throw new InvalidTransferError('kind must be a string of 1 to 64 characters');
    }
    if (!Array.isArray(input.legs) || input.legs.length < 2) {
      throw new InvalidTransferError(`transfer ${input.idempotencyKey} needs at least two legs`);
    }
    // One shard per transfer: all house legs of the transfer land on the same row.
    const shard = Math.floor(Math.random() * this.houseShards);
    const sums = new Map<string, bigint>();
    const seen = new Set<string>();
    const legs = input.legs.map((leg): ResolvedLeg => {
      if (typeof leg.amount !== 'bigint' || leg.amount === 0n || leg.amount >= MAX_AMOUNT || leg.amount <= -MAX_AMOUNT) {
        throw new InvalidTransferError(`transfer ${input.idempotencyKey}: leg amounts must be non-zero bigints of sane size`);
      }
      if (!CURRENCIES.includes(leg.currency)) {
        throw new InvalidTransferError(`transfer ${input.idempotencyKey}: unknown currency ${String(leg.currency)}`);
      }
      const { kind, ownerId, rank } = accountKey(leg.account, shard);
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

/** One transfer through `ledger_post_transfer`: legs must already be in lock order. */
async function postOne(executor: Db, input: TransferInput, legs: ResolvedLeg[]): Promise<TransferResult> {
  let row: { o_transfer_id: bigint | string; o_replayed: boolean; o_kind: string };
  try {
    const result = await sql<typeof row>`
      select o_transfer_id, o_replayed, o_kind from ledger_post_transfer(
        ${input.idempotencyKey},
        ${input.kind},
        ${input.reference ?? null},
        ${input.metadata === undefined ? null : toJson(input.metadata)}::jsonb,
        ${legs.map((l) => l.kind)}::text[],
        ${legs.map((l) => l.ownerId.toString())}::int8[],
        ${legs.map((l) => l.currency)}::text[],
        ${legs.map((l) => l.amount.toString())}::int8[]
      )`.execute(executor);
    row = result.rows[0];
  } catch (error) {
    if (isPlayerOverdraft(error)) throw new InsufficientFundsError(input.idempotencyKey, debitedPlayers(legs));
    throw error;
  }
  if (row.o_replayed) return replayOf(input, row.o_transfer_id, row.o_kind);
  return { transferId: BigInt(row.o_transfer_id), replayed: false, playerIds: affectedPlayers(legs) };
}

function replayOf(input: TransferInput, transferId: bigint | string, existingKind: string): TransferResult {
  if (existingKind !== input.kind) throw new IdempotencyConflictError(input.idempotencyKey, existingKind, input.kind);
  return { transferId: BigInt(transferId), replayed: true, playerIds: [] };
}

interface Pending {
  input: TransferInput;
  legs: ResolvedLeg[];
  wallets: string[];
  resolve(result: TransferResult): void;
  reject(error: unknown): void;
}

/**
 * Groups transfers waiting for a free slot into one `ledger_post_transfers` statement. A batch never
 * holds two transfers with the same key or the same player wallet, so the database can judge each
 * overdraft against the locked balance exactly as if they ran one after another. All house legs of
 * a batch go to one shard, chosen among those no running batch of this process holds. A batch that
 * fails for any reason (an account used for the first time, a lost connection) has moved nothing,
 * and its transfers are sent again one by one, each getting its own answer.
 */
class Batcher {
  private queue: Pending[] = [];
  private running = 0;
  private readonly busyShards = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly houseShards: number,
    private readonly maxSize: number,
    private readonly maxConcurrent: number,
    private readonly onError: LedgerOptions['onBatchError'],
  ) {}

  submit(input: TransferInput, legs: ResolvedLeg[]): Promise<TransferResult> {
    const wallets = legs.filter((l) => l.kind === 'player').map((l) => `${l.ownerId}/${l.currency}`);
    return new Promise((resolve, reject) => {
      this.queue.push({ input, legs, wallets, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.running < this.maxConcurrent && this.queue.length > 0) {
      const batch = this.take();
      const shard = this.pickShard();
      this.running++;
      this.busyShards.add(shard);
      void this.run(batch, shard)
        // Never leave a caller waiting forever, whatever went wrong; settling twice is harmless.
        .catch((error) => batch.forEach((pending) => pending.reject(error)))
        .finally(() => {
          this.running--;
          this.busyShards.delete(shard);
          this.pump();
        });
    }
  }

  /** The oldest compatible transfers; the others keep their place in the queue. */
  private take(): Pending[] {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const keys = new Set<string>();
    const wallets = new Set<string>();
    for (const pending of this.queue) {
      if (batch.length < this.maxSize && !keys.has(pending.input.idempotencyKey) && !pending.wallets.some((w) => wallets.has(w))) {
        batch.push(pending);
        keys.add(pending.input.idempotencyKey);
        for (const w of pending.wallets) wallets.add(w);
      } else {
        rest.push(pending);
      }
    }
    this.queue = rest;
    return batch;
  }

  private pickShard(): number {
    const start = Math.floor(Math.random() * this.houseShards);
    for (let i = 0; i < this.houseShards; i++) {
      const shard = (start + i) % this.houseShards;
      if (!this.busyShards.has(shard)) return shard;
    }
    return start;
  }

  private async run(batch: Pending[], shard: number) {
    for (const pending of batch) {
      for (const leg of pending.legs) if (leg.kind === 'house') leg.ownerId = BigInt(shard);
      pending.legs.sort(compareLockOrder);
    }
    if (batch.length === 1) return settle(batch[0], postOne(this.db, batch[0].input, batch[0].legs));
    let rows: { o_transfer_id: bigint | string | null; o_status: 'posted' | 'replayed' | 'insufficient'; o_kind: string }[];
    try {
      rows = await this.postMany(batch);
    } catch (error) {
      if ((error as { code?: string }).code !== FIRST_USE) this.onError?.(error, batch.length);
      await Promise.all(batch.map((pending) => settle(pending, postOne(this.db, pending.input, pending.legs))));
      return;
    }
    batch.forEach((pending, i) => {
      const row = rows[i];
      if (row.o_status === 'insufficient') {
        pending.reject(new InsufficientFundsError(pending.input.idempotencyKey, debitedPlayers(pending.legs)));
      } else if (row.o_status === 'replayed') {
        try {
          pending.resolve(replayOf(pending.input, row.o_transfer_id!, row.o_kind));
        } catch (error) {
          pending.reject(error);
        }
      } else {
        pending.resolve({ transferId: BigInt(row.o_transfer_id!), replayed: false, playerIds: affectedPlayers(pending.legs) });
      }
    });
  }

  private async postMany(batch: Pending[]) {
    const legTransfers: number[] = [];
    const legs: ResolvedLeg[] = [];
    batch.forEach((pending, i) => {
      for (const leg of pending.legs) {
        legTransfers.push(i + 1);
        legs.push(leg);
      }
    });
    const result = await sql<{ o_transfer_id: bigint | string | null; o_status: 'posted' | 'replayed' | 'insufficient'; o_kind: string }>`
      select o_transfer_id, o_status, o_kind from ledger_post_transfers(
        ${batch.map((p) => p.input.idempotencyKey)}::text[],
        ${batch.map((p) => p.input.kind)}::text[],
        ${batch.map((p) => p.input.reference ?? null)}::text[],
        ${`[${batch.map((p) => (p.input.metadata === undefined ? '{}' : toJson(p.input.metadata))).join(',')}]`}::jsonb,
        ${legTransfers}::int4[],
        ${legs.map((l) => l.kind)}::text[],
        ${legs.map((l) => l.ownerId.toString())}::int8[],
        ${legs.map((l) => l.currency)}::text[],
        ${legs.map((l) => l.amount.toString())}::int8[]
      )`.execute(this.db);
    if (result.rows.length !== batch.length) throw new Error(`ledger batch answered ${result.rows.length} rows for ${batch.length} transfers`);
    return result.rows;
  }
}

function settle(pending: Pending, outcome: Promise<TransferResult>): Promise<void> {
  return outcome.then(pending.resolve, pending.reject);
}

function accountKey(account: AccountRef, shard: number): { kind: string; ownerId: bigint; rank: number } {
  if (account?.kind === 'player') {
    const id = (account as { playerId: unknown }).playerId;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) throw new InvalidTransferError(`invalid player id ${String(id)}`);
    return { kind: 'player', ownerId: BigInt(id), rank: 0 };
  }
  if (account?.kind === 'house') return { kind: 'house', ownerId: BigInt(shard), rank: 2 };
  if (SYSTEM_KINDS.has(account?.kind)) return { kind: account.kind, ownerId: 0n, rank: 1 };
  throw new InvalidTransferError(`unknown ledger account ${JSON.stringify(account)}`);
}

function affectedPlayers(legs: ResolvedLeg[]): number[] {
  return [...new Set(legs.filter((l) => l.kind === 'player').map((l) => Number(l.ownerId)))];
}

function toJson(value: object): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v));
}
