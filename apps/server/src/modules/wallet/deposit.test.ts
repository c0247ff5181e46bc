import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_PLAYER, type PlayerPush } from '../../realtime/realtime.ts';
import { micro, outsideWallet, sendTrx, sendUsdt, startWalletTestApp, type WalletTestApp } from './test-support.ts';

let t: WalletTestApp;
beforeAll(async () => {
  t = await startWalletTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('/v1/bank/deposit/address', () => {
  it("gives each player their own address, derived from the operator's xpub, the same on every call", async () => {
    const a = await t.player();
    const b = await t.player();
    const first = await t.call('/v1/bank/deposit/address', {}, { token: a.token });
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ network: 'TRON' });
    expect(first.data.currencies).toEqual([
      { currency: 'USDT', minAmount: '0.1', confirmations: 1, contractAddress: t.app.chain.client.usdtContract },
      { currency: 'TRX', minAmount: '0.1', confirmations: 1, contractAddress: null },
    ]);
    const again = await t.call('/v1/bank/deposit/address', {}, { token: a.token });
    expect(again.data.address).toBe(first.data.address);
    const other = await t.call('/v1/bank/deposit/address', {}, { token: b.token });
    expect(other.data.address).not.toBe(first.data.address);

    const row = await t.app.database.db.selectFrom('deposit_addresses').selectAll().where('player_id', '=', a.playerId).executeTakeFirstOrThrow();
    expect(t.app.chain.deposits.address(row.derivation_index)).toBe(first.data.address);
  });

  it('assigns one address when a player asks many times at once', async () => {
    const p = await t.player();
    const replies = await Promise.all(Array.from({ length: 8 }, () => t.call('/v1/bank/deposit/address', {}, { token: p.token })));
    expect(new Set(replies.map((r) => r.data.address)).size).toBe(1);
  });

  it('needs a session', async () => {
    expect((await t.call('/v1/bank/deposit/address', {})).status).toBe(401);
  });
});

describe('the deposit watcher', () => {
  it('credits a TRX deposit from an outside wallet once, after the confirmations', async () => {
    const p = await t.player();
    const address = await t.depositAddress(p);
    const wallet = t.app.chain.devnet!;
    const sender = outsideWallet(t, { trx: '50' });
    await sendTrx(t, sender, address, '12.5');
    await t.scanDeposits();
    expect((await t.balances(p)).trx).toBe('0');
    wallet.produceBlock();
    await t.scanDeposits();
    expect(await t.balances(p)).toMatchObject({ usdt: '0', trx: '12.5' });
    await t.scanDeposits(3);
    expect((await t.balances(p)).trx).toBe('12.5');
    await t.expectLedgerOk();
  });

  it('shows a deposit as pending until it has the configured confirmations, then credits it', async () => {
    // The same watcher, told to wait for 3 blocks (the including block is the first).
    const settings = t.app.services.wallet.settings.deposit;
    const configured = settings.confirmations;
    settings.confirmations = 3;
    try {
      const p = await t.player();
      t.app.chain.devnet!.faucet(await t.depositAddress(p), { usdt: micro('4') });
      await t.scanDeposits(1);
      expect((await t.balances(p)).usdt).toBe('0');
      const pending = await t.call('/v1/bank/records', {}, { token: p.token });
      expect(pending.data.list).toEqual([expect.objectContaining({ type: 'deposit', status: 'pending', amount: '4', completedAt: null })]);
      await t.scanDeposits(1);
      expect((await t.balances(p)).usdt).toBe('0');
      await t.scanDeposits(1);
      expect((await t.balances(p)).usdt).toBe('4');
      expect((await t.call('/v1/bank/records', {}, { token: p.token })).data.list[0].status).toBe('completed');
    } finally {
      settings.confirmations = configured;
    }
  });

  it("counts a deposit's confirmations from the moment it is seen, in the trade history and in a push to its player", async () => {
    const settings = t.app.services.wallet.settings.deposit;
    const configured = settings.confirmations;
    settings.confirmations = 4;
    const pushes: PlayerPush[] = [];
    const off = t.app.bus.subscribe(PUSH_PLAYER, (push: PlayerPush) => pushes.push(push));
    try {
      const p = await t.player();
      const sender = outsideWallet(t, { trx: '10', usdt: '100' });
      const txId = await sendUsdt(t, sender, await t.depositAddress(p), '7.5');
      const incoming = async () => (await t.call('/v1/bank/records', { type: 'deposit' }, { token: p.token })).data.list[0];
      const mine = () => pushes.filter((push) => push.playerId === p.playerId && push.event === 'deposit').map((push) => push.data);

      // Its block is the first confirmation.
      await t.scanDeposits(1);
      expect(await incoming()).toMatchObject({ status: 'pending', amount: '7.5', txId, confirmations: { seen: 1, needed: 4 } });
      await t.scanDeposits(1);
      expect((await incoming()).confirmations).toEqual({ seen: 2, needed: 4 });
      // A tick without a new block changes nothing and tells no one.
      await t.scanDeposits();
      expect(mine()).toEqual([
        { id: expect.any(Number), currency: 'USDT', amount: '7.5', txId, confirmations: { seen: 1, needed: 4 } },
        { id: expect.any(Number), currency: 'USDT', amount: '7.5', txId, confirmations: { seen: 2, needed: 4 } },
      ]);
      await t.scanDeposits(2);
      const credited = await incoming();
      expect(credited.status).toBe('completed');
      expect(credited).not.toHaveProperty('confirmations');
      expect((await t.balances(p)).usdt).toBe('7.5');
      expect(mine()).toHaveLength(2);
    } finally {
      off();
      settings.confirmations = configured;
    }
  });

  it('credits a USDT (TRC20) deposit once and marks the first recharge', async () => {
    const p = await t.player();
    const address = await t.depositAddress(p);
    const sender = outsideWallet(t, { trx: '10', usdt: '100' });
    await sendUsdt(t, sender, address, '27.03');
    await t.scanDeposits(1);
    expect(await t.balances(p)).toMatchObject({ usdt: '27.03', trx: '0' });
    const loaded = await t.call('/v1/player/load', {}, { token: p.token });
    expect(loaded.data).toMatchObject({ hasRecharged: true, balances: { usdt: '27.03' } });
  });

  it('credits the same transaction once however often it is read, even by two watchers at once', async () => {
    const p = await t.player();
    const address = await t.depositAddress(p);
    t.app.chain.devnet!.faucet(address, { trx: micro('7'), usdt: micro('3') });
    t.app.chain.devnet!.produceBlock();
    // Forget how far the address was read, then read it again and again, with two watchers racing.
    const watcher = t.app.services.wallet.depositWatcher;
    for (let i = 0; i < 3; i++) {
      await t.app.database.db.updateTable('deposit_addresses').set({ trx_cursor: 0n, usdt_cursor: 0n }).where('player_id', '=', p.playerId).execute();
      await Promise.all([watcher.run(), watcher.run(), t.scanDeposits()]);
    }
    expect(await t.balances(p)).toMatchObject({ usdt: '3', trx: '7' });
    const rows = await t.app.database.db.selectFrom('deposits').selectAll().where('player_id', '=', p.playerId).execute();
    expect(rows.map((r) => [r.currency, r.status]).sort()).toEqual([
      ['TRX', 'credited'],
      ['USDT', 'credited'],
    ]);
    const credit = await t.app.database.db
      .selectFrom('ledger_transfers')
      .select('idempotency_key')
      .where('kind', '=', 'deposit')
      .where(
        'reference',
        'in',
        rows.map((r) => String(r.id)),
      )
      .execute();
    expect(credit).toHaveLength(2);
    await t.expectLedgerOk();
  });

  it('ignores zero-value transfers and keeps amounts under the minimum uncredited', async () => {
    const p = await t.player();
    const address = await t.depositAddress(p);
    const sender = outsideWallet(t, { trx: '10', usdt: '10' });
    await sendUsdt(t, sender, address, '0');
    await sendTrx(t, sender, address, '0.05');
    await t.scanDeposits(2);
    expect(await t.balances(p)).toMatchObject({ usdt: '0', trx: '0' });
    const rows = await t.app.database.db.selectFrom('deposits').select(['currency', 'status', 'amount']).where('player_id', '=', p.playerId).execute();
    expect(rows).toEqual([{ currency: 'TRX', status: 'ignored', amount: 50_000n }]);
    const records = await t.call('/v1/bank/records', { type: 'deposit' }, { token: p.token });
    expect(records.data.total).toBe(0);
    expect((await t.call('/v1/player/load', {}, { token: p.token })).data.hasRecharged).toBe(false);
  });

  it('never credits a USDT transfer that reverted', async () => {
    const p = await t.player();
    const address = await t.depositAddress(p);
    // The sender has TRX but no USDT: its transfer lands as REVERT and emits no Transfer event.
    const sender = outsideWallet(t, { trx: '10' });
    const signed = await t.app.chain.client.prepareUsdtTransfer(sender.privateKey, address, micro('5'));
    await t.app.chain.client.broadcast(signed);
    await t.scanDeposits(2);
    expect((await t.app.chain.client.getTransactionInfo(signed.txId))?.success).toBe(false);
    expect(await t.balances(p)).toMatchObject({ usdt: '0', trx: '0' });
  });

  it('pushes the new balance to the player and drops the cached /v1/player/load', async () => {
    const p = await t.player();
    expect((await t.call('/v1/player/load', {}, { token: p.token })).data.balances.trx).toBe('0');
    const pushes: PlayerPush[] = [];
    const off = t.app.bus.subscribe(PUSH_PLAYER, (push: PlayerPush) => pushes.push(push));
    try {
      await t.deposit(p, { trx: '3' });
    } finally {
      off();
    }
    expect(pushes).toContainEqual({
      playerId: p.playerId,
      event: 'balance',
      data: { usdt: '0', trx: '3', cash: { usdt: '0', trx: '3' }, bonus: { usdt: '0', trx: '0' } },
    });
    expect((await t.call('/v1/player/load', {}, { token: p.token })).data.balances.trx).toBe('3');
  });

  it('reads only the new part of an address history on each tick', async () => {
    const p = await t.player();
    const address = await t.depositAddress(p);
    await t.deposit(p, { trx: '1' });
    const before = await t.app.database.db.selectFrom('deposit_addresses').selectAll().where('player_id', '=', p.playerId).executeTakeFirstOrThrow();
    await t.deposit(p, { trx: '2' });
    const after = await t.app.database.db.selectFrom('deposit_addresses').selectAll().where('player_id', '=', p.playerId).executeTakeFirstOrThrow();
    expect(after.trx_cursor).toBeGreaterThan(before.trx_cursor);
    expect(after.last_scanned_at!.getTime()).toBeGreaterThanOrEqual(before.last_scanned_at!.getTime());
    expect(await t.balances(p)).toMatchObject({ usdt: '0', trx: '3' });
    expect(address).toBe(before.address);
  });
});
