import { createHash } from 'node:crypto';
import { type CallResponse, LOGIN_HISTORY_SIZE, normalizeLanguage, PLAYER_RECOVERY_CODE_COUNT, type securityCalls } from '@lobby/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { newAddressMail, newDeviceMail } from '../../mail/security-templates.ts';
import { newRecoveryCodes, recoveryCodeHash } from '../../security/recovery-codes.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import { matchTotp, newTotpSecret, otpauthUri } from '../../security/totp.ts';
import { AccountSecurityRepo, type LoginRow, type TwoFactorRow } from './account-security.repo.ts';
import { deviceName } from './device-name.ts';

type SecurityState = CallResponse<typeof securityCalls.securityGet>;
type LoginRecord = CallResponse<typeof securityCalls.loginHistory>[number];

/** A second factor for a guarded call: passes while two-factor is off; otherwise needs a right code (10065 missing, 10057 wrong). */
export interface SecondFactor {
  require(playerId: number, code: string | undefined): Promise<void>;
}

/** Where a sign-in came from, as the login history and the new-device mail tell it. */
export interface SignInOrigin {
  ip: string;
  deviceCode: string | null;
  userAgent: string | null;
}

export interface AccountSecurityOptions {
  box: SecretBox;
  mailer: Mailer;
  /** After sessions' rows ended: every instance drops the cached tokens and closes sockets. */
  sessionsEnded(playerId: number): Promise<void>;
  log: FastifyBaseLogger;
  /** The name authenticator apps show beside the account. */
  issuer?: string;
  now?: () => Date;
}

/** Wrong codes within this window, this many of them, refuse further tries until the window passes. */
const FAILURE_WINDOW_MS = 15 * 60_000;
const FAILURES_ALLOWED = 10;

const deviceHash = (deviceCode: string) => createHash('sha256').update(`device:${deviceCode}`).digest('hex');

/**
 * PROTECTION.md "Account security" for players: optional two-factor (RFC 6238 TOTP, a code good once,
 * ten single-use recovery codes), asked at sign-in on a device that has not passed it and before
 * withdrawals, new withdrawal addresses and password, e-mail or fund password changes; the login
 * history with "end other sessions"; mails on a sign-in from a new device and on a new address; the
 * operator's wait before a new withdrawal address may be used.
 */
export class AccountSecurityService implements SecondFactor {
  now: () => Date;
  private readonly issuer: string;

  constructor(
    private readonly db: Db,
    private readonly options: AccountSecurityOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.issuer = options.issuer ?? 'Lobby';
  }

  private get repo() {
    return new AccountSecurityRepo(this.db);
  }

  async state(playerId: number): Promise<SecurityState> {
    return { twoFactor: await this.twoFactorState(playerId), addressWaitHours: await this.repo.addressWaitHours() };
  }

  /** A new secret for the authenticator app; two-factor is on once a code of it is confirmed. */
  async setup(playerId: number) {
    const player = await this.repo.emailOf(playerId);
    if (!player) throw fail('PLAYER_MISSING');
    const secret = newTotpSecret();
    if (!(await this.repo.startEnrolment(playerId, this.options.box.seal(secret)))) throw fail('INVALID_PARAMETERS', 'two-factor is on already');
    return { secret, otpauthUri: otpauthUri(this.issuer, player.account ?? player.email ?? `player ${playerId}`, secret) };
  }

  /** Confirms enrolment with a first code: two-factor is on, the device enrolling is known, the recovery codes are answered once. */
  async enable(playerId: number, code: string, deviceCode: string | null) {
    const row = await this.repo.twoFactor(playerId);
    if (!row) throw fail('INVALID_PARAMETERS', 'start the setup first');
    if (row.enabled_at) throw fail('INVALID_PARAMETERS', 'two-factor is on already');
    await this.refuseLocked(row);
    const step = matchTotp(this.options.box.open(row.secret_sealed), code, this.now().getTime(), null);
    if (step === null) return this.wrong(playerId);
    const { codes, hashes } = newRecoveryCodes(PLAYER_RECOVERY_CODE_COUNT);
    await this.db.transaction().execute(async (trx) => {
      const repo = new AccountSecurityRepo(trx);
      if (!(await repo.enable(playerId, step, this.now()))) throw fail('INVALID_PARAMETERS', 'two-factor is on already');
      await repo.replaceRecoveryCodes(playerId, hashes);
      if (deviceCode) await repo.rememberDevice(playerId, deviceHash(deviceCode));
    });
    return { recoveryCodes: codes };
  }

  /** Ten new recovery codes for a right code; the old ones stop working. */
  async regenerateRecoveryCodes(playerId: number, code: string) {
    await this.requireEnabled(playerId, code);
    const { codes, hashes } = newRecoveryCodes(PLAYER_RECOVERY_CODE_COUNT);
    await this.repo.replaceRecoveryCodes(playerId, hashes);
    return { recoveryCodes: codes };
  }

  /** Turns two-factor off for a right code: secret, recovery codes and known devices are forgotten. */
  async disable(playerId: number, code: string): Promise<SecurityState> {
    await this.requireEnabled(playerId, code);
    await this.db.transaction().execute((trx) => new AccountSecurityRepo(trx).forget(playerId));
    return this.state(playerId);
  }

  async require(playerId: number, code: string | undefined): Promise<void> {
    const row = await this.repo.twoFactor(playerId);
    if (!row?.enabled_at) return;
    await this.check(row, code);
  }

  /**
   * Before a sign-in opens its session: with two-factor on, a device that has not passed it needs a
   * code, and passes it from then on.
   */
  async signInGuard(playerId: number, deviceCode: string | null, code: string | undefined): Promise<void> {
    const row = await this.repo.twoFactor(playerId);
    if (!row?.enabled_at) return;
    if (deviceCode && (await this.repo.knowsDevice(playerId, deviceHash(deviceCode)))) return;
    await this.check(row, code);
    if (deviceCode) await this.repo.rememberDevice(playerId, deviceHash(deviceCode));
  }

  /**
   * After a session opened: keeps its user agent for the login history and, for a sign-in (not a
   * registration) from a device the player never used, mails them. A mail that cannot be sent is
   * logged; the sign-in stands.
   */
  async signedIn(playerId: number, sessionId: bigint, origin: SignInOrigin, mailNewDevice: boolean): Promise<void> {
    await this.repo.recordUserAgent(sessionId, origin.userAgent ? origin.userAgent.slice(0, 512) : null);
    if (!mailNewDevice) return;
    if (origin.deviceCode && (await this.repo.usedDeviceBefore(playerId, origin.deviceCode, sessionId))) return;
    const player = await this.repo.emailOf(playerId);
    if (!player?.email) return;
    const mail = newDeviceMail(normalizeLanguage(player.language) ?? 'en_US', { device: deviceName(origin.userAgent), ip: origin.ip, at: this.now() });
    await this.options.mailer
      .send({ to: player.email, ...mail })
      .catch((error: unknown) => this.options.log.warn({ err: error, playerId }, 'new-device mail not sent'));
  }

  async loginHistory(playerId: number, currentSessionId: bigint | null): Promise<LoginRecord[]> {
    const now = this.now().getTime();
    return (await this.repo.logins(playerId, LOGIN_HISTORY_SIZE)).map((row) => loginView(row, currentSessionId, now));
  }

  /** Ends every session of the player but this one; every instance lets go of them at once. */
  async endOtherSessions(playerId: number, currentSessionId: bigint) {
    const ended = await this.repo.endOtherSessions(playerId, currentSessionId);
    if (ended > 0) await this.options.sessionsEnded(playerId);
    return { ended };
  }

  /** When a withdrawal address added at `createdAt` may be used. */
  async usableAt(createdAt: Date): Promise<Date> {
    return new Date(createdAt.getTime() + (await this.repo.addressWaitHours()) * 3_600_000);
  }

  /** 10066 with the moment it may be used, while a saved address is still waiting. */
  async refuseWaitingAddress(createdAt: Date): Promise<void> {
    const usableAt = await this.usableAt(createdAt);
    if (usableAt.getTime() > this.now().getTime()) {
      const at = usableAt.toISOString();
      throw fail('ADDRESS_WAITING', `the address may be used from ${at}`, { usableAt: at }, { usableAt: at });
    }
  }

  /** Mails the player that a withdrawal address was added (logged when it cannot be sent). */
  async addressAdded(playerId: number, address: string, createdAt: Date): Promise<void> {
    const player = await this.repo.emailOf(playerId);
    if (!player?.email) return;
    const mail = newAddressMail(normalizeLanguage(player.language) ?? 'en_US', { address, usableAt: await this.usableAt(createdAt) });
    await this.options.mailer
      .send({ to: player.email, ...mail })
      .catch((error: unknown) => this.options.log.warn({ err: error, playerId }, 'new-address mail not sent'));
  }

  addressWaitHours(): Promise<number> {
    return this.repo.addressWaitHours();
  }

  async setAddressWaitHours(hours: number): Promise<{ addressWaitHours: number }> {
    await this.repo.setAddressWaitHours(hours);
    return { addressWaitHours: await this.repo.addressWaitHours() };
  }

  /** The operator's view: two-factor state and the last sign-ins. */
  async playerSecurity(playerId: number) {
    if (!(await this.repo.emailOf(playerId))) throw fail('PLAYER_MISSING');
    const logins = (await this.loginHistory(playerId, null)).map(({ current: _current, ...rest }) => rest);
    return { playerId, twoFactor: await this.twoFactorState(playerId), logins };
  }

  /** Support turned the player's two-factor off after checking who they are; answers whether it was on. */
  async reset(playerId: number): Promise<boolean> {
    if (!(await this.repo.emailOf(playerId))) throw fail('PLAYER_MISSING');
    const row = await this.repo.twoFactor(playerId);
    await this.db.transaction().execute((trx) => new AccountSecurityRepo(trx).forget(playerId));
    return Boolean(row?.enabled_at);
  }

  private async twoFactorState(playerId: number) {
    const row = await this.repo.twoFactor(playerId);
    const enabled = Boolean(row?.enabled_at);
    return { enabled, enabledAt: row?.enabled_at?.toISOString() ?? null, recoveryCodesLeft: enabled ? await this.repo.recoveryCodesLeft(playerId) : 0 };
  }

  private async requireEnabled(playerId: number, code: string): Promise<void> {
    const row = await this.repo.twoFactor(playerId);
    if (!row?.enabled_at) throw fail('INVALID_PARAMETERS', 'two-factor is off');
    await this.check(row, code);
  }

  /** A TOTP code of a step not used yet, or an unused recovery code; each passes once. */
  private async check(row: TwoFactorRow, code: string | undefined): Promise<void> {
    if (code === undefined || code.trim() === '') throw fail('TWO_FACTOR_REQUIRED');
    await this.refuseLocked(row);
    const given = code.replace(/\s/g, '');
    let passed: boolean;
    if (/^\d{6}$/.test(given)) {
      const lastStep = row.last_step === null ? null : Number(row.last_step);
      const step = matchTotp(this.options.box.open(row.secret_sealed), given, this.now().getTime(), lastStep);
      passed = step !== null && (await this.repo.takeStep(row.player_id, step));
    } else {
      passed = await this.repo.useRecoveryCode(row.player_id, recoveryCodeHash(given), this.now());
    }
    if (!passed) await this.wrong(row.player_id);
  }

  private async wrong(playerId: number): Promise<never> {
    const now = this.now();
    await this.repo.recordFailure(playerId, now, new Date(now.getTime() - FAILURE_WINDOW_MS));
    throw fail('TWO_FACTOR_CODE_WRONG');
  }

  private async refuseLocked(row: TwoFactorRow): Promise<void> {
    const windowStart = this.now().getTime() - FAILURE_WINDOW_MS;
    if (row.failures >= FAILURES_ALLOWED && row.failures_since && row.failures_since.getTime() >= windowStart) {
      throw fail('LOGIN_RESTRICTED', 'too many wrong two-factor codes; try again later');
    }
  }
}

function loginView(row: LoginRow, currentSessionId: bigint | null, now: number): LoginRecord {
  return {
    id: Number(row.id),
    device: deviceName(row.user_agent),
    ip: row.login_ip,
    country: row.country,
    at: row.created_at.toISOString(),
    current: currentSessionId !== null && BigInt(row.id) === BigInt(currentSessionId),
    active: row.ended_at === null && row.expires_at.getTime() > now,
  };
}
