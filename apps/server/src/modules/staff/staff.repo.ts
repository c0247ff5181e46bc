import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { StaffLinksTable, StaffMembersTable, StaffRolesTable, StaffTables } from './tables.ts';

export type StaffMemberRow = Selectable<StaffMembersTable>;
export type StaffRoleRow = Selectable<StaffRolesTable>;
export type StaffLinkRow = Selectable<StaffLinksTable>;
export type StaffDb = Kysely<Database & StaffTables>;

export function staffDb(db: Db): StaffDb {
  return db.withTables<StaffTables>();
}

/** staff_members, staff_roles, staff_links, staff_recovery_codes and staff_login_failures. */
export class StaffRepo {
  private readonly db: StaffDb;

  constructor(db: Db) {
    this.db = staffDb(db);
  }

  findById(id: number): Promise<StaffMemberRow | undefined> {
    return this.db.selectFrom('staff_members').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Members with an authenticator secret stored, as stored. */
  storedTotpSecrets(): Promise<{ id: number; totp_secret: string | null }[]> {
    return this.db.selectFrom('staff_members').select(['id', 'totp_secret']).where('totp_secret', 'is not', null).execute();
  }

  /** Replaces a member's stored secret only if it is still `was`; answers whether it did. */
  async replaceTotpSecret(id: number, was: string, now: string): Promise<boolean> {
    const done = await this.db.updateTable('staff_members').set({ totp_secret: now }).where('id', '=', id).where('totp_secret', '=', was).executeTakeFirst();
    return done.numUpdatedRows > 0n;
  }

  findByLogin(login: string): Promise<StaffMemberRow | undefined> {
    return this.db.selectFrom('staff_members').selectAll().where('login', '=', login).executeTakeFirst();
  }

  /** Orders concurrent changes of one member (two step-ups, two roles edits). */
  lockById(id: number): Promise<StaffMemberRow | undefined> {
    return this.db.selectFrom('staff_members').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  list(): Promise<StaffMemberRow[]> {
    return this.db.selectFrom('staff_members').selectAll().orderBy('id').execute();
  }

  insertInvited(login: string, roles: string[], createdBy: number | null): Promise<StaffMemberRow> {
    return this.db.insertInto('staff_members').values({ login, roles, created_by: createdBy }).returningAll().executeTakeFirstOrThrow();
  }

  update(id: number, values: Partial<Omit<StaffMemberRow, 'id' | 'login' | 'created_at' | 'created_by'>>): Promise<StaffMemberRow | undefined> {
    return this.db.updateTable('staff_members').set(values).where('id', '=', id).returningAll().executeTakeFirst();
  }

  /**
   * Records `step` as the last TOTP step used, if it is later than the one recorded: false when a
   * concurrent call took this step (or a later one) first, so a code works once even in a race.
   */
  async takeTotpStep(id: number, step: number): Promise<boolean> {
    const row = await this.db
      .updateTable('staff_members')
      .set({ totp_last_step: BigInt(step) })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', BigInt(step))]))
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  // Roles

  roles(): Promise<StaffRoleRow[]> {
    return this.db.selectFrom('staff_roles').selectAll().orderBy('name').execute();
  }

  /** The union of the permissions of the named roles. */
  async permissionsOf(roles: readonly string[]): Promise<string[]> {
    if (roles.length === 0) return [];
    const rows = await this.db.selectFrom('staff_roles').select('permissions').where('name', 'in', roles).execute();
    return [...new Set(rows.flatMap((row) => row.permissions))];
  }

  existingRoles(names: readonly string[]): Promise<string[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('staff_roles')
      .select('name')
      .where('name', 'in', names)
      .execute()
      .then((rows) => rows.map((row) => row.name));
  }

  upsertRole(name: string, permissions: string[], now: Date): Promise<StaffRoleRow> {
    return this.db
      .insertInto('staff_roles')
      .values({ name, permissions, updated_at: now })
      .onConflict((oc) => oc.column('name').doUpdateSet({ permissions, updated_at: now }))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Adds the shipped roles that are missing; `always` rows (the owner's) are set whatever they hold. */
  async ensureRoles(shipped: Record<string, readonly string[]>, always: readonly string[]): Promise<void> {
    for (const [name, permissions] of Object.entries(shipped)) {
      await this.db
        .insertInto('staff_roles')
        .values({ name, permissions: [...permissions], shipped: true })
        .onConflict((oc) =>
          always.includes(name) ? oc.column('name').doUpdateSet({ permissions: [...permissions], shipped: true }) : oc.column('name').doNothing(),
        )
        .execute();
    }
  }

  // One-time links

  async insertLink(staffId: number, tokenHash: string, purpose: StaffLinkRow['purpose'], expiresAt: Date, now: Date): Promise<void> {
    // A new link replaces any unused one: only the newest link handed out works.
    await this.db.updateTable('staff_links').set({ used_at: now }).where('staff_id', '=', staffId).where('used_at', 'is', null).execute();
    await this.db.insertInto('staff_links').values({ token_hash: tokenHash, staff_id: staffId, purpose, expires_at: expiresAt }).execute();
  }

  usableLink(tokenHash: string, now: Date): Promise<StaffLinkRow | undefined> {
    return this.db
      .selectFrom('staff_links')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  async useLink(tokenHash: string, now: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('staff_links')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('token_hash')
      .executeTakeFirst();
    return row !== undefined;
  }

  async endLinks(staffId: number, now: Date): Promise<void> {
    await this.db.updateTable('staff_links').set({ used_at: now }).where('staff_id', '=', staffId).where('used_at', 'is', null).execute();
  }

  // Recovery codes

  async replaceRecoveryCodes(staffId: number, codeHashes: readonly string[]): Promise<void> {
    await this.db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
    if (codeHashes.length > 0) {
      await this.db
        .insertInto('staff_recovery_codes')
        .values(codeHashes.map((code_hash) => ({ staff_id: staffId, code_hash })))
        .execute();
    }
  }

  /** Spends one recovery code: false when it is unknown or spent already. */
  async useRecoveryCode(staffId: number, codeHash: string, now: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('staff_recovery_codes')
      .set({ used_at: now })
      .where('staff_id', '=', staffId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .returning('code_hash')
      .executeTakeFirst();
    return row !== undefined;
  }

  // Failed sign-ins

  async lockName(name: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(this.db);
  }

  async recordFailure(address: string, staffId: number | null, now: Date): Promise<void> {
    await this.db.insertInto('staff_login_failures').values({ address, staff_id: staffId, failed_at: now }).execute();
  }

  async countAddressFailures(address: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('staff_login_failures')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('address', '=', address)
      .where('failed_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Failures against one account, from everywhere or (with `address`) from one address. */
  async countAccountFailures(staffId: number, address: string | null, since: Date): Promise<number> {
    let query = this.db
      .selectFrom('staff_login_failures')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('staff_id', '=', staffId)
      .where('failed_at', '>', since);
    if (address !== null) query = query.where('address', '=', address);
    return Number((await query.executeTakeFirstOrThrow()).count);
  }

  /** Whether the member signed in from this address since `since`: there a lock of the account does not apply. */
  async signedInFrom(staffId: number, address: string, since: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('staff_sessions')
      .select('id')
      .where('staff_id', '=', staffId)
      .where('ip', '=', address)
      .where('created_at', '>', since)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Releases the account's failures from its lock (a new password, a reset); the addresses keep theirs. */
  async clearAccountFailures(staffId: number): Promise<void> {
    await this.db.updateTable('staff_login_failures').set({ staff_id: null }).where('staff_id', '=', staffId).execute();
  }
}
