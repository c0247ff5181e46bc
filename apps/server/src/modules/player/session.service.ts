import { hash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import type { SessionEndReason } from './tables.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { fail, UnauthorizedError } from '../../http/app-error.ts';
import type { AuthenticatedSession } from '../../http/rpc.ts';
import { SessionRepository } from './session.repo.ts';

export type { AuthenticatedSession };

interface CachedSession extends AuthenticatedSession {
  expiresAt: number;
  endReason: SessionEndReason | null;
  cachedAt: number;
}

/** The session as it stands now: `endCode` is null while it is active. */
export interface SessionStanding {
  endCode: SessionEndCode | null;
  expiresAt: number;
}

/** What a client is told when its session ends: 10032 another login, 10008 expired or password reset, 10009 logged out. */
export type SessionEndCode = typeof ErrorCode.LOGGED_IN_ELSEWHERE | typeof ErrorCode.TOKEN_EXPIRED | typeof ErrorCode.TOKEN_MISMATCH;

const SESSION_ENDED = 'session.ended';
const MAX_CACHED = 100_000;

export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

function endCodeOf(endReason: SessionEndReason | null, expiresAt: number, now: number): SessionEndCode | null {
  if (endReason === 'replaced') return ErrorCode.LOGGED_IN_ELSEWHERE;
  if (endReason === 'logout') return ErrorCode.TOKEN_MISMATCH;
  if (endReason === 'password_changed' || expiresAt <= now) return ErrorCode.TOKEN_EXPIRED;
  return null;
}

/**
 * One active session per player. Sessions are rows in the database (the truth, shared by every
 * instance) and are cached here so a call costs no round trip; any instance that ends a session
 * publishes it, and every instance drops the player's cached tokens at once.
 */
export class SessionService {
  private readonly cache = new Map<string, CachedSession>();
  private readonly unsubscribe: () => void;
  /** Counts evictions, so a lookup that raced one does not put the row it read before it back. */
  private evictions = 0;

  constructor(
    private readonly repo: SessionRepository,
    private readonly bus: EventBus,
    private readonly options: { ttlMs: number; cacheMs: number },
  ) {
    this.unsubscribe = bus.subscribe(SESSION_ENDED, ({ playerId }: { playerId: number }) => this.evictPlayer(playerId));
  }

  /** Opens a session inside the caller's transaction, ending any other active one as replaced. */
  async open(trx: Db, playerId: number, loginIp: string, clientIp: string | null, deviceCode: string | null = null, country: string | null = null) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.options.ttlMs);
    await new SessionRepository(trx).endActive(playerId, 'replaced');
    const sessionId = await new SessionRepository(trx).insert({ playerId, tokenHash: hashToken(token), expiresAt, loginIp, clientIp, deviceCode, country });
    return { token, expiresAt, sessionId };
  }

  /** Call after the transaction that opened or ended sessions has committed. */
  async announceEnded(playerId: number) {
    this.evictPlayer(playerId);
    await this.bus.publish(SESSION_ENDED, { playerId });
  }

  async authenticate(token: string): Promise<AuthenticatedSession & { expiresAt: number }> {
    const tokenHash = hashToken(token);
    const now = Date.now();
    let cached = this.cache.get(tokenHash);
    if (!cached || now - cached.cachedAt > this.options.cacheMs) {
      const evictionsBefore = this.evictions;
      const row = await this.repo.findByTokenHash(tokenHash);
      if (!row) {
        this.cache.delete(tokenHash);
        throw new UnauthorizedError();
      }
      cached = {
        sessionId: row.id,
        playerId: row.player_id,
        expiresAt: row.expires_at.getTime(),
        endReason: row.end_reason,
        cachedAt: now,
      };
      if (this.evictions === evictionsBefore) this.remember(tokenHash, cached);
    }
    const endCode = endCodeOf(cached.endReason, cached.expiresAt, now);
    if (endCode === ErrorCode.LOGGED_IN_ELSEWHERE) throw fail('LOGGED_IN_ELSEWHERE');
    if (endCode === ErrorCode.TOKEN_MISMATCH) throw new UnauthorizedError();
    if (endCode === ErrorCode.TOKEN_EXPIRED) throw fail('TOKEN_EXPIRED');
    return { sessionId: cached.sessionId, playerId: cached.playerId, expiresAt: cached.expiresAt };
  }

  /**
   * Reads sessions from the database, past the cache: for long-lived connections that must learn
   * of an end the moment it is announced. A session that no longer exists reads as logged out.
   */
  async standings(sessionIds: readonly bigint[]): Promise<Map<bigint, SessionStanding>> {
    const rows = sessionIds.length ? await this.repo.findStandings(sessionIds) : [];
    const now = Date.now();
    const found = new Map(rows.map((row) => [BigInt(row.id), row]));
    const standings = new Map<bigint, SessionStanding>();
    for (const id of sessionIds) {
      const row = found.get(id);
      standings.set(
        id,
        row
          ? { endCode: endCodeOf(row.end_reason, row.expires_at.getTime(), now), expiresAt: row.expires_at.getTime() }
          : { endCode: ErrorCode.TOKEN_MISMATCH, expiresAt: 0 },
      );
    }
    return standings;
  }

  /** Hears every session end announced by any instance. */
  onEnded(listener: (playerId: number) => void): () => void {
    return this.bus.subscribe(SESSION_ENDED, ({ playerId }: { playerId: number }) => listener(playerId));
  }

  async end(session: AuthenticatedSession, reason: SessionEndReason) {
    await this.repo.end(session.sessionId, reason);
    await this.announceEnded(session.playerId);
  }

  close() {
    this.unsubscribe();
    this.cache.clear();
  }

  private remember(tokenHash: string, session: CachedSession) {
    if (this.cache.size >= MAX_CACHED) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(tokenHash, session);
  }

  private evictPlayer(playerId: number) {
    this.evictions += 1;
    for (const [hash, session] of this.cache) {
      if (session.playerId === playerId) this.cache.delete(hash);
    }
  }
}
