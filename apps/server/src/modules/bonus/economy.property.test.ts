import { randomUUID } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { BonusRecordType, formatMicro, parseMicro } from '@lobby/contract';
import { areasOf, HASH_GAMES } from '@lobby/hash-games';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAddress } from '../../chain/address.ts';
import { checkLedger } from '../../money/ledger-check.ts';
import { startHashTestApp, type HashTestApp } from '../hash-game/test-support.ts';
import { aggregatorUserId } from '../third-game/hub88/user-id.ts';
import { newToken } from '../third-game/hub88/wallet-test-support.ts';
import { ThirdGameRepository } from '../third-game/third-game.repo.ts';
import { convert, effectiveRate } from '../wallet/exchange.service.ts';
import { parseRational } from '../wallet/settings.ts';
import { FUND_PASSWORD, newWallet, WALLET_TEST_ENV } from '../wallet/test-support.ts';

// ECONOMY.md "Bonus money and wagering" as a property. Random sequences of deposits, bonus credits
// (multiplier 0-10), page bets on the 1-block hash games (any area, both levels, both currencies),
// transfer bets from player 0's bound address (on chain: they move no wallet money, but their valid
// turnover joins the round of their block), the seamless wallet's rounds (a bet, then a win of 0-300%
// or a rollback), blocks, exchanges, transfers to and from a merchant, withdrawals and forfeits, by two
// players. Page bets stay open across commands until blocks decide them, so wins, losses, draws and
// hedges come from the block hash, and a block may decide page and transfer bets of one player
// together. A direct model keeps each player's cash, bonus, outstanding and required wagering and bonus
// at stake per currency, and predicts which requests are accepted. After every command:
// - cash, bonus and wagering answered by the API, and bonus at stake, equal the model's;
// - the ledger check passes;
// - nothing leaves a player's cash (withdrawals, exchange out, transfers out, as accepted by the
//   server) beyond what entered it: deposits, exchange and transfers in, cash bonuses (multiplier 0),
//   cash winnings less cash losses, and released bonus.
// Player 0 has a bound transfer-bet address, so the valid turnover of their hash rounds is recorded
// when the block's round closes (after every transfer of the block is seen); player 1's at settlement.

type Currency = 'USDT' | 'TRX';
const CURRENCIES: readonly Currency[] = ['USDT', 'TRX'];
const UNIT = 1_000_000n;

/** How much a request asks for: exactly the cash, cash + bonus, or a share (%) of cash + bonus. */
type Amount = 'cash' | 'all' | number;

type Op =
  | { kind: 'deposit'; who: number; currency: Currency; micro: bigint }
  | { kind: 'bonus'; who: number; currency: Currency; micro: bigint; multiplier: number }
  | { kind: 'bet'; who: number; currency: Currency; gameId: number; area: number; level: 0 | 1; amount: Amount }
  | { kind: 'settle' }
  | { kind: 'block' }
  | { kind: 'transferBet'; currency: Currency; units: number }
  | { kind: 'wallet'; who: number; amount: Amount; end: 'win' | 'rollback'; percent: number }
  | { kind: 'exchange'; who: number; from: Currency; amount: Amount }
  | { kind: 'withdraw'; who: number; currency: Currency; amount: Amount }
  | { kind: 'transfer'; who: number; currency: Currency; amount: Amount }
  | { kind: 'forfeit'; who: number; currency: Currency };

// Player 0 is ordinary, player 1 a merchant (transfers need one on a side); both bet, claim and withdraw.
const PLAYERS = 2;
// Mostly player 0 in USDT, so that one purse sees long stories (claims, bets, releases, forfeits).
const who = fc.constantFrom(0, 0, 0, 1);
const currency = fc.constantFrom<Currency>('USDT', 'USDT', 'USDT', 'TRX');
const micro = (minUnits: number, maxUnits: number) => fc.bigInt({ min: BigInt(minUnits) * UNIT, max: BigInt(maxUnits) * UNIT });
const amount: fc.Arbitrary<Amount> = fc.oneof(fc.constant('cash' as const), fc.constant('all' as const), fc.integer({ min: 1, max: 120 }));
const ONE_BLOCK_GAMES = HASH_GAMES.filter((game) => game.blocksPerRound === 1).map((game) => game.id);

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deposit' as const), who, currency, micro: micro(1, 300) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('bonus' as const),
      who,
      currency,
      micro: micro(1, 100),
      multiplier: fc.oneof(
        { weight: 1, arbitrary: fc.constant(0) },
        { weight: 3, arbitrary: fc.integer({ min: 1, max: 2 }) },
        { weight: 2, arbitrary: fc.integer({ min: 3, max: 10 }) },
      ),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('bet' as const),
      who,
      currency,
      gameId: fc.constantFrom(...ONE_BLOCK_GAMES),
      area: fc.nat(),
      level: fc.constantFrom<0 | 1>(0, 0, 1),
      amount,
    }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'settle' as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'block' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('transferBet' as const), currency, units: fc.integer({ min: 1, max: 50 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('wallet' as const),
      who,
      amount,
      end: fc.constantFrom<'win' | 'rollback'>('win', 'win', 'win', 'rollback'),
      percent: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 300 })),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('exchange' as const), who, from: currency, amount }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), who, currency, amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('transfer' as const), who, currency, amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('forfeit' as const), who, currency }) },
);

/** Every story starts with player 0 holding some USDT cash and a USDT bonus to wager 1-3 times, then goes anywhere. */
const story: fc.Arbitrary<Op[]> = fc
  .tuple(micro(1, 50), micro(1, 100), fc.integer({ min: 1, max: 3 }), fc.array(op, { minLength: 10, maxLength: 30 }))
  .map(([cash, bonus, multiplier, rest]) => [
    { kind: 'deposit', who: 0, currency: 'USDT', micro: cash },
    { kind: 'bonus', who: 0, currency: 'USDT', micro: bonus, multiplier },
    ...rest,
  ]);

/** One player's money in one currency, as the rules say it must be, and the terms of the outflow bound. */
interface Purse {
  cash: bigint;
  bonus: bigint;
  outstanding: bigint;
  required: bigint;
  atStake: bigint;
  /** A requirement row exists (a bonus with a multiplier was credited once). */
  requirement: boolean;
  deposits: bigint;
  /** Cash that came in otherwise: exchange and transfers in, bonuses paid as cash (multiplier 0). */
  otherIn: bigint;
  cashWins: bigint;
  cashLosses: bigint;
  released: bigint;
  /** What the server let out of the cash: withdrawals, exchange out, transfers out. */
  takenOut: bigint;
}

interface OpenBet {
  id: number;
  who: number;
  currency: Currency;
  round: number;
  amount: bigint;
  stakeBonus: bigint;
}

const newPurse = (): Purse => ({
  cash: 0n,
  bonus: 0n,
  outstanding: 0n,
  required: 0n,
  atStake: 0n,
  requirement: false,
  deposits: 0n,
  otherIn: 0n,
  cashWins: 0n,
  cashLosses: 0n,
  released: 0n,
  takenOut: 0n,
});

const BET_LIMITS: Record<0 | 1, Record<Currency, { min: bigint; max: bigint }>> = {
  0: { USDT: { min: 1n * UNIT, max: 1_000n * UNIT }, TRX: { min: 10n * UNIT, max: 10_000n * UNIT } },
  1: { USDT: { min: 10n * UNIT, max: 10_000n * UNIT }, TRX: { min: 100n * UNIT, max: 100_000n * UNIT } },
};
const MID = parseRational(WALLET_TEST_ENV.EXCHANGE_TRX_PER_USDT);
const SPREAD_BPS = Number(WALLET_TEST_ENV.EXCHANGE_SPREAD_BPS);
const EXCHANGE_MIN: Record<Currency, bigint> = { USDT: UNIT, TRX: (UNIT * MID.num + MID.den - 1n) / MID.den };
const WITHDRAWAL_MIN: Record<Currency, bigint> = {
  USDT: parseMicro(WALLET_TEST_ENV.WITHDRAWAL_USDT_MIN)!,
  TRX: parseMicro(WALLET_TEST_ENV.WITHDRAWAL_TRX_MIN)!,
};

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const max = (a: bigint, b: bigint) => (a > b ? a : b);

/** The micro-units a request asks for, read from the model before it is sent. */
function amountOf(spec: Amount, purse: Purse): bigint {
  if (spec === 'cash') return purse.cash;
  if (spec === 'all') return purse.cash + purse.bonus;
  return ((purse.cash + purse.bonus) * BigInt(spec)) / 100n;
}

/** The requirement reaches 0: the whole bonus balance becomes cash, once. */
function release(purse: Purse) {
  purse.cash += purse.bonus;
  purse.released += purse.bonus;
  purse.bonus = 0n;
}

/** A round's valid turnover min(S, |P − S|) lowers the requirement, releasing the bonus at 0. */
function applyTurnover(purse: Purse, stake: bigint, payout: bigint) {
  const valid = min(stake, payout > stake ? payout - stake : stake - payout);
  if (purse.outstanding > 0n && valid > 0n) {
    purse.outstanding = max(0n, purse.outstanding - valid);
    if (purse.outstanding === 0n) release(purse);
  }
}

/**
 * Payouts of wallet-money bets (page bets, the seamless wallet's), as ECONOMY.md pays them: each returns
 * floor(payout × stake_bonus / amount) to bonus while the requirement is live (else to cash) and the rest
 * to cash; their bonus stakes leave bonus at stake; a requirement left with no bonus and none at stake drops.
 */
function payBets(purse: Purse, bets: { amount: bigint; stakeBonus: bigint; payout: bigint }[]) {
  const stake = bets.reduce((sum, b) => sum + b.amount, 0n);
  const payout = bets.reduce((sum, b) => sum + b.payout, 0n);
  const onBonus = bets.filter((b) => b.stakeBonus > 0n);
  const stakeBonus = onBonus.reduce((sum, b) => sum + b.stakeBonus, 0n);
  purse.atStake -= stakeBonus;
  const paidBonus = onBonus.reduce((sum, b) => sum + (b.payout * b.stakeBonus) / b.amount, 0n);
  const live = purse.outstanding > 0n;
  // A bonus part paid after its requirement was met is released bonus, not a cash win.
  const bonusPart = live ? 0n : paidBonus;
  purse.bonus += live ? paidBonus : 0n;
  const toCash = live ? payout - paidBonus : payout;
  purse.cash += toCash;
  purse.released += bonusPart;
  const cashNet = toCash - bonusPart - (stake - stakeBonus);
  if (cashNet > 0n) purse.cashWins += cashNet;
  else purse.cashLosses -= cashNet;
  if (onBonus.length > 0 && purse.outstanding > 0n && purse.atStake === 0n && purse.bonus === 0n) purse.outstanding = 0n;
}

/** A round settled with its turnover: the turnover first (it may release), then the payouts. */
function settleRound(purse: Purse, bets: { amount: bigint; stakeBonus: bigint; payout: bigint }[]) {
  applyTurnover(
    purse,
    bets.reduce((sum, b) => sum + b.amount, 0n),
    bets.reduce((sum, b) => sum + b.payout, 0n),
  );
  payBets(purse, bets);
}

let t: HashTestApp;
beforeAll(async () => {
  // Transfers are read again over no window: a block's round closes once the scan has passed it.
  t = await startHashTestApp({ ...WALLET_TEST_ENV, WITHDRAWAL_USDT_REVIEW: '1000000', WITHDRAWAL_TRX_REVIEW: '10000000', HASH_TRANSFER_RESCAN_SECONDS: '0' });
  t.app.chain.devnet!.faucet(t.app.chain.hotWallet.address, { trx: 100_000_000n * UNIT, usdt: 100_000_000n * UNIT });
  await t.advance();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.database.db;
let credits = 0;

describe('bonus money and wagering under random use (ECONOMY.md "Bonus money and wagering")', () => {
  it('never lets more cash out than came in, and keeps cash, bonus and wagering equal to the rules', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(story, async (ops) => {
        const players: Awaited<ReturnType<HashTestApp['registerPlayer']>>[] = [];
        for (let i = 0; i < PLAYERS; i++) {
          const p = await t.registerPlayer();
          const set = await t.call('/v1/player/finance_password/update', { newPassword: FUND_PASSWORD, loginPassword: p.password }, { token: p.token });
          expect(set.code).toBe(0);
          players.push(p);
        }
        await db().updateTable('players').set({ user_type: 1 }).where('id', '=', players[1].playerId).execute();
        const purses = players.map(() => ({ USDT: newPurse(), TRX: newPurse() }) as Record<Currency, Purse>);
        let open: OpenBet[] = [];
        // Player 0 sends transfer bets from a bound address.
        const sender = bytesToHex(secp256k1.utils.randomSecretKey());
        const senderAddress = privateKeyToAddress(sender);
        t.app.chain.devnet!.faucet(senderAddress, { trx: 1_000_000n * UNIT, usdt: 100_000n * UNIT });
        await db()
          .insertInto('bet_addresses')
          .values({
            player_id: players[0].playerId,
            address: senderAddress,
            status: 1,
            activation_amount: UNIT,
            expires_at: new Date(),
            activated_at: new Date(),
          })
          .execute();
        let sent: { txId: string; currency: Currency }[] = [];
        // Player 0's hash rounds waiting for their block to close: stakes and payouts per height and currency.
        const held = new Map<number, Map<Currency, { stake: bigint; payout: bigint }>>();
        const holdRound = (round: number, c: Currency, stake: bigint, payout: bigint) => {
          const byCurrency = held.get(round) ?? new Map<Currency, { stake: bigint; payout: bigint }>();
          const sums = byCurrency.get(c) ?? { stake: 0n, payout: 0n };
          byCurrency.set(c, { stake: sums.stake + stake, payout: sums.payout + payout });
          held.set(round, byCurrency);
        };
        // Each player plays a third-party game in one session, in USDT.
        const sessions = await Promise.all(
          players.map(async (player) => {
            const token = newToken();
            await new ThirdGameRepository(db()).createSession({
              token,
              playerId: player.playerId,
              aggregator: 'hub88',
              gameCode: 'demo_slot',
              gameType: 10,
              manufacturer: 'Demo Studio',
            });
            return token;
          }),
        );

        /**
         * One block, then the engine's pass: it settles the page bets the block decides, records the
         * transfers it holds and closes the rounds of the blocks every scan has passed. The model
         * follows in the same order: settlements (player 1's with their turnover, player 0's payouts
         * only), then the closed rounds' turnover of player 0, by height.
         */
        const advance = async () => {
          await t.advance();
          const settled =
            open.length === 0
              ? []
              : await db()
                  .selectFrom('hash_bets')
                  .select(['id', 'payout'])
                  .where(
                    'id',
                    'in',
                    open.map((b) => BigInt(b.id)),
                  )
                  .where('settled_at', 'is not', null)
                  .execute();
          const payoutOf = new Map(settled.map((row) => [Number(row.id), row.payout!]));
          const groups = new Map<string, { who: number; round: number; currency: Currency; bets: { amount: bigint; stakeBonus: bigint; payout: bigint }[] }>();
          for (const bet of [...open].sort((a, b) => a.round - b.round)) {
            const payout = payoutOf.get(bet.id);
            if (payout === undefined) continue;
            const key = `${bet.round}:${bet.who}:${bet.currency}`;
            const group = groups.get(key) ?? { who: bet.who, round: bet.round, currency: bet.currency, bets: [] };
            group.bets.push({ amount: bet.amount, stakeBonus: bet.stakeBonus, payout });
            groups.set(key, group);
          }
          open = open.filter((bet) => !payoutOf.has(bet.id));
          for (const group of groups.values()) {
            const purse = purses[group.who][group.currency];
            if (group.who === 1) {
              settleRound(purse, group.bets);
              continue;
            }
            payBets(purse, group.bets);
            holdRound(
              group.round,
              group.currency,
              group.bets.reduce((sum, b) => sum + b.amount, 0n),
              group.bets.reduce((sum, b) => sum + b.payout, 0n),
            );
          }
          if (sent.length > 0) {
            const seen = await db()
              .selectFrom('hash_bets')
              .select(['tx_id', 'round', 'amount', 'payout', 'player_id'])
              .where(
                'tx_id',
                'in',
                sent.map((s) => s.txId),
              )
              .execute();
            for (const bet of seen) {
              expect(bet.player_id, "a transfer from a bound address is its player's bet").toBe(players[0].playerId);
              holdRound(Number(bet.round), sent.find((s) => s.txId === bet.tx_id)!.currency, bet.amount, bet.payout ?? 0n);
            }
            sent = sent.filter((s) => !seen.some((bet) => bet.tx_id === s.txId));
          }
          if (held.size > 0) {
            const { rows: closed } = await sql<{ height: string }>`
              select height::text from hash_blocks where height = any(${[...held.keys()]}::int8[]) and turnover_closed_at is not null order by height`.execute(
              db(),
            );
            for (const { height } of closed) {
              for (const [c, sums] of held.get(Number(height))!) applyTurnover(purses[0][c], sums.stake, sums.payout);
              held.delete(Number(height));
            }
          }
        };

        /** The outflow bound: what the server let out of a player's cash never exceeds what entered it by the rules. */
        const expectWithinBound = (i: number, c: Currency, context: string) => {
          const p = purses[i][c];
          const cameIn = p.deposits + p.otherIn + p.cashWins - p.cashLosses + p.released;
          expect(p.takenOut <= cameIn, `player ${i} took ${formatMicro(p.takenOut)} ${c} out of cash, only ${formatMicro(cameIn)} came in; ${context}`).toBe(
            true,
          );
        };

        const step = async (o: Op) => {
          if (o.kind === 'settle') {
            for (let blocks = 0; open.length > 0 || sent.length > 0 || held.size > 0; blocks++) {
              expect(blocks, 'every bet settles and every round closes within 8 blocks').toBeLessThan(8);
              await advance();
            }
            return;
          }
          if (o.kind === 'block') {
            await advance();
            return;
          }
          if (o.kind === 'transferBet') {
            // Whole units within the level-0 limits: USDT 1-50, TRX 10-500; the last digit picks the side.
            const value = BigInt(o.units) * UNIT * (o.currency === 'USDT' ? 1n : 10n);
            const to = (await t.app.services.lobby.hashGameState()).transferAddresses.find((row) => row.game_id === 1 && row.level === 0)!.address;
            const client = t.app.chain.client;
            const { txId } = o.currency === 'USDT' ? await client.sendUsdt(sender, to, value) : await client.sendTrx(sender, to, value);
            sent.push({ txId, currency: o.currency });
            return;
          }
          if (o.kind === 'wallet') {
            // A third-party round in USDT: a bet drawn cash first, then a closing win or a rollback.
            const purse = purses[o.who].USDT;
            const wallet = t.app.services.providerWallet;
            const perUnit = wallet.options.microPerUnit;
            const units = max(1n, amountOf(o.amount, purse) / perUnit);
            const stake = units * perUnit;
            const player = players[o.who];
            const bet = {
              transactionUuid: randomUUID(),
              token: sessions[o.who],
              playerId: player.playerId,
              user: aggregatorUserId(player.playerId),
              round: `round-${randomUUID()}`,
              gameCode: 'demo_slot',
              currency: 'USD',
              amount: units,
              roundClosed: false,
            };
            const placed = await wallet.bet(bet);
            if (stake > purse.cash + purse.bonus) {
              expect(placed.status, `a wallet bet of ${formatMicro(stake)} beyond cash + bonus`).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
              return;
            }
            expect(placed.status, `a wallet bet of ${formatMicro(stake)} within cash + bonus`).toBe('RS_OK');
            const stakeBonus = max(0n, stake - purse.cash);
            purse.cash -= stake - stakeBonus;
            purse.bonus -= stakeBonus;
            purse.atStake += stakeBonus;
            if (o.end === 'rollback') {
              const refunded = await wallet.rollback({
                ...bet,
                transactionUuid: randomUUID(),
                referenceTransactionUuid: bet.transactionUuid,
                roundClosed: true,
              });
              expect(refunded.status).toBe('RS_OK');
              // The stake returns as it was drawn: its bonus part to bonus while the requirement is live.
              const live = purse.outstanding > 0n;
              purse.atStake -= stakeBonus;
              purse.cash += stake - (live ? stakeBonus : 0n);
              purse.bonus += live ? stakeBonus : 0n;
              if (!live) purse.released += stakeBonus;
              return;
            }
            const won = (units * BigInt(o.percent)) / 100n;
            const paid = await wallet.win({
              ...bet,
              transactionUuid: randomUUID(),
              referenceTransactionUuid: bet.transactionUuid,
              amount: won,
              roundClosed: true,
            });
            expect(paid.status).toBe('RS_OK');
            settleRound(purse, [{ amount: stake, stakeBonus, payout: won * perUnit }]);
            return;
          }
          const player = players[o.who];
          if (o.kind === 'deposit') {
            await t.app.services.ledger.transfer({
              idempotencyKey: `test-deposit:${randomUUID()}`,
              kind: 'deposit',
              legs: [
                { account: { kind: 'deposit_clearing' }, currency: o.currency, amount: -o.micro },
                { account: { kind: 'player', playerId: player.playerId }, currency: o.currency, amount: o.micro },
              ],
            });
            purses[o.who][o.currency].cash += o.micro;
            purses[o.who][o.currency].deposits += o.micro;
            return;
          }
          if (o.kind === 'bonus') {
            await t.app.services.bonus.creditNow({
              playerId: player.playerId,
              bonusType: BonusRecordType.REBATE,
              source: 'rebate',
              sourceRef: `economy-property:${++credits}`,
              currency: o.currency,
              amount: o.micro,
              multiplier: o.multiplier,
            });
            const purse = purses[o.who][o.currency];
            if (o.multiplier === 0) {
              purse.cash += o.micro;
              purse.otherIn += o.micro;
              return;
            }
            const added = o.micro * BigInt(o.multiplier);
            purse.required = purse.outstanding === 0n ? added : purse.required + added;
            purse.outstanding += added;
            purse.bonus += o.micro;
            purse.requirement = true;
            return;
          }
          if (o.kind === 'bet') {
            const purse = purses[o.who][o.currency];
            const limits = BET_LIMITS[o.level][o.currency];
            const stake = min(limits.max, max(limits.min, amountOf(o.amount, purse)));
            const game = HASH_GAMES.find((g) => g.id === o.gameId)!;
            const areas = areasOf(game.kind);
            const reply = await t.bet(player.token, {
              gameId: o.gameId,
              level: o.level,
              currency: o.currency,
              area: areas[o.area % areas.length],
              amount: formatMicro(stake),
            });
            if (stake > purse.cash + purse.bonus) {
              expect(reply.code, `a bet of ${formatMicro(stake)} ${o.currency} beyond cash + bonus`).toBe(21002);
              return;
            }
            expect(reply.code, `a bet of ${formatMicro(stake)} ${o.currency} within cash + bonus`).toBe(0);
            const stakeBonus = max(0n, stake - purse.cash);
            const row = await db().selectFrom('hash_bets').select('stake_bonus').where('id', '=', BigInt(reply.data.bet.id)).executeTakeFirstOrThrow();
            expect(row.stake_bonus, 'the bet draws on cash first, then bonus').toBe(stakeBonus);
            purse.cash -= stake - stakeBonus;
            purse.bonus -= stakeBonus;
            purse.atStake += stakeBonus;
            open.push({ id: reply.data.bet.id, who: o.who, currency: o.currency, round: reply.data.bet.round, amount: stake, stakeBonus });
            return;
          }
          if (o.kind === 'forfeit') {
            const purse = purses[o.who][o.currency];
            const reply = await t.call('/v1/bonus/forfeit', { requestId: randomUUID(), currency: o.currency }, { token: player.token });
            const accepted = purse.requirement && purse.atStake === 0n && (purse.bonus > 0n || purse.outstanding > 0n);
            expect(reply.code === 0, `forfeit of ${o.currency} answered ${reply.code}`).toBe(accepted);
            if (!accepted) return;
            purse.bonus = 0n;
            purse.outstanding = 0n;
            purse.required = 0n;
            return;
          }
          // Money leaving the player's cash: withdrawals, the exchange, transfers.
          const from = o.kind === 'exchange' ? o.from : o.currency;
          const purse = purses[o.who][from];
          const value = amountOf(o.amount, purse);
          if (value === 0n) return;
          let reply: { code: number; data: any };
          let floor: bigint;
          if (o.kind === 'withdraw') {
            floor = WITHDRAWAL_MIN[from];
            reply = await t.call(
              '/v1/bank/cashout/submit',
              { requestId: randomUUID(), currency: from, amount: formatMicro(value), address: newWallet().address, fundPassword: FUND_PASSWORD },
              { token: player.token },
            );
          } else if (o.kind === 'exchange') {
            floor = EXCHANGE_MIN[from];
            reply = await t.call(
              '/v1/bank/currency_exchange/submit',
              { requestId: randomUUID(), from, to: from === 'USDT' ? 'TRX' : 'USDT', amount: formatMicro(value) },
              { token: player.token },
            );
          } else {
            floor = 1n;
            reply = await t.call(
              '/v1/bank/transfer/submit',
              { requestId: randomUUID(), receiverId: players[1 - o.who].playerId, currency: from, amount: formatMicro(value), fundPassword: FUND_PASSWORD },
              { token: player.token },
            );
          }
          if (reply.code === 0) purse.takenOut += value;
          expectWithinBound(o.who, from, `${o.kind} of ${formatMicro(value)} ${from}`);
          const accepted = value >= floor && value <= purse.cash;
          expect(
            reply.code === 0,
            `${o.kind} of ${formatMicro(value)} ${from} (cash ${formatMicro(purse.cash)}, bonus ${formatMicro(purse.bonus)}) answered ${reply.code}`,
          ).toBe(accepted);
          if (!accepted) return;
          purse.cash -= value;
          if (o.kind === 'exchange') {
            const to: Currency = from === 'USDT' ? 'TRX' : 'USDT';
            const received = convert(value, effectiveRate(MID, SPREAD_BPS, from));
            expect(parseMicro(reply.data.record.toAmount)).toBe(received);
            purses[o.who][to].cash += received;
            purses[o.who][to].otherIn += received;
          } else if (o.kind === 'transfer') {
            purses[1 - o.who][from].cash += value;
            purses[1 - o.who][from].otherIn += value;
          }
        };

        const check = async (done: Op[]) => {
          const context = `after ${JSON.stringify(done, (_, v) => (typeof v === 'bigint' ? formatMicro(v) : v))}`;
          for (let i = 0; i < PLAYERS; i++) for (const c of CURRENCIES) expectWithinBound(i, c, context);
          const seen = await Promise.all(
            players.map(async (player) => {
              const [wagering, balance, stakes] = await Promise.all([
                t.call('/v1/bonus/wagering', {}, { token: player.token }),
                t.call('/v1/player/balance/get', {}, { token: player.token }),
                db().selectFrom('wagering').select(['currency', 'bonus_at_stake']).where('player_id', '=', player.playerId).execute(),
              ]);
              return {
                balance: balance.data,
                wagering: CURRENCIES.map((c) => {
                  const w = (wagering.data as { currency: Currency; outstanding: string; required: string; cash: string; bonus: string }[]).find(
                    (row) => row.currency === c,
                  )!;
                  const atStake = stakes.find((row) => row.currency === c)?.bonus_at_stake ?? 0n;
                  return { currency: c, cash: w.cash, bonus: w.bonus, outstanding: w.outstanding, required: w.required, atStake: formatMicro(atStake) };
                }),
              };
            }),
          );
          expect(seen, context).toEqual(
            purses.map((purse) => ({
              balance: {
                usdt: formatMicro(purse.USDT.cash + purse.USDT.bonus),
                trx: formatMicro(purse.TRX.cash + purse.TRX.bonus),
                cash: { usdt: formatMicro(purse.USDT.cash), trx: formatMicro(purse.TRX.cash) },
                bonus: { usdt: formatMicro(purse.USDT.bonus), trx: formatMicro(purse.TRX.bonus) },
              },
              wagering: CURRENCIES.map((c) => {
                const p = purse[c];
                return {
                  currency: c,
                  cash: formatMicro(p.cash),
                  bonus: formatMicro(p.bonus),
                  outstanding: formatMicro(p.outstanding),
                  required: formatMicro(p.required),
                  atStake: formatMicro(p.atStake),
                };
              }),
            })),
          );
          expect((await checkLedger(db())).problems, context).toEqual([]);
        };

        const done: Op[] = [];
        for (const o of [...ops, { kind: 'settle' as const }]) {
          await step(o);
          done.push(o);
          await check(done);
        }
      }),
      { numRuns: Number(process.env.ECONOMY_RUNS ?? 16) },
    );
  });
});
