import { ErrorCode } from '@lobby/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useMigratedTestDatabase } from '../../testing/migrated-database.ts';
import { AuditLog } from './audit-log.ts';
import { registerAuditOpsRoutes } from './audit.routes.ts';
import { opsTestServer, staffMember } from '../../testing/ops-test-server.ts';

const auditor = staffMember('auditor', ['audit.read']);
const analyst = staffMember('analyst', ['dashboard.read']);

describe('audit calls', () => {
  const handle = useMigratedTestDatabase();
  let server: Awaited<ReturnType<typeof opsTestServer>>;

  beforeAll(async () => {
    server = await opsTestServer(handle().db, [auditor, analyst], (ops) => registerAuditOpsRoutes(ops, handle().db));
  });

  describe('/ops/v1/audit/list', () => {
    it('refuses a caller without audit.read with 10055, and records the refusal', async () => {
      expect(await server.call('/ops/v1/audit/list', {}, 'analyst')).toMatchObject({ status: 403, code: ErrorCode.PERMISSION_DENIED });
      const { data } = await server.call('/ops/v1/audit/list', { actor: 'analyst' }, 'auditor');
      expect(data.list[0]).toMatchObject({
        actorKind: 'staff',
        actorName: 'analyst',
        action: '/ops/v1/audit/list',
        code: ErrorCode.PERMISSION_DENIED,
        kind: 'read',
        userAgent: 'console-test',
      });
    });

    it('records a call made by nobody signed in as anonymous', async () => {
      expect(await server.call('/ops/v1/audit/verify', {}, null)).toMatchObject({ status: 401 });
      const { data } = await server.call('/ops/v1/audit/list', { action: '/ops/v1/audit/verify' }, 'auditor');
      expect(data.list[0]).toMatchObject({ actorKind: 'anonymous', actorName: null, code: ErrorCode.TOKEN_MISMATCH });
    });

    it('filters by actor, action prefix, target and time, newest first, paged by id', async () => {
      const log = new AuditLog(handle().db);
      for (let i = 0; i < 5; i++) {
        await log.record({
          actor: auditor,
          action: '/ops/v1/players/get',
          target: `player:${i}`,
          kind: 'pii',
          code: 0,
          before: null,
          after: null,
          reason: null,
          ip: '203.0.113.5',
          userAgent: null,
        });
        await server.call('/ops/v1/audit/list', {}, 'auditor');
      }
      const everything = (await server.call('/ops/v1/audit/list', { limit: 200 }, 'auditor')).data.list as { id: number; at: string }[];
      expect(everything.map((record) => record.id)).toEqual([...everything.map((record) => record.id)].sort((a, b) => b - a));

      const first = await server.call('/ops/v1/audit/list', { actor: 'auditor', action: '/ops/v1/audit/', limit: 2 }, 'auditor');
      expect(first.data.list).toHaveLength(2);
      const second = await server.call(
        '/ops/v1/audit/list',
        { actor: 'auditor', action: '/ops/v1/audit/', limit: 2, beforeId: first.data.nextBeforeId },
        'auditor',
      );
      expect(second.data.list[0].id).toBeLessThan(first.data.list[1].id);

      const byTarget = await server.call('/ops/v1/audit/list', { target: 'player:3' }, 'auditor');
      expect(byTarget.data).toMatchObject({ list: [{ target: 'player:3', actorName: 'auditor', kind: 'pii', ip: '203.0.113.5' }], nextBeforeId: null });

      expect((await server.call('/ops/v1/audit/list', { action: '/ops/v1/players/' }, 'auditor')).data.list).toHaveLength(5);
      expect((await server.call('/ops/v1/audit/list', { action: '/ops/v1/players/', actor: 'analyst' }, 'auditor')).data.list).toEqual([]);
      expect((await server.call('/ops/v1/audit/list', { action: '/ops/v1/audit/lis_' }, 'auditor')).data.list).toEqual([]);

      const middle = everything[Math.floor(everything.length / 2)]!;
      const since = (await server.call('/ops/v1/audit/list', { from: middle.at, limit: 200 }, 'auditor')).data.list as { at: string }[];
      expect(since.length).toBeGreaterThan(0);
      expect(since.every((record) => record.at >= middle.at)).toBe(true);
      const until = (await server.call('/ops/v1/audit/list', { to: middle.at, limit: 200 }, 'auditor')).data.list as { at: string }[];
      expect(until.every((record) => record.at < middle.at)).toBe(true);
    });
  });

  describe('/ops/v1/audit/verify', () => {
    it('answers the chain intact, then points at a record altered behind the trigger', async () => {
      const intact = await server.call('/ops/v1/audit/verify', {}, 'auditor');
      expect(intact).toMatchObject({ code: 0, data: { ok: true } });
      expect(intact.data.count).toBeGreaterThan(5);

      // As someone with direct access to the database could: triggers off for one transaction.
      await handle()
        .db.transaction()
        .execute(async (trx) => {
          await sql`set local session_replication_role = replica`.execute(trx);
          await sql`update audit_records set actor_name = 'someone else' where id = 3`.execute(trx);
        });
      expect(await server.call('/ops/v1/audit/verify', {}, 'auditor')).toMatchObject({ code: 0, data: { ok: false, brokenAt: 3, count: 2 } });
    });
  });
});
