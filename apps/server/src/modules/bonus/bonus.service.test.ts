import { BonusRecordType } from '@lobby/contract';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLedger } from '../../money/ledger-check.ts';
import { Ledger } from '../../money/ledger.service.ts';
import { useMigratedTestDatabase } from '../../testing/migrated-database.ts';
import { TurnoverRepository } from '../turnover/turnover.repo.ts';
import { DEFAULT_TURNOVER_TERMS } from '../vip/vip-terms.ts';
import { BonusService } from './bonus.service.ts';
import { EconomySettings } from './economy-settings.ts';

const USDT = 1_000_000n;
let nextPlayer = 0;

describe('BonusService.credit', () => {
  const handle = useMigratedTestDatabase();
  const db = () => handle().db;
  const services = () => {
    const settings = new EconomySettings(db());
    return { settings, bonus: new BonusService(db(), new Ledger(db(), { batching: false }), settings) };
  };

  async function newPlayer(): Promise<number> {
    nextPlayer++;
    const { rows } = await sql<{ id: number }>`
      insert into players (account, password_hash, nickname, invite_code, register_ip)
      values (${`bonusplayer${nextPlayer}`}, 'x', 'n', ${`BONUS${nextPlayer}`}, '127.0.0.1') returning id`.execute(db());
    return rows[0]!.id;
  }

  /** The player's bonus balance (`kind` 'player' for cash). */
  const balance = async (playerId: number, currency = 'USDT', kind = 'player_bonus') => {
    const row = await db()
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('kind', '=', kind)
      .where('owner_id', '=', BigInt(playerId))
      .where('currency', '=', currency as 'USDT')
      .executeTakeFirst();
    return row?.balance ?? 0n;
  };

  afterEach(async () => {
    const check = await checkLedger(db());
    expect(check.problems).toEqual([]);
  });

  it('pays a VIP gift from vip_gifts, records it and raises wagering by amount × the multiplier', async () => {
    const { bonus } = services();
    const playerId = await newPlayer();
    const result = await bonus.creditNow({
      playerId,
      bonusType: BonusRecordType.VIP_LEVEL_GIFT,
      source: 'vip_level_gift',
      sourceRef: 'level:3',
      currency: 'USDT',
      amount: 18n * USDT,
    });
    expect(result).toMatchObject({ replayed: false, amount: 18n * USDT, wageringAdded: 18n * USDT, playerIds: [playerId] });
    expect(await balance(playerId)).toBe(18n * USDT);
    const house = await db()
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('kind', '=', 'vip_gifts')
      .where('currency', '=', 'USDT')
      .executeTakeFirstOrThrow();
    expect(house.balance).toBe(-18n * USDT);
    const [record] = await db().selectFrom('bonus_credits').selectAll().where('player_id', '=', playerId).execute();
    expect(record).toMatchObject({ bonus_type: 8, source: 'vip_level_gift', source_ref: 'level:3', amount: 18n * USDT, wagering_added: 18n * USDT });
    expect(await balance(playerId, 'USDT', 'player')).toBe(0n);
    expect(await bonus.wagering(playerId)).toEqual([
      { currency: 'USDT', outstanding: 18n * USDT, required: 18n * USDT, experience: false, guardsCash: false },
      { currency: 'TRX', outstanding: 0n, required: 0n, experience: false, guardsCash: false },
    ]);
  });

  it('raises wagering by the source multiplier: a sign-in bonus of 0.5 USDT needs 2.5 USDT of turnover, added to what is outstanding', async () => {
    const { bonus } = services();
    const playerId = await newPlayer();
    await bonus.creditNow({ playerId, bonusType: BonusRecordType.REBATE, source: 'rebate', sourceRef: 'claim:1', currency: 'USDT', amount: USDT });
    const signIn = await bonus.creditNow({
      playerId,
      bonusType: BonusRecordType.SIGN_IN,
      source: 'sign_in',
      sourceRef: '2026-11-24',
      currency: 'USDT',
      amount: USDT / 2n,
    });
    expect(signIn.wageringAdded).toBe(5n * (USDT / 2n));
    expect((await bonus.wagering(playerId))[0]).toMatchObject({ currency: 'USDT', outstanding: 3_500_000n, required: 3_500_000n });
    // Activities without a multiplier of their own use `activity` (5).
    const hashTask = await bonus.creditNow({
      playerId,
      bonusType: BonusRecordType.HASH_TASK,
      source: 'hash_task',
      sourceRef: 'd1',
      currency: 'TRX',
      amount: 2n * USDT,
    });
    expect(hashTask.wageringAdded).toBe(10n * USDT);
  });

  it('starts a new requirement when a bonus arrives after the last one was met', async () => {
    const { bonus } = services();
    const playerId = await newPlayer();
    await bonus.creditNow({ playerId, bonusType: BonusRecordType.REBATE, source: 'rebate', sourceRef: 'a', currency: 'USDT', amount: 4n * USDT });
    await sql`update wagering set outstanding = 0 where player_id = ${playerId}`.execute(db());
    // Met: the first bonus became cash, once.
    expect(await balance(playerId, 'USDT', 'player')).toBe(4n * USDT);
    expect(await balance(playerId)).toBe(0n);
    await bonus.creditNow({ playerId, bonusType: BonusRecordType.REBATE, source: 'rebate', sourceRef: 'b', currency: 'USDT', amount: USDT });
    expect((await bonus.wagering(playerId))[0]).toMatchObject({ currency: 'USDT', outstanding: USDT, required: USDT });
    expect(await balance(playerId)).toBe(USDT);
    // The second requirement is a cycle of its own: meeting it releases its bonus under a key of its own.
    await sql`update wagering set outstanding = 0 where player_id = ${playerId}`.execute(db());
    expect(await balance(playerId, 'USDT', 'player')).toBe(5n * USDT);
    const releases = await db()
      .selectFrom('ledger_transfers')
      .select('idempotency_key')
      .where('kind', '=', 'bonus_release')
      .where('reference', '=', String(playerId))
      .execute();
    expect(releases.map((r) => r.idempotency_key).sort()).toEqual([`bonus:release:${playerId}:USDT:0`, `bonus:release:${playerId}:USDT:1`]);
  });

  it('pays cash at once when the multiplier is 0, and adds no requirement', async () => {
    const { bonus, settings } = services();
    const playerId = await newPlayer();
    await settings.set('wagering.multipliers', { rebate: 0, activity: 5 }, 'test');
    try {
      const result = await bonus.creditNow({
        playerId,
        bonusType: BonusRecordType.REBATE,
        source: 'rebate',
        sourceRef: 'cash',
        currency: 'TRX',
        amount: 2n * USDT,
      });
      expect(result.wageringAdded).toBe(0n);
      expect(await balance(playerId, 'TRX', 'player')).toBe(2n * USDT);
      expect(await balance(playerId, 'TRX')).toBe(0n);
      expect((await bonus.wagering(playerId))[1]).toMatchObject({ currency: 'TRX', outstanding: 0n });
    } finally {
      await sql`delete from economy_settings`.execute(db());
      await settings.reload();
    }
  });

  it('pays one of twenty parallel copies of a credit, and a later copy answers replayed', async () => {
    const { bonus } = services();
    const playerId = await newPlayer();
    const input = {
      playerId,
      bonusType: BonusRecordType.VIP_MONTH_GIFT,
      source: 'vip_month_gift',
      sourceRef: '2026-11',
      currency: 'USDT' as const,
      amount: 3n * USDT,
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => bonus.creditNow(input)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.creditId)).size).toBe(1);
    expect(await balance(playerId)).toBe(3n * USDT);
    expect((await bonus.wagering(playerId))[0]!.outstanding).toBe(3n * USDT);
    expect(await bonus.creditNow(input)).toMatchObject({ replayed: true, wageringAdded: 3n * USDT, playerIds: [] });
    expect(await balance(playerId)).toBe(3n * USDT);
  });

  it('runs beside rounds of the same player settling (turnover, then payout) without waiting in a circle', async () => {
    const { bonus } = services();
    const ledger = new Ledger(db(), { batching: false });
    const playerId = await newPlayer();
    await bonus.creditNow({ playerId, bonusType: BonusRecordType.REBATE, source: 'rebate', sourceRef: 'start', currency: 'USDT', amount: 1_000n * USDT });
    const settle = (i: number) =>
      db()
        .transaction()
        .execute(async (trx) => {
          await new TurnoverRepository(trx).recordRounds(
            [{ playerId, roundKey: `tp:test:circle-${i}`, gameType: 10, currency: 'USDT', stake: USDT, payout: 0n }],
            DEFAULT_TURNOVER_TERMS,
            trx,
          );
          await ledger.transfer(
            {
              idempotencyKey: `test:circle:${i}`,
              kind: 'provider_win',
              legs: [
                { account: { kind: 'provider_settlement' }, currency: 'USDT', amount: -1n },
                { account: { kind: 'player', playerId }, currency: 'USDT', amount: 1n },
              ],
            },
            trx,
          );
        });
    const credit = (i: number) =>
      bonus.creditNow({ playerId, bonusType: BonusRecordType.SIGN_IN, source: 'sign_in', sourceRef: `circle-${i}`, currency: 'USDT', amount: USDT });
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? settle(i) : credit(i))));
    // 1000 from the first credit, 10 × 5 from the sign-ins, less 10 × 1 of turnover.
    expect((await bonus.wagering(playerId))[0]!.outstanding).toBe(1_040n * USDT);
  });

  it('leaves nothing behind when the caller rolls its transaction back', async () => {
    const { bonus } = services();
    const playerId = await newPlayer();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await bonus.credit(trx, { playerId, bonusType: BonusRecordType.REBATE, source: 'rebate', sourceRef: 'x', currency: 'USDT', amount: USDT });
          throw new Error('caller gave up');
        }),
    ).rejects.toThrow('caller gave up');
    expect(await balance(playerId)).toBe(0n);
    expect((await bonus.wagering(playerId))[0]!.outstanding).toBe(0n);
    expect(await db().selectFrom('bonus_credits').select('id').where('player_id', '=', playerId).execute()).toEqual([]);
  });

  it('uses the multiplier the operator set, at once', async () => {
    const { bonus, settings } = services();
    const playerId = await newPlayer();
    await settings.set('wagering.multipliers', { rebate: 3, activity: 5 }, 'test');
    const result = await bonus.creditNow({ playerId, bonusType: BonusRecordType.REBATE, source: 'rebate', sourceRef: 'm', currency: 'USDT', amount: USDT });
    expect(result.wageringAdded).toBe(3n * USDT);
    // A VIP gift has no multiplier in that setting any more: it takes `activity`'s.
    const gift = await bonus.creditNow({
      playerId,
      bonusType: BonusRecordType.VIP_LEVEL_GIFT,
      source: 'vip_level_gift',
      sourceRef: 'level:1',
      currency: 'USDT',
      amount: USDT,
    });
    expect(gift.wageringAdded).toBe(5n * USDT);
    await sql`delete from economy_settings`.execute(db());
    await settings.reload();
  });
});
