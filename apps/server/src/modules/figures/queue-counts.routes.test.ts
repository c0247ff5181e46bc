import { sql } from 'kysely';
import type { DomainEvents } from '../../events/domain-events.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../money/ledger.service.ts';
import { useMigratedTestDatabase } from '../../testing/migrated-database.ts';
import { opsTestServer, staffMember } from '../../testing/ops-test-server.ts';
import { registerApprovalsOpsRoutes } from '../approvals/approvals.routes.ts';
import { Approvals } from '../approvals/approvals.service.ts';
import { registerBalanceAdjustment } from '../approvals/balance-adjustment.ts';
import { insertPlayer } from '../approvals/testing.ts';
import { registerQueueCountsOpsRoute } from './queue-counts.routes.ts';

const clerk = staffMember('clerk', ['finance.adjust.request']);
const manager = staffMember('manager', ['finance.adjust.request', 'finance.adjust.approve', 'finance.withdrawals.review', 'finance.held-wins']);
const support = staffMember('support', ['support.chat']);
const risk = staffMember('risk', ['risk.read']);

describe('/ops/v1/queues/counts', () => {
  const handle = useMigratedTestDatabase();
  let server: Awaited<ReturnType<typeof opsTestServer>>;
  let playerId: number;
  const published: DomainEvents['approval.changed'][] = [];

  beforeAll(async () => {
    const { db } = handle();
    const approvals = new Approvals(db, {
      publish: async (event, payload) => {
        if (event === 'approval.changed') published.push(payload as DomainEvents['approval.changed']);
      },
    });
    registerBalanceAdjustment(approvals, new Ledger(db), { changed: async () => {} });
    server = await opsTestServer(db, [clerk, manager, support, risk], (ops) => {
      registerApprovalsOpsRoutes(ops, approvals);
      registerQueueCountsOpsRoute(ops, db, approvals);
    });
    playerId = await insertPlayer(db);
  });

  it('gives each caller only the queues their permissions reach, and counts the requests they may decide, never their own', async () => {
    const filed = await server.call(
      '/ops/v1/approvals/requestAdjustment',
      { playerId, currency: 'USDT', direction: 'credit', amount: '5', reason: 'missing deposit' },
      'clerk',
    );
    expect(filed.code).toBe(0);
    expect(published.at(-1)).toMatchObject({ requestId: filed.data.id, kind: 'balance.adjust', status: 'pending', permission: 'finance.adjust.approve' });

    const forSupport = await server.call('/ops/v1/queues/counts', {}, 'support');
    expect(Object.keys(forSupport.data).sort()).toEqual(['approvalsToDecide', 'unansweredChats']);
    expect(forSupport.data.approvalsToDecide).toBe(0);

    const forManager = await server.call('/ops/v1/queues/counts', {}, 'manager');
    expect(Object.keys(forManager.data).sort()).toEqual(['approvalsToDecide', 'heldWins', 'withdrawalsToReview']);
    expect(forManager.data.approvalsToDecide).toBe(1);
    expect((await server.call('/ops/v1/queues/counts', {}, 'clerk')).data.approvalsToDecide).toBe(0);

    const decided = await server.call('/ops/v1/approvals/decide', { id: filed.data.id, approve: true, reason: 'deposit found on chain' }, 'manager');
    expect(decided.code).toBe(0);
    expect(published.at(-1)).toMatchObject({ requestId: filed.data.id, status: 'approved' });
    expect((await server.call('/ops/v1/queues/counts', {}, 'manager')).data.approvalsToDecide).toBe(0);
  });

  it('counts for risk.read the accounts linked to a self-excluded player that wait for review, and no longer those decided', async () => {
    const { db } = handle();
    const [linked, excluded, other] = [await insertPlayer(db), await insertPlayer(db), await insertPlayer(db)];
    await sql`insert into protection_links (player_id, excluded_player_id, link, detail, decision) values
      (${linked}, ${excluded}, 'wallet', 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC', null),
      (${other}, ${excluded}, 'address', '203.0.113.7', null),
      (${other}, ${excluded}, 'wallet', 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC', 'cleared')`.execute(db);
    const forRisk = await server.call('/ops/v1/queues/counts', {}, 'risk');
    expect(forRisk.data).toEqual({ approvalsToDecide: 0, flaggedReferrals: 0, exclusionLinksToReview: 2 });
    await sql`update protection_links set decision = 'confirmed' where player_id = ${linked}`.execute(db);
    expect((await server.call('/ops/v1/queues/counts', {}, 'risk')).data.exclusionLinksToReview).toBe(1);
    expect((await server.call('/ops/v1/queues/counts', {}, 'support')).data).not.toHaveProperty('exclusionLinksToReview');
  });

  it('is refused without a signed-in caller', async () => {
    expect((await server.call('/ops/v1/queues/counts', {}, null)).status).toBe(401);
  });
});
