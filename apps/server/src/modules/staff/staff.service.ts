import { randomBytes } from 'node:crypto';
import { ErrorCode, RECOVERY_CODE_COUNT, type Permission } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { AppError, fail } from '../../http/app-error.ts';
import type { StaffActor } from '../../http/ops-call.ts';
import { isSealed, type SecretBox } from '../../security/secret-box.ts';
import { matchTotp, newTotpSecret, otpauthUri } from '../../security/totp.ts';
import { newRecoveryCode, recoveryCodeHash } from '../../security/recovery-codes.ts';
import { hashStaffPassword, refuseWeakPassword, verifyStaffPassword } from './passwords.ts';
import { ConsoleSessions, sha256Hex, type OpenedConsoleSession } from './console-sessions.ts';
import { StaffRepo, type StaffMemberRow } from './staff.repo.ts';

export interface StaffIdentityOptions {
  /** The site's public origin: one-time links point at `<publicUrl>/console/enrol#<token>`. */
  publicUrl: string;
  /** The name authenticator apps show beside the login. */
  issuer?: string;
  /** Failed sign-ins (and step-ups) within the window that lock an account (as seen from an address). */
  failuresPerAccount?: number;
  /** Failed sign-ins within the window that lock an address out. */
  failuresPerAddress?: number;
  /** Sign-in, enrolment and its confirmation per address and minute (as CREDENTIALS_RATE_PER_MINUTE for players). */
  credentialsRatePerMinute?: number;
  now?: () => Date;
  /**
   * Seals members' authenticator secrets in the database, as players' are (TWO_FACTOR_SECRET_KEY):
   * a dump or a backup does not hand out the console's second factor. Needed by enrolment and sign-in;
   * the command-line tools that only invite owners or make keys go without.
   */
  secrets?: SecretBox;
  /**
   * Told after sessions of a member ended (sign-out, disabled, two-factor reset, password changed):
   * publish `staff.session.ended` here so every instance's console sockets let go of them at once.
   */
  onSessionsEnded?: (staffId: number) => void | Promise<void>;
}

/** Failures count for this long; a lock ends when its oldest failure leaves the window. */
const FAILURE_WINDOW_MS = 15 * 60_000;
/**
 * An address the member signed in from this recently is theirs: there the account-wide lock does not
 * apply, only a limit of the same size on that address's failures, so guesses from elsewhere cannot
 * keep the member out (as for players).
 */
const TRUSTED_ADDRESS_DAYS = 30;
export const LINK_LIFETIME_MS = 24 * 3_600_000;

export interface Origin {
  ip: string;
  userAgent: string | null;
}

export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function staffMemberView(row: StaffMemberRow) {
  return {
    id: Number(row.id),
    login: row.login,
    status: row.status,
    roles: row.roles,
    twoFactorEnrolled: row.totp_enrolled_at !== null,
    createdAt: row.created_at.toISOString(),
    lastLoginAt: row.last_login_at?.toISOString() ?? null,
    disabledAt: row.disabled_at?.toISOString() ?? null,
  };
}

export function sortedPermissions(permissions: Iterable<string>): Permission[] {
  return [...new Set(permissions)].sort() as Permission[];
}

/** A staff-only action asked for by an API key (which has no password, TOTP or session). */
export function staffOnly(actor: StaffActor): asserts actor is StaffActor & { kind: 'staff' } {
  if (actor.kind !== 'staff') throw new AppError(ErrorCode.PERMISSION_DENIED, 'only a signed-in staff member can do this', 403);
}

/**
 * Staff identity (CONSOLE.md "Staff identity"): enrolment with a one-time link (password, then TOTP
 * proved with a first code, then recovery codes), sign-in with password and TOTP or a recovery code,
 * step-up, password change, sign-out; with lockout per account and per address as for players.
 */
export class StaffIdentity {
  readonly sessions: ConsoleSessions;
  private readonly repo: StaffRepo;
  private readonly now: () => Date;
  private readonly issuer: string;
  private readonly failuresPerAccount: number;
  private readonly failuresPerAddress: number;

  constructor(
    private readonly db: Db,
    readonly options: StaffIdentityOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.repo = new StaffRepo(db);
    this.sessions = new ConsoleSessions(db, this.now, options.onSessionsEnded);
    this.issuer = options.issuer ?? 'Lobby console';
    this.failuresPerAccount = options.failuresPerAccount ?? 5;
    this.failuresPerAddress = options.failuresPerAddress ?? 30;
  }

  /** Sets the password with a one-time link; answers a new TOTP secret to enrol (enrolling again replaces it). */
  async enrol(token: string, password: string) {
    const member = await this.memberOfLink(token);
    refuseWeakPassword(password, member.login);
    const secret = newTotpSecret();
    await this.repo.update(Number(member.id), {
      password_hash: await hashStaffPassword(password),
      totp_secret: this.secrets().seal(secret),
      totp_enrolled_at: null,
      totp_last_step: null,
    });
    return { login: member.login, secret, otpauthUri: otpauthUri(this.issuer, member.login, secret) };
  }

  /** The first code proves the authenticator holds the secret: the account becomes active, with new recovery codes. */
  async confirmEnrolment(token: string, code: string) {
    const member = await this.memberOfLink(token);
    if (!member.totp_secret || !member.password_hash) throw fail('TWO_FACTOR_CODE_WRONG', 'set the password first');
    const now = this.now();
    const step = matchTotp(this.totpSecretOf(member.totp_secret), code, now.getTime(), null);
    if (step === null) throw fail('TWO_FACTOR_CODE_WRONG');
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.db.transaction().execute(async (trx) => {
      const repo = new StaffRepo(trx);
      if (!(await repo.useLink(sha256Hex(token), now))) throw fail('TOKEN_EXPIRED', 'the link was used already');
      await repo.update(Number(member.id), { status: 'active', totp_enrolled_at: now, totp_last_step: BigInt(step) });
      await repo.replaceRecoveryCodes(Number(member.id), recoveryCodes.map(recoveryCodeHash));
      await repo.clearAccountFailures(Number(member.id));
    });
    return { login: member.login, recoveryCodes };
  }

  async signIn(
    input: { login: string; password: string; code?: string; recoveryCode?: string },
    origin: Origin,
  ): Promise<{ session: OpenedConsoleSession; member: StaffMemberRow; permissions: Permission[] }> {
    const found = await this.repo.findByLogin(input.login);
    const staffId = found ? Number(found.id) : null;
    // Once a window is full, tries are refused before any hash is computed.
    await this.refuseLocked(this.repo, staffId, origin.ip);
    const right = await verifyStaffPassword(found?.password_hash ?? null, input.password);
    // One answer for an unknown login and a wrong password: the console does not confirm who works here.
    if (!found || !right) return this.failed(staffId, origin.ip, 'WRONG_PASSWORD');
    if (found.status !== 'active' || !found.totp_secret || !found.totp_enrolled_at) throw fail('LOGIN_RESTRICTED', `account ${found.status}`);
    const secondFactor = input.code !== undefined ? await this.takeTotp(found, input.code) : await this.takeRecoveryCode(found, input.recoveryCode ?? '');
    if (!secondFactor) return this.failed(staffId, origin.ip, 'TWO_FACTOR_CODE_WRONG');
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      // Decided under the same locks as the failures: a right answer after the window filled up is refused.
      const repo = new StaffRepo(trx);
      await this.lockTries(repo, staffId, origin.ip);
      await this.refuseLocked(repo, staffId, origin.ip);
      await repo.update(staffId!, { last_login_at: now });
    });
    const session = await this.sessions.open(staffId!, origin, now);
    return { session, member: { ...found, last_login_at: now }, permissions: sortedPermissions(await this.repo.permissionsOf(found.roles)) };
  }

  /** A fresh TOTP code for the session: step-up calls work for the next five minutes. */
  async stepUp(actor: StaffActor, code: string, origin: Origin): Promise<Date> {
    staffOnly(actor);
    const member = await this.repo.findById(actor.id);
    if (!member?.totp_secret) throw fail('LOGIN_RESTRICTED');
    // A stolen session must not guess codes forever: step-up failures count against the account.
    await this.refuseLocked(this.repo, actor.id, origin.ip);
    if (!(await this.takeTotp(member, code))) return this.failed(actor.id, origin.ip, 'TWO_FACTOR_CODE_WRONG');
    const now = this.now();
    await this.sessions.markVerified(actor.sessionId!, now);
    return now;
  }

  /** Changes one's own password; every other session of the account ends. */
  async changePassword(actor: StaffActor, oldPassword: string, newPassword: string, origin: Origin): Promise<void> {
    staffOnly(actor);
    const member = await this.repo.findById(actor.id);
    if (!member) throw fail('ACCOUNT_MISSING');
    await this.refuseLocked(this.repo, actor.id, origin.ip);
    if (!(await verifyStaffPassword(member.password_hash, oldPassword))) return this.failed(actor.id, origin.ip, 'WRONG_PASSWORD');
    if (oldPassword === newPassword) throw fail('NEW_PASSWORD_SAME_AS_OLD');
    refuseWeakPassword(newPassword, member.login);
    await this.repo.update(actor.id, { password_hash: await hashStaffPassword(newPassword) });
    await this.sessions.endAll(actor.id, actor.sessionId);
  }

  async signOut(actor: StaffActor): Promise<void> {
    if (actor.sessionId) await this.sessions.end(actor.sessionId);
  }

  async signOutEverywhere(actor: StaffActor): Promise<number> {
    return actor.kind === 'staff' ? this.sessions.endAll(actor.id) : 0;
  }

  findMember(id: number): Promise<StaffMemberRow | undefined> {
    return this.repo.findById(id);
  }

  /**
   * Seals the authenticator secrets stored in the clear before they were sealed (at start, once per
   * secret): members keep their enrolment, and the database stops holding them readable.
   */
  async sealStoredSecrets(): Promise<number> {
    let sealed = 0;
    for (const member of await this.repo.storedTotpSecrets()) {
      const stored = member.totp_secret!;
      if (isSealed(stored)) continue;
      // Only if still the same clear value: an enrolment meanwhile wrote its own sealed one.
      if (await this.repo.replaceTotpSecret(Number(member.id), stored, this.secrets().seal(stored))) sealed++;
    }
    return sealed;
  }

  private secrets(): SecretBox {
    if (!this.options.secrets) throw new Error('staff identity needs a secret box to read or write authenticator secrets');
    return this.options.secrets;
  }

  /** The member's authenticator secret; one stored in the clear before sealing is read as it is until it is sealed. */
  private totpSecretOf(stored: string): string {
    return isSealed(stored) ? this.secrets().open(stored) : stored;
  }

  private async memberOfLink(token: string): Promise<StaffMemberRow> {
    const link = await this.repo.usableLink(sha256Hex(token), this.now());
    const member = link ? await this.repo.findById(link.staff_id) : undefined;
    if (!member || member.status !== 'invited') throw fail('TOKEN_EXPIRED', 'the link is unknown, used or expired');
    return member;
  }

  private async takeTotp(member: StaffMemberRow, code: string): Promise<boolean> {
    const lastStep = member.totp_last_step === null ? null : Number(member.totp_last_step);
    const step = matchTotp(this.totpSecretOf(member.totp_secret!), code, this.now().getTime(), lastStep);
    return step !== null && (await this.repo.takeTotpStep(Number(member.id), step));
  }

  private takeRecoveryCode(member: StaffMemberRow, code: string): Promise<boolean> {
    return this.repo.useRecoveryCode(Number(member.id), recoveryCodeHash(code), this.now());
  }

  /** Books a failed try (unless the window is full already) and answers `code`. */
  private async failed(staffId: number | null, ip: string, code: 'WRONG_PASSWORD' | 'TWO_FACTOR_CODE_WRONG'): Promise<never> {
    await this.db.transaction().execute(async (trx) => {
      const repo = new StaffRepo(trx);
      await this.lockTries(repo, staffId, ip);
      // A try that finds the window full is refused without being booked, so the count never passes it.
      await this.refuseLocked(repo, staffId, ip);
      await repo.recordFailure(ip, staffId, this.now());
    });
    throw fail(code);
  }

  /** Tries against one account, and from one address, are decided one at a time. */
  private async lockTries(repo: StaffRepo, staffId: number | null, ip: string): Promise<void> {
    // Always the account before the address, so two tries never wait on each other in a circle.
    if (staffId !== null) await repo.lockName(`staff-login-account:${staffId}`);
    await repo.lockName(`staff-login-address:${ip}`);
  }

  /** 10001 when the address has used up its failures, 10005 when the account has (as seen from this address). */
  private async refuseLocked(repo: StaffRepo, staffId: number | null, ip: string): Promise<void> {
    const since = new Date(this.now().getTime() - FAILURE_WINDOW_MS);
    if ((await repo.countAddressFailures(ip, since)) >= this.failuresPerAddress) throw fail('IP_LIMIT', 'too many failed sign-ins from this address');
    if (staffId === null) return;
    const trusted = await repo.signedInFrom(staffId, ip, new Date(this.now().getTime() - TRUSTED_ADDRESS_DAYS * 86_400_000));
    if ((await repo.countAccountFailures(staffId, trusted ? ip : null, since)) >= this.failuresPerAccount) {
      throw fail('LOGIN_RESTRICTED', 'too many failed sign-ins for this account');
    }
  }
}
