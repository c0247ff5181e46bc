import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { BannerAuditAction, BannerTables } from './tables.ts';

type Tables = Database & BannerTables;

// Any constant works as long as every instance uses the same one.
const SEED_LOCK = 7_402_331;

const COLUMNS = [
  'id',
  'title',
  'image_url',
  'media_id',
  'link',
  'sort',
  'language',
  'promotion_channel',
  'enabled',
  'starts_at',
  'ends_at',
  'created_at',
  'updated_at',
] as const;

export interface BannerRecord {
  id: number;
  title: string;
  image_url: string;
  media_id: string | null;
  link: string | null;
  sort: number;
  language: string | null;
  promotion_channel: string | null;
  enabled: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type BannerValues = Pick<
  BannerRecord,
  'title' | 'image_url' | 'media_id' | 'link' | 'sort' | 'language' | 'promotion_channel' | 'enabled' | 'starts_at' | 'ends_at'
>;

export interface AuditEntry {
  action: BannerAuditAction;
  oldValue: unknown;
  newValue: unknown;
  by: string;
}

/** The banners table as operators manage it, every change written with its audit row in one transaction. */
export class BannerRepository {
  private readonly db: Kysely<Tables>;

  constructor(db: Db) {
    this.db = db.withTables<BannerTables>();
  }

  list(): Promise<BannerRecord[]> {
    return this.db.selectFrom('banners').select(COLUMNS).orderBy('sort').orderBy('id').execute() as Promise<BannerRecord[]>;
  }

  async insert(values: BannerValues, by: string, action: BannerAuditAction = 'create'): Promise<BannerRecord> {
    return this.db.transaction().execute(async (trx) => {
      const row = (await trx.insertInto('banners').values(values).returning(COLUMNS).executeTakeFirstOrThrow()) as BannerRecord;
      await audit(trx, row.id, { action, oldValue: null, newValue: bannerFields(row), by });
      return row;
    });
  }

  /**
   * Applies `change` to the locked row and audits old and new values; undefined when there is no
   * such banner. `change` answers the columns to set, or null to leave the row as it is.
   */
  async update(id: number, action: BannerAuditAction, by: string, change: (old: BannerRecord) => Partial<BannerValues>): Promise<BannerRecord | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const old = (await trx.selectFrom('banners').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst()) as BannerRecord | undefined;
      if (!old) return undefined;
      const values = change(old);
      const row = (await trx
        .updateTable('banners')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow()) as BannerRecord;
      await audit(trx, id, { action, oldValue: pick(bannerFields(old), Object.keys(values)), newValue: pick(bannerFields(row), Object.keys(values)), by });
      return row;
    });
  }

  /** Gives the listed banners the sorts 10, 20, ... in that order; false (and nothing changed) if one is unknown. */
  async reorder(ids: number[], by: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('banners').select(['id', 'sort']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
      if (rows.length !== ids.length) return false;
      const before = new Map(rows.map((row) => [row.id, row.sort]));
      for (const [index, id] of ids.entries()) {
        const sort = (index + 1) * 10;
        if (before.get(id) === sort) continue;
        await trx.updateTable('banners').set({ sort, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
        await audit(trx, id, { action: 'order', oldValue: { sort: before.get(id) }, newValue: { sort }, by });
      }
      return true;
    });
  }

  audit(bannerId: number | undefined, limit: number) {
    let query = this.db.selectFrom('banner_audit').selectAll().orderBy('id', 'desc').limit(limit);
    if (bannerId !== undefined) query = query.where('banner_id', '=', bannerId);
    return query.execute();
  }

  /**
   * Writes the starting banners when the table has never held one; instances starting together
   * write them once (advisory lock). Answers whether it wrote them.
   */
  async seedIfEmpty(rows: BannerValues[], by: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
      const any = await trx.selectFrom('banners').select('id').limit(1).executeTakeFirst();
      if (any) return false;
      for (const values of rows) {
        const row = (await trx.insertInto('banners').values(values).returning(COLUMNS).executeTakeFirstOrThrow()) as BannerRecord;
        await audit(trx, row.id, { action: 'create', oldValue: null, newValue: bannerFields(row), by });
      }
      return true;
    });
  }
}

async function audit(trx: Transaction<Tables>, bannerId: number, entry: AuditEntry) {
  await trx
    .insertInto('banner_audit')
    .values({
      banner_id: bannerId,
      action: entry.action,
      old_value: entry.oldValue === null ? null : JSON.stringify(entry.oldValue),
      new_value: JSON.stringify(entry.newValue),
      changed_by: entry.by,
    })
    .execute();
}

/** What the operator sets on a banner, as the API names it: what the audit records and the views show. */
export function bannerFields(row: BannerRecord) {
  return {
    title: row.title,
    imageUrl: row.image_url,
    link: row.link,
    sort: row.sort,
    language: row.language,
    promotionChannel: row.promotion_channel,
    enabled: row.enabled,
    startsAt: row.starts_at?.toISOString() ?? null,
    endsAt: row.ends_at?.toISOString() ?? null,
  };
}

const COLUMN_KEYS: Record<string, string> = {
  title: 'title',
  image_url: 'imageUrl',
  media_id: 'imageUrl',
  link: 'link',
  sort: 'sort',
  language: 'language',
  promotion_channel: 'promotionChannel',
  enabled: 'enabled',
  starts_at: 'startsAt',
  ends_at: 'endsAt',
};

function pick(values: Record<string, unknown>, columns: string[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => COLUMN_KEYS[column] ?? column).map((key) => [key, values[key]]));
}
