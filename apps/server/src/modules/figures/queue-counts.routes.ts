import { queuesOpsCalls, type OpsCallResponse, type Permission } from '@lobby/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import type { Approvals } from '../approvals/approvals.service.ts';
import { FiguresRepository, type OpenQueues } from './figures.repo.ts';

type Counts = OpsCallResponse<typeof queuesOpsCalls.counts>;

/** Which permission shows each open queue. */
const QUEUE_PERMISSION: Record<keyof OpenQueues, Permission> = {
  unansweredChats: 'support.chat',
  withdrawalsToReview: 'finance.withdrawals.review',
  heldWins: 'finance.held-wins',
  flaggedReferrals: 'risk.read',
};

/** Linked-account flags of PROTECTION.md waiting for a decision (an index holds exactly these rows). */
async function openExclusionLinks(db: Db): Promise<number> {
  const { rows } = await sql<{ open: string }>`select count(*) as open from protection_links where decision is null`.execute(db);
  return Number(rows[0]?.open ?? 0);
}

/**
 * `/ops/v1/queues/counts`: the console's menu counts, each an index count of open rows, given only
 * for the queues the caller's permissions reach (a support member learns nothing of withdrawals).
 */
export function registerQueueCountsOpsRoute(ops: OpsRegistrar, db: Db, approvals: Approvals): void {
  const repo = new FiguresRepository(db);
  ops.register(queuesOpsCalls.counts, async ({ actor }) => {
    const [queues, approvalsToDecide] = await Promise.all([repo.openQueues(), approvals.countDecidable(actor)]);
    const counts: Counts = { approvalsToDecide };
    for (const [queue, permission] of Object.entries(QUEUE_PERMISSION) as [keyof OpenQueues, Permission][]) {
      if (actor.permissions.has(permission)) counts[queue] = queues[queue];
    }
    if (actor.permissions.has('risk.read')) counts.exclusionLinksToReview = await openExclusionLinks(db);
    return counts;
  });
}
