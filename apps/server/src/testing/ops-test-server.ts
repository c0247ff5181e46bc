import Fastify, { type FastifyInstance } from 'fastify';
import type { Permission } from '@lobby/contract';
import type { Db } from '../db/database.ts';
import { installErrorHandler } from '../http/error-handler.ts';
import { OpsRegistrar, type OpsAuditSink, type OpsAuthenticator, type StaffActor } from '../http/ops-call.ts';
import { AuditLog } from '../modules/audit/audit-log.ts';
import { checkOpsReply } from './ops-call.ts';

// Far above the ids of staff rows a test inserts, so a made-up member is never mistaken for one.
let nextStaffId = 1_000_000;

/** A staff member holding `permissions`, who gave a TOTP code just now. */
export function staffMember(name: string, permissions: Permission[]): StaffActor {
  return { kind: 'staff', id: nextStaffId++, name, permissions: new Set(permissions), verifiedAt: new Date(), sessionId: null };
}

/**
 * An HTTP server with operator calls registered through the real OpsRegistrar and audited into the
 * real audit log (or the sink given), whose callers are the staff members given: a request names its
 * caller in `x-test-staff` (no header: nobody signed in).
 */
export async function opsTestServer(db: Db, staff: StaffActor[], register: (ops: OpsRegistrar) => void, audit: OpsAuditSink = new AuditLog(db)) {
  const byName = new Map(staff.map((actor) => [actor.name, actor]));
  const authenticator: OpsAuthenticator = {
    authenticate: async (request) => {
      const name = request.headers['x-test-staff'];
      return typeof name === 'string' ? (byName.get(name) ?? null) : null;
    },
  };
  const http: FastifyInstance = Fastify();
  installErrorHandler(http);
  register(new OpsRegistrar(http, authenticator, audit));
  await http.ready();
  return {
    http,
    /** Calls `path` as `as` (null: nobody), answering the HTTP status with the envelope, checked against the call's response schema when it succeeded. */
    async call(path: string, body: unknown, as: string | null) {
      const response = await http.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', 'user-agent': 'console-test', ...(as ? { 'x-test-staff': as } : {}) },
        payload: JSON.stringify(body),
      });
      const reply = response.json() as { code: number; msg: string; data: any };
      checkOpsReply(path, reply);
      return { status: response.statusCode, ...reply };
    },
  };
}
