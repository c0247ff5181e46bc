import { createHash } from 'node:crypto';
import { userInfo } from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { OpsAuditEntry, OpsAuditSink } from '../../http/ops-call.ts';
import type { AuditRecordsTable, AuditTables } from './tables.ts';

/** The previous hash of the first record. */
export const GENESIS_HASH = '0'.repeat(64);

// Any constant works as long as every instance uses the same one: it serializes appends to the chain.
const AUDIT_CHAIN_LOCK = 7_402_330;

/** What a command-line action leaves in the audit: no session, no address; the operator by name. */
export interface CliAuditEntry {
  /** The command, e.g. `console create-owner`. */
  action: string;
  target?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  /** Who ran it; the operating-system user when not given. */
  by?: string;
  /** 0 when the command did what it was asked, else the catalogue code it failed with. */
  code?: number;
}

/**
 * The audit log (CONSOLE.md "Audit"): one append-only record per operator call, refusals included,
 * and per command-line action. Records form a hash chain: each one's hash covers its fields and the
 * previous record's hash, so `verifyAuditChain` finds the first record changed, removed or inserted.
 * Appends take a transaction-scoped advisory lock and read the last record inside it, so concurrent
 * appends (from any instance) queue and the chain never forks.
 */
export class AuditLog implements OpsAuditSink {
  private readonly db: Kysely<Database & AuditTables>;

  constructor(db: Db) {
    this.db = db.withTables<AuditTables>();
  }

  async record(entry: OpsAuditEntry): Promise<void> {
    await this.append({
      actor_kind: entry.actor?.kind ?? 'anonymous',
      actor_id: entry.actor ? BigInt(entry.actor.id) : null,
      actor_name: entry.actor?.name ?? null,
      action: entry.action,
      target: entry.target,
      kind: entry.kind,
      code: entry.code,
      before: entry.before,
      after: entry.after,
      reason: entry.reason,
      ip: entry.ip,
      user_agent: entry.userAgent,
    });
  }

  /** Records an action taken from the command line (`npm run console -- …`). */
  async recordCli(entry: CliAuditEntry): Promise<void> {
    await this.append({
      actor_kind: 'cli',
      actor_id: null,
      actor_name: entry.by ?? operatingSystemUser(),
      action: entry.action,
      target: entry.target ?? null,
      kind: 'change',
      code: entry.code ?? 0,
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason ?? null,
      ip: null,
      user_agent: null,
    });
  }

  private async append(fields: Omit<AuditRecordsTable, 'id' | 'at' | 'prev_hash' | 'hash'>): Promise<void> {
    const content = {
      ...fields,
      actor_name: storable(fields.actor_name),
      action: storable(fields.action) ?? '',
      target: storable(fields.target),
      before: asJson(fields.before),
      after: asJson(fields.after),
      reason: storable(fields.reason),
      ip: storable(fields.ip),
      user_agent: storable(fields.user_agent),
    };
    await this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`.execute(trx);
      // The database's clock, read under the lock, so times rise with ids whichever instance writes;
      // to the millisecond, as a JavaScript date keeps it for the hash.
      const { rows } = await sql<{ at: Date; id: bigint | null; hash: string | null }>`
        select date_trunc('milliseconds', clock_timestamp()) as at, last.id, last.hash
        from (select 1) as one left join lateral (select id, hash from audit_records order by id desc limit 1) as last on true`.execute(trx);
      const last = rows[0]!;
      const record = { ...content, id: (last.id ?? 0n) + 1n, at: last.at, prev_hash: last.hash ?? GENESIS_HASH };
      await trx
        .insertInto('audit_records')
        .values({
          ...record,
          before: jsonb(record.before),
          after: jsonb(record.after),
          hash: auditRecordHash(record),
        })
        .execute();
    });
  }
}

/**
 * A record's hash: sha256 over its fields in a fixed order, JSON values with their keys sorted, and
 * the previous record's hash. The form is what the database gives back, so a record read from it
 * hashes to what was written.
 */
export function auditRecordHash(record: Omit<AuditRecordsTable, 'hash'>): string {
  const fields = [
    record.id.toString(),
    record.at.toISOString(),
    record.actor_kind,
    record.actor_id === null ? null : record.actor_id.toString(),
    record.actor_name,
    record.action,
    record.target,
    record.kind,
    record.code,
    record.before ?? null,
    record.after ?? null,
    record.reason,
    record.ip,
    record.user_agent,
    record.prev_hash,
  ];
  return createHash('sha256').update(canonicalJson(fields)).digest('hex');
}

/** JSON with every object's keys in code-point order: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * A value as jsonb will keep it: bigints as decimal text, dates as ISO text, nothing undefined, no NUL
 * characters (which neither text nor jsonb can hold). Null stays null.
 */
function asJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? item.toString() : typeof item === 'string' ? item.replaceAll('\u0000', '') : item,
  );
  return text === undefined ? null : JSON.parse(text);
}

/** A value for a jsonb column: SQL null for null or undefined, else the value as `asJson` keeps it. */
export function jsonb(value: unknown) {
  const json = asJson(value);
  return json === null ? null : sql<unknown>`${JSON.stringify(json)}::jsonb`;
}

function storable(text: string | null): string | null {
  return text === null ? null : text.replaceAll('\u0000', '');
}

function operatingSystemUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
