import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { ActivitiesTable, ActivityClaimsTable, ActivityTables } from './tables.ts';

export type ActivityRow = Selectable<ActivitiesTable>;
export type ClaimRow = Selectable<ActivityClaimsTable>;

/** What an operator sets on an activity; the counters and stamps are the repository's. */
export interface ActivityValues {
  type: number;
  texts: unknown;
  image_url: string | null;
  sort: number;
  start_at: Date;
  end_at: Date | null;
  currency: 'USDT' | 'TRX';
  rules: unknown;
  wagering_multiplier: number | null;
  per_player_limit: number | null;
  budget_cap: bigint | null;
  requires_recharge: boolean;
  enabled: boolean;
}

const json = (value: unknown) => JSON.stringify(value);

/** Activities, their claims, budget counters and audit. */
export class ActivityRepository {
  private readonly db: Kysely<Database & ActivityTables>;

  constructor(db: Db) {
    this.db = db.withTables<ActivityTables>();
  }

  all(): Promise<ActivityRow[]> {
    return this.db.selectFrom('activities').selectAll().orderBy('sort').orderBy('id').execute();
  }

  find(id: number, options: { lock?: boolean } = {}): Promise<ActivityRow | undefined> {
    let query = this.db.selectFrom('activities').selectAll().where('id', '=', id);
    if (options.lock) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  typesPresent(): Promise<number[]> {
    return this.db
      .selectFrom('activities')
      .select('type')
      .distinct()
      .execute()
      .then((rows) => rows.map((r) => r.type));
  }

  async insert(values: ActivityValues, by: string): Promise<ActivityRow> {
    return this.db
      .insertInto('activities')
      .values({ ...values, texts: json(values.texts), rules: json(values.rules), updated_by: by })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, values: ActivityValues, by: string): Promise<ActivityRow> {
    return this.db
      .updateTable('activities')
      .set({
        ...values,
        texts: json(values.texts),
        rules: json(values.rules),
        updated_by: by,
        updated_at: sql`now()`,
        revision: sql`nextval('activity_revision_seq')`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async audit(row: { activityId: number; action: string; oldValue: unknown; newValue: unknown; by: string }): Promise<void> {
    await this.db
      .insertInto('activity_audit')
      .values({
        activity_id: row.activityId,
        action: row.action,
        old_value: row.oldValue === undefined ? null : json(row.oldValue),
        new_value: json(row.newValue),
        updated_by: row.by,
      })
      .execute();
  }

  auditOf(activityId: number, limit: number) {
    return this.db.selectFrom('activity_audit').selectAll().where('activity_id', '=', activityId).orderBy('id', 'desc').limit(limit).execute();
  }

  /** The player's claims of some activities, newest first. */
  claims(playerId: number, activityIds: readonly number[]): Promise<ClaimRow[]> {
    if (activityIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('activity_claims')
      .selectAll()
      .where('player_id', '=', playerId)
      .where('activity_id', 'in', activityIds)
      .orderBy('created_at', 'desc')
      .orderBy('period', 'desc')
      .execute();
  }

  claimsOfRequest(playerId: number, activityId: number, requestId: string): Promise<ClaimRow[]> {
    return this.db
      .selectFrom('activity_claims')
      .selectAll()
      .where('player_id', '=', playerId)
      .where('activity_id', '=', activityId)
      .where('request_id', '=', requestId)
      .orderBy('period')
      .execute();
  }

  /**
   * Serialises the claims of one player on one activity until the transaction ends, so the claims
   * already made (the per-player limit, a streak) are read as they stand.
   */
  async lockPlayerClaims(activityId: number, playerId: number): Promise<void> {
    await sql`select pg_advisory_xact_lock(${activityId}::int4, ${playerId}::int4)`.execute(this.db);
  }

  /**
   * Records a claim of one period; false when the period is already claimed (a concurrent claim of
   * the same period waits here for the first to commit, then finds it).
   */
  async insertClaim(row: Omit<ClaimRow, 'created_at'>): Promise<boolean> {
    const inserted = await this.db
      .insertInto('activity_claims')
      .values(row)
      .onConflict((conflict) => conflict.columns(['activity_id', 'player_id', 'period']).doNothing())
      .returning('period')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async claimCount(playerId: number, activityId: number): Promise<number> {
    const row = await this.db
      .selectFrom('activity_claims')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('player_id', '=', playerId)
      .where('activity_id', '=', activityId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Adds `amount` to the activity's paid total under the row's lock, unless that would pass its
   * budget cap; false when it would (nothing changes). Concurrent claims queue on the row.
   */
  async spendBudget(activityId: number, amount: bigint): Promise<boolean> {
    const row = await this.db
      .updateTable('activities')
      .set({ paid_total: sql`paid_total + ${amount}` })
      .where('id', '=', activityId)
      .where(sql<boolean>`budget_cap is null or paid_total + ${amount} <= budget_cap`)
      .returning('paid_total')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The newest revision of any activity: configSync's version. */
  async revision(): Promise<number> {
    const row = await this.db.selectFrom('activities').select(sql<string>`coalesce(max(revision), 0)::text`.as('r')).executeTakeFirstOrThrow();
    return Number(row.r);
  }
}
