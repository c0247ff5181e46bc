import { isPermission } from '@lobby/contract';
import type { FastifyRequest } from 'fastify';
import type { StaffActor } from '../../http/ops-call.ts';
import { consoleCookieOf, type ConsoleSessions, type LiveConsoleSession } from './console-sessions.ts';

/** The query parameter the console's socket carries its CSRF token in: a browser cannot set headers on an upgrade. */
export const SOCKET_CSRF_PARAM = 'csrf';

function actorOf(session: LiveConsoleSession): StaffActor {
  return {
    kind: 'staff',
    id: session.staffId,
    name: session.login,
    permissions: new Set(session.permissions.filter(isPermission)),
    verifiedAt: session.verifiedAt,
    sessionId: session.id,
  };
}

/**
 * Who opens a console socket (`/ops/v1/ws`): the session cookie with its CSRF token in the URL, from a
 * page of this same site (the Origin must name the host the request came to, so another site's page
 * cannot ride the cookie). Re-checked by session id without counting as activity.
 */
export function consoleSocketAuth(sessions: ConsoleSessions) {
  return {
    async authenticate(request: FastifyRequest): Promise<StaffActor | null> {
      const origin = request.headers.origin;
      if (origin !== undefined && !sameHost(origin, request.headers.host)) return null;
      const cookie = consoleCookieOf(request);
      const csrf = new URL(request.url, 'http://socket').searchParams.get(SOCKET_CSRF_PARAM);
      if (!cookie || !csrf) return null;
      const session = await sessions.resume(cookie, csrf);
      return session ? actorOf(session) : null;
    },
    async refresh(holder: StaffActor): Promise<StaffActor | null> {
      const session = holder.sessionId ? await sessions.current(holder.sessionId) : null;
      return session ? actorOf(session) : null;
    },
  };
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
