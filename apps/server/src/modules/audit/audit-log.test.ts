import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { StaffActor } from '../../http/ops-call.ts';
import { useMigratedTestDatabase } from '../../testing/migrated-database.ts';
import { verifyAuditChain } from './audit-chain.ts';
import { AuditLog, GENESIS_HASH, auditRecordHash } from './audit-log.ts';
import type { AuditTables } from './tables.ts';

const alice: StaffActor = { kind: 'staff', id: 7, name: 'alice', permissions: new Set(), verifiedAt: null, sessionId: null };

function entry(action: string, extra: Partial<Parameters<AuditLog['record']>[0]> = {}) {
  return {
    actor: alice,
    action,
    target: 'player:100012',
    kind: 'change' as const,
    code: 0,
    before: { balance: 5n, nested: { z: 1, a: [1, 'two', null] } },
    after: { balance: 7n, at: new Date('2026-01-02T03:04:05.678Z') },
    reason: 'goodwill',
    ip: '203.0.113.9',
    userAgent: 'Mozilla/5.0',
    ...extra,
  };
}

describe('AuditLog', () => {
  const handle = useMigratedTestDatabase();
  const records = () => handle().db.withTables<AuditTables>().selectFrom('audit_records').selectAll().orderBy('id').execute();

  it('links each record to the hash of the one before it, starting from 64 zeros', async () => {
    const log = new AuditLog(handle().db);
    await log.record(entry('/ops/v1/players/freeze'));
    await log.record(
      entry('/ops/v1/players/get', { actor: null, kind: 'read', code: 10054, before: null, after: null, target: null, reason: null, userAgent: null }),
    );
    await log.recordCli({ action: 'console create-owner', target: 'staff:1', after: { login: 'owner' }, by: 'root' });

    const [first, second, third] = await records();
    expect(first).toMatchObject({ id: 1n, actor_kind: 'staff', actor_id: 7n, actor_name: 'alice', prev_hash: GENESIS_HASH, code: 0 });
    expect(first!.before).toEqual({ balance: '5', nested: { z: 1, a: [1, 'two', null] } });
    expect(first!.after).toEqual({ balance: '7', at: '2026-01-02T03:04:05.678Z' });
    expect(second).toMatchObject({ id: 2n, actor_kind: 'anonymous', actor_id: null, code: 10054, before: null, prev_hash: first!.hash });
    expect(third).toMatchObject({ id: 3n, actor_kind: 'cli', actor_name: 'root', ip: null, action: 'console create-owner', prev_hash: second!.hash });
    for (const record of [first!, second!, third!]) expect(auditRecordHash(record)).toBe(record.hash);
    expect(await verifyAuditChain(handle().db)).toEqual({ ok: true, count: 3 });
  });

  it('keeps one unforked chain when fifty records are appended at once', async () => {
    const log = new AuditLog(handle().db);
    const before = (await records()).length;
    await Promise.all(Array.from({ length: 50 }, (_, i) => log.record(entry(`/ops/v1/players/get`, { target: `player:${i}` }))));
    const all = await records();
    expect(all).toHaveLength(before + 50);
    expect(new Set(all.map((record) => record.prev_hash)).size).toBe(all.length);
    const times = all.map((record) => record.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(await verifyAuditChain(handle().db)).toEqual({ ok: true, count: all.length });
  });

  it('is refused update, delete and truncate by the database', async () => {
    const { db } = handle();
    await new AuditLog(db).record(entry('/ops/v1/players/freeze'));
    await expect(sql`update audit_records set reason = 'nothing happened'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_records`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_records`.execute(db)).rejects.toThrow(/append-only/);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true });
  });
});
