import { approvalsOpsCalls, formatMicro, type OpsCallResponse } from '@lobby/contract';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import type { ApprovalRequest, Approvals } from './approvals.service.ts';
import { BALANCE_ADJUSTMENT, type BalanceAdjustment } from './balance-adjustment.ts';

type ApprovalRequestView = OpsCallResponse<typeof approvalsOpsCalls.decide>;

/**
 * The four-eyes calls: the queue, asking for a balance adjustment, deciding, withdrawing. Other kinds
 * are asked for through their own module's calls and decided here.
 */
export function registerApprovalsOpsRoutes(ops: OpsRegistrar, approvals: Approvals): void {
  ops.register(approvalsOpsCalls.list, async ({ body, actor }) => {
    const { list, total } = await approvals.list(actor, body);
    return { list: list.map(approvalRequestView), total, page: body.page, pageSize: body.pageSize };
  });

  ops.register(approvalsOpsCalls.requestAdjustment, async ({ body, actor, audit }) => {
    const adjustment: BalanceAdjustment = { playerId: body.playerId, currency: body.currency, direction: body.direction, amount: formatMicro(body.amount) };
    const request = await approvals.request(BALANCE_ADJUSTMENT, adjustment, actor, body.reason);
    audit.after = { request: Number(request.id), ...adjustment };
    return approvalRequestView(request);
  });

  ops.register(approvalsOpsCalls.decide, async ({ body, actor, audit }) => {
    audit.target = `approval:${body.id}`;
    const request = await approvals.decide(body.id, actor, body.approve, body.reason);
    audit.before = { status: 'pending' };
    audit.after = { kind: request.kind, payload: request.payload, status: request.status, result: request.result };
    return approvalRequestView(request);
  });

  ops.register(approvalsOpsCalls.withdraw, async ({ body, actor, audit }) => {
    audit.target = `approval:${body.id}`;
    const request = await approvals.withdraw(body.id, actor, body.reason ?? null);
    audit.before = { status: 'pending' };
    audit.after = { status: request.status };
    return approvalRequestView(request);
  });
}

export function approvalRequestView(request: ApprovalRequest): ApprovalRequestView {
  return {
    id: Number(request.id),
    kind: request.kind,
    payload: request.payload,
    reason: request.reason,
    requestedBy: { kind: request.requested_by_kind, id: Number(request.requested_by_id), name: request.requested_by_name },
    requestedAt: request.requested_at.toISOString(),
    status: request.status,
    decidedBy:
      request.decided_by_kind === null || request.decided_by_id === null || request.decided_by_name === null
        ? null
        : { kind: request.decided_by_kind, id: Number(request.decided_by_id), name: request.decided_by_name },
    decidedAt: request.decided_at?.toISOString() ?? null,
    decisionReason: request.decision_reason,
    result: request.result ?? null,
  };
}
