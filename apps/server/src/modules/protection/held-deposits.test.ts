import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsideWallet, requestId, sendUsdt, startWalletTestApp, type WalletTestApp } from '../wallet/test-support.ts';
import { travel } from './test-support.ts';

// PROTECTION.md "Limits": deposits cannot be refused on chain, so what passes a deposit limit is held
// on its own ledger account, released as the limit allows, and may be sent back to its sender.

let t: WalletTestApp;
beforeAll(async () => {
  t = await startWalletTestApp();
  t.fundHotWallet({ trx: '1000', usdt: '1000' });
});
afterAll(async () => {
  await t?.close();
});

const protection = (token: string) => t.call('/v1/player/protection/get', {}, { token });

describe('deposits beyond a deposit limit', () => {
  it('credit cash up to the limit and hold the rest, which the player sees and the ledger keeps apart', async () => {
    const p = await t.player();
    await t.call('/v1/player/protection/limit_set', { kind: 'deposit', period: 'day', amount: '50' }, { token: p.token });
    await t.deposit(p, { usdt: '30' });
    await t.deposit(p, { usdt: '45' });
    expect((await t.balances(p)).usdt).toBe('50');
    const state = (await protection(p.token)).data;
    expect(state.held).toEqual([{ currency: 'USDT', amount: '25' }]);
    expect(state.limits[0]).toMatchObject({ kind: 'deposit', used: '50' });
    const history = (await t.ops('/ops/v1/protection/player', { playerId: p.playerId })).data.history;
    expect(history[0]).toMatchObject({ action: 'deposit_held', actor: 'system', detail: { currency: 'USDT', held: '25' } });
    await t.expectLedgerOk();
  });

  it('release what is held to cash once a new period leaves room, oldest deposit first', async () => {
    const p = await t.player();
    await t.call('/v1/player/protection/limit_set', { kind: 'deposit', period: 'day', amount: '20' }, { token: p.token });
    await t.deposit(p, { usdt: '50' });
    expect((await t.balances(p)).usdt).toBe('20');
    expect(await t.app.services.protection.held.releaseDue()).not.toContain(p.playerId);

    await travel(t.app.database.db, p.playerId, 25);
    // The sweeps of the instance that leads release it (the worker every minute; here one run of it).
    expect(await t.app.services.protection.sweeps.runOnce()).toBe(true);
    expect((await t.balances(p)).usdt).toBe('40');
    expect((await protection(p.token)).data.held).toEqual([{ currency: 'USDT', amount: '10' }]);
    const history = (await t.ops('/ops/v1/protection/player', { playerId: p.playerId })).data.history;
    expect(history[0]).toMatchObject({ action: 'held_released', detail: { currency: 'USDT', amount: '20' } });
    await t.expectLedgerOk();
  });

  it('send what is held back to the sending address on request, once however often it is asked', async () => {
    const p = await t.player();
    await t.call('/v1/player/protection/limit_set', { kind: 'deposit', period: 'week', amount: '5' }, { token: p.token });
    const sender = outsideWallet(t, { usdt: '100', trx: '100' });
    await sendUsdt(t, sender, await t.depositAddress(p), '25');
    await t.scanDeposits(1);
    expect((await t.balances(p)).usdt).toBe('5');

    // Before the request: the sender, woken when the return is queued, may pay it at once.
    const before = t.chainBalance(sender.address).usdt;
    const key = requestId();
    const returned = await t.call('/v1/player/protection/held_return', { currency: 'USDT', requestId: key }, { token: p.token });
    expect(returned.code).toBe(0);
    expect(returned.data.held).toEqual([]);
    expect((await t.call('/v1/player/protection/held_return', { currency: 'USDT', requestId: key }, { token: p.token })).code).toBe(0);
    const withdrawals = await t.app.database.db.selectFrom('withdrawals').selectAll().where('player_id', '=', p.playerId).execute();
    expect(withdrawals).toHaveLength(1);
    expect(withdrawals[0]).toMatchObject({ to_address: sender.address, amount: 20_000_000n });
    const history = (await t.ops('/ops/v1/protection/player', { playerId: p.playerId })).data.history;
    expect(history[0]).toMatchObject({ action: 'held_returned', actor: 'player', detail: { currency: 'USDT', amount: '20', deposits: [{ amount: '20' }] } });

    await t.processWithdrawals();
    expect(t.chainBalance(sender.address).usdt - before).toBe(20_000_000n - withdrawals[0]!.fee);
    expect((await t.balances(p)).usdt).toBe('5');
    expect((await t.call('/v1/player/protection/held_return', { currency: 'USDT', requestId: requestId() }, { token: p.token })).code).toBe(15);
    await t.expectLedgerOk();
  });

  it('hold a deposit again when its return to the sender is rejected, never paying it to cash', async () => {
    const p = await t.player();
    await t.call('/v1/player/protection/limit_set', { kind: 'deposit', period: 'day', amount: '1' }, { token: p.token });
    const sender = outsideWallet(t, { usdt: '2000', trx: '100' });
    await sendUsdt(t, sender, await t.depositAddress(p), '1100');
    await t.scanDeposits(1);
    expect((await protection(p.token)).data.held).toEqual([{ currency: 'USDT', amount: '1099' }]);
    // Above the review threshold: the return waits for staff, who reject it.
    expect((await t.call('/v1/player/protection/held_return', { currency: 'USDT', requestId: requestId() }, { token: p.token })).code).toBe(0);
    const [withdrawal] = await t.app.database.db.selectFrom('withdrawals').selectAll().where('player_id', '=', p.playerId).execute();
    expect(withdrawal).toMatchObject({ status: 'pending_review', amount: 1_099_000_000n, to_address: sender.address });
    expect(withdrawal!.held_deposit_id).not.toBeNull();
    expect(await t.app.services.wallet.withdrawals.refund(withdrawal!.id, 'rejected', ['pending_review'], null, 'rejected by operator')).not.toBeNull();
    // Not a cent to cash past the limit: the money is held again, on its deposit.
    expect((await t.balances(p)).usdt).toBe('1');
    expect((await protection(p.token)).data.held).toEqual([{ currency: 'USDT', amount: '1099' }]);
    const history = (await t.ops('/ops/v1/protection/player', { playerId: p.playerId })).data.history;
    expect(history[0]).toMatchObject({ action: 'held_return_failed', actor: 'system', detail: { currency: 'USDT', amount: '1099' } });
    await t.expectLedgerOk();
    // Held again, it may be sent back anew.
    expect((await t.call('/v1/player/protection/held_return', { currency: 'USDT', requestId: requestId() }, { token: p.token })).code).toBe(0);
    expect((await protection(p.token)).data.held).toEqual([]);
    await t.expectLedgerOk();
  });

  it('never send held money to a sender put on a sanctions list since it deposited', async () => {
    const p = await t.player();
    await t.call('/v1/player/protection/limit_set', { kind: 'deposit', period: 'day', amount: '1' }, { token: p.token });
    const sender = outsideWallet(t, { usdt: '100', trx: '100' });
    await sendUsdt(t, sender, await t.depositAddress(p), '30');
    await t.scanDeposits(1);
    expect((await t.ops('/ops/v1/sanctions/upload', { list: 'usdt', mode: 'add', text: sender.address })).code).toBe(0);
    const refused = await t.call('/v1/player/protection/held_return', { currency: 'USDT', requestId: requestId() }, { token: p.token });
    expect(refused.code).toBe(10064);
    expect((await protection(p.token)).data.held).toEqual([{ currency: 'USDT', amount: '29' }]);
    await t.expectLedgerOk();
  });

  it('leave a player without a deposit limit untouched', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '500' });
    expect((await t.balances(p)).usdt).toBe('500');
    expect((await protection(p.token)).data.held).toEqual([]);
  });
});
