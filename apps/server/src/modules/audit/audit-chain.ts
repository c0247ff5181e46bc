import type { Db } from '../../db/database.ts';
import { auditRecordHash, GENESIS_HASH } from './audit-log.ts';
import type { AuditTables } from './tables.ts';

export type AuditChainVerdict = { ok: true; count: number } | { ok: false; brokenAt: number; reason: string; count: number };

const PAGE = 1_000;

/**
 * Walks the audit chain from the first record and answers where it first breaks: a record whose
 * fields no longer give its hash (changed), whose previous hash is not the hash of the record before
 * it, or whose id does not follow the one before it (removed or inserted). `count` is the number of
 * records checked, up to the broken one.
 */
export async function verifyAuditChain(db: Db): Promise<AuditChainVerdict> {
  const audit = db.withTables<AuditTables>();
  let previous: { id: bigint; hash: string } = { id: 0n, hash: GENESIS_HASH };
  let count = 0;
  for (;;) {
    const page = await audit.selectFrom('audit_records').selectAll().where('id', '>', previous.id).orderBy('id').limit(PAGE).execute();
    for (const record of page) {
      const broken = (reason: string) => ({ ok: false as const, brokenAt: Number(record.id), reason, count });
      if (record.id !== previous.id + 1n) return broken(`record ${record.id} follows record ${previous.id}: records between them are missing`);
      if (record.prev_hash !== previous.hash) return broken(`record ${record.id} does not carry the hash of the record before it`);
      if (auditRecordHash(record) !== record.hash) return broken(`record ${record.id} was changed after it was written`);
      previous = record;
      count++;
    }
    if (page.length < PAGE) return { ok: true, count };
  }
}
