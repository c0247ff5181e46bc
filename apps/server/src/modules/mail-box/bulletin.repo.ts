import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface BulletinRow {
  id: number;
  title: Record<string, string>;
  content: Record<string, string>;
  starts_at: Date;
  ends_at: Date | null;
  active: boolean;
  created_at: Date;
}

/**
 * The bulletin the heartbeat carries: rows of `notices`, each with a text per language, a start (now,
 * or later when scheduled), an optional end, and `active` turned off when the operator withdraws it.
 */
export class BulletinRepository {
  constructor(private readonly db: Db) {}

  /** Bulletins still to show or showing: active and not ended. Few, so every instance keeps them in memory. */
  live(): Promise<BulletinRow[]> {
    return this.db
      .selectFrom('notices')
      .selectAll()
      .where('active', '=', true)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
      .orderBy('id', 'desc')
      .execute();
  }

  list(limit: number): Promise<BulletinRow[]> {
    return this.db.selectFrom('notices').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }

  insert(bulletin: { title: Record<string, string>; content: Record<string, string>; startsAt: Date; endsAt: Date | null }): Promise<BulletinRow> {
    return this.db
      .insertInto('notices')
      .values({ title: JSON.stringify(bulletin.title), content: JSON.stringify(bulletin.content), starts_at: bulletin.startsAt, ends_at: bulletin.endsAt })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Locks a bulletin for a change; call inside a transaction. */
  lock(id: number): Promise<BulletinRow | undefined> {
    return this.db.selectFrom('notices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async withdraw(id: number): Promise<BulletinRow> {
    return this.db.updateTable('notices').set({ active: false }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }
}
