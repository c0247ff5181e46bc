import { EXPERIENCE_MESSAGES } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_PLAYER, type PlayerPush } from '../../realtime/realtime.ts';
import { convert, effectiveRate, formatRate } from './exchange.service.ts';
import { parseRational } from './settings.ts';
import { FUND_PASSWORD, requestId, startWalletTestApp, type TestPlayer, type WalletTestApp } from './test-support.ts';

let t: WalletTestApp;
beforeAll(async () => {
  t = await startWalletTestApp();
});
afterAll(async () => {
  await t?.close();
});

const exchange = (p: TestPlayer, body: Record<string, unknown>) =>
  t.call('/v1/bank/currency_exchange/submit', { requestId: requestId(), from: 'USDT', to: 'TRX', ...body }, { token: p.token });

describe('exchange rates', () => {
  it('applies the spread against the player and rounds down to the micro-unit', () => {
    const mid = parseRational('4');
    expect(formatRate(effectiveRate(mid, 100, 'USDT'))).toBe('3.96');
    expect(formatRate(effectiveRate(mid, 100, 'TRX'))).toBe('0.2475');
    expect(convert(10_000_000n, effectiveRate(mid, 100, 'USDT'))).toBe(39_600_000n);
    expect(convert(4_000_001n, effectiveRate(mid, 100, 'TRX'))).toBe(990_000n);
    // 1/3 has no finite decimal: the shown rate is cut, never rounded up.
    expect(formatRate(effectiveRate(parseRational('3'), 0, 'TRX'))).toBe('0.333333333333');
    expect(convert(1n, effectiveRate(parseRational('3'), 0, 'TRX'))).toBe(0n);
  });
});

describe('/v1/bank/currency_exchange/*', () => {
  it('shows both pairs with the rate, spread included, and limits in the selling currency', async () => {
    const p = await t.player();
    const reply = await t.call('/v1/bank/currency_exchange/config', {}, { token: p.token });
    expect(reply.data).toMatchObject({
      enabled: true,
      pairs: [
        { from: 'USDT', to: 'TRX', rate: '3.96', minAmount: '1', maxAmount: '100000' },
        { from: 'TRX', to: 'USDT', rate: '0.2475', minAmount: '4', maxAmount: '400000' },
      ],
    });
  });

  it('exchanges in one atomic transfer through the exchange account', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '25' });
    const there = await exchange(p, { amount: '10' });
    expect(there.data).toMatchObject({
      record: { type: 'exchange', status: 'completed', currency: 'USDT', amount: '10', toCurrency: 'TRX', toAmount: '39.6', rate: '3.96' },
      balances: { usdt: '15', trx: '39.6' },
    });
    const back = await exchange(p, { from: 'TRX', to: 'USDT', amount: '4.000001' });
    expect(back.data.balances).toMatchObject({ usdt: '15.99', trx: '35.599999' });
    const transfer = await t.app.database.db.selectFrom('ledger_transfers').selectAll().where('idempotency_key', 'like', `exchange:${p.playerId}:%`).execute();
    expect(transfer).toHaveLength(2);
    await t.expectLedgerOk();
  });

  it('moves money once for one requestId sent 5 times', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '10' });
    const body = { requestId: requestId(), from: 'USDT', to: 'TRX', amount: '2' };
    const replies = await Promise.all(Array.from({ length: 5 }, () => t.call('/v1/bank/currency_exchange/submit', body, { token: p.token })));
    expect(new Set(replies.map((r) => `${r.code}:${r.data.record.id}`)).size).toBe(1);
    expect(await t.balances(p)).toMatchObject({ usdt: '8', trx: '7.92' });
    expect((await t.call('/v1/bank/currency_exchange/submit', { ...body, amount: '3' }, { token: p.token })).code).toBe(12);
  });

  it('answers 21002 beyond the balance, 12 outside the limits or for the same currency twice', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '5', trx: '3' });
    expect((await exchange(p, { amount: '5.5' })).code).toBe(21002);
    expect((await exchange(p, { amount: '0.5' })).code).toBe(12);
    expect((await exchange(p, { amount: '100001' })).code).toBe(12);
    expect((await exchange(p, { from: 'TRX', to: 'USDT', amount: '3' })).code).toBe(12);
    expect((await exchange(p, { to: 'USDT', amount: '2' })).code).toBe(12);
    expect(await t.balances(p)).toMatchObject({ usdt: '5', trx: '3' });
  });

  it('refuses (code 1) when the rate is worse than the one the player accepted', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '5' });
    expect((await exchange(p, { amount: '1', quotedRate: '3.97' })).code).toBe(1);
    expect((await exchange(p, { amount: '1', quotedRate: '3.96' })).code).toBe(0);
    expect((await exchange(p, { amount: '1', quotedRate: '3.5' })).code).toBe(0);
  });

  it('is closed (code 10) where the operator set no rate', async () => {
    const { ExchangeService } = await import('./exchange.service.ts');
    const wallet = t.app.services.wallet;
    const settings = { ...wallet.settings, exchange: { ...wallet.settings.exchange, trxPerUsdt: null } };
    const closed = new ExchangeService(t.app.database.db, t.app.services.ledger, wallet.experience, undefined as never, settings, t.app.services.players);
    expect(closed.config()).toMatchObject({ enabled: false, pairs: [] });
    const p = await t.player();
    await expect(closed.submit(p.playerId, { requestId: requestId(), from: 'USDT', to: 'TRX', amount: 1_000_000n })).rejects.toMatchObject({ code: 10 });
  });

  it('keeps experience gold from changing currency while it is not used up', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '10' });
    await t.app.database.db.updateTable('players').set({ experience_type: 1 }).where('id', '=', p.playerId).execute();
    const reply = await t.call(
      '/v1/bank/currency_exchange/submit',
      { requestId: requestId(), from: 'USDT', to: 'TRX', amount: '8' },
      { token: p.token, headers: { language: 'zh_CN' } },
    );
    expect(reply).toMatchObject({ code: 1, msg: EXPERIENCE_MESSAGES.goldNotUsedUp.zh_CN });
  });
});

describe('/v1/bank/transfer/submit', () => {
  let ordinary: TestPlayer;
  let otherOrdinary: TestPlayer;
  let merchant: TestPlayer;
  let otherMerchant: TestPlayer;
  const makeMerchant = (p: TestPlayer) => t.app.database.db.updateTable('players').set({ user_type: 1 }).where('id', '=', p.playerId).execute();
  const transfer = (from: TestPlayer, body: Record<string, unknown>) =>
    t.call('/v1/bank/transfer/submit', { requestId: requestId(), currency: 'USDT', amount: '1', fundPassword: FUND_PASSWORD, ...body }, { token: from.token });

  beforeAll(async () => {
    [ordinary, otherOrdinary, merchant, otherMerchant] = await Promise.all([t.player(), t.player(), t.player(), t.player()]);
    await makeMerchant(merchant);
    await makeMerchant(otherMerchant);
    await t.deposit(ordinary, { usdt: '100' });
    await t.deposit(merchant, { usdt: '100', trx: '50' });
  });

  it('lets an ordinary player pay a merchant, and a merchant pay an ordinary player', async () => {
    const pushes: PlayerPush[] = [];
    const off = t.app.bus.subscribe(PUSH_PLAYER, (push: PlayerPush) => pushes.push(push));
    try {
      const sent = await transfer(ordinary, { receiverId: merchant.playerId, amount: '30', remark: 'top up' });
      expect(sent.data).toMatchObject({
        record: { type: 'transfer', direction: 'out', amount: '30', counterparty: { id: merchant.playerId }, remark: 'top up' },
        balances: { usdt: '70', trx: '0' },
      });
      const back = await transfer(merchant, { receiverAccount: ordinary.account, currency: 'TRX', amount: '12.5' });
      expect(back.code).toBe(0);
    } finally {
      off();
    }
    expect(await t.balances(merchant)).toMatchObject({ usdt: '130', trx: '37.5' });
    expect(await t.balances(ordinary)).toMatchObject({ usdt: '70', trx: '12.5' });
    expect(pushes.map((p) => p.playerId)).toEqual(expect.arrayContaining([ordinary.playerId, merchant.playerId]));
    const received = await t.call('/v1/bank/records', { type: 'transfer' }, { token: merchant.token });
    expect(received.data.list.map((r: { direction: string; currency: string }) => [r.direction, r.currency])).toEqual([
      ['out', 'TRX'],
      ['in', 'USDT'],
    ]);
    await t.expectLedgerOk();
  });

  it('answers the merchant rules: 10049 ordinary to ordinary, 10050 merchant to merchant', async () => {
    expect((await transfer(ordinary, { receiverId: otherOrdinary.playerId })).code).toBe(10049);
    expect((await transfer(merchant, { receiverId: otherMerchant.playerId })).code).toBe(10050);
  });

  it('answers 10051 for a suspended merchant, 10047 for a missing receiver, 10048 for oneself', async () => {
    const suspended = await t.player();
    await makeMerchant(suspended);
    await t.app.database.db.updateTable('players').set({ status: 1 }).where('id', '=', suspended.playerId).execute();
    expect((await transfer(ordinary, { receiverId: suspended.playerId })).code).toBe(10051);
    expect((await transfer(ordinary, { receiverId: 99_999_999 })).code).toBe(10047);
    expect((await transfer(ordinary, { receiverAccount: 'nobodyhere123' })).code).toBe(10047);
    expect((await transfer(ordinary, { receiverId: ordinary.playerId })).code).toBe(10048);
  });

  it('answers 10045 for a wrong fund password and 21002 beyond the balance', async () => {
    expect((await transfer(ordinary, { receiverId: merchant.playerId, fundPassword: '999999' })).code).toBe(10045);
    expect((await transfer(ordinary, { receiverId: merchant.playerId, amount: '1000' })).code).toBe(21002);
  });

  it('answers 10044 with the SPEC text when experience gold would leave', async () => {
    const trial = await t.player();
    await t.deposit(trial, { usdt: '50' });
    await t.app.database.db.updateTable('players').set({ experience_type: 1 }).where('id', '=', trial.playerId).execute();
    const reply = await t.call(
      '/v1/bank/transfer/submit',
      { requestId: requestId(), receiverId: merchant.playerId, currency: 'USDT', amount: '10', fundPassword: FUND_PASSWORD },
      { token: trial.token, headers: { language: 'pt_BR' } },
    );
    expect(reply).toMatchObject({ code: 10044, msg: EXPERIENCE_MESSAGES.goldNotUsedUp.pt_BR });
    expect(await t.balances(trial)).toMatchObject({ usdt: '50', trx: '0' });
  });

  it('moves money once for one requestId sent 5 times', async () => {
    const before = await t.balances(ordinary);
    const body = { requestId: requestId(), receiverId: merchant.playerId, currency: 'USDT', amount: '2', fundPassword: FUND_PASSWORD };
    const replies = await Promise.all(Array.from({ length: 5 }, () => t.call('/v1/bank/transfer/submit', body, { token: ordinary.token })));
    expect(replies.every((r) => r.code === 0 && r.data.record.id === replies[0].data.record.id)).toBe(true);
    expect(Number((await t.balances(ordinary)).usdt)).toBe(Number(before.usdt) - 2);
    expect((await t.call('/v1/bank/transfer/submit', { ...body, receiverId: otherMerchant.playerId }, { token: ordinary.token })).code).toBe(12);
  });

  it('checks the fund password of a replayed requestId before answering: 10045 without it, and nothing moves', async () => {
    const body = { requestId: requestId(), receiverId: merchant.playerId, currency: 'USDT', amount: '3', fundPassword: FUND_PASSWORD };
    const first = await t.call('/v1/bank/transfer/submit', body, { token: ordinary.token });
    expect(first.code).toBe(0);
    const [senderAfter, receiverAfter] = [await t.balances(ordinary), await t.balances(merchant)];

    const guessed = await t.call('/v1/bank/transfer/submit', { ...body, fundPassword: '000000' }, { token: ordinary.token });
    expect(guessed.code).toBe(10045);
    expect(guessed.data?.record).toBeUndefined();
    expect(await t.balances(ordinary)).toEqual(senderAfter);
    expect(await t.balances(merchant)).toEqual(receiverAfter);
  });
});
