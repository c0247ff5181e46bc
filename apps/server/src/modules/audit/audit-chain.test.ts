import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { useMigratedTestDatabase } from '../../testing/migrated-database.ts';
import { verifyAuditChain } from './audit-chain.ts';
import { AuditLog, auditRecordHash } from './audit-log.ts';
import type { AuditTables } from './tables.ts';

const run = promisify(execFile);

async function appendTen(log: AuditLog) {
  for (let i = 1; i <= 10; i++) await log.recordCli({ action: 'console test', target: `staff:${i}`, after: { step: i }, by: 'root' });
}

/** Changes the audit as someone with direct access to the database could, past the trigger. */
async function tamper(db: Db, statement: RawBuilder<unknown>) {
  await sql`alter table audit_records disable trigger audit_records_no_update`.execute(db);
  try {
    await statement.execute(db);
  } finally {
    await sql`alter table audit_records enable trigger audit_records_no_update`.execute(db);
  }
}

describe('verifyAuditChain', () => {
  describe('on an intact chain', () => {
    const handle = useMigratedTestDatabase();

    it('answers ok with the number of records, none at first', async () => {
      expect(await verifyAuditChain(handle().db)).toEqual({ ok: true, count: 0 });
      await appendTen(new AuditLog(handle().db));
      expect(await verifyAuditChain(handle().db)).toEqual({ ok: true, count: 10 });
    });
  });

  describe('when a record was altered in place', () => {
    const handle = useMigratedTestDatabase();

    it('points at exactly that record', async () => {
      const { db } = handle();
      await appendTen(new AuditLog(db));
      await tamper(db, sql`update audit_records set after = '{"step": 70}'::jsonb where id = 7`);
      expect(await verifyAuditChain(db)).toEqual({ ok: false, brokenAt: 7, count: 6, reason: 'record 7 was changed after it was written' });
    });
  });

  describe('when a record was altered and its hash recomputed', () => {
    const handle = useMigratedTestDatabase();

    it('points at the record after it, whose previous hash no longer matches', async () => {
      const { db } = handle();
      await appendTen(new AuditLog(db));
      const forged = await db.withTables<AuditTables>().selectFrom('audit_records').selectAll().where('id', '=', 4n).executeTakeFirstOrThrow();
      const hash = auditRecordHash({ ...forged, actor_name: 'mallory' });
      await tamper(db, sql`update audit_records set actor_name = 'mallory', hash = ${hash} where id = 4`);
      expect(await verifyAuditChain(db)).toMatchObject({ ok: false, brokenAt: 5, count: 4 });
    });
  });

  describe('when a record was removed', () => {
    const handle = useMigratedTestDatabase();

    it('points at the record after the gap', async () => {
      const { db } = handle();
      await appendTen(new AuditLog(db));
      await tamper(db, sql`delete from audit_records where id = 3`);
      expect(await verifyAuditChain(db)).toMatchObject({ ok: false, brokenAt: 4, count: 2 });
    });
  });

  describe.runIf(process.env.DATABASE_URL)('npm run audit:verify', () => {
    const handle = useMigratedTestDatabase();
    const cli = (url: string) =>
      run('npx', ['tsx', 'apps/server/src/modules/audit/audit-verify-cli.ts'], { env: { ...process.env, DATABASE_URL: url } }).then(
        (done) => ({ exitCode: 0, out: done.stdout + done.stderr }),
        (failed: { code: number; stdout: string; stderr: string }) => ({ exitCode: failed.code, out: failed.stdout + failed.stderr }),
      );

    it('exits 0 on an intact chain and 1 naming the first broken record', async () => {
      const { db } = handle();
      const url = (handle() as { url?: string }).url!;
      await appendTen(new AuditLog(db));
      expect(await cli(url)).toMatchObject({ exitCode: 0, out: expect.stringContaining('10 records, intact') });
      await tamper(db, sql`update audit_records set reason = 'edited' where id = 9`);
      expect(await cli(url)).toMatchObject({ exitCode: 1, out: expect.stringContaining('BROKEN at record 9') });
    }, 60_000);
  });
});
