import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CONSOLE_SESSION_COOKIE } from '@lobby/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { StaffRepo, staffDb, type StaffDb } from './staff.repo.ts';

/** A session unused this long ends (CONSOLE.md: 30 minutes idle). */
export const CONSOLE_IDLE_MS = 30 * 60_000;
/** However busy, a session lasts this long at most (CONSOLE.md: 12 hours). */
export const CONSOLE_MAX_MS = 12 * 3_600_000;
/** The console's API and its pages (and their websocket): the only paths the cookie is sent to. */
export const CONSOLE_COOKIE_PATHS = ['/ops', '/console'] as const;

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export interface OpenedConsoleSession {
  /** The cookie's value: never stored, only its sha256. */
  cookie: string;
  csrfToken: string;
  expiresAt: Date;
}

export interface LiveConsoleSession {
  /** sha256 of the cookie: staff_sessions.id. */
  id: string;
  staffId: number;
  login: string;
  permissions: string[];
  verifiedAt: Date | null;
}

/**
 * Console sessions (CONSOLE.md "Staff identity"): a cookie and a CSRF token, 30 minutes idle, 12 hours
 * at most. Every look-up reads the database, so a session ended on one instance is refused by all.
 */
export class ConsoleSessions {
  private readonly db: StaffDb;
  private readonly staff: StaffRepo;

  constructor(
    db: Db,
    private readonly now: () => Date = () => new Date(),
    /** Told after sessions of a member ended, so whatever holds them open (a console socket) lets go at once. */
    private readonly onEnded: (staffId: number) => void | Promise<void> = () => undefined,
  ) {
    this.db = staffDb(db);
    this.staff = new StaffRepo(db);
  }

  async open(staffId: number, origin: { ip: string; userAgent: string | null }, verifiedAt: Date | null): Promise<OpenedConsoleSession> {
    const cookie = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = new Date(now.getTime() + CONSOLE_MAX_MS);
    await this.db
      .insertInto('staff_sessions')
      .values({
        id: sha256Hex(cookie),
        staff_id: staffId,
        csrf_token: csrfToken,
        verified_at: verifiedAt,
        ip: origin.ip,
        user_agent: origin.userAgent,
        created_at: now,
        last_seen_at: now,
        expires_at: expiresAt,
      })
      .execute();
    return { cookie, csrfToken, expiresAt };
  }

  /**
   * The open session behind a cookie, if its CSRF token matches, it has been neither idle too long nor
   * open too long, and its member is active (a member disabled a moment ago is out on every instance);
   * the call counts as activity. Null otherwise.
   */
  async resume(cookie: string, csrfToken: string): Promise<LiveConsoleSession | null> {
    const now = this.now();
    const row = await this.db
      .selectFrom('staff_sessions as s')
      .innerJoin('staff_members as m', 'm.id', 's.staff_id')
      .select(['s.id', 's.staff_id', 's.csrf_token', 's.verified_at', 'm.login', 'm.roles'])
      .where('s.id', '=', sha256Hex(cookie))
      .where('s.ended_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where('s.last_seen_at', '>', new Date(now.getTime() - CONSOLE_IDLE_MS))
      .where('m.status', '=', 'active')
      .executeTakeFirst();
    if (!row || !sameSecret(row.csrf_token, csrfToken)) return null;
    // Only a call that proves the CSRF token keeps the session alive.
    await this.db.updateTable('staff_sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
    return { id: row.id, staffId: Number(row.staff_id), login: row.login, permissions: await this.staff.permissionsOf(row.roles), verifiedAt: row.verified_at };
  }

  /**
   * The session as it stands now, by its id, without counting as activity: for a console socket
   * re-checking that its session is still open (not ended, idle or expired; the member active).
   */
  async current(sessionId: string): Promise<LiveConsoleSession | null> {
    const now = this.now();
    const row = await this.db
      .selectFrom('staff_sessions as s')
      .innerJoin('staff_members as m', 'm.id', 's.staff_id')
      .select(['s.id', 's.staff_id', 's.verified_at', 'm.login', 'm.roles'])
      .where('s.id', '=', sessionId)
      .where('s.ended_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where('s.last_seen_at', '>', new Date(now.getTime() - CONSOLE_IDLE_MS))
      .where('m.status', '=', 'active')
      .executeTakeFirst();
    if (!row) return null;
    return { id: row.id, staffId: Number(row.staff_id), login: row.login, permissions: await this.staff.permissionsOf(row.roles), verifiedAt: row.verified_at };
  }

  async markVerified(sessionId: string, at: Date): Promise<void> {
    await this.db.updateTable('staff_sessions').set({ verified_at: at }).where('id', '=', sessionId).where('ended_at', 'is', null).execute();
  }

  async end(sessionId: string): Promise<void> {
    const ended = await this.db
      .updateTable('staff_sessions')
      .set({ ended_at: this.now() })
      .where('id', '=', sessionId)
      .where('ended_at', 'is', null)
      .returning('staff_id')
      .executeTakeFirst();
    if (ended) await this.onEnded(Number(ended.staff_id));
  }

  /** Ends every open session of a member, but `keep`; returns how many ended. */
  async endAll(staffId: number, keep: string | null = null): Promise<number> {
    let query = this.db.updateTable('staff_sessions').set({ ended_at: this.now() }).where('staff_id', '=', staffId).where('ended_at', 'is', null);
    if (keep !== null) query = query.where('id', '!=', keep);
    const ended = await query.returning('id').execute();
    if (ended.length > 0) await this.onEnded(staffId);
    return ended.length;
  }
}

export function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(sha256Hex(expected));
  const b = Buffer.from(sha256Hex(given));
  // Hashes of equal length: the comparison takes the same time whatever was sent.
  return timingSafeEqual(a, b) && expected.length > 0;
}

/** The console cookie's value in a request, if it carries one. */
export function consoleCookieOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() === CONSOLE_SESSION_COOKIE) {
      const value = part.slice(at + 1).trim();
      if (/^[A-Za-z0-9_-]{43}$/.test(value)) return value;
    }
  }
  return null;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The cookie is Secure everywhere but on a developer's own machine: a request over plain http whose
 * host name and connecting address are both loopback. There Safari would drop a Secure cookie set over
 * http; behind a TLS proxy the request's protocol is https (x-forwarded-proto, with TRUST_PROXY) and a
 * public host name is never loopback, so a deployment always gets Secure.
 */
export function cookieIsSecure(request: FastifyRequest): boolean {
  const plainLocal = request.protocol === 'http' && LOOPBACK_HOSTS.has(request.hostname) && LOOPBACK_ADDRESSES.has(request.ip);
  return !plainLocal;
}

/** One cookie per path the console uses, since a cookie has one path. Max-Age 0 clears them. */
export function setConsoleCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAgeSeconds: number): void {
  const secure = cookieIsSecure(request) ? '; Secure' : '';
  reply.header(
    'set-cookie',
    CONSOLE_COOKIE_PATHS.map((path) => `${CONSOLE_SESSION_COOKIE}=${value}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`),
  );
}

export function clearConsoleCookie(request: FastifyRequest, reply: FastifyReply): void {
  setConsoleCookie(request, reply, '', 0);
}
