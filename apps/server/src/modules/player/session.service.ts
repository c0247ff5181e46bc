import { hash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { SessionEndReason } from '../../db/schema.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { fail, UnauthorizedError } from '../../http/app-error.ts';
import { SessionRepository } from './session.repo.ts';

export interface AuthenticatedSession {
  sessionId: bigint;
  playerId: number;
}

interface CachedSession extends AuthenticatedSession {
  expiresAt: number;
  endReason: SessionEndReason | null;
  cachedAt: number;
}

const SESSION_ENDED = 'session.ended';
const MAX_CACHED = 100_000;

export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/**
 * One active session per player. Sessions are rows in the database (the truth, shared by every
 * instance) and are cached here so a call costs no round trip; any instance that ends a session
 * publishes it, and every instance drops the player's cached tokens at once.
 */
export class SessionService {
  private readonly cache = new Map<string, CachedSession>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly repo: SessionRepository,
    private readonly bus: EventBus,
    private readonly options: { ttlMs: number; cacheMs: number },
  ) {
    this.unsubscribe = bus.subscribe(SESSION_ENDED, ({ playerId }: { playerId: number }) => this.evictPlayer(playerId));
  }

  /** Opens a session inside the caller's transaction, ending any other active one as replaced. */
  async open(trx: Db, playerId: number, loginIp: string, clientIp: string | null) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.options.ttlMs);
    await new SessionRepository(trx).endActive(playerId, 'replaced');
    await new SessionRepository(trx).insert({ playerId, tokenHash: hashToken(token), expiresAt, loginIp, clientIp });
    return { token, expiresAt };
  }

  /** Call after the transaction that opened or ended sessions has committed. */
  async announceEnded(playerId: number) {
    this.evictPlayer(playerId);
    await this.bus.publish(SESSION_ENDED, { playerId });
  }

  async authenticate(token: string): Promise<AuthenticatedSession> {
    const tokenHash = hashToken(token);
    const now = Date.now();
    let cached = this.cache.get(tokenHash);
    if (!cached || now - cached.cachedAt > this.options.cacheMs) {
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
      this.remember(tokenHash, cached);
    }
    if (cached.endReason === 'replaced') throw fail('LOGGED_IN_ELSEWHERE');
    if (cached.endReason === 'logout') throw new UnauthorizedError();
    if (cached.endReason === 'password_changed' || cached.expiresAt <= now) throw fail('TOKEN_EXPIRED');
    return { sessionId: cached.sessionId, playerId: cached.playerId };
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
    for (const [hash, session] of this.cache) {
      if (session.playerId === playerId) this.cache.delete(hash);
    }
  }
}
