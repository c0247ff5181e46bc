import { quotaLimitsSchema } from '@lobby/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { SharedCopy } from '../../events/shared-copy.ts';
import { fail } from '../../http/app-error.ts';

/**
 * Per-player quotas of the support chat and the media store it writes to: chat messages a minute,
 * chat images (count and bytes) an hour and a day, and the bytes of media a player may own in all.
 *
 * Counters are rows of `usage_quotas` per (player, kind, window start), each raised by one
 * conditional upsert that refuses to pass its limit: the row lock lines up parallel requests on any
 * instance, so 40 uploads sent together pass exactly as many as the limits allow. A refusal is
 * code 10054 and, inside the caller's transaction, undoes every counter raised before it.
 * The limits are the operator's (`quota_settings`, key `chat`), reloaded on every instance when one
 * changes them, so a change applies without a restart.
 */
export type QuotaLimits = z.infer<typeof quotaLimitsSchema>;

const MB = 1024 * 1024;
export const DEFAULT_QUOTA_LIMITS: QuotaLimits = {
  messagesPerMinute: 20,
  imagesPerHour: 10,
  imageBytesPerHour: 10 * MB,
  imagesPerDay: 30,
  imageBytesPerDay: 30 * MB,
  mediaBytesPerPlayer: 50 * MB,
};

const KEY = 'chat';
const CHANGED_CHANNEL = 'quota.settings.changed';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type QuotaKind = 'chat_message_minute' | 'chat_image_hour' | 'chat_image_day';

const windowStart = (now: number, span: number) => new Date(now - (now % span));

export class ChatQuotas {
  private limits: QuotaLimits = DEFAULT_QUOTA_LIMITS;
  private loads = 0;
  private readonly copy: SharedCopy;

  constructor(
    private readonly db: Db,
    bus?: EventBus,
    private readonly clock: () => number = Date.now,
  ) {
    this.copy = new SharedCopy(CHANGED_CHANNEL, () => this.reload(), bus);
  }

  async start(): Promise<void> {
    await this.copy.follow();
  }

  stop(): void {
    this.copy.stop();
  }

  current(): QuotaLimits {
    return this.limits;
  }

  private async reload(): Promise<void> {
    // Reloads can overlap (an announcement heard while this instance changes the limits): the one
    // started last read the newest row, so an older one finishing after it must not win.
    const load = ++this.loads;
    const { rows } = await sql<{ value: unknown }>`select value from quota_settings where key = ${KEY}`.execute(this.db);
    const parsed = rows[0] ? quotaLimitsSchema.partial().safeParse(rows[0].value) : undefined;
    if (load === this.loads) this.limits = { ...DEFAULT_QUOTA_LIMITS, ...(parsed?.success ? parsed.data : {}) };
  }

  /** Operator: changes some limits (the rest keep theirs), with an audit row; applies at once on every instance. */
  async set(changes: Partial<QuotaLimits>, by: string): Promise<QuotaLimits> {
    const next = quotaLimitsSchema.parse({ ...this.limits, ...changes });
    await this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ value: unknown }>`select value from quota_settings where key = ${KEY} for update`.execute(trx);
      await sql`
        insert into quota_settings (key, value, updated_by) values (${KEY}, ${JSON.stringify(next)}::jsonb, ${by})
        on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`.execute(trx);
      await sql`
        insert into quota_settings_audit (key, old_value, new_value, updated_by)
        values (${KEY}, ${rows[0] ? JSON.stringify(rows[0].value) : null}::jsonb, ${JSON.stringify(next)}::jsonb, ${by})`.execute(trx);
    });
    await this.copy.changed();
    return this.limits;
  }

  async audit(limit: number) {
    const { rows } = await sql<{ id: string; old_value: unknown; new_value: unknown; updated_by: string; created_at: Date }>`
      select id::text as id, old_value, new_value, updated_by, created_at from quota_settings_audit where key = ${KEY} order by quota_settings_audit.id desc limit ${limit}`.execute(
      this.db,
    );
    return rows.map((row) => ({ id: Number(row.id), oldValue: row.old_value, newValue: row.new_value, by: row.updated_by, at: row.created_at.toISOString() }));
  }

  /** Runs `work` in one transaction of the quota's database. */
  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** One chat message of the player (text or image): 10054 past the minute's limit. */
  async message(playerId: number, db: Db = this.db): Promise<void> {
    const now = this.clock();
    await this.consume(db, playerId, 'chat_message_minute', windowStart(now, MINUTE), 0, this.limits.messagesPerMinute, Number.MAX_SAFE_INTEGER);
  }

  /**
   * One chat image of `bytes`, inside the caller's transaction: counted in the hour and the day,
   * 10054 when either would pass its limit of images or bytes.
   */
  async image(db: Db, playerId: number, bytes: number): Promise<void> {
    const now = this.clock();
    const limits = this.limits;
    await this.consume(db, playerId, 'chat_image_hour', windowStart(now, HOUR), bytes, limits.imagesPerHour, limits.imageBytesPerHour);
    await this.consume(db, playerId, 'chat_image_day', windowStart(now, DAY), bytes, limits.imagesPerDay, limits.imageBytesPerDay);
  }

  private async consume(db: Db, playerId: number, kind: QuotaKind, start: Date, bytes: number, maxCount: number, maxBytes: number): Promise<void> {
    const { rows } = await sql<{ count: number }>`
      insert into usage_quotas as q (player_id, kind, window_start, count, bytes)
      select ${playerId}, ${kind}, ${start}, 1, ${bytes}::int8 where 1 <= ${maxCount}::int4 and ${bytes}::int8 <= ${maxBytes}::int8
      on conflict (player_id, kind, window_start) do update set count = q.count + 1, bytes = q.bytes + excluded.bytes
        where q.count + 1 <= ${maxCount}::int4 and q.bytes + excluded.bytes <= ${maxBytes}::int8
      returning q.count`.execute(db);
    if (rows.length === 0) throw fail('QUOTA_REACHED', `${kind.replaceAll('_', ' ')}: at most ${maxCount} and ${maxBytes} bytes`);
  }
}
