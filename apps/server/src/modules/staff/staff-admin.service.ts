import { ErrorCode, PERMISSIONS, SHIPPED_ROLE_PERMISSIONS, isPermission, type Permission } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { AppError, fail } from '../../http/app-error.ts';
import type { StaffActor } from '../../http/ops-call.ts';
import { ApiKeysService } from './api-keys.service.ts';
import type { ApiKeyRow } from './api-keys.repo.ts';
import { sha256Hex } from './console-sessions.ts';
import { LINK_LIFETIME_MS, newLinkToken, sortedPermissions, staffMemberView, type StaffIdentity } from './staff.service.ts';
import { StaffRepo, type StaffMemberRow, type StaffRoleRow } from './staff.repo.ts';

const UNIQUE_VIOLATION = '23505';
export const OWNER_ROLE = 'owner';

function isActiveOwner(member: StaffMemberRow): boolean {
  return member.status === 'active' && member.roles.includes(OWNER_ROLE);
}

function denied(detail: string): AppError {
  return new AppError(ErrorCode.PERMISSION_DENIED, detail, 403);
}

export function apiKeyView(row: ApiKeyRow) {
  return {
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
  return { name: row.name, permissions: sortedPermissions(row.permissions.filter(isPermission)), shipped: row.shipped, updatedAt: row.updated_at.toISOString() };
}

/**
 * Staff and their rights (CONSOLE.md "Roles and permissions"): accounts, roles, API keys. Nobody hands
 * out a permission they do not hold, nor acts on an account that holds more than they do, so
 * `staff.manage` alone never climbs to `staff.keys`.
 */
export class StaffAdmin {
  private readonly repo: StaffRepo;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly identity: StaffIdentity,
    private readonly keys: ApiKeysService,
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
   * Four eyes (CONSOLE.md): granting roles is to be requested by one person and decided by another;
   * this is where the request would be filed instead of acting.
   */
  async invite(actor: StaffActor, login: string, roles: string[]) {
    await this.refuseRolesBeyond(actor, roles);
    const member = await this.insertInvited(login, [...new Set(roles)], actor.kind === 'staff' ? actor.id : null);
    return { staff: staffMemberView(member), ...(await this.issueLink(member, 'enrol')) };
  }

  /** Four eyes as for `invite`. */
  async setMemberRoles(actor: StaffActor, staffId: number, roles: string[]) {
    const member = await this.target(actor, staffId);
    await this.refuseRolesBeyond(actor, roles);
    const updated = await this.db.transaction().execute(async (trx) => {
      const repo = new StaffRepo(trx);
      await repo.lockName('staff-owners');
      const row = (await repo.update(staffId, { roles: [...new Set(roles)] }))!;
      await this.refuseNoOwnerLeft(repo, member);
      return row;
    });
    return { before: staffMemberView(member), after: staffMemberView(updated) };
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

  /** Four eyes as for `invite`: changing a role changes the rights of everyone holding it. */
  async setRole(actor: StaffActor, name: string, permissions: Permission[]) {
    if (name === OWNER_ROLE) throw fail('UPDATE_FAILED', 'the owner role holds every permission');
    const existing = (await this.repo.roles()).find((role) => role.name === name);
    this.refuseBeyond(actor, [...(existing?.permissions ?? []), ...permissions]);
    const row = await this.repo.upsertRole(name, sortedPermissions(permissions), this.now());
    return { before: existing ? staffRoleView(existing) : null, after: staffRoleView(row) };
  }

  async listKeys() {
    return { keys: (await this.keys.list()).map(apiKeyView) };
  }

  /** Four eyes as for `invite`. A key holds some of its creator's permissions, never more. */
  async createKey(actor: StaffActor, name: string, permissions: Permission[], days: number) {
    this.refuseBeyond(actor, permissions);
    try {
      const { key, row } = await this.keys.create({
        name,
        permissions,
        expiresAt: new Date(this.now().getTime() + days * 86_400_000),
        createdBy: actor.kind === 'staff' ? actor.id : null,
      });
      return { key, info: apiKeyView(row) };
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw fail('CREATE_FAILED', 'a key has this name already');
      throw error;
    }
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
  private async target(actor: StaffActor, staffId: number): Promise<StaffMemberRow> {
    const member = await this.repo.findById(staffId);
    if (!member) throw fail('ACCOUNT_MISSING', `no staff member ${staffId}`);
    this.refuseBeyond(actor, await this.repo.permissionsOf(member.roles));
    return member;
  }

  private async refuseRolesBeyond(actor: StaffActor, roles: string[]): Promise<void> {
    const known = await this.repo.existingRoles(roles);
    const unknown = roles.filter((role) => !known.includes(role));
    if (unknown.length > 0) throw fail('INVALID_PARAMETERS', `unknown roles: ${unknown.join(', ')}`);
    this.refuseBeyond(actor, await this.repo.permissionsOf(roles));
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
