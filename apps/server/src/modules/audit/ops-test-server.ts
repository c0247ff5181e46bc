import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { installErrorHandler } from '../../http/error-handler.ts';
import { OpsRegistrar, type OpsAuthenticator, type StaffActor } from '../../http/ops-call.ts';
import { AuditLog } from './audit-log.ts';

/**
 * An HTTP server with operator calls registered through the real OpsRegistrar and audited into the
 * real audit log, whose callers are the staff members given: a request names its caller in
 * `x-test-staff` (no header: nobody signed in).
 */
export async function opsTestServer(db: Db, staff: StaffActor[], register: (ops: OpsRegistrar) => void) {
  const byName = new Map(staff.map((actor) => [actor.name, actor]));
  const authenticator: OpsAuthenticator = {
    authenticate: async (request) => {
      const name = request.headers['x-test-staff'];
      return typeof name === 'string' ? (byName.get(name) ?? null) : null;
    },
  };
  const http: FastifyInstance = Fastify();
  installErrorHandler(http);
  register(new OpsRegistrar(http, authenticator, new AuditLog(db)));
  await http.ready();
  return {
    http,
    /** Calls `path` as `as` (null: nobody), answering the HTTP status with the envelope. */
    async call(path: string, body: unknown, as: string | null) {
      const response = await http.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', 'user-agent': 'console-test', ...(as ? { 'x-test-staff': as } : {}) },
        payload: JSON.stringify(body),
      });
      return { status: response.statusCode, ...(response.json() as { code: number; msg: string; data: any }) };
    },
  };
}
