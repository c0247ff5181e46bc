import { ALL_OPS_CALLS, ErrorCode, SHIPPED_ROLE_PERMISSIONS, SHIPPED_ROLES, type OpsCallDefinition, type ShippedRole } from '@lobby/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../modules/audit/audit-chain.ts';
import { createAutomationKey } from '../testing/ops-key.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * The permission matrix (CONSOLE.md "Roles and permissions"): every operator call of the contract,
 * called by every shipped role and by nobody. Allowed exactly where the role holds the call's
 * permission; refused with 10055 (HTTP 403) elsewhere and with HTTP 401 without a credential. The
 * body is empty: an allowed caller gets past the permission to validation (12) or to the handler.
 */
let t: TestApp;
const keys = new Map<ShippedRole, string>();
const signedInCalls = ALL_OPS_CALLS.filter((call) => call.access !== 'public');

beforeAll(async () => {
  t = await startTestApp();
  for (const role of SHIPPED_ROLES) keys.set(role, (await createAutomationKey(t.app.database.db, SHIPPED_ROLE_PERMISSIONS[role], `role-${role}`)).key);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const allowed = (call: OpsCallDefinition, role: ShippedRole) =>
  call.access === 'staff' || (SHIPPED_ROLE_PERMISSIONS[role] as readonly string[]).includes(call.access);

describe('operator calls and permissions', () => {
  it('declares every operator call under /ops/v1/<resource>/<action>, once', () => {
    expect(signedInCalls.length).toBeGreaterThan(0);
    const paths = ALL_OPS_CALLS.map((call) => call.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/ops\/v1\/[a-zA-Z]+\/[a-zA-Z]+$/);
  });

  it('refuses every signed-in call without a credential with HTTP 401 and 10009', async () => {
    for (const call of signedInCalls) {
      const reply = await t.ops(call.path, {}, null);
      expect([reply.status, reply.code], call.path).toEqual([401, ErrorCode.TOKEN_MISMATCH]);
    }
  }, 120_000);

  it('allows each shipped role exactly the calls its permissions name, and refuses the rest with 10055', async () => {
    const wrong: string[] = [];
    // The roles side by side, each walking the calls in order.
    await Promise.all(
      SHIPPED_ROLES.map(async (role) => {
        for (const call of signedInCalls) {
          const reply = await t.ops(call.path, {}, keys.get(role)!);
          const refused = reply.status === 403 && reply.code === ErrorCode.PERMISSION_DENIED;
          if (allowed(call, role) ? refused || reply.status === 401 || reply.status >= 500 : !refused) {
            wrong.push(`${role} ${call.path} (${call.access}): HTTP ${reply.status}, code ${reply.code}`);
          }
        }
      }),
    );
    expect(wrong.sort()).toEqual([]);
  }, 180_000);

  it('leaves one audit record of every call of the matrix, refusals included, on an intact chain', async () => {
    const db = t.app.database.db;
    const counted = await sql<{ action: string; calls: string }>`select action, count(*)::text as calls from audit_records group by action`.execute(db);
    const byAction = new Map(counted.rows.map((row) => [row.action, Number(row.calls)]));
    for (const call of signedInCalls) expect(byAction.get(call.path) ?? 0, call.path).toBeGreaterThanOrEqual(1 + SHIPPED_ROLES.length);
    const refusals = await sql<{
      n: string;
    }>`select count(*)::text as n from audit_records where code = ${ErrorCode.PERMISSION_DENIED} and actor_name like 'role-%'`.execute(db);
    expect(Number(refusals.rows[0]!.n)).toBeGreaterThan(0);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true });
  });
});
