import { ErrorCode } from '@lobby/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../money/ledger.service.ts';
import { useMigratedTestDatabase } from '../../testing/migrated-database.ts';
import { verifyAuditChain } from '../audit/audit-chain.ts';
import { registerAuditOpsRoutes } from '../audit/audit.routes.ts';
import { opsTestServer, staffMember } from '../../testing/ops-test-server.ts';
import { registerApprovalsOpsRoutes } from './approvals.routes.ts';
import { Approvals } from './approvals.service.ts';
import { registerBalanceAdjustment } from './balance-adjustment.ts';
import { insertPlayer } from './testing.ts';

const clerk = staffMember('clerk', ['finance.adjust.request']);
const manager = staffMember('manager', ['finance.adjust.request', 'finance.adjust.approve', 'audit.read']);
const staleManager = { ...staffMember('stale', ['finance.adjust.request', 'finance.adjust.approve']), verifiedAt: new Date(Date.now() - 10 * 60_000) };
const support = staffMember('support', ['players.read']);

describe('four-eyes calls', () => {
  const handle = useMigratedTestDatabase();
  let server: Awaited<ReturnType<typeof opsTestServer>>;
  let ledger: Ledger;
  let playerId: number;

  beforeAll(async () => {
    const { db } = handle();
    ledger = new Ledger(db);
    const approvals = new Approvals(db);
    registerBalanceAdjustment(approvals, ledger, { changed: async () => {} });
    server = await opsTestServer(db, [clerk, manager, staleManager, support], (ops) => {
      registerApprovalsOpsRoutes(ops, approvals);
      registerAuditOpsRoutes(ops, db);
    });
    playerId = await insertPlayer(db);
  });

  const requestCredit = (as: string, amount = '25.75') =>
    server.call('/ops/v1/approvals/requestAdjustment', { playerId, currency: 'USDT', direction: 'credit', amount, reason: 'missing deposit' }, as);

  describe('/ops/v1/approvals/requestAdjustment', () => {
    it('refuses a staff member without finance.adjust.request with 10055', async () => {
      expect(await requestCredit('support')).toMatchObject({ status: 403, code: ErrorCode.PERMISSION_DENIED });
    });

    it('asks for a TOTP code given within five minutes (10056)', async () => {
      expect(await requestCredit('stale')).toMatchObject({ status: 403, code: ErrorCode.STEP_UP_REQUIRED });
    });

    it('creates a pending request and moves nothing yet', async () => {
      const { code, data } = await requestCredit('clerk');
      expect(code).toBe(0);
      expect(data).toMatchObject({
        kind: 'balance.adjust',
        status: 'pending',
        requestedBy: { kind: 'staff', name: 'clerk' },
        payload: { playerId, amount: '25.75' },
        decidedBy: null,
      });
      expect(await ledger.balance({ kind: 'player', playerId }, 'USDT')).toBe(0n);
    });
  });

  describe('/ops/v1/approvals/decide', () => {
    it('refuses the requester with 10058 and credits once when another person approves', async () => {
      const { data: request } = await requestCredit('manager', '3');
      expect(await server.call('/ops/v1/approvals/decide', { id: request.id, approve: true, reason: 'my own' }, 'manager')).toMatchObject({
        code: ErrorCode.SECOND_PERSON_REQUIRED,
      });

      const { data: other } = await requestCredit('clerk', '4');
      const approved = await server.call('/ops/v1/approvals/decide', { id: other.id, approve: true, reason: 'bank statement seen' }, 'manager');
      expect(approved).toMatchObject({ code: 0, data: { status: 'approved', decidedBy: { name: 'manager' }, result: { balanceAfter: '4' } } });
      expect(await server.call('/ops/v1/approvals/decide', { id: other.id, approve: true, reason: 'again' }, 'manager')).toMatchObject({
        code: ErrorCode.REQUEST_ALREADY_DECIDED,
      });
      expect(await ledger.balance({ kind: 'player', playerId }, 'USDT')).toBe(4_000_000n);
    });

    it('refuses a staff member without finance.adjust.approve with 10055', async () => {
      const { data: request } = await requestCredit('manager', '1');
      expect(await server.call('/ops/v1/approvals/decide', { id: request.id, approve: true, reason: 'looks fine' }, 'clerk')).toMatchObject({
        status: 403,
        code: ErrorCode.PERMISSION_DENIED,
      });
    });
  });

  describe('/ops/v1/approvals/withdraw', () => {
    it('lets the requester take a request back and nobody else', async () => {
      const { data: request } = await requestCredit('clerk', '2');
      expect(await server.call('/ops/v1/approvals/withdraw', { id: request.id }, 'manager')).toMatchObject({ status: 403, code: ErrorCode.PERMISSION_DENIED });
      expect(await server.call('/ops/v1/approvals/withdraw', { id: request.id, reason: 'wrong player' }, 'clerk')).toMatchObject({
        code: 0,
        data: { status: 'withdrawn' },
      });
    });
  });

  describe('/ops/v1/approvals/list', () => {
    it('shows the queue, pending first, to those who decide', async () => {
      const { data } = await server.call('/ops/v1/approvals/list', {}, 'manager');
      expect(data.total).toBe(data.list.length);
      const statuses = (data.list as { status: string }[]).map((request) => request.status);
      expect(statuses.indexOf('approved')).toBeGreaterThan(statuses.lastIndexOf('pending'));
      expect((await server.call('/ops/v1/approvals/list', { status: 'withdrawn' }, 'manager')).data.list).toHaveLength(1);
    });

    it('shows a requester who cannot decide only their own requests', async () => {
      const { data } = await server.call('/ops/v1/approvals/list', {}, 'clerk');
      expect(new Set((data.list as { requestedBy: { name: string } }[]).map((request) => request.requestedBy.name))).toEqual(new Set(['clerk']));
    });
  });

  it('leaves an audit record of every decision, refusals included, on an intact chain', async () => {
    const { data } = await server.call('/ops/v1/audit/list', { action: '/ops/v1/approvals/decide', limit: 200 }, 'manager');
    const records = data.list as { actorName: string; code: number; target: string; after: any; before: any }[];
    expect(records.map((record) => record.code).sort()).toEqual(
      [0, ErrorCode.PERMISSION_DENIED, ErrorCode.SECOND_PERSON_REQUIRED, ErrorCode.REQUEST_ALREADY_DECIDED].sort(),
    );
    const approval = records.find((record) => record.code === 0)!;
    expect(approval).toMatchObject({
      actorName: 'manager',
      before: { status: 'pending' },
      after: { status: 'approved', kind: 'balance.adjust', payload: { amount: '4' } },
    });
    expect(approval.target).toMatch(/^approval:\d+$/);
    expect(await verifyAuditChain(handle().db)).toMatchObject({ ok: true });
  });
});
