import type { Approvals } from '../approvals/approvals.service.ts';
import {
  STAFF_KEY_APPROVAL,
  STAFF_ROLE_CHANGE,
  STAFF_ROLES_GRANT,
  type KeyApproval,
  type MemberRolesGrant,
  type RoleChange,
  type StaffAdmin,
} from './staff-admin.service.ts';

/**
 * Registers the four-eyes kinds of staff rights (CONSOLE.md "Four eyes"): roles for a member and a
 * role's permissions are decided by someone else holding staff.manage, an API key by someone else
 * holding staff.keys; each decider must hold every permission handed out.
 */
export function registerStaffGrants(approvals: Approvals, admin: StaffAdmin): void {
  approvals.register<MemberRolesGrant>(STAFF_ROLES_GRANT, {
    permission: 'staff.manage',
    execute: (grant, { trx, decidedBy }) => admin.grantMemberRoles(trx, decidedBy, grant),
  });
  approvals.register<RoleChange>(STAFF_ROLE_CHANGE, {
    permission: 'staff.manage',
    execute: (change, { trx, decidedBy }) => admin.changeRole(trx, decidedBy, change),
  });
  approvals.register<KeyApproval>(STAFF_KEY_APPROVAL, {
    permission: 'staff.keys',
    execute: (approval, { trx, decidedBy }) => admin.approveKey(trx, decidedBy, approval),
  });
}
