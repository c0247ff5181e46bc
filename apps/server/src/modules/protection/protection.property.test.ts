import { randomUUID } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAddress } from '../../chain/address.ts';
import { checkLedger } from '../../money/ledger-check.ts';
import { startHashTestApp, USDT, type HashTestApp } from '../hash-game/test-support.ts';
import { walletSession } from '../third-game/provider-wallet.test-support.ts';
import { WALLET_TEST_ENV } from '../wallet/test-support.ts';
import { periodBounds } from './periods.ts';
import { travel } from './test-support.ts';

// PROTECTION.md, as a property: random sequences of limit changes, time passing, deposits and stakes
// on every path (page bets, the third-party wallet, transfer bets, bonus credits), checked step by
// step against a model of the rules:
// - no stake is accepted that passes a limit in force (loss: stakes less what came back);
// - where no payout is in flight (wager and deposit limits, pauses), the system refuses exactly what
//   the model refuses: nothing is refused that the rules allow;
// - the limits in force are the model's: a decrease at once, a raise or removal only after 24 h and
//   a confirmation;
// - during a time-out nothing goes into play by any path, and a transfer bet comes back whole;
// - a deposit is credited up to the deposit limits, the rest held, and released as they allow.

type Kind = 'loss' | 'wager' | 'deposit';
type Period = 'day' | 'week';
const ZONE = 'Asia/Shanghai';
const HOUR = 3_600_000;

type Step =
  | { op: 'limit'; kind: Kind; period: Period; units: number }
  | { op: 'remove'; kind: Kind; period: Period }
  | { op: 'confirm'; kind: Kind; period: Period }
  | { op: 'travel'; hours: number }
  | { op: 'pageBet'; units: number }
  | { op: 'walletBet'; units: number; winUnits: number }
  | { op: 'transferBet'; units: number }
  | { op: 'deposit'; units: number }
  | { op: 'bonus' }
  | { op: 'settle' }
  | { op: 'timeOut' };

const kind = fc.constantFrom<Kind>('loss', 'wager', 'deposit');
const period = fc.constantFrom<Period>('day', 'week');
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('limit' as const), kind, period, units: fc.integer({ min: 1, max: 40 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), kind, period }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('confirm' as const), kind, period }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('travel' as const), hours: fc.constantFrom(1, 12, 25, 24 * 8) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('pageBet' as const), units: fc.integer({ min: 1, max: 15 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('walletBet' as const), units: fc.integer({ min: 1, max: 15 }), winUnits: fc.integer({ min: 0, max: 30 }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('transferBet' as const), units: fc.integer({ min: 1, max: 9 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('deposit' as const), units: fc.integer({ min: 1, max: 40 }) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'bonus' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'settle' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'timeOut' as const }) },
);

/** What the rules say, kept beside the system. Instants shift back on travel, as the system's rows do. */
class Model {
  limits = new Map<string, { amount: bigint; pending: { amount: bigint | null; since: number } | null }>();
  events: { at: number; stake: bigint; returned: bigint; deposited: bigint }[] = [];
  pausedUntil = 0;
  held: { at: number; left: bigint }[] = [];

  now = () => Date.now();
  key = (k: Kind, p: Period) => `${k}:${p}`;

  travel(hours: number) {
    const by = hours * HOUR;
    for (const e of this.events) e.at -= by;
    for (const limit of this.limits.values()) if (limit.pending) limit.pending.since -= by;
    this.pausedUntil -= by;
  }

  paused() {
    return this.now() < this.pausedUntil;
  }

  used(p: Period) {
    const start = periodBounds(p, new Date(this.now()), ZONE).start.getTime();
    const inside = this.events.filter((e) => e.at >= start);
    const sum = (f: (e: (typeof inside)[number]) => bigint) => inside.reduce((s, e) => s + f(e), 0n);
    return { staked: sum((e) => e.stake), returned: sum((e) => e.returned), deposited: sum((e) => e.deposited) };
  }

  /** The limit (kind:period) a stake of `usdt` would pass, or null; `returnsCount` false counts no payout (the conservative view). */
  stakeRefusal(usdt: bigint, returnsCount = true): string | null {
    for (const [key, limit] of this.limits) {
      const [k, p] = key.split(':') as [Kind, Period];
      if (k === 'deposit') continue;
      const used = this.used(p);
      const sofar = k === 'wager' ? used.staked : used.staked - (returnsCount ? used.returned : 0n);
      if (sofar + usdt > limit.amount) return key;
    }
    return null;
  }

  depositRoom(): bigint | null {
    let room: bigint | null = null;
    for (const [key, limit] of this.limits) {
      const [k, p] = key.split(':') as [Kind, Period];
      if (k !== 'deposit') continue;
      const left = limit.amount - this.used(p).deposited;
      const clamped = left > 0n ? left : 0n;
      if (room === null || clamped < room) room = clamped;
    }
    return room;
  }

  setLimit(k: Kind, p: Period, amount: bigint | null) {
    const existing = this.limits.get(this.key(k, p));
    if (amount === null) {
      if (existing) existing.pending = { amount: null, since: this.now() };
      return;
    }
    if (!existing || amount <= existing.amount) this.limits.set(this.key(k, p), { amount, pending: null });
    else existing.pending = { amount, since: this.now() };
  }

  confirm(k: Kind, p: Period): boolean {
    const existing = this.limits.get(this.key(k, p));
    if (!existing?.pending || this.now() < existing.pending.since + 24 * HOUR) return false;
    if (existing.pending.amount === null) this.limits.delete(this.key(k, p));
    else this.limits.set(this.key(k, p), { amount: existing.pending.amount, pending: null });
    return true;
  }
}

let t: HashTestApp;
beforeAll(async () => {
  t = await startHashTestApp({ ...WALLET_TEST_ENV, HASH_TRANSFER_REFUND_FEE_USDT: '0' });
  t.app.chain.devnet!.faucet(t.app.chain.hotWallet.address, { trx: USDT(10_000_000), usdt: USDT(10_000_000) });
  await t.advance();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.database.db;

async function settledPayouts(playerId: number): Promise<bigint> {
  const { rows } = await sql<{ total: string }>`
    select coalesce(sum(payout), 0)::text as total from hash_bets where player_id = ${playerId} and settled_at is not null`.execute(db());
  return BigInt(rows[0]!.total);
}

describe('player protection, on random sequences', () => {
  it('never accepts a stake past a limit in force, applies raises only after 24 h and a confirmation, and lets nothing into play during a time-out', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 12 }), async (steps) => {
        const model = new Model();
        const { token, playerId } = await t.player({ usdt: USDT(10_000) });
        // Play is counted from here on, as after a first limit: counting the time before it reads the
        // ledger's own times, which travel cannot move (protection.routes.test.ts covers it).
        await t.app.services.protection.service.answerOffer(playerId, 'registration');
        await sql`update player_protection set tracks_spend = true where player_id = ${playerId}`.execute(db());
        await t.app.services.protection.gate.changed(playerId);
        const player = await walletSession(t, playerId);
        const service = t.app.services.protection.service;
        const wallet = t.app.services.providerWallet;
        const privateKey = bytesToHex(secp256k1.utils.randomSecretKey());
        const sender = privateKeyToAddress(privateKey);
        t.app.chain.devnet!.faucet(sender, { trx: USDT(1000), usdt: USDT(10_000) });
        await db()
          .insertInto('bet_addresses')
          .values({ player_id: playerId, address: sender, status: 1, activation_amount: 1_000_000n, expires_at: new Date(), activated_at: new Date() })
          .execute();
        const depositAddress = await t.app.services.wallet.deposits.addressOf(playerId);
        const transferTo = (await t.app.services.lobby.hashGameState()).transferAddresses.find((row) => row.game_id === 5 && row.level === 0)!.address;
        let payoutsSeen = 0n;

        const seeReturns = async () => {
          const total = await settledPayouts(playerId);
          if (total > payoutsSeen) model.events.push({ at: model.now(), stake: 0n, returned: total - payoutsSeen, deposited: 0n });
          payoutsSeen = total;
        };

        /** Judges a stake attempt the system answered `accepted`; `exact`: no payout is in flight, so refusals must match too. */
        const judgeStake = (accepted: boolean, usdt: bigint, label: string) => {
          if (model.paused()) {
            expect(accepted, `${label} during a time-out`).toBe(false);
            return;
          }
          if (accepted) expect(model.stakeRefusal(usdt), `${label} accepted past a limit`).toBeNull();
          else expect(model.stakeRefusal(usdt, false), `${label} refused though no limit is passed even counting no payout`).not.toBeNull();
          if (accepted) model.events.push({ at: model.now(), stake: usdt, returned: 0n, deposited: 0n });
        };

        for (const s of steps) {
          switch (s.op) {
            case 'limit': {
              await service.setLimit(playerId, s.kind, s.period, USDT(s.units));
              model.setLimit(s.kind, s.period, USDT(s.units));
              break;
            }
            case 'remove': {
              await service.setLimit(playerId, s.kind, s.period, null);
              model.setLimit(s.kind, s.period, null);
              break;
            }
            case 'confirm': {
              const applied = await service.confirmLimit(playerId, s.kind, s.period).then(
                () => true,
                () => false,
              );
              expect(applied, `confirm ${s.kind} ${s.period}`).toBe(model.confirm(s.kind, s.period));
              break;
            }
            case 'travel': {
              await travel(db(), playerId, s.hours, t.app.services.protection.gate);
              model.travel(s.hours);
              const before = model.held.reduce((sum, h) => sum + h.left, 0n);
              if (before > 0n) {
                await t.app.services.protection.held.releaseDue();
                const room = model.depositRoom();
                const released = room === null || room > before ? before : room;
                let rest = released;
                for (const h of model.held) {
                  const part = h.left < rest ? h.left : rest;
                  h.left -= part;
                  rest -= part;
                }
                if (released > 0n) model.events.push({ at: model.now(), stake: 0n, returned: 0n, deposited: released });
              }
              break;
            }
            case 'pageBet': {
              const reply = await t.call(
                '/v1/hashGame/bet',
                { requestId: `p${randomUUID().replaceAll('-', '')}`, gameId: 1, level: 0, area: 'big', amount: String(s.units), currency: 'USDT' },
                { token },
              );
              expect([0, 10061, 10062], `page bet answered ${reply.code}`).toContain(reply.code);
              judgeStake(reply.code === 0, USDT(s.units), 'a page bet');
              break;
            }
            case 'walletBet': {
              const bet = player.bet(BigInt(s.units) * 100_000n, { roundClosed: false });
              const outcome = await wallet.bet(bet);
              expect(['RS_OK', 'RS_ERROR_USER_DISABLED']).toContain(outcome.status);
              judgeStake(outcome.status === 'RS_OK', USDT(s.units), 'a third-party bet');
              if (outcome.status === 'RS_OK') {
                expect((await wallet.win(player.win(bet, BigInt(s.winUnits) * 100_000n))).status).toBe('RS_OK');
                model.events.push({ at: model.now(), stake: 0n, returned: USDT(s.winUnits), deposited: 0n });
              }
              break;
            }
            case 'transferBet': {
              const { txId } = await t.app.chain.client.sendUsdt(privateKey, transferTo, USDT(s.units));
              for (let i = 0; i < 3; i++) await t.advance();
              const receipt = await db().selectFrom('hash_transfer_receipts').selectAll().where('tx_id', '=', txId).executeTakeFirstOrThrow();
              const accepted = receipt.outcome === 'bet';
              judgeStake(accepted, USDT(s.units), 'a transfer bet');
              if (!accepted) expect(receipt.refund_amount, 'a refused transfer bet comes back whole').toBe(USDT(s.units));
              break;
            }
            case 'deposit': {
              const room = model.depositRoom();
              const amount = USDT(s.units);
              const cashBefore = await cashOf(playerId);
              t.app.chain.devnet!.faucet(depositAddress, { usdt: amount });
              t.app.chain.devnet!.produceBlock();
              await t.app.services.wallet.workers.deposits.runOnce();
              t.app.chain.devnet!.produceBlock();
              await t.app.services.wallet.workers.deposits.runOnce();
              const credited = room === null || room >= amount ? amount : room;
              expect((await cashOf(playerId)) - cashBefore, 'cash credited from a deposit').toBe(credited);
              model.events.push({ at: model.now(), stake: 0n, returned: 0n, deposited: credited });
              if (amount > credited) model.held.push({ at: model.now(), left: amount - credited });
              break;
            }
            case 'bonus': {
              const credited = await t.app.services.bonus
                .creditNow({ playerId, source: 'rebate', sourceRef: randomUUID(), bonusType: 1, currency: 'USDT', amount: 1n } as never)
                .then(
                  () => true,
                  () => false,
                );
              expect(credited, 'a bonus credit').toBe(!model.paused());
              break;
            }
            case 'settle': {
              await t.advance(3);
              break;
            }
            case 'timeOut': {
              await service.timeOut(playerId, 1);
              model.pausedUntil = Math.max(model.pausedUntil, model.now() + 24 * HOUR);
              break;
            }
          }
          await seeReturns();
          const state = await service.state(playerId);
          const inForce = Object.fromEntries(state.limits.filter((l) => l.period !== 'month').map((l) => [`${l.kind}:${l.period}`, USDT(l.amount)]));
          expect(inForce, 'limits in force').toEqual(Object.fromEntries([...model.limits].map(([key, l]) => [key, l.amount])));
          const heldNow = state.held.reduce((sum, h) => sum + USDT(h.amount), 0n);
          expect(heldNow, 'deposits held').toBe(model.held.reduce((sum, h) => sum + h.left, 0n));
        }
        expect((await checkLedger(db())).problems).toEqual([]);
      }),
      { numRuns: 12, endOnFailure: true },
    );
  });
});

async function cashOf(playerId: number): Promise<bigint> {
  const row = await db()
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('kind', '=', 'player')
    .where('owner_id', '=', BigInt(playerId))
    .where('currency', '=', 'USDT')
    .executeTakeFirst();
  return row?.balance ?? 0n;
}
