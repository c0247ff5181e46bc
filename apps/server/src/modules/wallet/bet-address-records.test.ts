import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUND_PASSWORD, newWallet, outsideWallet, requestId, sendTrx, startWalletTestApp, type TestPlayer, type WalletTestApp } from './test-support.ts';

let t: WalletTestApp;
beforeAll(async () => {
  t = await startWalletTestApp({ BET_ADDRESS_ACTIVATION_TRX: '1' });
  t.fundHotWallet({ trx: '1000', usdt: '1000' });
});
afterAll(async () => {
  await t?.close();
});

const add = (p: TestPlayer, address: string) => t.call('/v1/player/bet_address/add', { address }, { token: p.token });

describe('/v1/bank/wallet_activate/config', () => {
  it("says how to activate: at least the activation amount of TRX, from the address, to the player's deposit address", async () => {
    const p = await t.player();
    const reply = await t.call('/v1/bank/wallet_activate/config', {}, { token: p.token });
    expect(reply.data).toEqual({ required: true, toAddress: await t.depositAddress(p), currency: 'TRX', amount: '1', refunded: true, windowSeconds: 1800 });
  });
});

describe('/v1/player/bet_address/*', () => {
  it('binds an address once its activation transfer is credited, and the transfer counts as a deposit', async () => {
    const p = await t.player();
    const wallet = outsideWallet(t, { trx: '20' });
    const pending = await add(p, wallet.address);
    expect(pending.data).toMatchObject({
      address: wallet.address,
      status: 0,
      activation: { toAddress: await t.depositAddress(p), amount: '1', currency: 'TRX' },
      activatedAt: null,
    });

    await sendTrx(t, wallet, await t.depositAddress(p), '1.5');
    await t.scanDeposits(1);
    const list = await t.call('/v1/player/bet_address/list', {}, { token: p.token });
    expect(list.data).toEqual([expect.objectContaining({ address: wallet.address, status: 1, activation: null, activatedAt: expect.any(String) })]);
    expect(await t.balances(p)).toMatchObject({ usdt: '0', trx: '1.5' });
    expect(await t.app.services.wallet.betAddresses.playerFor(wallet.address)).toBe(p.playerId);
    // Adding it again is harmless; adding another while one is in use is not available (10033).
    expect((await add(p, wallet.address)).data.status).toBe(1);
    expect((await add(p, outsideWallet(t, { trx: '1' }).address)).code).toBe(10033);
  });

  it('does not bind on a transfer from another address, or one below the activation amount', async () => {
    const p = await t.player();
    const wallet = outsideWallet(t, { trx: '20' });
    await add(p, wallet.address);
    await sendTrx(t, wallet, await t.depositAddress(p), '0.5');
    await sendTrx(t, outsideWallet(t, { trx: '5' }), await t.depositAddress(p), '2');
    await t.scanDeposits(1);
    expect((await t.call('/v1/player/bet_address/list', {}, { token: p.token })).data[0].status).toBe(0);
    expect(await t.balances(p)).toMatchObject({ usdt: '0', trx: '2.5' });
  });

  it('answers 10030 for an address in use by another player, and never moves a binding', async () => {
    const owner = await t.player();
    const wallet = outsideWallet(t, { trx: '20' });
    await add(owner, wallet.address);
    await sendTrx(t, wallet, await t.depositAddress(owner), '1');
    await t.scanDeposits(1);
    const other = await t.player();
    expect((await add(other, wallet.address)).code).toBe(10030);
    expect(await t.app.services.wallet.betAddresses.playerFor(wallet.address)).toBe(owner.playerId);
  });

  it("unbinds an address in use: its transfers are no longer the player's, another can be bound, and binding it again takes a new transfer", async () => {
    const p = await t.player();
    const wallet = outsideWallet(t, { trx: '20' });
    const bound = await add(p, wallet.address);
    await sendTrx(t, wallet, await t.depositAddress(p), '1');
    await t.scanDeposits(1);
    const unbound = await t.call('/v1/player/bet_address/unbind', { id: bound.data.id }, { token: p.token });
    expect(unbound.code).toBe(0);
    expect(unbound.data).toEqual([expect.objectContaining({ id: bound.data.id, address: wallet.address, status: 2, activation: null })]);
    expect(await t.app.services.wallet.betAddresses.playerFor(wallet.address)).toBeNull();
    // Nothing is in use any more, so another address may be bound (10033 before).
    expect((await add(p, outsideWallet(t, { trx: '1' }).address)).code).toBe(0);
    // The same address again waits for a new activation transfer.
    const again = await add(p, wallet.address);
    expect(again.data).toMatchObject({ id: bound.data.id, status: 0, activation: expect.objectContaining({ amount: '1' }) });
    // Twice, or someone else's binding, or one that does not exist: 10031, and nothing changes.
    const other = await t.player();
    expect((await t.call('/v1/player/bet_address/unbind', { id: bound.data.id }, { token: other.token })).code).toBe(10031);
    expect((await t.call('/v1/player/bet_address/unbind', { id: 999_999 }, { token: p.token })).code).toBe(10031);
    expect((await t.call('/v1/player/bet_address/unbind', { id: 'x' }, { token: p.token })).code).toBe(12);
    expect((await t.call('/v1/player/bet_address/list', {}, { token: p.token })).data.find((b: { id: number }) => b.id === bound.data.id).status).toBe(0);
  });

  it('answers 10029 for a wrong checksum or an address of this site, 10031 for an address that holds nothing, 10033 past three waiting', async () => {
    const p = await t.player();
    const good = newWallet().address;
    expect((await add(p, good.slice(0, -1) + (good.endsWith('a') ? 'b' : 'a'))).code).toBe(10029);
    expect((await add(p, await t.depositAddress(p))).code).toBe(10029);
    expect((await add(p, t.app.chain.hotWallet.address)).code).toBe(10029);
    expect((await add(p, newWallet().address)).code).toBe(10031);
    expect((await add(p, 'not an address')).code).toBe(10052);
    for (let i = 0; i < 3; i++) expect((await add(p, outsideWallet(t, { trx: '1' }).address)).code).toBe(0);
    expect((await add(p, outsideWallet(t, { trx: '1' }).address)).code).toBe(10033);
    expect((await t.call('/v1/player/bet_address/list', {}, { token: p.token })).data).toHaveLength(3);
  });
});

describe('/v1/bank/records', () => {
  let p: TestPlayer;
  let merchant: TestPlayer;
  let start: string;
  beforeAll(async () => {
    start = new Date(Date.now() - 1000).toISOString();
    [p, merchant] = await Promise.all([t.player(), t.player()]);
    await t.app.database.db.updateTable('players').set({ user_type: 1 }).where('id', '=', merchant.playerId).execute();
    await t.deposit(p, { usdt: '100', trx: '10' });
    await t.call(
      '/v1/bank/cashout/submit',
      { requestId: requestId(), currency: 'USDT', amount: '10', address: newWallet().address, fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    await t.processWithdrawals();
    await t.call('/v1/bank/currency_exchange/submit', { requestId: requestId(), from: 'USDT', to: 'TRX', amount: '5' }, { token: p.token });
    await t.call(
      '/v1/bank/transfer/submit',
      { requestId: requestId(), receiverId: merchant.playerId, currency: 'TRX', amount: '3', fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
  });

  it('lists deposits, withdrawals, exchanges and transfers, newest first', async () => {
    const reply = await t.call('/v1/bank/records', {}, { token: p.token });
    expect(reply.data.total).toBe(5);
    expect(reply.data.list.map((r: { type: string; currency: string }) => `${r.type}:${r.currency}`)).toEqual([
      'transfer:TRX',
      'exchange:USDT',
      'withdraw:USDT',
      expect.stringMatching(/^deposit:/),
      expect.stringMatching(/^deposit:/),
    ]);
    const transfer = reply.data.list[0];
    expect(transfer).toMatchObject({ direction: 'out', counterparty: { id: merchant.playerId, nickname: expect.any(String) }, status: 'completed' });
    expect(reply.data.list[2]).toMatchObject({ status: 'completed', txId: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('filters by type, currency (an exchange belongs to both) and time, and pages', async () => {
    const ofType = await t.call('/v1/bank/records', { type: 'deposit' }, { token: p.token });
    expect(ofType.data.list.every((r: { type: string }) => r.type === 'deposit')).toBe(true);
    const trx = await t.call('/v1/bank/records', { currency: 'TRX' }, { token: p.token });
    expect(trx.data.list.map((r: { type: string }) => r.type).sort()).toEqual(['deposit', 'exchange', 'transfer']);
    const page2 = await t.call('/v1/bank/records', { page: 2, pageSize: 2 }, { token: p.token });
    expect(page2.data).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.data.list).toHaveLength(2);
    const beyond = await t.call('/v1/bank/records', { page: 9, pageSize: 2 }, { token: p.token });
    expect(beyond.data).toMatchObject({ total: 5, list: [] });
    const future = await t.call('/v1/bank/records', { from: new Date(Date.now() + 60_000).toISOString() }, { token: p.token });
    expect(future.data.total).toBe(0);
    const window = await t.call('/v1/bank/records', { from: start, to: new Date(Date.now() + 60_000).toISOString() }, { token: p.token });
    expect(window.data.total).toBe(5);
  });

  it('shows the other side of a transfer to the receiver only', async () => {
    const reply = await t.call('/v1/bank/records', {}, { token: merchant.token });
    expect(reply.data.list).toEqual([
      expect.objectContaining({ type: 'transfer', direction: 'in', amount: '3', counterparty: { id: p.playerId, nickname: expect.any(String) } }),
    ]);
  });

  it('answers 12 for an inverted range or an unknown type', async () => {
    expect((await t.call('/v1/bank/records', { from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }, { token: p.token })).code).toBe(12);
    expect((await t.call('/v1/bank/records', { type: 'bet' }, { token: p.token })).code).toBe(12);
  });
});
