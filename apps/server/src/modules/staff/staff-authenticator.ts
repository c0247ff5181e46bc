import { CSRF_HEADER, isPermission } from '@lobby/contract';
import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../../http/app-error.ts';
import type { OpsAuthenticator, StaffActor } from '../../http/ops-call.ts';
import type { ApiKeysService } from './api-keys.service.ts';
import { consoleCookieOf, type ConsoleSessions } from './console-sessions.ts';

/** The header automation sends its API key in. */
export const API_KEY_HEADER = 'x-api-key';

/**
 * Who is calling an operator endpoint: an API key in `x-api-key`, or a console session (its cookie
 * and CSRF token). Looked up on every call, so a revoked key or a disabled staff member is refused on
 * every instance at once.
 */
export class StaffAuthenticator implements OpsAuthenticator {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly sessions: ConsoleSessions,
  ) {}

  async authenticate(request: FastifyRequest): Promise<StaffActor | null> {
    const key = request.headers[API_KEY_HEADER];
    if (key !== undefined) {
      const actor = typeof key === 'string' ? await this.keys.actorFor(key) : null;
      if (!actor) throw new UnauthorizedError();
      return actor;
    }
    const cookie = consoleCookieOf(request);
    if (cookie === null) return null;
    const csrfToken = request.headers[CSRF_HEADER];
    if (typeof csrfToken !== 'string' || csrfToken === '') throw new UnauthorizedError();
    const session = await this.sessions.resume(cookie, csrfToken);
    if (!session) throw new UnauthorizedError();
    return {
      kind: 'staff',
      id: session.staffId,
      name: session.login,
      permissions: new Set(session.permissions.filter(isPermission)),
      verifiedAt: session.verifiedAt,
      sessionId: session.id,
    };
  }
}
