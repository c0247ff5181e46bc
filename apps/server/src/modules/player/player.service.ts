import { hash, verify } from '@node-rs/argon2';
import { formatMicro, type Language, type Player } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import { playerBalancesView } from '../../money/balances.ts';
import { newPlayerInviteCode } from './invite-code.ts';
import { PlayerRepository, type PlayerRow } from './player.repo.ts';
import { SessionRepository } from './session.repo.ts';
import type { AuthenticatedSession, SessionService } from './session.service.ts';
import type { VerificationService } from './verification.service.ts';
import { PLAYER_CHANGED, type PlayerSnapshotCache } from './player-snapshot.cache.ts';
import type { EventBus } from '../../events/event-bus.ts';

/** argon2id with OWASP's second recommended profile: 19 MiB, 2 passes. */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const UNIQUE_VIOLATION = '23505';

export interface PlayerLimits {
  registrationsPerIpPerDay: number;
  loginFailuresPerIp: number;
  loginFailuresPerAccount: number;
}

/** Failed logins count for this long; a lock ends when its oldest failure leaves the window. */
const LOGIN_FAILURE_WINDOW_MINUTES = 15;
/**
 * An address the player signed in from this recently is theirs: there the account-wide lock does
 * not apply, only a limit of the same size on the failures from that address, so guesses from
 * elsewhere cannot keep the owner out.
 */
const TRUSTED_ADDRESS_DAYS = 30;

interface Origin {
  ip: string;
  clientIp: string | null;
  /** The Device-Code header, when the client sends one. */
  deviceCode?: string | null;
  /** The User-Agent header, for the login history. */
  userAgent?: string | null;
  /** The request's country (offline IP database), recorded on the session. */
  country?: string | null;
  lang: Language;
}

/**
 * Account security as sign-in and the guarded profile changes meet it (the account-security module):
 * two-factor before a session opens on a device that has not passed it, the sign-in recorded after,
 * and a code for password and e-mail changes.
 */
export interface PlayerSecurityHooks {
  signInGuard(playerId: number, deviceCode: string | null, code: string | undefined): Promise<void>;
  signedIn(
    playerId: number,
    sessionId: bigint,
    origin: { ip: string; deviceCode: string | null; userAgent: string | null },
    mailNewDevice: boolean,
  ): Promise<void>;
  require(playerId: number, code: string | undefined): Promise<void>;
}

/** Where a registration came from, for the checks told of an invited one. */
export interface RegistrationOrigin {
  ip: string;
  clientIp: string | null;
  deviceCode: string | null;
}

export class PlayerService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly verification: VerificationService,
    private readonly limits: PlayerLimits,
    private readonly snapshots: PlayerSnapshotCache,
    private readonly bus: EventBus,
  ) {}

  /**
   * Told of each new account that came with an invite code, inside its registration transaction; what
   * it answers is written over the new row (a special invite code marks the account special).
   */
  registrationHook: ((trx: Db, playerId: number, inviteCode: string) => Promise<Partial<PlayerRow>>) | undefined;

  /**
   * Told of each new account registered through an invite code, inside its registration transaction,
   * with where it came from (the referral module flags self-referral here).
   */
  invitedRegistration: ((trx: Db, input: { playerId: number; inviterId: number; origin: RegistrationOrigin }) => Promise<void>) | undefined;

  /** Two-factor and the login history; without the account-security module nothing is asked. */
  security: PlayerSecurityHooks | undefined;

  /** Where the heartbeat finds the bulletin to show; the bulletin service replaces it with its live copy. */
  notices: { next(afterId: number): Promise<{ id: number; title: Record<string, string>; content: Record<string, string>; starts_at: Date } | undefined> } = {
    next: (afterId) => this.players.nextNotice(afterId),
  };

  /** Tells every instance that this player's profile or balances changed. */
  async announceChanged(playerId: number) {
    this.snapshots.delete(playerId);
    await this.bus.publish(PLAYER_CHANGED, { playerId });
  }

  private get players() {
    return new PlayerRepository(this.db);
  }

  // What other modules read and write of a player: they come here rather than to the players table.

  /** The player's row; undefined when there is no such player. */
  find(playerId: number): Promise<PlayerRow | undefined> {
    return this.players.findById(playerId);
  }

  /** A player by account name, or by e-mail when the value holds an @. */
  findByAccountOrEmail(value: string): Promise<PlayerRow | undefined> {
    return this.players.findByAccountOrEmail(value);
  }

  /** Nicknames of these players, by id. */
  nicknames(ids: readonly number[]): Promise<Map<number, string>> {
    return this.players.nicknames(ids);
  }

  /** Locks the player's row until `trx` ends, so a module's per-player check and write are one step. */
  async lock(trx: Db, playerId: number): Promise<void> {
    await new PlayerRepository(trx).lockById(playerId);
  }

  /**
   * Whether the player's sessions of the last `days` days share an address or the device code with
   * `origin` (ECONOMY.md "Self-referral"): 'address', 'device', or null.
   */
  sharedOrigin(trx: Db, playerId: number, origin: RegistrationOrigin, days: number): Promise<'address' | 'device' | null> {
    const addresses = origin.clientIp && origin.clientIp !== origin.ip ? [origin.ip, origin.clientIp] : [origin.ip];
    return new PlayerRepository(trx).sharedOrigin(playerId, { addresses, deviceCode: origin.deviceCode }, days);
  }

  /** Stores the hash of the player's new fund password. */
  setFundPasswordHash(playerId: number, fundPasswordHash: string): Promise<void> {
    return this.players.updateFundPassword(playerId, fundPasswordHash);
  }

  /** Stamps the player's first credited deposit, inside `trx`; true when this one was the first. */
  markFirstRecharge(trx: Db, playerId: number): Promise<boolean> {
    return new PlayerRepository(trx).markFirstRecharge(playerId);
  }

  async checkAccount(account: string) {
    return { account, exists: Boolean(await this.players.findByAccountOrEmail(account)) };
  }

  async sendRegistrationCode(email: string, origin: Origin) {
    if (await this.players.findByEmail(email)) throw fail('ACCOUNT_EXISTS');
    return this.verification.send({ purpose: 'register', target: email, playerId: null, ip: origin.ip, lang: origin.lang });
  }

  async register(
    input:
      | { kind: 1; account: string; password: string; inviteCode?: string }
      | { kind: 2; email: string; code: string; password: string; inviteCode?: string },
    origin: Origin,
  ) {
    if ((await this.players.countRegistrationsFromIp(origin.ip, 24)) >= this.limits.registrationsPerIpPerDay) {
      throw fail('TOO_MANY_REGISTRATIONS');
    }
    const account = input.kind === 1 ? input.account : null;
    const email = input.kind === 2 ? input.email : null;
    if (account && (await this.players.findByAccount(account))) throw fail('ACCOUNT_EXISTS');
    if (email && (await this.players.findByEmail(email))) throw fail('ACCOUNT_EXISTS');
    const inviter = input.inviteCode ? await this.players.findByInviteCode(input.inviteCode) : undefined;
    if (email && input.kind === 2) await this.verification.consume('register', email, input.code);

    const passwordHash = await hash(input.password, ARGON2);
    try {
      const { row, session } = await this.db.transaction().execute(async (trx) => {
        const players = new PlayerRepository(trx);
        // Registrations from one address queue here, so the count each one sees includes the others.
        await players.lockName(`register:${origin.ip}`);
        if ((await players.countRegistrationsFromIp(origin.ip, 24)) >= this.limits.registrationsPerIpPerDay) {
          throw fail('TOO_MANY_REGISTRATIONS');
        }
        const row = await players.insert({
          account,
          email,
          passwordHash,
          nickname: account ?? email!.split('@')[0].slice(0, 24),
          inviteCode: newPlayerInviteCode(),
          inviterId: inviter?.id ?? null,
          registerIp: origin.ip,
          clientIp: origin.clientIp,
          language: origin.lang,
        });
        const marked = input.inviteCode && this.registrationHook ? await this.registrationHook(trx, row.id, input.inviteCode) : {};
        if (inviter && this.invitedRegistration) {
          await this.invitedRegistration(trx, {
            playerId: row.id,
            inviterId: inviter.id,
            origin: { ip: origin.ip, clientIp: origin.clientIp, deviceCode: origin.deviceCode ?? null },
          });
        }
        const session = await this.sessions.open(trx, row.id, origin.ip, origin.clientIp, origin.deviceCode ?? null, origin.country ?? null);
        return { row: { ...row, ...marked }, session };
      });
      await this.bus.publish('account.changed', { playerId: row.id });
      await this.security?.signedIn(row.id, session.sessionId, signInOrigin(origin), false);
      return { token: session.token, expiresAt: session.expiresAt.toISOString(), player: await this.toPlayer(row) };
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw fail('ACCOUNT_EXISTS');
      throw error;
    }
  }

  async login(
    input: ({ kind: 1; account: string; password: string } | { kind: 2; email: string; password: string }) & { twoFactorCode?: string },
    origin: Origin,
  ) {
    const found = input.kind === 1 ? await this.players.findByAccount(input.account) : await this.players.findByEmail(input.email);
    // Once a window is full, tries are refused before any hash is computed.
    await this.refuseLockedLogin(this.db, found?.id ?? null, origin.ip);
    const right = found !== undefined && (await verify(found.password_hash, input.password));
    if (!right) {
      await this.db.transaction().execute(async (trx) => {
        await this.lockLoginTries(trx, found?.id ?? null, origin.ip);
        // A try that finds the window full is refused without being booked, so the count never passes it.
        await this.refuseLockedLogin(trx, found?.id ?? null, origin.ip);
        await new PlayerRepository(trx).recordLoginFailure(origin.ip, found?.id ?? null);
      });
      throw fail(found ? 'WRONG_PASSWORD' : 'ACCOUNT_MISSING');
    }
    if (found.status !== 0) throw fail('LOGIN_RESTRICTED');
    // The password was right: a device that has not passed two-factor gives a code now (10065, 10057).
    await this.security?.signInGuard(found.id, origin.deviceCode ?? null, input.twoFactorCode);
    const { row, session } = await this.db.transaction().execute(async (trx) => {
      // Decided under the same locks as the failures: a right password that comes after the window
      // filled up, even within the same burst, is refused.
      await this.lockLoginTries(trx, found.id, origin.ip);
      await this.refuseLockedLogin(trx, found.id, origin.ip);
      // The row lock orders concurrent logins of one player, so exactly one session stays active.
      const row = (await new PlayerRepository(trx).lockById(found.id))!;
      const session = await this.sessions.open(trx, row.id, origin.ip, origin.clientIp, origin.deviceCode ?? null, origin.country ?? null);
      await new PlayerRepository(trx).recordLogin(row.id, origin.ip, origin.clientIp);
      return { row, session };
    });
    await this.sessions.announceEnded(row.id);
    await this.announceChanged(row.id);
    await this.security?.signedIn(row.id, session.sessionId, signInOrigin(origin), true);
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      player: await this.toPlayer({ ...row, last_login_ip: origin.ip, last_client_ip: origin.clientIp }),
    };
  }

  /** Tries against one account, and from one address, are decided one at a time. */
  private async lockLoginTries(trx: Db, playerId: number | null, ip: string) {
    const players = new PlayerRepository(trx);
    // Always the account before the address, so two tries never wait on each other in a circle.
    if (playerId !== null) await players.lockName(`login-account:${playerId}`);
    await players.lockName(`login-address:${ip}`);
  }

  /** 10001 when the address has used up its failures, 10005 when the account has (as seen from this address). */
  private async refuseLockedLogin(db: Db, playerId: number | null, ip: string) {
    const players = new PlayerRepository(db);
    if ((await players.countRecentLoginFailures(ip, LOGIN_FAILURE_WINDOW_MINUTES)) >= this.limits.loginFailuresPerIp) {
      throw fail('IP_LIMIT', 'too many failed logins from this address');
    }
    if (playerId === null) return;
    const trusted = await players.signedInFrom(playerId, ip, TRUSTED_ADDRESS_DAYS);
    const failures = await players.countRecentAccountLoginFailures(playerId, trusted ? ip : null, LOGIN_FAILURE_WINDOW_MINUTES);
    if (failures >= this.limits.loginFailuresPerAccount) throw fail('LOGIN_RESTRICTED', 'too many failed logins for this account');
  }

  async load(session: AuthenticatedSession): Promise<Player> {
    const cached = this.snapshots.get(session.playerId);
    if (cached) return cached;
    const row = await this.players.findById(session.playerId);
    if (!row) throw fail('PLAYER_MISSING');
    const player = await this.toPlayer(row);
    this.snapshots.set(session.playerId, player);
    return player;
  }

  async logout(session: AuthenticatedSession) {
    await this.sessions.end(session, 'logout');
  }

  async heartbeat(session: AuthenticatedSession, lang: Language) {
    const current = await new SessionRepository(this.db).findById(session.sessionId);
    const notice = await this.notices.next(current?.last_notice_id ?? 0);
    if (notice) await new SessionRepository(this.db).markNoticeShown(session.sessionId, notice.id);
    return {
      serverTime: new Date().toISOString(),
      notice: notice
        ? {
            id: notice.id,
            title: notice.title[lang] ?? notice.title.en_US ?? Object.values(notice.title)[0] ?? '',
            content: notice.content[lang] ?? notice.content.en_US ?? Object.values(notice.content)[0] ?? '',
            publishedAt: notice.starts_at.toISOString(),
          }
        : null,
    };
  }

  /** Changes the password knowing the old one. */
  async resetPassword(session: AuthenticatedSession, oldPassword: string, newPassword: string, twoFactorCode?: string) {
    const row = await this.players.findById(session.playerId);
    if (!row) throw fail('PLAYER_MISSING');
    if (!(await verify(row.password_hash, oldPassword))) throw fail('LOGIN_PASSWORD_WRONG');
    await this.security?.require(row.id, twoFactorCode);
    if (oldPassword === newPassword || (await verify(row.password_hash, newPassword))) throw fail('NEW_PASSWORD_SAME_AS_OLD');
    await this.players.updatePassword(row.id, await hash(newPassword, ARGON2));
  }

  async sendPasswordResetCode(account: string, origin: Origin) {
    const row = await this.players.findByAccountOrEmail(account);
    if (!row) throw fail('ACCOUNT_MISSING');
    if (!row.email) throw fail('NO_EMAIL_LINKED');
    const sent = await this.verification.send({ purpose: 'reset_password', target: row.email, playerId: row.id, ip: origin.ip, lang: origin.lang });
    return { ...sent, maskedEmail: maskEmail(row.email) };
  }

  /** Resets a forgotten password with an e-mailed code; every session of the player ends. */
  async changePasswordWithCode(account: string, code: string, newPassword: string) {
    const row = await this.players.findByAccountOrEmail(account);
    if (!row) throw fail('ACCOUNT_MISSING');
    if (!row.email) throw fail('NO_EMAIL_LINKED');
    await this.verification.consume('reset_password', row.email, code);
    if (await verify(row.password_hash, newPassword)) throw fail('NEW_PASSWORD_SAME_AS_OLD');
    const passwordHash = await hash(newPassword, ARGON2);
    await this.db.transaction().execute(async (trx) => {
      await new PlayerRepository(trx).updatePassword(row.id, passwordHash);
      // Whoever holds the mailbox is the owner: guesses at the old password no longer lock them out.
      await new PlayerRepository(trx).detachLoginFailures(row.id);
      await new SessionRepository(trx).endActive(row.id, 'password_changed');
    });
    await this.sessions.announceEnded(row.id);
  }

  /**
   * A code to the address the player wants to bind (a new one when an e-mail is bound already), or
   * with `bound`, to the address bound now: changing it needs a code from both.
   */
  async sendEmailBindingCode(session: AuthenticatedSession, input: { account?: string; bound?: true }, origin: Origin) {
    const row = await this.players.findById(session.playerId);
    if (!row) throw fail('PLAYER_MISSING');
    if (input.bound) {
      if (!row.email) throw fail('NO_EMAIL_LINKED');
      return this.verification.send({ purpose: 'change_email_old', target: row.email, playerId: row.id, ip: origin.ip, lang: origin.lang });
    }
    const email = input.account!;
    if (await this.players.findByEmail(email)) throw fail('EMAIL_ALREADY_LINKED');
    return this.verification.send({ purpose: 'bind_email', target: email, playerId: row.id, ip: origin.ip, lang: origin.lang });
  }

  /**
   * Nickname and avatar need the session only. Binding or changing the e-mail, which can reset the
   * password, needs the login password too (10027), and changing a bound one the code sent to it
   * (10024 when absent or wrong), so a stolen session cannot take the account.
   */
  async updateProfile(
    session: AuthenticatedSession,
    input: { nickname?: string; avatar?: string; email?: string; code?: string; password?: string; oldCode?: string; twoFactorCode?: string },
  ) {
    const row = await this.players.findById(session.playerId);
    if (!row) throw fail('PLAYER_MISSING');
    const changes: { nickname?: string; avatar?: string; email?: string } = {};
    if (input.nickname !== undefined && input.nickname !== row.nickname) changes.nickname = input.nickname;
    if (input.avatar !== undefined && input.avatar !== row.avatar) changes.avatar = input.avatar;
    if (input.email !== undefined && input.code !== undefined) {
      if (input.password === undefined || !(await verify(row.password_hash, input.password))) throw fail('LOGIN_PASSWORD_WRONG');
      await this.security?.require(row.id, input.twoFactorCode);
      if (row.email !== null && row.email.toLowerCase() === input.email.toLowerCase()) throw fail('EMAIL_ALREADY_LINKED', 'this email is bound already');
      if (await this.players.findByEmail(input.email)) throw fail('EMAIL_ALREADY_LINKED');
      if (row.email !== null) {
        if (input.oldCode === undefined) throw fail('VERIFICATION_CODE_WRONG', 'changing the email needs the code sent to the bound address');
        await this.verification.consume('change_email_old', row.email, input.oldCode);
      }
      await this.verification.consume('bind_email', input.email, input.code);
      changes.email = input.email;
    }
    if (Object.keys(changes).length === 0) throw fail('PROFILE_UPDATED', 'nothing to change');
    try {
      const updated = await this.toPlayer(await this.players.updateProfile(row.id, changes));
      await this.announceChanged(row.id);
      if (changes.email !== undefined) await this.bus.publish('account.changed', { playerId: row.id });
      return updated;
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw fail('EMAIL_ALREADY_LINKED');
      throw error;
    }
  }

  private async toPlayer(row: PlayerRow): Promise<Player> {
    const balances = await playerBalancesView(this.db, row.id);
    return {
      id: row.id,
      account: row.account,
      email: row.email,
      nickname: row.nickname,
      avatar: row.avatar,
      balances,
      ip: row.last_client_ip ?? row.last_login_ip,
      accountType: row.special_invite_type,
      experienceType: row.experience_type,
      userType: row.user_type,
      vipLevel: row.vip_level,
      hasRecharged: row.first_recharge_at !== null,
      hasFundPassword: row.fund_password_hash !== null,
      createdAt: row.created_at.toISOString(),
    };
  }
}

function signInOrigin(origin: Origin) {
  return { ip: origin.ip, deviceCode: origin.deviceCode ?? null, userAgent: origin.userAgent ?? null };
}

function maskEmail(email: string) {
  const [name, domain] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}
