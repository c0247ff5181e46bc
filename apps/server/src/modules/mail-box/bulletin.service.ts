import type { Language } from '@lobby/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { SharedCopy } from '../../events/shared-copy.ts';
import { fail } from '../../http/app-error.ts';
import { BulletinRepository, type BulletinRow } from './bulletin.repo.ts';
import { MailBoxRepository } from './mail-box.repo.ts';

const CHANGED_CHANNEL = 'bulletin.changed';
/** A missed announcement (Redis reconnecting) is caught by reading the bulletins again this often. */
const RELOAD_MS = 60_000;

export function bulletinView(row: BulletinRow, now: Date) {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    status: !row.active ? 'withdrawn' : row.ends_at && row.ends_at <= now ? 'ended' : row.starts_at > now ? 'scheduled' : 'showing',
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The bulletin board the heartbeat opens (SPEC section 4). Operators publish a notice now or schedule
 * it, per language, and withdraw it. Every instance keeps the live bulletins in memory and reloads
 * them when any instance announces a change on the event bus, so each heartbeat is answered without a
 * database read and a change is in force everywhere at once; a schedule's start and end are compared
 * with the clock at each heartbeat.
 */
export class BulletinService {
  private live: BulletinRow[] = [];
  private readonly copy: SharedCopy;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly options: { now?: () => Date; log?: FastifyBaseLogger } = {},
  ) {
    this.copy = new SharedCopy(
      CHANGED_CHANNEL,
      () => this.reload(),
      bus,
      (error) => this.options.log?.warn({ err: error }, 'bulletins not reloaded'),
    );
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async start(): Promise<void> {
    await this.copy.follow();
    this.timer ??= setInterval(() => void this.reload().catch(() => undefined), RELOAD_MS);
    this.timer.unref();
  }

  stop(): void {
    this.copy.stop();
    clearInterval(this.timer);
    this.timer = undefined;
  }

  async reload(): Promise<void> {
    this.live = await new BulletinRepository(this.db).live();
  }

  /** The newest bulletin showing now that the session has not been shown yet (its id above `afterId`). */
  async next(afterId: number): Promise<BulletinRow | undefined> {
    const now = this.now();
    return this.live.find((row) => row.id > afterId && row.starts_at <= now && (row.ends_at === null || row.ends_at > now));
  }

  async list(limit: number) {
    const now = this.now();
    return (await new BulletinRepository(this.db).list(limit)).map((row) => bulletinView(row, now));
  }

  /** Publishes a bulletin, at once or from `startsAt`, until `endsAt` if given; audited. */
  async publish(input: { title: Record<Language, string>; content: Record<Language, string>; startsAt: Date | null; endsAt: Date | null }, by: string) {
    const startsAt = input.startsAt ?? this.now();
    if (input.endsAt && input.endsAt <= startsAt) throw fail('INVALID_PARAMETERS', 'endsAt: must be after the start');
    if (input.endsAt && input.endsAt <= this.now()) throw fail('INVALID_PARAMETERS', 'endsAt: already past');
    const row = await this.db.transaction().execute(async (trx) => {
      const inserted = await new BulletinRepository(trx).insert({ title: input.title, content: input.content, startsAt, endsAt: input.endsAt });
      await new MailBoxRepository(trx).audit('bulletin.publish', inserted.id, null, bulletinView(inserted, this.now()), by);
      return inserted;
    });
    await this.changed();
    return bulletinView(row, this.now());
  }

  /** Takes a bulletin down (showing or scheduled); withdrawing it again changes nothing. */
  async withdraw(id: number, by: string) {
    const row = await this.db.transaction().execute(async (trx) => {
      const repo = new BulletinRepository(trx);
      const before = await repo.lock(id);
      if (!before) throw fail('CONFIG_NOT_FOUND', `no bulletin ${id}`);
      if (!before.active) return before;
      const after = await repo.withdraw(id);
      await new MailBoxRepository(trx).audit('bulletin.withdraw', id, bulletinView(before, this.now()), bulletinView(after, this.now()), by);
      return after;
    });
    await this.changed();
    return bulletinView(row, this.now());
  }

  /** Applies here at once and tells the other instances; a lost announcement is caught by the periodic reload. */
  private async changed(): Promise<void> {
    await this.reload();
    try {
      await this.bus.publish(CHANGED_CHANNEL, {});
    } catch (error) {
      this.options.log?.warn({ err: error }, 'bulletin change not announced');
    }
  }
}
