import { EXPERIENCE_MESSAGES } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { FUND_PASSWORD, micro, newWallet, requestId, siteAddresses, startWalletTestApp, type TestPlayer, type WalletTestApp } from './test-support.ts';

let t: WalletTestApp;
beforeAll(async () => {
  t = await startWalletTestApp({ WITHDRAWAL_USDT_FEE: '0.5', WITHDRAWAL_USDT_MIN: '1', WITHDRAWAL_DAILY_COUNT: '12' });
  t.fundHotWallet({ trx: '1000', usdt: '100000' });
});
afterAll(async () => {
  await t?.close();
});

const withdraw = (p: TestPlayer, body: Record<string, unknown>) =>
  t.call('/v1/bank/cashout/submit', { requestId: requestId(), currency: 'USDT', fundPassword: FUND_PASSWORD, ...body }, { token: p.token });

async function fundedPlayer(amounts: { trx?: string; usdt?: string }) {
  const p = await t.player();
  await t.deposit(p, amounts);
  return p;
}

async function withdrawalRow(id: number) {
  return t.app.database.db.selectFrom('withdrawals').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
}

describe('/v1/bank/cashout/config', () => {
  it('shows limits, fee, review threshold and what may leave now, per currency', async () => {
    const p = await fundedPlayer({ usdt: '20' });
    const reply = await t.call('/v1/bank/cashout/config', {}, { token: p.token });
    expect(reply.code).toBe(0);
    expect(reply.data.hasFundPassword).toBe(true);
    expect(reply.data.currencies).toEqual([
      {
        currency: 'USDT',
        enabled: true,
        minAmount: '1',
        maxAmount: '100000',
        fee: '0.5',
        reviewThreshold: '1000',
        withdrawable: '20',
        dailyCountLimit: 12,
        dailyCountUsed: 0,
      },
      {
        currency: 'TRX',
        enabled: true,
        minAmount: '1',
        maxAmount: '1000000',
        fee: '0',
        reviewThreshold: '10000',
        withdrawable: '0',
        dailyCountLimit: 12,
        dailyCountUsed: 0,
      },
    ]);
  });

  it('shows a currency the operator closed (maximum 0) as disabled and refuses it with 10042', async () => {
    const limits = t.app.services.wallet.settings.withdrawal.limits.TRX;
    const max = limits.max;
    limits.max = 0n;
    try {
      const p = await fundedPlayer({ trx: '20' });
      expect((await t.call('/v1/bank/cashout/config', {}, { token: p.token })).data.currencies[1]).toMatchObject({ currency: 'TRX', enabled: false });
      expect((await withdraw(p, { currency: 'TRX', amount: '5', address: newWallet().address })).code).toBe(10042);
    } finally {
      limits.max = max;
    }
  });

  it('refuses settings where the fee would swallow the minimum, naming the variable', async () => {
    const { loadConfig } = await import('../../config.ts');
    const { walletSettings } = await import('./settings.ts');
    expect(() => walletSettings(loadConfig({ WITHDRAWAL_USDT_MIN: '1', WITHDRAWAL_USDT_FEE: '1' }))).toThrow(
      /WITHDRAWAL_USDT_MIN: must be above WITHDRAWAL_USDT_FEE/,
    );
    expect(() => walletSettings(loadConfig({ WITHDRAWAL_TRX_MAX: '10' }))).toThrow(/WITHDRAWAL_TRX_MAX/);
    expect(walletSettings(loadConfig({ WITHDRAWAL_TRX_MAX: '0' })).withdrawal.limits.TRX.max).toBe(0n);
  });

  it('tells a player without a fund password to set one first', async () => {
    const p = await t.registerPlayer();
    expect((await t.call('/v1/bank/cashout/config', {}, { token: p.token })).data.hasFundPassword).toBe(false);
  });
});

describe('/v1/bank/cashout/submit', () => {
  it('debits at once, sends from the hot wallet, and confirms from the chain', async () => {
    const p = await fundedPlayer({ usdt: '50' });
    const to = newWallet().address;
    const reply = await withdraw(p, { amount: '20', address: to });
    expect(reply.code).toBe(0);
    expect(reply.data.balances).toMatchObject({ usdt: '30', trx: '0' });
    expect(reply.data.record).toMatchObject({
      type: 'withdraw',
      status: 'processing',
      direction: 'out',
      currency: 'USDT',
      amount: '20',
      fee: '0.5',
      address: to,
    });

    await t.processWithdrawals();
    expect(t.chainBalance(to).usdt).toBe(micro('19.5'));
    const row = await withdrawalRow(reply.data.record.id);
    expect(row).toMatchObject({ status: 'confirmed', attempts: 1 });
    const records = await t.call('/v1/bank/records', { type: 'withdraw' }, { token: p.token });
    expect(records.data.list[0]).toMatchObject({ status: 'completed', txId: row.tx_id, completedAt: expect.any(String) });
    expect(await t.app.services.ledger.balance({ kind: 'withdrawal_pending' }, 'USDT')).toBe(0n);
    await t.expectLedgerOk();
  });

  it('sends TRX to a saved address', async () => {
    const p = await fundedPlayer({ trx: '100' });
    const to = newWallet().address;
    const saved = await t.call('/v1/player/cashout_address/add', { address: to, label: 'cold' }, { token: p.token });
    // Saved a day ago: a new address waits 24 hours before it may be used.
    await t.app.database.db
      .updateTable('cashout_addresses')
      .set({ created_at: new Date(Date.now() - 86_400_000) })
      .where('id', '=', saved.data.id)
      .execute();
    const reply = await withdraw(p, { currency: 'TRX', amount: '40', addressId: saved.data.id });
    expect(reply.code).toBe(0);
    await t.processWithdrawals();
    expect(t.chainBalance(to).trx).toBe(micro('40'));
    expect(await t.balances(p)).toMatchObject({ usdt: '0', trx: '60' });
  });

  it('lets exactly 10 of 100 simultaneous withdrawals of 1 through a balance of 10; the rest answer 21002', async () => {
    const p = await fundedPlayer({ usdt: '10' });
    const to = newWallet().address;
    const replies = await Promise.all(Array.from({ length: 100 }, () => withdraw(p, { amount: '1', address: to })));
    const codes = replies.map((r) => r.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(10);
    expect(codes.filter((c) => c === 21002)).toHaveLength(90);
    expect(await t.balances(p)).toMatchObject({ usdt: '0', trx: '0' });
    await t.processWithdrawals();
    expect(t.chainBalance(to).usdt).toBe(micro('5'));
    await t.expectLedgerOk();
  });

  it('moves money once for one requestId sent 5 times, together or one after another', async () => {
    const p = await fundedPlayer({ usdt: '30' });
    const body = { requestId: requestId(), currency: 'USDT', amount: '5', address: newWallet().address, fundPassword: FUND_PASSWORD };
    const together = await Promise.all(Array.from({ length: 5 }, () => t.call('/v1/bank/cashout/submit', body, { token: p.token })));
    const again = await t.call('/v1/bank/cashout/submit', body, { token: p.token });
    for (const reply of [...together, again]) {
      expect(reply.code).toBe(0);
      expect(reply.data.record.id).toBe(together[0].data.record.id);
    }
    expect(await t.balances(p)).toMatchObject({ usdt: '25', trx: '0' });
    const rows = await t.app.database.db.selectFrom('withdrawals').select('id').where('player_id', '=', p.playerId).execute();
    expect(rows).toHaveLength(1);
  });

  it('checks the fund password of a replayed requestId before answering: 10045 without it, and nothing moves', async () => {
    const p = await fundedPlayer({ usdt: '30' });
    const body = { requestId: requestId(), currency: 'USDT', amount: '5', address: newWallet().address, fundPassword: FUND_PASSWORD };
    const first = await t.call('/v1/bank/cashout/submit', body, { token: p.token });
    expect(first.code).toBe(0);

    const guessed = await t.call('/v1/bank/cashout/submit', { ...body, fundPassword: '000000' }, { token: p.token });
    expect(guessed.code).toBe(10045);
    expect(guessed.data?.record).toBeUndefined();
    expect(await t.balances(p)).toMatchObject({ usdt: '25', trx: '0' });
    expect(await t.app.database.db.selectFrom('withdrawals').select('id').where('player_id', '=', p.playerId).execute()).toHaveLength(1);

    const again = await t.call('/v1/bank/cashout/submit', body, { token: p.token });
    expect(again.data.record.id).toBe(first.data.record.id);
  });

  it('refuses a requestId reused for a different withdrawal with 12', async () => {
    const p = await fundedPlayer({ usdt: '30' });
    const first = { requestId: requestId(), currency: 'USDT', amount: '5', address: newWallet().address, fundPassword: FUND_PASSWORD };
    expect((await t.call('/v1/bank/cashout/submit', first, { token: p.token })).code).toBe(0);
    expect((await t.call('/v1/bank/cashout/submit', { ...first, amount: '6' }, { token: p.token })).code).toBe(12);
  });

  describe('answers', () => {
    let p: TestPlayer;
    beforeAll(async () => {
      p = await fundedPlayer({ usdt: '20', trx: '5' });
    });

    it('10045 for a wrong fund password, and for a player who never set one', async () => {
      expect((await withdraw(p, { amount: '2', address: newWallet().address, fundPassword: '000000' })).code).toBe(10045);
      const none = await t.registerPlayer();
      expect(
        (
          await t.call(
            '/v1/bank/cashout/submit',
            { requestId: requestId(), currency: 'USDT', amount: '2', address: newWallet().address, fundPassword: '123456' },
            { token: none.token },
          )
        ).code,
      ).toBe(10045);
      expect(await t.balances(p)).toMatchObject({ usdt: '20', trx: '5' });
    });

    it('10052 for an address with a wrong checksum, or an address of this site', async () => {
      const good = newWallet().address;
      const bad = good.slice(0, -1) + (good.endsWith('a') ? 'b' : 'a');
      expect((await withdraw(p, { amount: '2', address: bad })).code).toBe(10052);
      expect((await withdraw(p, { amount: '2', address: 'T123' })).code).toBe(10052);
      expect((await withdraw(p, { amount: '2', address: t.app.chain.hotWallet.address })).code).toBe(10052);
      expect((await withdraw(p, { amount: '2', address: await t.depositAddress(p) })).code).toBe(10052);
    });

    it('10052 for every address of this site, typed or saved before saving one was refused, and nothing moves', async () => {
      const q = await fundedPlayer({ usdt: '20' });
      for (const { kind, address } of await siteAddresses(t, q)) {
        expect((await withdraw(q, { amount: '2', address })).code, kind).toBe(10052);
        const saved = await t.app.database.db
          .insertInto('cashout_addresses')
          .values({ player_id: q.playerId, address, label: 'saved earlier' })
          .returning('id')
          .executeTakeFirstOrThrow();
        expect((await withdraw(q, { amount: '2', addressId: saved.id })).code, kind).toBe(10052);
      }
      expect(await t.balances(q)).toMatchObject({ usdt: '20', trx: '0' });
      expect(await t.app.database.db.selectFrom('withdrawals').select('id').where('player_id', '=', q.playerId).execute()).toEqual([]);
    });

    it('21002 for more than the balance', async () => {
      expect((await withdraw(p, { amount: '20.000001', address: newWallet().address })).code).toBe(21002);
      expect((await withdraw(p, { currency: 'TRX', amount: '6', address: newWallet().address })).code).toBe(21002);
    });

    it('12 outside the limits, for an unknown saved address, and for malformed amounts', async () => {
      expect((await withdraw(p, { amount: '0.9', address: newWallet().address })).code).toBe(12);
      expect((await withdraw(p, { amount: '100001', address: newWallet().address })).code).toBe(12);
      expect((await withdraw(p, { amount: '2', addressId: 999999 })).code).toBe(12);
      expect((await withdraw(p, { amount: '-1', address: newWallet().address })).code).toBe(12);
      expect((await withdraw(p, { amount: '1.0000001', address: newWallet().address })).code).toBe(12);
      expect((await withdraw(p, { amount: '2', address: newWallet().address, addressId: 1 })).code).toBe(12);
      expect(await t.balances(p)).toMatchObject({ usdt: '20', trx: '5' });
    });
  });

  it('10042 after the daily count, which rejected withdrawals do not use up', async () => {
    const p = await fundedPlayer({ usdt: '2000' });
    const send = (amount = '1') => withdraw(p, { amount, address: newWallet().address });
    const held = await send('1000');
    expect(held.data.record.status).toBe('pending');
    for (let i = 0; i < 11; i++) expect((await send()).code).toBe(0);
    expect((await send()).code).toBe(10042);
    expect((await t.call('/v1/bank/cashout/config', {}, { token: p.token })).data.currencies[0]).toMatchObject({ dailyCountLimit: 12, dailyCountUsed: 12 });
    expect((await t.ops('/ops/v1/withdrawals/review', { id: held.data.record.id, approve: false, reason: 'address on a sanctions list' })).code).toBe(0);
    expect((await send()).code).toBe(0);
  });
});

describe('experience accounts (SPEC section 5)', () => {
  const makeExperience = (p: TestPlayer) => t.app.database.db.updateTable('players').set({ experience_type: 1 }).where('id', '=', p.playerId).execute();

  it('may not withdraw while the USDT balance is from 3 up to less than 100, with the SPEC text', async () => {
    const p = await fundedPlayer({ usdt: '50' });
    await makeExperience(p);
    const reply = await t.call(
      '/v1/bank/cashout/submit',
      { requestId: requestId(), currency: 'USDT', amount: '10', address: newWallet().address, fundPassword: FUND_PASSWORD },
      { token: p.token, headers: { language: 'en_US' } },
    );
    expect(reply).toMatchObject({ code: 10042, msg: EXPERIENCE_MESSAGES.goldNotUsedUp.en_US });
    expect((await t.call('/v1/bank/cashout/config', {}, { token: p.token })).data.currencies[0].withdrawable).toBe('0');
    expect(await t.balances(p)).toMatchObject({ usdt: '50', trx: '0' });
  });

  it('may withdraw once the balance is below 3 or from 100 up', async () => {
    const low = await fundedPlayer({ usdt: '2.99', trx: '10' });
    await makeExperience(low);
    expect((await withdraw(low, { currency: 'TRX', amount: '5', address: newWallet().address })).code).toBe(0);
    const high = await fundedPlayer({ usdt: '100' });
    await makeExperience(high);
    expect((await withdraw(high, { amount: '1', address: newWallet().address })).code).toBe(0);
  });

  it('is told about unsettled orders first', async () => {
    const { ExperienceRules } = await import('./experience.ts');
    const rules = new ExperienceRules({ count: async () => 2 });
    expect(await rules.restriction({ id: 1, experience_type: 1 }, 0n)).toBe('unsettledOrders');
    expect(await rules.restriction({ id: 1, experience_type: 0 }, micro('50'))).toBeNull();
    expect(await rules.restriction({ id: 1, experience_type: 2 }, micro('50'))).toBeNull();
  });
});

describe('operator review (/ops/v1/withdrawals/open, /ops/v1/withdrawals/review)', () => {
  it('holds a withdrawal at or above the threshold until approved, then sends it', async () => {
    const p = await fundedPlayer({ usdt: '1500' });
    const to = newWallet().address;
    const reply = await withdraw(p, { amount: '1000', address: to });
    expect(reply.data.record.status).toBe('pending');
    await t.processWithdrawals();
    expect(t.chainBalance(to).usdt).toBe(0n);
    const open = await t.ops('/ops/v1/withdrawals/open', {});
    expect(open.data.map((w: { id: number }) => w.id)).toContain(reply.data.record.id);
    expect((await t.ops('/ops/v1/withdrawals/review', { id: reply.data.record.id, approve: true, reason: 'player verified by phone' })).code).toBe(0);
    await t.processWithdrawals();
    expect(t.chainBalance(to).usdt).toBe(micro('999.5'));
  });

  it('refunds a rejected withdrawal exactly once', async () => {
    const p = await fundedPlayer({ usdt: '1500' });
    const reply = await withdraw(p, { amount: '1200', address: newWallet().address });
    expect(await t.balances(p)).toMatchObject({ usdt: '300', trx: '0' });
    const decisions = await Promise.all(
      [1, 2, 3].map(() => t.ops('/ops/v1/withdrawals/review', { id: reply.data.record.id, approve: false, reason: 'address on a sanctions list' })),
    );
    expect(decisions.map((d) => d.code).sort()).toEqual([0, 12, 12]);
    expect(await t.balances(p)).toMatchObject({ usdt: '1500', trx: '0' });
    expect((await t.ops('/ops/v1/withdrawals/review', { id: reply.data.record.id, approve: true, reason: 'changed my mind' })).code).toBe(12);
    const refunds = await t.app.database.db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('idempotency_key', '=', `withdrawal-refund:${reply.data.record.id}`)
      .execute();
    expect(refunds).toHaveLength(1);
    const records = await t.call('/v1/bank/records', { type: 'withdraw' }, { token: p.token });
    expect(records.data.list[0]).toMatchObject({ id: reply.data.record.id, status: 'rejected' });
    await t.processWithdrawals();
    expect((await withdrawalRow(reply.data.record.id)).status).toBe('rejected');
    await t.expectLedgerOk();
  });

  it('is 401 without a key, 12 for a malformed body or one without a reason, and 10055 for a key that may list but not review', async () => {
    expect((await t.ops('/ops/v1/withdrawals/review', { id: 1, approve: true, reason: 'player verified' }, null)).status).toBe(401);
    expect((await t.ops('/ops/v1/withdrawals/review', { id: 'x' })).code).toBe(12);
    expect((await t.ops('/ops/v1/withdrawals/review', { id: 1, approve: true })).code).toBe(12);
    const { key } = await createAutomationKey(t.app.database.db, ['finance.read']);
    expect((await t.ops('/ops/v1/withdrawals/open', {}, key)).code).toBe(0);
    expect(await t.ops('/ops/v1/withdrawals/review', { id: 1, approve: true, reason: 'player verified' }, key)).toMatchObject({ status: 403, code: 10055 });
  });
});

describe('a hot wallet that cannot pay', () => {
  it('keeps the withdrawal queued (money set aside) and tells the player why in the trade history, until the operator tops the wallet up', async () => {
    const p = await fundedPlayer({ trx: '5000' });
    const to = newWallet().address;
    const reply = await withdraw(p, { currency: 'TRX', amount: '3000', address: to });
    await t.processWithdrawals();
    expect(await withdrawalRow(reply.data.record.id)).toMatchObject({
      status: 'queued',
      last_error: 'waiting for hot-wallet funds: hot wallet balance too low',
      attempts: 0,
    });
    expect(await t.balances(p)).toMatchObject({ usdt: '0', trx: '2000' });
    const waiting = await t.call('/v1/bank/records', { type: 'withdraw' }, { token: p.token });
    expect(waiting.data.list[0]).toMatchObject({ id: reply.data.record.id, status: 'processing', waitingReason: 'hot_wallet_funds' });

    t.fundHotWallet({ trx: '5000' });
    await t.processWithdrawals();
    expect(t.chainBalance(to).trx).toBe(micro('3000'));
    expect((await withdrawalRow(reply.data.record.id)).status).toBe('confirmed');
    const sent = await t.call('/v1/bank/records', { type: 'withdraw' }, { token: p.token });
    expect(sent.data.list[0].status).toBe('completed');
    expect(sent.data.list[0]).not.toHaveProperty('waitingReason');
  });
});
