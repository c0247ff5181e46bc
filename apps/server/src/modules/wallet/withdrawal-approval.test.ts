import { ErrorCode } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { walletSettings } from './settings.ts';
import { micro, newWallet, requestId, FUND_PASSWORD, startWalletTestApp, WALLET_TEST_ENV, type TestPlayer, type WalletTestApp } from './test-support.ts';

// Review from 1000 USDT (WALLET_TEST_ENV), a second person from 5000 USDT.
let t: WalletTestApp;
const staff: Record<'alice' | 'bob' | 'carol', string> = { alice: '', bob: '', carol: '' };
beforeAll(async () => {
  t = await startWalletTestApp({ WITHDRAWAL_FOUR_EYES_USDT: '5000' });
  t.fundHotWallet({ trx: '1000', usdt: '100000' });
  // Keys created by no staff member: three different people.
  for (const name of ['alice', 'bob', 'carol'] as const) {
    staff[name] = (await createAutomationKey(t.app.database.db, ['finance.read', 'finance.withdrawals.review', 'finance.adjust.approve'], name)).key;
  }
});
afterAll(async () => {
  await t?.close();
});

async function pendingWithdrawal(amount: string): Promise<{ player: TestPlayer; id: number; to: string }> {
  const player = await t.player();
  await t.deposit(player, { usdt: amount });
  const to = newWallet().address;
  const reply = await t.call(
    '/v1/bank/cashout/submit',
    { requestId: requestId(), currency: 'USDT', amount, address: to, fundPassword: FUND_PASSWORD },
    { token: player.token },
  );
  expect(reply.data.record.status).toBe('pending');
  return { player, id: reply.data.record.id, to };
}

const review = (id: number, approve: boolean, as: string) =>
  t.ops('/ops/v1/withdrawals/review', { id, approve, reason: approve ? 'player verified by phone' : 'address on a sanctions list' }, as);
const decide = (id: number, approve: boolean, as: string) => t.ops('/ops/v1/approvals/decide', { id, approve, reason: 'second look at the player file' }, as);
const status = async (id: number) =>
  (await t.app.database.db.selectFrom('withdrawals').select('status').where('id', '=', BigInt(id)).executeTakeFirstOrThrow()).status;

describe('/ops/v1/withdrawals/review with four eyes (WITHDRAWAL_FOUR_EYES_USDT)', () => {
  it('lets one reviewer approve a withdrawal below the threshold, as before', async () => {
    const { id, to } = await pendingWithdrawal('4999');
    const { code, data } = await review(id, true, staff.alice);
    expect(code).toBe(0);
    expect(data).toMatchObject({ withdrawal: { id, status: 'queued' }, approvalRequest: null });
    await t.processWithdrawals();
    expect(t.chainBalance(to).usdt).toBe(micro('4999'));
  });

  it('only asks a second person at the threshold: nothing is sent, and asking again answers the same request', async () => {
    const { id, to } = await pendingWithdrawal('5000');
    const first = await review(id, true, staff.alice);
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({
      withdrawal: { id, status: 'pending_review' },
      approvalRequest: {
        kind: 'withdrawal.approve',
        status: 'pending',
        reason: 'player verified by phone',
        requestedBy: { kind: 'key', name: 'alice' },
        payload: { withdrawalId: String(id), amount: '5000', currency: 'USDT', toAddress: to },
      },
    });
    expect((await review(id, true, staff.bob)).data.approvalRequest.id).toBe(first.data.approvalRequest.id);
    await t.processWithdrawals();
    expect(await status(id)).toBe('pending_review');
    expect(t.chainBalance(to).usdt).toBe(0n);
  });

  it('refuses the requester deciding with 10058, and of two racing approvals sends it once (the other 10059)', async () => {
    const { id, to } = await pendingWithdrawal('6000');
    const request = (await review(id, true, staff.alice)).data.approvalRequest;
    expect((await decide(request.id, true, staff.alice)).code).toBe(ErrorCode.SECOND_PERSON_REQUIRED);
    expect(await status(id)).toBe('pending_review');

    const decisions = await Promise.all([decide(request.id, true, staff.bob), decide(request.id, true, staff.carol)]);
    expect(decisions.map((d) => d.code).sort()).toEqual([0, ErrorCode.REQUEST_ALREADY_DECIDED]);
    expect(decisions.find((d) => d.code === 0)!.data).toMatchObject({ status: 'approved', result: { withdrawalId: String(id), status: 'queued' } });
    // The approval wakes the sender, which may have signed it already; either way it leaves once.
    expect(['queued', 'signed', 'broadcast', 'confirmed']).toContain(await status(id));
    await t.processWithdrawals();
    await t.processWithdrawals();
    expect(t.chainBalance(to).usdt).toBe(micro('6000'));
    await t.expectLedgerOk();
  });

  it('lets one reviewer reject a withdrawal above the threshold: the money returns at once', async () => {
    const { player, id } = await pendingWithdrawal('7000');
    expect((await review(id, false, staff.alice)).data).toMatchObject({ withdrawal: { status: 'rejected' }, approvalRequest: null });
    expect(await t.balances(player)).toMatchObject({ usdt: '7000' });
  });

  it('fails a pending approval whose withdrawal was rejected meanwhile (12): it stays rejected and nothing is sent', async () => {
    const { player, id, to } = await pendingWithdrawal('8000');
    const request = (await review(id, true, staff.alice)).data.approvalRequest;
    expect((await review(id, false, staff.bob)).code).toBe(0);
    expect((await decide(request.id, true, staff.carol)).code).toBe(ErrorCode.INVALID_PARAMETERS);
    const failed = await t.app.database.db
      .withTables<{ approval_requests: { id: bigint; status: string } }>()
      .selectFrom('approval_requests')
      .select('status')
      .where('id', '=', BigInt(request.id))
      .executeTakeFirstOrThrow();
    expect(failed.status).toBe('failed');
    await t.processWithdrawals();
    expect(await status(id)).toBe('rejected');
    expect(t.chainBalance(to).usdt).toBe(0n);
    expect(await t.balances(player)).toMatchObject({ usdt: '8000' });
  });

  it('refuses a second person who may not review withdrawals with 10055', async () => {
    const { id } = await pendingWithdrawal('5500');
    const request = (await review(id, true, staff.alice)).data.approvalRequest;
    const { key: adjuster } = await createAutomationKey(t.app.database.db, ['finance.adjust.approve'], 'dave');
    expect(await decide(request.id, true, adjuster)).toMatchObject({ status: 403, code: ErrorCode.PERMISSION_DENIED });
    expect(await status(id)).toBe('pending_review');
  });
});

describe('WITHDRAWAL_FOUR_EYES_TRX', () => {
  const fourEyes = (env: Record<string, string>) => walletSettings(loadConfig({ ...WALLET_TEST_ENV, NODE_ENV: 'test', ...env })).withdrawal.limits;

  it('is the USDT threshold at the exchange rate unless set, and every reviewed TRX withdrawal while the exchange is closed', () => {
    expect(fourEyes({ WITHDRAWAL_FOUR_EYES_USDT: '10000', EXCHANGE_TRX_PER_USDT: '3.5' })).toMatchObject({
      USDT: { fourEyes: micro('10000') },
      TRX: { fourEyes: micro('35000') },
    });
    expect(fourEyes({ WITHDRAWAL_FOUR_EYES_TRX: '20000' }).TRX.fourEyes).toBe(micro('20000'));
    const { EXCHANGE_TRX_PER_USDT: _closed, ...withoutRate } = WALLET_TEST_ENV;
    expect(walletSettings(loadConfig({ ...withoutRate, NODE_ENV: 'test' })).withdrawal.limits.TRX.fourEyes).toBe(0n);
  });
});
