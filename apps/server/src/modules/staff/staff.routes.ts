import { authOpsCalls, staffOpsCalls } from '@lobby/contract';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import type { ApprovalRequest } from '../approvals/approvals.service.ts';
import { approvalRequestView } from '../approvals/approvals.routes.ts';
import { clearConsoleCookie, CONSOLE_IDLE_MS, CONSOLE_MAX_MS, setConsoleCookie } from './console-sessions.ts';
import type { StaffModule } from './staff.module.ts';
import { staffMemberView } from './staff.service.ts';

/** The console's own calls: signing in and out, enrolment, step-up, and staff, roles and API keys. */
export function registerStaffOpsRoutes(ops: OpsRegistrar, staff: StaffModule): void {
  // The steps taken without a session, on top of the lockout: a person's retries, not a script's.
  const PUBLIC_STEP_LIMIT = { rateLimit: { max: staff.identity.options.credentialsRatePerMinute ?? 30, timeWindow: '1 minute' } };

  ops.register(
    authOpsCalls.enrol,
    async ({ body, audit }) => {
      const enrolled = await staff.identity.enrol(body.token, body.password);
      audit.target = `staff:${enrolled.login}`;
      return enrolled;
    },
    PUBLIC_STEP_LIMIT,
  );

  ops.register(
    authOpsCalls.confirmEnrolment,
    async ({ body, audit }) => {
      const confirmed = await staff.identity.confirmEnrolment(body.token, body.code);
      audit.target = `staff:${confirmed.login}`;
      return confirmed;
    },
    PUBLIC_STEP_LIMIT,
  );

  ops.register(
    authOpsCalls.signIn,
    async ({ body, ip, userAgent, audit, request, reply }) => {
      audit.target = `staff:${body.login}`;
      const { session, member, permissions } = await staff.identity.signIn(body, { ip, userAgent });
      setConsoleCookie(request, reply, session.cookie, CONSOLE_MAX_MS / 1000);
      return {
        csrfToken: session.csrfToken,
        staff: staffMemberView(member),
        permissions,
        idleMinutes: CONSOLE_IDLE_MS / 60_000,
        expiresAt: session.expiresAt.toISOString(),
      };
    },
    PUBLIC_STEP_LIMIT,
  );

  ops.register(authOpsCalls.me, async ({ actor }) => {
    const member = actor.kind === 'staff' ? await staff.identity.findMember(actor.id) : undefined;
    return {
      kind: actor.kind,
      name: actor.name,
      staff: member ? staffMemberView(member) : null,
      permissions: [...actor.permissions].sort(),
      verifiedAt: actor.verifiedAt?.toISOString() ?? null,
    };
  });

  ops.register(authOpsCalls.stepUp, async ({ body, actor, ip, userAgent }) => ({
    verifiedAt: (await staff.identity.stepUp(actor, body.code, { ip, userAgent })).toISOString(),
  }));

  ops.register(authOpsCalls.signOut, async ({ actor, request, reply }) => {
    await staff.identity.signOut(actor);
    clearConsoleCookie(request, reply);
    return null;
  });

  ops.register(authOpsCalls.signOutEverywhere, async ({ actor, request, reply }) => {
    const ended = await staff.identity.signOutEverywhere(actor);
    clearConsoleCookie(request, reply);
    return { ended };
  });

  ops.register(authOpsCalls.changePassword, async ({ body, actor, ip, userAgent }) => {
    await staff.identity.changePassword(actor, body.oldPassword, body.newPassword, { ip, userAgent });
    return null;
  });

  ops.register(staffOpsCalls.list, () => staff.admin.list());

  ops.register(staffOpsCalls.invite, async ({ body, actor, audit }) => {
    const { request, ...invited } = await staff.admin.invite(actor, body.login, body.roles, body.reason);
    Object.assign(audit, { target: `staff:${invited.staff.id}`, after: { ...invited.staff, link: undefined, request: Number(request.id) } });
    return { ...invited, request: approvalRequestView(request) };
  });

  ops.register(staffOpsCalls.setMemberRoles, async ({ body, actor, audit }) => {
    const { before, after, request } = await staff.admin.setMemberRoles(actor, body.staffId, body.roles, body.reason);
    Object.assign(audit, { target: `staff:${body.staffId}`, before, after: request ? { requested: body.roles, request: Number(request.id) } : after });
    return { staff: after, request: viewOrNull(request) };
  });

  ops.register(staffOpsCalls.disable, async ({ body, actor, audit }) => {
    const { before, after } = await staff.admin.disable(actor, body.staffId);
    Object.assign(audit, { before, after });
    return after;
  });

  ops.register(staffOpsCalls.enable, async ({ body, actor, audit }) => {
    const { before, after } = await staff.admin.enable(actor, body.staffId);
    Object.assign(audit, { before, after });
    return after;
  });

  ops.register(staffOpsCalls.resetTwoFactor, async ({ body, actor, audit }) => {
    const { before, ...reset } = await staff.admin.resetTwoFactor(actor, body.staffId);
    Object.assign(audit, { before, after: reset.staff });
    return reset;
  });

  ops.register(staffOpsCalls.roles, () => staff.admin.roles());

  ops.register(staffOpsCalls.setRole, async ({ body, actor, audit }) => {
    const { before, after, request } = await staff.admin.setRole(actor, body.name, body.permissions, body.reason);
    Object.assign(audit, { target: `role:${body.name}`, before, after: request ? { requested: body.permissions, request: Number(request.id) } : after });
    return { role: after, request: viewOrNull(request) };
  });

  ops.register(staffOpsCalls.keys, () => staff.admin.listKeys());

  ops.register(staffOpsCalls.createKey, async ({ body, actor, audit }) => {
    const { request, ...created } = await staff.admin.createKey(actor, body.name, body.permissions, body.days, body.reason);
    Object.assign(audit, { target: `key:${created.info.id}`, after: { ...created.info, request: Number(request.id) } });
    return { ...created, request: approvalRequestView(request) };
  });

  ops.register(staffOpsCalls.revokeKey, async ({ body, audit }) => {
    audit.target = `key:${body.id}`;
    const revoked = await staff.admin.revokeKey(body.id);
    audit.after = revoked;
    return revoked;
  });
}

function viewOrNull(request: ApprovalRequest | null) {
  return request ? approvalRequestView(request) : null;
}
