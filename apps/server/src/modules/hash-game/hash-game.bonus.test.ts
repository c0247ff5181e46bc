import { BonusRecordType } from '@lobby/contract';
import { decidingHeightFor, resultOf, settle } from '@lobby/hash-games';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { playerWallet } from '../../money/balances.ts';
import { checkLedger } from '../../money/ledger-check.ts';
import { startHashTestApp, USDT, type HashTestApp } from './test-support.ts';

let t: HashTestApp;
beforeAll(async () => {
  t = await startHashTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await checkLedger(db())).problems).toEqual([]);
});

const db = () => t.app.database.db;
let refs = 0;

/** A player with `cash` deposited and `bonus` of bonus money whose requirement is `bonus × multiplier`. */
async function playerWith(cash: number, bonus: number, multiplier = 100) {
  const player = await t.player({ usdt: cash > 0 ? USDT(cash) : undefined });
  if (bonus > 0) {
    await t.app.services.bonus.creditNow({
      playerId: player.playerId,
      bonusType: BonusRecordType.REBATE,
      source: 'rebate',
      sourceRef: `hash-bonus-test:${++refs}`,
      currency: 'USDT',
      amount: USDT(bonus),
      multiplier,
    });
  }
  return player;
}

const wallet = async (playerId: number) => {
  const w = await playerWallet(db(), playerId);
  return { cash: w.cash.USDT, bonus: w.bonus.USDT };
};
const wagering = (playerId: number) =>
  db().selectFrom('wagering').select(['outstanding', 'bonus_at_stake']).where('player_id', '=', playerId).where('currency', '=', 'USDT').executeTakeFirst();
const stakeBonus = async (betId: number) =>
  (await db().selectFrom('hash_bets').select('stake_bonus').where('id', '=', BigInt(betId)).executeTakeFirstOrThrow()).stake_bonus;
const releases = async (playerId: number) =>
  (await db().selectFrom('ledger_transfers').select('id').where('kind', '=', 'bonus_release').where('reference', '=', String(playerId)).execute()).length;
/** The legs a transfer posted on the player's accounts, by account kind. */
async function playerLegs(transferKind: string, playerId: number) {
  const rows = await db()
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transfers as x', 'x.id', 'e.transfer_id')
    .select(['a.kind', 'e.amount'])
    .where('x.kind', '=', transferKind)
    .where('a.owner_id', '=', BigInt(playerId))
    .where('a.kind', 'in', ['player', 'player_bonus'])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.kind, BigInt(row.amount)]));
}

/** Produces blocks up to `round`, whose block decides big/small as asked, and lets the round settle. */
async function decide(round: number, winner: 'big' | 'small') {
  const head = await t.head();
  if (round - head > 1) await t.advance(round - head - 1);
  await t.advance(1, (blockId) => (resultOf(1, blockId, round) as { winner?: string }).winner === winner);
  await t.app.services.hashGame.publisher.drain();
}

/** A bet on the 20-block game whose round is decided after the next 1-block round. */
async function laterBet(token: string, amount: string) {
  if (decidingHeightFor(101, await t.head()) === (await t.head()) + 2) await t.advance();
  const reply = await t.bet(token, { gameId: 101, area: 'big', amount });
  expect(reply.code).toBe(0);
  return reply.data.bet;
}

describe('page bets draw on cash first, then bonus money (ECONOMY.md "Bonus money and wagering")', () => {
  it('takes all 3 of cash and 2 of bonus for a bet of 5, keeps the bonus part on the bet and at stake, and answers both balances', async () => {
    const { token, playerId } = await playerWith(3, 10);
    const reply = await t.bet(token, { gameId: 1, area: 'big', amount: '5' });
    expect(reply.code).toBe(0);
    expect(reply.data.balances).toMatchObject({ usdt: '8', cash: { usdt: '0' }, bonus: { usdt: '8' } });
    expect(await stakeBonus(reply.data.bet.id)).toBe(USDT(2));
    expect(await wallet(playerId)).toEqual({ cash: 0n, bonus: USDT(8) });
    expect((await wagering(playerId))?.bonus_at_stake).toBe(USDT(2));
    expect(await playerLegs('hash_bet', playerId)).toEqual({ player: -USDT(3), player_bonus: -USDT(2) });
  });

  it('takes nothing of bonus while cash covers the bet', async () => {
    const { token, playerId } = await playerWith(6, 10);
    const reply = await t.bet(token, { gameId: 1, area: 'big', amount: '5' });
    expect(reply.data.balances).toMatchObject({ usdt: '11', cash: { usdt: '1' }, bonus: { usdt: '10' } });
    expect(await stakeBonus(reply.data.bet.id)).toBe(0n);
    expect((await wagering(playerId))?.bonus_at_stake).toBe(0n);
    expect(await playerLegs('hash_bet', playerId)).toEqual({ player: -USDT(5) });
  });

  it('refuses with 21002 only beyond cash + bonus, moving nothing; cash + bonus exactly is taken', async () => {
    const { token, playerId } = await playerWith(3, 10);
    const refused = await t.bet(token, { gameId: 1, area: 'big', amount: '13.000001' });
    expect(refused.code).toBe(21002);
    expect(await wallet(playerId)).toEqual({ cash: USDT(3), bonus: USDT(10) });
    expect((await wagering(playerId))?.bonus_at_stake).toBe(0n);

    const taken = await t.bet(token, { gameId: 1, area: 'big', amount: '13' });
    expect(taken.code).toBe(0);
    expect(await stakeBonus(taken.data.bet.id)).toBe(USDT(10));
    expect(await wallet(playerId)).toEqual({ cash: 0n, bonus: 0n });
  });

  it('bets on bonus money alone when there is no cash at all', async () => {
    const { token, playerId } = await playerWith(0, 10);
    const reply = await t.bet(token, { gameId: 1, area: 'big', amount: '4' });
    expect(reply.code).toBe(0);
    expect(await stakeBonus(reply.data.bet.id)).toBe(USDT(4));
    expect(await wallet(playerId)).toEqual({ cash: 0n, bonus: USDT(6) });
    expect(await playerLegs('hash_bet', playerId)).toEqual({ player_bonus: -USDT(4) });
  });

  it('judges each player of one batch on their own cash and bonus', async () => {
    const players = await Promise.all([playerWith(3, 10), playerWith(20, 0), playerWith(1, 2), playerWith(0, 7)]);
    const replies = await Promise.all(players.map((p) => t.bet(p.token, { gameId: 1, area: 'small', amount: '5' })));
    expect(replies.map((r) => r.code)).toEqual([0, 0, 21002, 0]);
    const stakes = await Promise.all([replies[0], replies[1], replies[3]].map((r) => stakeBonus(r.data.bet.id)));
    expect(stakes).toEqual([USDT(2), 0n, USDT(5)]);
    expect(await Promise.all(players.map((p) => wallet(p.playerId)))).toEqual([
      { cash: 0n, bonus: USDT(8) },
      { cash: USDT(15), bonus: 0n },
      { cash: USDT(1), bonus: USDT(2) },
      { cash: 0n, bonus: USDT(2) },
    ]);
  });
});

describe("settlement pays in the bet's proportions", () => {
  it("returns a win's bonus part, rounded down, to bonus money while the requirement is live, and the rest to cash", async () => {
    const { token, playerId } = await playerWith(1, 10);
    const bet = (await t.bet(token, { gameId: 1, area: 'big', amount: '3.000001' })).data.bet;
    expect(await stakeBonus(bet.id)).toBe(2_000_001n);
    await decide(bet.round, 'big');

    const payout = settle({
      area: 'big',
      result: resultOf(1, (await t.app.services.hashGame.repo.block(bet.round))!.blockId, bet.round),
      stake: 3_000_001n,
    }).payout;
    expect(payout).toBeGreaterThan(0n);
    const bonusPart = (payout * 2_000_001n) / 3_000_001n;
    expect((payout * 2_000_001n) % 3_000_001n).not.toBe(0n); // the rounding is exercised
    expect(await wallet(playerId)).toEqual({ cash: payout - bonusPart, bonus: USDT(10) - 2_000_001n + bonusPart });
    const valid = payout - 3_000_001n < 3_000_001n ? payout - 3_000_001n : 3_000_001n;
    expect(await wagering(playerId)).toEqual({ outstanding: USDT(1000) - valid, bonus_at_stake: 0n });
    expect(await playerLegs('hash_payout', playerId)).toEqual({ player: payout - bonusPart, player_bonus: bonusPart });
  });

  it('releases the bonus once when a round meets the requirement while a bonus bet is still open, and pays that bet all to cash', async () => {
    const { token, playerId } = await playerWith(0, 10);
    const open = await laterBet(token, '4');
    const first = (await t.bet(token, { gameId: 1, area: 'big', amount: '4' })).data.bet;
    expect(first.round).toBeLessThan(open.round);
    expect(await wagering(playerId)).toEqual({ outstanding: USDT(1000), bonus_at_stake: USDT(8) });
    await db().updateTable('wagering').set({ outstanding: 1n }).where('player_id', '=', playerId).where('currency', '=', 'USDT').execute();

    // The first round's turnover meets what is left: the 2 of bonus not at stake become cash, once;
    // the round's own win was staked on bonus but the requirement is gone, so it is paid to cash.
    await decide(first.round, 'big');
    const won = (await db().selectFrom('hash_bets').select('payout').where('id', '=', BigInt(first.id)).executeTakeFirstOrThrow()).payout!;
    expect(await releases(playerId)).toBe(1);
    expect(await wallet(playerId)).toEqual({ cash: USDT(2) + won, bonus: 0n });
    expect(await wagering(playerId)).toEqual({ outstanding: 0n, bonus_at_stake: USDT(4) });

    await decide(open.round, 'big');
    const wonLater = (await db().selectFrom('hash_bets').select('payout').where('id', '=', BigInt(open.id)).executeTakeFirstOrThrow()).payout!;
    expect(wonLater).toBeGreaterThan(0n);
    expect(await releases(playerId)).toBe(1);
    expect(await wallet(playerId)).toEqual({ cash: USDT(2) + won + wonLater, bonus: 0n });
    expect(await wagering(playerId)).toEqual({ outstanding: 0n, bonus_at_stake: 0n });
  });

  it('pays a bonus bet all to cash when the requirement was forfeited meanwhile', async () => {
    const { token, playerId } = await playerWith(0, 10);
    const bet = (await t.bet(token, { gameId: 1, area: 'big', amount: '4' })).data.bet;
    // A forfeit: the bonus balance returns to the house, then the requirement drops (releasing nothing).
    await t.app.services.ledger.transfer({
      idempotencyKey: `test-forfeit:${playerId}`,
      kind: 'bonus_forfeit',
      legs: [
        { account: { kind: 'player_bonus', playerId }, currency: 'USDT', amount: -USDT(6) },
        { account: { kind: 'bonus_pool' }, currency: 'USDT', amount: USDT(6) },
      ],
    });
    await db().updateTable('wagering').set({ outstanding: 0n, required: 0n }).where('player_id', '=', playerId).execute();
    await decide(bet.round, 'big');
    const won = (await db().selectFrom('hash_bets').select('payout').where('id', '=', BigInt(bet.id)).executeTakeFirstOrThrow()).payout!;
    expect(await wallet(playerId)).toEqual({ cash: won, bonus: 0n });
    expect(await playerLegs('hash_payout', playerId)).toEqual({ player: won });
    expect(await releases(playerId)).toBe(0);
  });

  it('drops the requirement when lost bets leave no bonus money and none at stake, releasing nothing', async () => {
    const { token, playerId } = await playerWith(0, 10);
    const later = await laterBet(token, '5');
    const first = (await t.bet(token, { gameId: 1, area: 'big', amount: '5' })).data.bet;
    await decide(first.round, 'small');
    // Bonus money is still at stake in the later bet: the requirement stays.
    expect(await wagering(playerId)).toEqual({ outstanding: USDT(1000) - USDT(5), bonus_at_stake: USDT(5) });

    await decide(later.round, 'small');
    expect(await wagering(playerId)).toEqual({ outstanding: 0n, bonus_at_stake: 0n });
    expect(await wallet(playerId)).toEqual({ cash: 0n, bonus: 0n });
    expect(await releases(playerId)).toBe(0);
  });

  it('leaves a player without bonus money as before: cash legs only, nothing at stake, no wagering row', async () => {
    const { token, playerId } = await playerWith(10, 0);
    const bet = (await t.bet(token, { gameId: 1, area: 'big', amount: '5' })).data.bet;
    expect(await stakeBonus(bet.id)).toBe(0n);
    await decide(bet.round, 'big');
    const won = (await db().selectFrom('hash_bets').select('payout').where('id', '=', BigInt(bet.id)).executeTakeFirstOrThrow()).payout!;
    expect(await wallet(playerId)).toEqual({ cash: USDT(5) + won, bonus: 0n });
    expect(await playerLegs('hash_bet', playerId)).toEqual({ player: -USDT(5) });
    expect(await playerLegs('hash_payout', playerId)).toEqual({ player: won });
    expect(await wagering(playerId)).toBeUndefined();
  });

  it('keeps a legacy requirement (cash, no bonus money) as it is: the win goes to cash and the requirement only falls by the turnover', async () => {
    const { token, playerId } = await playerWith(10, 0);
    await db()
      .insertInto('wagering')
      .values({ player_id: playerId, currency: 'USDT', outstanding: USDT(50), required: USDT(50), legacy: true })
      .execute();
    const bet = (await t.bet(token, { gameId: 1, area: 'big', amount: '5' })).data.bet;
    await decide(bet.round, 'small');
    expect(await wallet(playerId)).toEqual({ cash: USDT(5), bonus: 0n });
    expect(await wagering(playerId)).toEqual({ outstanding: USDT(45), bonus_at_stake: 0n });
  });

  it("lets an experience account bet its cash first, then its gold, and keeps the gold's winnings as gold", async () => {
    const { token, playerId } = await playerWith(2, 0);
    await db().updateTable('players').set({ experience_type: 1 }).where('id', '=', playerId).execute();
    await t.app.services.bonus.creditNow({
      playerId,
      bonusType: BonusRecordType.REBATE,
      source: 'experience_gold',
      sourceRef: 'gift',
      currency: 'USDT',
      amount: USDT(20),
      multiplier: 0,
      locked: true,
      from: 'experience_pool',
    });
    const bet = (await t.bet(token, { gameId: 1, area: 'big', amount: '5' })).data.bet;
    expect(await stakeBonus(bet.id)).toBe(USDT(3));
    expect(await wallet(playerId)).toEqual({ cash: 0n, bonus: USDT(17) });
    await decide(bet.round, 'big');
    const won = (await db().selectFrom('hash_bets').select('payout').where('id', '=', BigInt(bet.id)).executeTakeFirstOrThrow()).payout!;
    const gold = (won * 3n) / 5n;
    expect(await wallet(playerId)).toEqual({ cash: won - gold, bonus: USDT(17) + gold });
    expect(await releases(playerId)).toBe(0);
    expect((await wagering(playerId))?.bonus_at_stake).toBe(0n);
  });
});
