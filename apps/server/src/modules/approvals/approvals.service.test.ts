import { ErrorCode } from '@lobby/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../http/app-error.ts';
import { Ledger } from '../../money/ledger.service.ts';
import { fund } from '../../money/test-support.ts';
import { useMigratedTestDatabase } from '../../testing/migrated-database.ts';
import { Approvals } from './approvals.service.ts';
import { BALANCE_ADJUSTMENT, registerBalanceAdjustment, type BalanceAdjustment } from './balance-adjustment.ts';
import { staffMember } from '../../testing/ops-test-server.ts';
import { insertPlayer } from './testing.ts';

const requester = staffMember('alice', ['finance.adjust.request', 'finance.adjust.approve']);
const approver = staffMember('bob', ['finance.adjust.approve']);
const secondApprover = staffMember('carol', ['finance.adjust.approve']);
const stranger = staffMember('dave', ['finance.adjust.request']);

async function codeOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    return (error as AppError).code;
  }
  throw new Error('expected a refusal');
}

describe('Approvals with balance.adjust', () => {
  const handle = useMigratedTestDatabase();
  let approvals: Approvals;
  let ledger: Ledger;
  const announced: number[] = [];

  beforeAll(() => {
    ledger = new Ledger(handle().db);
    approvals = new Approvals(handle().db);
    registerBalanceAdjustment(approvals, ledger, { changed: async (players) => void announced.push(...players) });
  });

  const cash = (playerId: number) => ledger.balance({ kind: 'player', playerId }, 'USDT');
  const transfersFor = async (requestId: bigint) =>
    (await handle().db.selectFrom('ledger_transfers').select('id').where('idempotency_key', '=', `approval:${requestId}`).execute()).length;
  const adjustment = (playerId: number, direction: 'credit' | 'debit', amount: string): BalanceAdjustment => ({
    playerId,
    currency: 'USDT',
    direction,
    amount,
  });

  it('keeps the request pending, with its amount as exact decimal text', async () => {
    const playerId = await insertPlayer(handle().db);
    const request = await approvals.request(BALANCE_ADJUSTMENT, adjustment(playerId, 'credit', '12.500000'), requester, 'lost deposit');
    expect(request).toMatchObject({
      status: 'pending',
      kind: 'balance.adjust',
      requested_by_name: 'alice',
      payload: { playerId, amount: '12.5', direction: 'credit' },
    });
    expect(await cash(playerId)).toBe(0n);
  });

  it('refuses a request for a player who does not exist with 10004', async () => {
    expect(await codeOf(approvals.request(BALANCE_ADJUSTMENT, adjustment(99_999_999, 'credit', '1'), requester, 'typo'))).toBe(ErrorCode.PLAYER_MISSING);
  });

  it('refuses the requester deciding their own request with 10058, even holding the approving permission', async () => {
    const playerId = await insertPlayer(handle().db);
    const request = await approvals.request(BALANCE_ADJUSTMENT, adjustment(playerId, 'credit', '5'), requester, 'goodwill');
    expect(await codeOf(approvals.decide(Number(request.id), requester, true, 'mine'))).toBe(ErrorCode.SECOND_PERSON_REQUIRED);
    expect(await codeOf(approvals.decide(Number(request.id), requester, false, 'mine'))).toBe(ErrorCode.SECOND_PERSON_REQUIRED);
    expect((await approvals.get(Number(request.id))).status).toBe('pending');
    expect(await cash(playerId)).toBe(0n);
  });

  it('refuses with 10058 a key deciding its creator’s request, and the creator deciding their key’s', async () => {
    const { db } = handle();
    const { rows: members } = await sql<{ id: bigint }>`insert into staff_members (login, status) values ('erin.keys', 'active') returning id`.execute(db);
    const erinId = Number(members[0]!.id);
    const { rows: keys } = await sql<{ id: bigint }>`
      insert into staff_api_keys (name, key_hash, permissions, created_by, expires_at)
      values ('erin-automation', 'hash-of-erin-automation', '{finance.adjust.request,finance.adjust.approve}', ${erinId}, now() + interval '1 day')
      returning id`.execute(db);
    const erin = { ...staffMember('erin.keys', ['finance.adjust.request', 'finance.adjust.approve']), id: erinId };
    const erinsKey = { ...staffMember('erin-automation', ['finance.adjust.request', 'finance.adjust.approve']), kind: 'key' as const, id: Number(keys[0]!.id) };
    const playerId = await insertPlayer(db);

    const byErin = await approvals.request(BALANCE_ADJUSTMENT, adjustment(playerId, 'credit', '1'), erin, 'by hand');
    expect(await codeOf(approvals.decide(Number(byErin.id), erinsKey, true, 'by machine'))).toBe(ErrorCode.SECOND_PERSON_REQUIRED);
    const byKey = await approvals.request(BALANCE_ADJUSTMENT, adjustment(playerId, 'credit', '1'), erinsKey, 'by machine');
    expect(await codeOf(approvals.decide(Number(byKey.id), erin, true, 'by hand'))).toBe(ErrorCode.SECOND_PERSON_REQUIRED);
    expect(await approvals.decide(Number(byKey.id), approver, true, 'someone else')).toMatchObject({ status: 'approved' });
  });

  it('refuses a decider without the kind’s permission with 10055', async () => {
    const playerId = await insertPlayer(handle().db);
    const request = await approvals.request(BALANCE_ADJUSTMENT, adjustment(playerId, 'credit', '5'), requester, 'goodwill');
    expect(await codeOf(approvals.decide(Number(request.id), stranger, true, 'why not'))).toBe(ErrorCode.PERMISSION_DENIED);
  });

  it('credits an approved adjustment exactly once, keyed by the request', async () => {
    const playerId = await insertPlayer(handle().db);
    const request = await approvals.request(BALANCE_ADJUSTMENT, adjustment(playerId, 'credit', '12.5'), requester, 'lost deposit');
    const decided = await approvals.decide(Number(request.id), approver, true, 'checked the chain');
    expect(decided).toMatchObject({
      status: 'approved',
      decided_by_name: 'bob',
      decision_reason: 'checked the chain',
      result: { replayed: false, balanceAfter: '12.5' },
    });
    expect(await cash(playerId)).toBe(12_500_000n);
    expect(announced).toContain(playerId);

    expect(await codeOf(approvals.decide(Number(request.id), secondApprover, true, 'again'))).toBe(ErrorCode.REQUEST_ALREADY_DECIDED);
    expect(await cash(playerId)).toBe(12_500_000n);
    expect(await transfersFor(request.id)).toBe(1);
  });

  it('applies one of two racing approvals and answers the other 10059', async () => {
    const playerId = await insertPlayer(handle().db);
    const request = await approvals.request(BALANCE_ADJUSTMENT, adjustment(playerId, 'credit', '7'), requester, 'race');
    const outcomes = await Promise.allSettled([
      approvals.decide(Number(request.id), approver, true, 'first'),
      approvals.decide(Number(request.id), secondApprover, true, 'second'),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused.map((outcome) => (outcome.reason as AppError).code)).toEqual([ErrorCode.REQUEST_ALREADY_DECIDED]);
    expect(await cash(playerId)).toBe(7_000_000n);
    expect(await transfersFor(request.id)).toBe(1);
  });

  it('moves nothing for a rejected request, and it cannot be approved afterwards', async () => {
    const playerId = await insertPlayer(handle().db);
    const request = await approvals.request(BALANCE_ADJUSTMENT, adjustment(playerId, 'credit', '100'), requester, 'too generous');
    const rejected = await approvals.decide(Number(request.id), approver, false, 'no evidence');
    expect(rejected).toMatchObject({ status: 'rejected', decided_by_name: 'bob', result: null });
    expect(await codeOf(approvals.decide(Number(request.id), secondApprover, true, 'overrule'))).toBe(ErrorCode.REQUEST_ALREADY_DECIDED);
    expect(await cash(playerId)).toBe(0n);
    expect(await transfersFor(request.id)).toBe(0);
  });

  it('debits cash the player holds', async () => {
    const playerId = await insertPlayer(handle().db);
    await fund(ledger, playerId, 10_000_000n);
    const request = await approvals.request(BALANCE_ADJUSTMENT, adjustment(playerId, 'debit', '4'), requester, 'duplicate credit');
    expect(await approvals.decide(Number(request.id), approver, true, 'confirmed')).toMatchObject({ status: 'approved', result: { balanceAfter: '6' } });
    expect(await cash(playerId)).toBe(6_000_000n);
  });

  it('fails a debit the cash no longer covers with 21002, moving nothing and marking the request failed', async () => {
    const playerId = await insertPlayer(handle().db);
    await fund(ledger, playerId, 3_000_000n);
    const request = await approvals.request(BALANCE_ADJUSTMENT, adjustment(playerId, 'debit', '4'), requester, 'duplicate credit');
    expect(await codeOf(approvals.decide(Number(request.id), approver, true, 'confirmed'))).toBe(ErrorCode.INSUFFICIENT_BALANCE);
    expect(await approvals.get(Number(request.id))).toMatchObject({
      status: 'failed',
      decided_by_name: 'bob',
      result: { error: { code: ErrorCode.INSUFFICIENT_BALANCE } },
    });
    expect(await cash(playerId)).toBe(3_000_000n);
    expect(await transfersFor(request.id)).toBe(0);
    expect(await codeOf(approvals.decide(Number(request.id), secondApprover, true, 'retry'))).toBe(ErrorCode.REQUEST_ALREADY_DECIDED);
  });

  it('lets only the requester withdraw a pending request, which then cannot be decided', async () => {
    const playerId = await insertPlayer(handle().db);
    const request = await approvals.request(BALANCE_ADJUSTMENT, adjustment(playerId, 'credit', '1'), requester, 'oops');
    expect(await codeOf(approvals.withdraw(Number(request.id), approver, null))).toBe(ErrorCode.PERMISSION_DENIED);
    expect(await approvals.withdraw(Number(request.id), requester, 'wrong player')).toMatchObject({ status: 'withdrawn', decided_by_name: 'alice' });
    expect(await codeOf(approvals.decide(Number(request.id), approver, true, 'late'))).toBe(ErrorCode.REQUEST_ALREADY_DECIDED);
    expect(await codeOf(approvals.withdraw(Number(request.id), requester, null))).toBe(ErrorCode.REQUEST_ALREADY_DECIDED);
    expect(await cash(playerId)).toBe(0n);
  });

  it('lists pending requests first, oldest first, then the decided ones newest first', async () => {
    const { list, total } = await approvals.list(approver, { page: 1, pageSize: 100 });
    expect(total).toBe(list.length);
    const firstDecided = list.findIndex((request) => request.status !== 'pending');
    const pending = list.slice(0, firstDecided);
    const decided = list.slice(firstDecided);
    expect(pending.length).toBeGreaterThan(0);
    expect(decided.every((request) => request.status !== 'pending')).toBe(true);
    expect(pending.map((request) => request.id)).toEqual([...pending.map((request) => request.id)].sort((a, b) => Number(a - b)));
    expect(decided.map((request) => request.id)).toEqual([...decided.map((request) => request.id)].sort((a, b) => Number(b - a)));
  });

  it('lists to someone who cannot decide a kind only the requests they made', async () => {
    const { list } = await approvals.list(stranger, { page: 1, pageSize: 100 });
    expect(list).toEqual([]);
    const playerId = await insertPlayer(handle().db);
    await approvals.request(BALANCE_ADJUSTMENT, adjustment(playerId, 'credit', '1'), stranger, 'my own');
    expect((await approvals.list(stranger, { page: 1, pageSize: 100 })).list.map((request) => request.requested_by_name)).toEqual(['dave']);
  });
});
