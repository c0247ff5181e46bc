import { ErrorCode, PERMISSIONS, SHIPPED_ROLE_PERMISSIONS, isPermission, type Permission } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { AppError, fail } from '../../http/app-error.ts';
import type { StaffActor } from '../../http/ops-call.ts';
import type { Approvals } from '../approvals/approvals.service.ts';
import { ApiKeysService } from './api-keys.service.ts';
import type { ApiKeyRow } from './api-keys.repo.ts';
import { sha256Hex } from './console-sessions.ts';
import { LINK_LIFETIME_MS, newLinkToken, sortedPermissions, staffMemberView, type StaffIdentity } from './staff.service.ts';
import { StaffRepo, type StaffMemberRow, type StaffRoleRow } from './staff.repo.ts';

const UNIQUE_VIOLATION = '23505';
export const OWNER_ROLE = 'owner';

/** Four-eyes kinds (CONSOLE.md): rights are asked for by one person and granted by another. */
export const STAFF_ROLES_GRANT = 'staff.roles';
export const STAFF_ROLE_CHANGE = 'staff.role';
export const STAFF_KEY_APPROVAL = 'staff.key';

export interface MemberRolesGrant {
  staffId: number;
  login: string;
  rolesBefore: string[];
  roles: string[];
}

export interface RoleChange {
  name: string;
  permissionsBefore: string[] | null;
  permissions: string[];
}

export interface KeyApproval {
  keyId: number;
  name: string;
  permissions: string[];
}

const isSubset = (part: Iterable<string>, whole: Iterable<string>) => {
  const all = new Set(whole);
  return [...part].every((item) => all.has(item));
};

function isActiveOwner(member: StaffMemberRow): boolean {
  return member.status === 'active' && member.roles.includes(OWNER_ROLE);
}

function denied(detail: string): AppError {
  return new AppError(ErrorCode.PERMISSION_DENIED, detail, 403);
}

export function apiKeyView(row: ApiKeyRow) {
  return {
    approvedAt: row.approved_at?.toISOString() ?? null,
    id: Number(row.id),
    name: row.name,
    permissions: sortedPermissions(row.permissions.filter(isPermission)),
    createdBy: row.created_by === null ? null : Number(row.created_by),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

export function staffRoleView(row: StaffRoleRow) {
  return {
    name: row.name,
    permissions: sortedPermissions(row.permissions.filter(isPermission)),
    shipped: row.shipped,
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * Staff and their rights (CONSOLE.md "Roles and permissions"): accounts, roles, API keys. Nobody hands
 * out a permission they do not hold, nor acts on an account that holds more than they do, so
 * `staff.manage` alone never climbs to `staff.keys`. Whatever adds rights (roles for a member, a
 * role's permissions, a key) is a four-eyes request that someone else decides; taking rights away
 * applies at once, since a revocation must never wait.
 */
export class StaffAdmin {
  private readonly repo: StaffRepo;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly identity: StaffIdentity,
    private readonly keys: ApiKeysService,
    private readonly approvals: Approvals,
  ) {
    this.repo = new StaffRepo(db);
    this.now = identity.options.now ?? (() => new Date());
  }

  /** Adds the shipped roles an operator has not got yet and keeps the owner's at every permission. */
  ensureShippedRoles(): Promise<void> {
    return this.repo.ensureRoles(SHIPPED_ROLE_PERMISSIONS, [OWNER_ROLE]);
  }

  /**
   * The first owner (`npm run console -- create-owner`): an invited account with the owner role and a
   * one-time link. Asked again for an owner still invited, it hands out a new link.
   */
  async createOwner(login: string) {
    await this.ensureShippedRoles();
    const existing = await this.repo.findByLogin(login);
    if (existing && !(existing.status === 'invited' && existing.roles.includes(OWNER_ROLE))) throw fail('ACCOUNT_EXISTS', `${login} exists already`);
    const member = existing ?? (await this.insertInvited(login, [OWNER_ROLE], null));
    return { staff: staffMemberView(member), ...(await this.issueLink(member, 'enrol')) };
  }

  async list() {
    return { members: (await this.repo.list()).map(staffMemberView) };
  }

  /**
   * An invited account holds no role until a second person grants the roles asked for here; the link
   * lets the person enrol meanwhile.
   */
  async invite(actor: StaffActor, login: string, roles: string[], reason?: string) {
    const wanted = [...new Set(roles)];
    await this.refuseRolesBeyond(actor, wanted);
    const member = await this.insertInvited(login, [], actor.kind === 'staff' ? actor.id : null);
    const grant: MemberRolesGrant = { staffId: Number(member.id), login, rolesBefore: [], roles: wanted };
    const request = await this.approvals.request(STAFF_ROLES_GRANT, grant, actor, reason ?? `invite ${login} as ${wanted.join(', ')}`);
    return { staff: staffMemberView(member), ...(await this.issueLink(member, 'enrol')), request };
  }

  /** Taking roles away applies at once; anything that adds a permission waits for a second person. */
  async setMemberRoles(actor: StaffActor, staffId: number, roles: string[], reason?: string) {
    const member = await this.target(actor, staffId);
    const wanted = [...new Set(roles)];
    await this.refuseRolesBeyond(actor, wanted);
    const grant: MemberRolesGrant = { staffId, login: member.login, rolesBefore: member.roles, roles: wanted };
    if (!isSubset(await this.repo.permissionsOf(wanted), await this.repo.permissionsOf(member.roles))) {
      const request = await this.approvals.request(STAFF_ROLES_GRANT, grant, actor, reason ?? `roles of ${member.login}: ${wanted.join(', ') || 'none'}`);
      return { before: staffMemberView(member), after: staffMemberView(member), request };
    }
    const updated = await this.db.transaction().execute((trx) => this.applyMemberRoles(trx, grant));
    return { before: staffMemberView(member), after: staffMemberView(updated), request: null };
  }

  /** A decided `staff.roles` request: the decider, too, holds every permission handed out. */
  async grantMemberRoles(trx: Db, decider: StaffActor, grant: MemberRolesGrant) {
    const member = await this.target(decider, grant.staffId, trx);
    if (member.status === 'disabled') throw fail('UPDATE_FAILED', `${member.login} is disabled`);
    await this.refuseRolesBeyond(decider, grant.roles, trx);
    return staffMemberView(await this.applyMemberRoles(trx, grant));
  }

  private async applyMemberRoles(trx: Db, grant: MemberRolesGrant): Promise<StaffMemberRow> {
    const repo = new StaffRepo(trx);
    await repo.lockName('staff-owners');
    const before = await repo.findById(grant.staffId);
    if (!before) throw fail('ACCOUNT_MISSING', `no staff member ${grant.staffId}`);
    const row = (await repo.update(grant.staffId, { roles: grant.roles }))!;
    await this.refuseNoOwnerLeft(repo, before);
    return row;
  }

  async disable(actor: StaffActor, staffId: number) {
    if (actor.kind === 'staff' && actor.id === staffId) throw fail('UPDATE_FAILED', 'nobody disables their own account');
    const member = await this.target(actor, staffId);
    const now = this.now();
    const updated = await this.db.transaction().execute(async (trx) => {
      const repo = new StaffRepo(trx);
      await repo.lockName('staff-owners');
      const row = (await repo.update(staffId, { status: 'disabled', disabled_at: now }))!;
      await repo.endLinks(staffId, now);
      await this.refuseNoOwnerLeft(repo, member);
      return row;
    });
    // Sessions are looked up in the database on every call: ended here, they are refused everywhere.
    await this.identity.sessions.endAll(staffId);
    return { before: staffMemberView(member), after: staffMemberView(updated) };
  }

  async enable(actor: StaffActor, staffId: number) {
    const member = await this.target(actor, staffId);
    if (member.status !== 'disabled') return { before: staffMemberView(member), after: staffMemberView(member) };
    // One who never finished enrolling goes back to invited: only a new link lets them in.
    const updated = (await this.repo.update(staffId, { status: member.totp_enrolled_at ? 'active' : 'invited', disabled_at: null }))!;
    return { before: staffMemberView(member), after: staffMemberView(updated) };
  }

  /** Forgets the password and TOTP enrolment: every session ends and a one-time link lets the member enrol again. */
  async resetTwoFactor(actor: StaffActor, staffId: number) {
    const member = await this.target(actor, staffId);
    if (member.status === 'disabled') throw fail('UPDATE_FAILED', 'enable the account first');
    const updated = await this.db.transaction().execute(async (trx) => {
      const repo = new StaffRepo(trx);
      const row = (await repo.update(staffId, { status: 'invited', password_hash: null, totp_secret: null, totp_enrolled_at: null, totp_last_step: null }))!;
      await repo.replaceRecoveryCodes(staffId, []);
      await repo.clearAccountFailures(staffId);
      return row;
    });
    await this.identity.sessions.endAll(staffId);
    return { before: staffMemberView(member), staff: staffMemberView(updated), ...(await this.issueLink(updated, 'reset')) };
  }

  async roles() {
    return { roles: (await this.repo.roles()).map(staffRoleView), permissions: [...PERMISSIONS] };
  }

  /**
   * Changing a role changes the rights of everyone holding it: taking permissions away applies at
   * once, a new role or an added permission waits for a second person.
   */
  async setRole(actor: StaffActor, name: string, permissions: Permission[], reason?: string) {
    if (name === OWNER_ROLE) throw fail('UPDATE_FAILED', 'the owner role holds every permission');
    const existing = (await this.repo.roles()).find((role) => role.name === name);
    this.refuseBeyond(actor, [...(existing?.permissions ?? []), ...permissions]);
    const change: RoleChange = { name, permissionsBefore: existing?.permissions ?? null, permissions: sortedPermissions(permissions) };
    const before = existing ? staffRoleView(existing) : null;
    if (!existing || !isSubset(permissions, existing.permissions)) {
      const request = await this.approvals.request(STAFF_ROLE_CHANGE, change, actor, reason ?? `role ${name}: ${change.permissions.join(', ') || 'none'}`);
      return { before, after: before, request };
    }
    return { before, after: staffRoleView(await this.repo.upsertRole(name, change.permissions, this.now())), request: null };
  }

  /** A decided `staff.role` request: the decider, too, holds every permission the role ends up with. */
  async changeRole(trx: Db, decider: StaffActor, change: RoleChange) {
    this.refuseBeyond(decider, [...(change.permissionsBefore ?? []), ...change.permissions]);
    return staffRoleView(await new StaffRepo(trx).upsertRole(change.name, change.permissions, this.now()));
  }

  async listKeys() {
    return { keys: (await this.keys.list()).map(apiKeyView) };
  }

  /**
   * A key holds some of its creator's permissions, never more, and works only once a second person
   * approved it; it is shown to its creator now, once.
   */
  async createKey(actor: StaffActor, name: string, permissions: Permission[], days: number, reason?: string) {
    this.refuseBeyond(actor, permissions);
    try {
      const { key, row } = await this.keys.create({
        name,
        permissions,
        expiresAt: new Date(this.now().getTime() + days * 86_400_000),
        createdBy: actor.kind === 'staff' ? actor.id : null,
        approved: false,
      });
      const approval: KeyApproval = { keyId: Number(row.id), name, permissions: sortedPermissions(permissions) };
      const request = await this.approvals.request(STAFF_KEY_APPROVAL, approval, actor, reason ?? `API key ${name}: ${approval.permissions.join(', ')}`);
      return { key, info: apiKeyView(row), request };
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw fail('CREATE_FAILED', 'a key has this name already');
      throw error;
    }
  }

  /** A decided `staff.key` request: the decider, too, holds every permission of the key. */
  async approveKey(trx: Db, decider: StaffActor, approval: KeyApproval) {
    const row = await this.keys.find(approval.keyId, trx);
    if (!row) throw fail('UPDATE_FAILED', `no key ${approval.keyId}`);
    this.refuseBeyond(decider, row.permissions);
    const approved = await this.keys.approve(approval.keyId, trx);
    if (!approved) throw fail('UPDATE_FAILED', `key ${row.name} is revoked, expired or approved already`);
    return apiKeyView(approved);
  }

  async revokeKey(id: number) {
    const row = await this.keys.revoke(id);
    if (!row) throw fail('UPDATE_FAILED', 'no such key, or revoked already');
    return apiKeyView(row);
  }

  private async insertInvited(login: string, roles: string[], createdBy: number | null): Promise<StaffMemberRow> {
    try {
      return await this.repo.insertInvited(login, roles, createdBy);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw fail('ACCOUNT_EXISTS', `${login} exists already`);
      throw error;
    }
  }

  private async issueLink(member: StaffMemberRow, purpose: 'enrol' | 'reset') {
    const token = newLinkToken();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS);
    await this.repo.insertLink(Number(member.id), sha256Hex(token), purpose, expiresAt, now);
    return { link: `${this.identity.options.publicUrl.replace(/\/+$/, '')}/console/enrol#${token}`, expiresAt: expiresAt.toISOString() };
  }

  /** The member acted on, who must not hold a permission the actor lacks. */
  private async target(actor: StaffActor, staffId: number, db: Db = this.db): Promise<StaffMemberRow> {
    const repo = new StaffRepo(db);
    const member = await repo.findById(staffId);
    if (!member) throw fail('ACCOUNT_MISSING', `no staff member ${staffId}`);
    this.refuseBeyond(actor, await repo.permissionsOf(member.roles));
    return member;
  }

  private async refuseRolesBeyond(actor: StaffActor, roles: string[], db: Db = this.db): Promise<void> {
    const repo = new StaffRepo(db);
    const known = await repo.existingRoles(roles);
    const unknown = roles.filter((role) => !known.includes(role));
    if (unknown.length > 0) throw fail('INVALID_PARAMETERS', `unknown roles: ${unknown.join(', ')}`);
    this.refuseBeyond(actor, await repo.permissionsOf(roles));
  }

  private refuseBeyond(actor: StaffActor, permissions: Iterable<string>): void {
    const missing = [...new Set(permissions)].filter((permission) => !isPermission(permission) || !actor.permissions.has(permission));
    if (missing.length > 0) throw denied(`beyond the caller's own permissions: ${missing.join(', ')}`);
  }

  /** Somebody must stay able to run the console: the last active owner keeps the role and the account. */
  private async refuseNoOwnerLeft(repo: StaffRepo, before: StaffMemberRow): Promise<void> {
    if (!isActiveOwner(before)) return;
    const owners = (await repo.list()).filter(isActiveOwner);
    if (owners.length === 0) throw fail('UPDATE_FAILED', 'the last active owner');
  }
}
