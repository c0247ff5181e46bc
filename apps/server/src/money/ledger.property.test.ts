import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { playerBalances } from './balances.ts';
import { checkLedger } from './ledger-check.ts';
import { InsufficientFundsError, Ledger, type LedgerCurrency, type TransferInput, type TransferResult } from './ledger.service.ts';
import { fund, migratedTestDatabase, newPlayerId, uniqueKey } from './test-support.ts';

const PLAYERS = 4;

type Op =
  | { type: 'credit'; player: number; currency: LedgerCurrency; amount: bigint; copies: number }
  | { type: 'debit'; player: number; currency: LedgerCurrency; amount: bigint; copies: number }
  | { type: 'p2p'; player: number; to: number; currency: LedgerCurrency; amount: bigint; copies: number };

const currency = fc.constantFrom<LedgerCurrency>('USDT', 'TRX');
const amount = fc.bigInt({ min: 1n, max: 1_000n });
const playerIndex = fc.integer({ min: 0, max: PLAYERS - 1 });
// Copies are the same request (same idempotency key) sent concurrently, as a retrying client would.
const copies = fc.integer({ min: 1, max: 3 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ type: fc.constant('credit' as const), player: playerIndex, currency, amount, copies }),
  fc.record({ type: fc.constant('debit' as const), player: playerIndex, currency, amount, copies }),
  fc.record({ type: fc.constant('p2p' as const), player: playerIndex, to: playerIndex, currency, amount, copies }).filter((o) => o.player !== o.to),
);
const scenario = fc.record({
  initial: fc.array(fc.bigInt({ min: 0n, max: 2_000n }), { minLength: PLAYERS, maxLength: PLAYERS }),
  // Operations inside a batch run concurrently; batches run one after another.
  batches: fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
  // One statement at a time groups nearly every concurrent transfer; the default groups under load only.
  grouping: fc.constantFrom('default', 'eager'),
});

let database: DatabaseHandle;
const ledgers: Record<'default' | 'eager', Ledger> = {} as never;
const batchErrors: unknown[] = [];

beforeAll(async () => {
  database = await migratedTestDatabase();
  const onBatchError = (error: unknown) => batchErrors.push(error);
  ledgers.default = new Ledger(database.db, { onBatchError });
  ledgers.eager = new Ledger(database.db, { onBatchError, batching: { maxConcurrent: 1 } });
});
afterAll(async () => {
  await database?.close();
});

function transferOf(o: Op, ids: number[]): TransferInput {
  const player = (index: number) => ({ kind: 'player' as const, playerId: ids[index] });
  const legs: TransferInput['legs'] =
    o.type === 'credit'
      ? [
          { account: { kind: 'deposit_clearing' }, currency: o.currency, amount: -o.amount },
          { account: player(o.player), currency: o.currency, amount: o.amount },
        ]
      : o.type === 'debit'
        ? [
            { account: player(o.player), currency: o.currency, amount: -o.amount },
            { account: { kind: 'house' }, currency: o.currency, amount: o.amount },
          ]
        : [
            { account: player(o.player), currency: o.currency, amount: -o.amount },
            { account: player(o.to), currency: o.currency, amount: o.amount },
          ];
  return { idempotencyKey: uniqueKey(o.type), kind: o.type, legs };
}

/** The model after one successful operation. */
function applied(model: Map<string, bigint>, o: Op, ids: number[]): Map<string, bigint> {
  const next = new Map(model);
  const add = (key: string, delta: bigint) => next.set(key, (next.get(key) ?? 0n) + delta);
  const wallet = (index: number) => `${ids[index]}:${o.currency}`;
  if (o.type === 'credit') add(wallet(o.player), o.amount);
  if (o.type === 'debit') {
    add(wallet(o.player), -o.amount);
    add(`house:${o.currency}`, o.amount);
  }
  if (o.type === 'p2p') {
    add(wallet(o.player), -o.amount);
    add(wallet(o.to), o.amount);
  }
  return next;
}

function overdrawn(model: Map<string, bigint>): boolean {
  return [...model].some(([key, value]) => !key.startsWith('house') && value < 0n);
}

describe('the ledger under random concurrent operations', () => {
  it('always passes its check, and every balance equals a model that applies exactly the transfers that succeeded', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ initial, batches, grouping }) => {
        const ledger = ledgers[grouping];
        const ids = Array.from({ length: PLAYERS }, () => newPlayerId());
        let model = new Map<string, bigint>();
        const houseBefore = { USDT: await ledger.balance({ kind: 'house' }, 'USDT'), TRX: await ledger.balance({ kind: 'house' }, 'TRX') };
        model.set('house:USDT', houseBefore.USDT);
        model.set('house:TRX', houseBefore.TRX);
        for (const [index, value] of initial.entries()) {
          if (value === 0n) continue;
          await fund(ledger, ids[index], value);
          model.set(`${ids[index]}:USDT`, value);
        }

        for (const batch of batches) {
          const outcomes = await Promise.all(
            batch.map(async (o) => {
              const input = transferOf(o, ids);
              const settled = await Promise.allSettled(Array.from({ length: o.copies }, () => ledger.transfer(input)));
              for (const s of settled) {
                if (s.status === 'rejected' && !(s.reason instanceof InsufficientFundsError)) throw s.reason;
              }
              const results = settled.filter((s): s is PromiseFulfilledResult<TransferResult> => s.status === 'fulfilled').map((s) => s.value);
              // However many copies raced, at most one moved money and every success names the same transfer.
              expect(results.filter((r) => !r.replayed).length).toBeLessThanOrEqual(1);
              expect(new Set(results.map((r) => r.transferId)).size).toBeLessThanOrEqual(1);
              return { op: o, succeeded: results.length > 0 };
            }),
          );
          // Alone, an operation's fate is decided by the model: it succeeds exactly when it can be paid.
          if (batch.length === 1) expect(outcomes[0].succeeded).toBe(!overdrawn(applied(model, batch[0], ids)));
          for (const outcome of outcomes) if (outcome.succeeded) model = applied(model, outcome.op, ids);
          // The successes committed in some serial order without overdrawing anyone, so their sum cannot either.
          expect(overdrawn(model)).toBe(false);
        }

        for (const id of ids) {
          const balances = await playerBalances(database.db, id);
          expect(balances).toEqual({ USDT: model.get(`${id}:USDT`) ?? 0n, TRX: model.get(`${id}:TRX`) ?? 0n });
        }
        expect(await ledger.balance({ kind: 'house' }, 'USDT')).toBe(model.get('house:USDT'));
        expect(await ledger.balance({ kind: 'house' }, 'TRX')).toBe(model.get('house:TRX'));
        const check = await checkLedger(database.db);
        expect(check.problems).toEqual([]);
        expect(batchErrors).toEqual([]);
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
