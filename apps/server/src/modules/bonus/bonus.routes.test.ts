import { BonusRecordType } from '@lobby/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { TurnoverRepository } from '../turnover/turnover.repo.ts';
import { DEFAULT_TURNOVER_TERMS } from '../vip/vip-terms.ts';
import { ECONOMY_DEFAULTS } from './economy-settings.ts';
import { FUND_PASSWORD, newWallet, requestId, startWalletTestApp, type TestPlayer, type WalletTestApp } from '../wallet/test-support.ts';

const USDT = 1_000_000n;

let t: WalletTestApp;
beforeAll(async () => {
  t = await startWalletTestApp();
  t.fundHotWallet({ trx: '1000', usdt: '100000' });
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await t.expectLedgerOk();
});

const db = () => t.app.database.db;
const bonus = () => t.app.services.bonus;

function credit(
  p: TestPlayer,
  amount: bigint,
  sourceRef: string,
  source = 'rebate',
  bonusType: number = BonusRecordType.REBATE,
  currency: 'USDT' | 'TRX' = 'USDT',
) {
  return bonus().creditNow({ playerId: p.playerId, bonusType: bonusType as never, source, sourceRef, currency, amount });
}

/** Valid turnover lowering the player's outstanding wagering, as settlement does it (never below 0). */
async function wager(p: TestPlayer, currency: 'USDT' | 'TRX', amount: bigint) {
  await sql`update wagering set outstanding = greatest(0, outstanding - ${amount}) where player_id = ${p.playerId} and currency = ${currency}`.execute(db());
}

const withdraw = (p: TestPlayer, amount: string, language = 'en_US') =>
  t.call(
    '/v1/bank/cashout/submit',
    { requestId: requestId(), currency: 'USDT', fundPassword: FUND_PASSWORD, amount, address: newWallet().address },
    { token: p.token, headers: { language } },
  );

const wageringOf = async (p: TestPlayer) => (await t.call('/v1/bonus/wagering', {}, { token: p.token })).data;
const NONE = { outstanding: '0', required: '0', wagered: '0', cash: '0', bonus: '0', experience: false, guardsCash: false };

describe('/v1/bonus/wagering', () => {
  it('shows nothing outstanding for a player who never had a bonus', async () => {
    const p = await t.player();
    expect(await wageringOf(p)).toEqual([
      { currency: 'USDT', ...NONE },
      { currency: 'TRX', ...NONE },
    ]);
  });

  it('shows cash and the locked bonus apart, the requirement a bonus added and the progress turnover made on it', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '7' });
    await credit(p, 10n * USDT, 'w1', 'sign_in', BonusRecordType.SIGN_IN);
    await wager(p, 'USDT', 12n * USDT);
    expect((await wageringOf(p))[0]).toEqual({ ...NONE, currency: 'USDT', outstanding: '38', required: '50', wagered: '12', cash: '7', bonus: '10' });
    expect(await t.balances(p)).toEqual({ usdt: '17', trx: '0', cash: { usdt: '7', trx: '0' }, bonus: { usdt: '10', trx: '0' } });
  });

  it('asks a visitor to log in', async () => {
    expect((await t.call('/v1/bonus/wagering', {})).status).toBe(401);
  });
});

describe('/v1/bank/cashout/submit beside a bonus', () => {
  it("never locks the player's own deposit: a 100 bonus with 1,000 to wager leaves a 3,000 deposit withdrawable", async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '3000' });
    await credit(p, 100n * USDT, 'first', 'first_recharge', BonusRecordType.FIRST_RECHARGE);
    const config = await t.call('/v1/bank/cashout/config', {}, { token: p.token });
    expect(config.data.currencies.find((c: { currency: string }) => c.currency === 'USDT').withdrawable).toBe('3000');
    const accepted = await withdraw(p, '3000');
    expect(accepted.code).toBe(0);
    expect(accepted.data.balances).toEqual({ usdt: '100', trx: '0', cash: { usdt: '0', trx: '0' }, bonus: { usdt: '100', trx: '0' } });
  });

  it('pays from cash only: bonus money cannot leave before it is wagered (21002), and nothing moves', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '50' });
    await credit(p, 20n * USDT, 'wd1');
    const refused = await withdraw(p, '60');
    expect(refused.code).toBe(21002);
    expect(await t.balances(p)).toMatchObject({ usdt: '70', cash: { usdt: '50' }, bonus: { usdt: '20' } });
    expect(await db().selectFrom('withdrawals').select('id').where('player_id', '=', p.playerId).execute()).toEqual([]);
  });

  it('releases the bonus to cash once the wagering is met, and it may then leave', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '50' });
    await credit(p, 2n * USDT, 'wd2');
    await wager(p, 'USDT', 2n * USDT);
    expect(await t.balances(p)).toMatchObject({ usdt: '52', cash: { usdt: '52' }, bonus: { usdt: '0' } });
    const accepted = await withdraw(p, '52');
    expect(accepted.code).toBe(0);
    expect(accepted.data.balances).toMatchObject({ usdt: '0', trx: '0' });
  });

  it('keeps a requirement from before the split guarding cash of its currency only (10053 naming the amount), until it is met', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '50', trx: '50' });
    // As migration 0022 leaves it: the bonus was paid to cash, the requirement marked legacy.
    await sql`insert into wagering (player_id, currency, outstanding, required, legacy) values (${p.playerId}, 'TRX', 1500000, 2000000, true)`.execute(db());
    const trx = await t.call(
      '/v1/bank/cashout/submit',
      { requestId: requestId(), currency: 'TRX', fundPassword: FUND_PASSWORD, amount: '10', address: newWallet().address },
      { token: p.token, headers: { language: 'zh_CN' } },
    );
    expect(trx.code).toBe(10053);
    expect(trx.msg).toBe('您还需完成 1.5 TRX 的有效投注流水才能提现');
    expect((await wageringOf(p))[1]).toMatchObject({ currency: 'TRX', outstanding: '1.5', guardsCash: true });
    const config = await t.call('/v1/bank/cashout/config', {}, { token: p.token });
    expect(config.data.currencies.map((c: { withdrawable: string }) => c.withdrawable)).toEqual(['50', '0']);
    expect((await withdraw(p, '10')).code).toBe(0);
    // The exchange guards the same cash: TRX may not leave as USDT either.
    const exchange = await t.call('/v1/bank/currency_exchange/submit', { requestId: requestId(), from: 'TRX', to: 'USDT', amount: '10' }, { token: p.token });
    expect(exchange.code).toBe(10053);
    await wager(p, 'TRX', 2n * USDT);
    expect((await wageringOf(p))[1]).toMatchObject({ outstanding: '0', guardsCash: false });
    const after = await t.call(
      '/v1/bank/cashout/submit',
      { requestId: requestId(), currency: 'TRX', fundPassword: FUND_PASSWORD, amount: '10', address: newWallet().address },
      { token: p.token },
    );
    expect(after.code).toBe(0);
  });
});

describe('wagering met by valid turnover recorded at settlement', () => {
  it('lowers the outstanding wagering by the valid turnover of a round, never below 0, and releases the bonus once', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '200' });
    await credit(p, 10n * USDT, 'turnover1');
    const round = (key: string, stake: bigint, payout: bigint) =>
      new TurnoverRepository(db()).recordRounds(
        [{ playerId: p.playerId, roundKey: `tp:test:${key}`, gameType: 10, currency: 'USDT', stake, payout }],
        DEFAULT_TURNOVER_TERMS,
      );
    // A win at 1.95 counts 95 % of the stake: 4 USDT staked, 7.8 paid, 3.8 valid.
    await round('a', 4n * USDT, 7_800_000n);
    expect((await wageringOf(p))[0]).toMatchObject({ currency: 'USDT', outstanding: '6.2', required: '10', wagered: '3.8', bonus: '10', cash: '200' });
    await round('b', 50n * USDT, 0n);
    await round('c', 50n * USDT, 0n);
    expect((await wageringOf(p))[0]).toMatchObject({ currency: 'USDT', outstanding: '0', required: '10', wagered: '10', bonus: '0', cash: '210' });
    const releases = await db()
      .selectFrom('ledger_transfers')
      .select('id')
      .where('kind', '=', 'bonus_release')
      .where('reference', '=', String(p.playerId))
      .execute();
    expect(releases).toHaveLength(1);
  });
});

describe('/v1/bank/transfer/submit beside a bonus', () => {
  it('lets a player pay a merchant from cash only', async () => {
    const [p, merchant] = await Promise.all([t.player(), t.player()]);
    await db().updateTable('players').set({ user_type: 1 }).where('id', '=', merchant.playerId).execute();
    await t.deposit(p, { usdt: '30' });
    await credit(p, 10n * USDT, 'tr1');
    const pay = (amount: string) =>
      t.call(
        '/v1/bank/transfer/submit',
        { requestId: requestId(), receiverId: merchant.playerId, currency: 'USDT', amount, fundPassword: FUND_PASSWORD },
        { token: p.token },
      );
    expect((await pay('35')).code).toBe(21002);
    const paid = await pay('30');
    expect(paid.code).toBe(0);
    expect(paid.data.balances).toMatchObject({ usdt: '10', cash: { usdt: '0' }, bonus: { usdt: '10' } });
    expect(await t.balances(merchant)).toMatchObject({ cash: { usdt: '30' }, bonus: { usdt: '0' } });
  });
});

describe('/v1/reportForm/activityForm', () => {
  it("lists the player's bonuses newest first, titled in their language, with the wagering each added", async () => {
    const p = await t.player();
    await credit(p, 18n * USDT, 'level:3', 'vip_level_gift', BonusRecordType.VIP_LEVEL_GIFT);
    await credit(p, 1_500_000n, 'claim:9', 'rebate', BonusRecordType.REBATE);
    await credit(p, 100_000n, '2026-11-24', 'sign_in', BonusRecordType.SIGN_IN, 'TRX');
    const reply = await t.call('/v1/reportForm/activityForm', { pageSize: 2 }, { token: p.token, headers: { language: 'zh_CN' } });
    expect(reply.code).toBe(0);
    expect(reply.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(reply.data.list).toEqual([
      {
        id: expect.any(Number),
        activityId: null,
        bonusType: 1,
        title: '签到奖励',
        amount: '0.1',
        currency: 'TRX',
        wageringAdded: '0.5',
        createdAt: expect.any(String),
      },
      {
        id: expect.any(Number),
        activityId: null,
        bonusType: 10,
        title: '返水',
        amount: '1.5',
        currency: 'USDT',
        wageringAdded: '1.5',
        createdAt: expect.any(String),
      },
    ]);
    const second = await t.call('/v1/reportForm/activityForm', { page: 2, pageSize: 2 }, { token: p.token });
    expect(second.data.list).toMatchObject([{ bonusType: 8, title: 'VIP level-up gift', amount: '18', wageringAdded: '18' }]);
  });

  it("filters by type and currency and never shows another player's bonuses", async () => {
    const p = await t.player();
    const other = await t.player();
    await credit(p, USDT, 'a', 'vip_month_gift', BonusRecordType.VIP_MONTH_GIFT);
    await credit(p, USDT, 'b', 'rebate', BonusRecordType.REBATE);
    await credit(other, USDT, 'c', 'rebate', BonusRecordType.REBATE);
    const gifts = await t.call('/v1/reportForm/activityForm', { bonusType: 9 }, { token: p.token });
    expect(gifts.data.list.map((r: { bonusType: number }) => r.bonusType)).toEqual([9]);
    expect((await t.call('/v1/reportForm/activityForm', { currency: 'TRX' }, { token: p.token })).data.total).toBe(0);
    expect((await t.call('/v1/reportForm/activityForm', {}, { token: p.token })).data.total).toBe(2);
  });

  it('refuses an unknown bonus type with 12 and asks a visitor to log in', async () => {
    const p = await t.player();
    expect((await t.call('/v1/reportForm/activityForm', { bonusType: 42 }, { token: p.token })).code).toBe(12);
    expect((await t.call('/v1/reportForm/activityForm', {})).status).toBe(401);
  });
});

describe('/ops/v1/economy/*', () => {
  const ops = (path: string, body: unknown, key?: string | null) => t.ops(path, body, key);
  /** Keys acting under people's names: the history says who changed what. */
  const staff: Record<string, string> = {};
  const as = (name: string) => staff[name];

  beforeAll(async () => {
    for (const name of ['alice', 'bob', 'carol']) staff[name] = (await createAutomationKey(db(), undefined, name)).key;
  });

  afterEach(async () => {
    await sql`delete from economy_settings`.execute(db());
    await t.app.services.economy.reload();
  });

  it('lists every setting with the defaults of ECONOMY.md', async () => {
    const reply = await ops('/ops/v1/economy/settings', {});
    expect(reply.code).toBe(0);
    const byKey = Object.fromEntries(reply.data.settings.map((s: { key: string }) => [s.key, s]));
    expect(Object.keys(byKey).sort()).toEqual(['rebate.rates', 'referral.rates', 'vip.levels', 'vip.trxPerUsdt', 'wagering.multipliers']);
    expect(byKey['vip.levels'].isDefault).toBe(true);
    expect(byKey['vip.levels'].value[10]).toEqual({ threshold: '5000000', upLevelGift: '2888', monthGift: '1288' });
    expect(byKey['rebate.rates'].value[0]).toMatchObject({ '1': 5000, '2': 4000 });
    expect(byKey['rebate.rates'].value[10]).toMatchObject({ '1': 10000, '10': 9000 });
    expect(byKey['wagering.multipliers'].value).toMatchObject({ rebate: 1, sign_in: 5, register: 10, first_recharge: 10, activity: 5 });
  });

  it('applies a new multiplier to the next bonus at once, and keeps who changed what', async () => {
    const set = await ops('/ops/v1/economy/set', { key: 'wagering.multipliers', value: { rebate: 4, activity: 5 } }, as('alice'));
    expect(set.code).toBe(0);
    const p = await t.player();
    expect((await credit(p, USDT, 'm1')).wageringAdded).toBe(4n * USDT);
    const audit = await ops('/ops/v1/economy/audit', { key: 'wagering.multipliers' });
    expect(audit.data.changes).toEqual([
      {
        id: expect.any(Number),
        key: 'wagering.multipliers',
        oldValue: ECONOMY_DEFAULTS['wagering.multipliers'],
        newValue: { rebate: 4, activity: 5 },
        by: 'alice',
        at: expect.any(String),
      },
    ]);
    await ops('/ops/v1/economy/set', { key: 'wagering.multipliers', value: { rebate: 2, activity: 5 } }, as('bob'));
    const again = await ops('/ops/v1/economy/audit', { key: 'wagering.multipliers' });
    expect(again.data.changes[0]).toMatchObject({ oldValue: { rebate: 4, activity: 5 }, newValue: { rebate: 2, activity: 5 }, by: 'bob' });
  });

  it('shows players the multipliers a claim will ask, before the claim, following a change at once', async () => {
    expect((await t.call('/v1/bonus/terms', {})).data).toEqual({ multipliers: { rebate: 1, referral: 1, vipLevelGift: 1, vipMonthGift: 1, activity: 5 } });
    await ops('/ops/v1/economy/set', { key: 'wagering.multipliers', value: { rebate: 0, vip_level_gift: 3, activity: 7 } }, as('carol'));
    expect((await t.call('/v1/bonus/terms', {})).data).toEqual({ multipliers: { rebate: 0, referral: 7, vipLevelGift: 3, vipMonthGift: 7, activity: 7 } });
  });

  it('refuses invalid values with 12 naming the problem, and changes nothing', async () => {
    const cases: [string, unknown, RegExp][] = [
      [
        'vip.levels',
        [
          { threshold: '0', upLevelGift: '0', monthGift: '0' },
          { threshold: '0', upLevelGift: '1', monthGift: '0' },
        ],
        /vip.levels\[1\]\[threshold\]: thresholds must rise/,
      ],
      ['vip.levels', [{ threshold: '1', upLevelGift: '0', monthGift: '0' }], /level 0 starts at 0/],
      ['vip.levels', [], /vip.levels/],
      ['vip.levels', 'x', /vip.levels/],
      ['vip.levels', [{ threshold: '0', upLevelGift: '-1', monthGift: '0' }], /upLevelGift/],
      ['rebate.rates', [{ '1': 0.5 }], /rebate.rates\[0\]\[1\]/],
      ['rebate.rates', [{ '99': 100 }], /rebate.rates/],
      ['rebate.rates', [{ '1': 200_000 }], /rebate.rates\[0\]\[1\]/],
      ['wagering.multipliers', { rebate: 1 }, /activity/],
      ['wagering.multipliers', { rebate: -1, activity: 5 }, /rebate/],
      ['vip.trxPerUsdt', '0', /above zero/],
    ];
    for (const [key, value, message] of cases) {
      const reply = await ops('/ops/v1/economy/set', { key, value }, as('alice'));
      expect(reply.code, `${key} ${JSON.stringify(value)}`).toBe(12);
      expect(reply.msg).toMatch(message);
    }
    expect((await ops('/ops/v1/economy/set', { key: 'nope', value: 1 }, as('alice'))).code).toBe(12);
    expect((await ops('/ops/v1/economy/set', { key: 'vip.trxPerUsdt' }, as('alice'))).code).toBe(12);
    expect(await db().selectFrom('economy_settings').select('key').execute()).toEqual([]);
    expect(
      await db().selectFrom('economy_settings_audit').select('id').where('updated_by', '=', 'alice').where('key', '<>', 'wagering.multipliers').execute(),
    ).toEqual([]);
  });

  it('answers 401 with an unknown key or none', async () => {
    const reply = await ops('/ops/v1/economy/settings', {}, 'lobk_' + 'x'.repeat(43));
    expect(reply.status).toBe(401);
    expect((await ops('/ops/v1/economy/set', { key: 'vip.trxPerUsdt', value: '3' }, null)).status).toBe(401);
  });
});
