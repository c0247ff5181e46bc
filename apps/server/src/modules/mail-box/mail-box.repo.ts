import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Who is reading: what decides which broadcasts and segments reach them. */
export interface MailViewer {
  playerId: number;
  vipLevel: number;
  registeredAt: Date;
  /** False during a time-out or self-exclusion (PROTECTION.md): broadcasts and segments, the marketing, are not shown. */
  marketing?: boolean;
}

export type MailAudience =
  | { kind: 'player'; playerId: number }
  | { kind: 'segment'; vipMin: number | null; vipMax: number | null; registeredSince: Date | null }
  | { kind: 'all' };

export interface NewMail {
  audience: MailAudience;
  category: number;
  title: Record<string, string>;
  content: Record<string, string>;
  expiresAt: Date | null;
  requestKey: string | null;
  sentBy: string;
}

export interface MailRow {
  id: string;
  category: number;
  title: Record<string, string>;
  content: Record<string, string>;
  created_at: Date;
  expires_at: Date | null;
  is_read: boolean;
}

export interface SentMailRow {
  id: bigint;
  audience: 'player' | 'segment' | 'all';
  player_id: number | null;
  vip_min: number | null;
  vip_max: number | null;
  registered_since: Date | null;
  category: number;
  title: Record<string, string>;
  content: Record<string, string>;
  request_key: string | null;
  sent_by: string;
  created_at: Date;
  expires_at: Date | null;
}

/**
 * The messages a viewer may see, as a table to select from: their own, and the broadcasts and segments
 * sent after they registered that match them now; expired messages are gone for everyone. Written as
 * two index scans joined by UNION ALL (a player's own through `site_mails_player_idx`, the few
 * broadcasts through `site_mails_broadcast_idx`), both in id order, so the newest page is read without
 * walking every player's messages.
 */
function visibleTo(viewer: MailViewer): RawBuilder<unknown> {
  return sql`(
    select * from site_mails
    where audience = 'player' and player_id = ${viewer.playerId} and (expires_at is null or expires_at > now())
    union all
    select * from site_mails
    where audience <> 'player' and created_at >= ${viewer.registeredAt} and (expires_at is null or expires_at > now())
      and ${viewer.marketing !== false}
      and (audience = 'all' or (
        (vip_min is null or vip_min <= ${viewer.vipLevel})
        and (vip_max is null or vip_max >= ${viewer.vipLevel})
        and (registered_since is null or registered_since <= ${viewer.registeredAt})))
  )`;
}

/** Site mails, the players' read and deleted marks, and the audit trail of what operators sent. */
export class MailBoxRepository {
  constructor(private readonly db: Db) {}

  async page(
    viewer: MailViewer,
    filter: { category?: number; unreadOnly?: boolean; id?: number },
    page: { offset: number; limit: number },
  ): Promise<{ rows: MailRow[]; total: number }> {
    const where = sql`s.deleted_at is null
      ${filter.category === undefined ? sql`` : sql`and m.category = ${filter.category}`}
      ${filter.unreadOnly ? sql`and s.read_at is null` : sql``}
      ${filter.id === undefined ? sql`` : sql`and m.id = ${filter.id}`}`;
    const from = sql`${visibleTo(viewer)} m left join site_mail_states s on s.mail_id = m.id and s.player_id = ${viewer.playerId}`;
    const [rows, count] = await Promise.all([
      sql<MailRow>`
        select m.id::text as id, m.category, m.title, m.content, m.created_at, m.expires_at, (s.read_at is not null) as is_read
        from ${from} where ${where}
        order by m.id desc offset ${page.offset} limit ${page.limit}`.execute(this.db),
      sql<{ n: string }>`select count(*)::text as n from ${from} where ${where}`.execute(this.db),
    ]);
    return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
  }

  async unreadCount(viewer: MailViewer): Promise<number> {
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n
      from ${visibleTo(viewer)} m left join site_mail_states s on s.mail_id = m.id and s.player_id = ${viewer.playerId}
      where s.read_at is null and s.deleted_at is null`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  /** Which of these ids the viewer may see (deleted ones included: marking them again changes nothing). */
  async visibleIds(viewer: MailViewer, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const { rows } = await sql<{ id: string }>`
      select m.id::text as id from ${visibleTo(viewer)} m
      where m.id in (${sql.join(ids)})`.execute(this.db);
    return new Set(rows.map((row) => Number(row.id)));
  }

  /** Marks these (visible) mails read; a mail read before keeps its first read time. */
  async markRead(playerId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await sql`
      insert into site_mail_states (player_id, mail_id, read_at)
      select ${playerId}, id, now() from unnest(array[${sql.join(ids)}]::bigint[]) as t(id)
      on conflict (player_id, mail_id) do update set read_at = coalesce(site_mail_states.read_at, excluded.read_at)`.execute(this.db);
  }

  /** Marks every unread mail the viewer can see read, in one statement. */
  async markAllRead(viewer: MailViewer): Promise<void> {
    await sql`
      insert into site_mail_states (player_id, mail_id, read_at)
      select ${viewer.playerId}, m.id, now()
      from ${visibleTo(viewer)} m left join site_mail_states s on s.mail_id = m.id and s.player_id = ${viewer.playerId}
      where s.read_at is null and s.deleted_at is null
      on conflict (player_id, mail_id) do update set read_at = coalesce(site_mail_states.read_at, excluded.read_at)`.execute(this.db);
  }

  /** Hides these (visible) mails from the player for good; a deleted mail counts as read. */
  async markDeleted(playerId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await sql`
      insert into site_mail_states (player_id, mail_id, read_at, deleted_at)
      select ${playerId}, id, now(), now() from unnest(array[${sql.join(ids)}]::bigint[]) as t(id)
      on conflict (player_id, mail_id) do update
        set read_at = coalesce(site_mail_states.read_at, excluded.read_at), deleted_at = coalesce(site_mail_states.deleted_at, excluded.deleted_at)`.execute(
      this.db,
    );
  }

  findByRequestKey(requestKey: string): Promise<SentMailRow | undefined> {
    return this.db.selectFrom('site_mails').selectAll().where('request_key', '=', requestKey).executeTakeFirst() as Promise<SentMailRow | undefined>;
  }

  /**
   * Stores one message whatever its audience, with its audit row; call inside a transaction. A
   * request key sent before answers the message it made, with `created: false`.
   */
  async insert(mail: NewMail): Promise<{ row: SentMailRow; created: boolean }> {
    const audience = mail.audience;
    const inserted = (await this.db
      .insertInto('site_mails')
      .values({
        audience: audience.kind,
        player_id: audience.kind === 'player' ? audience.playerId : null,
        vip_min: audience.kind === 'segment' ? audience.vipMin : null,
        vip_max: audience.kind === 'segment' ? audience.vipMax : null,
        registered_since: audience.kind === 'segment' ? audience.registeredSince : null,
        category: mail.category,
        title: JSON.stringify(mail.title),
        content: JSON.stringify(mail.content),
        request_key: mail.requestKey,
        sent_by: mail.sentBy,
        expires_at: mail.expiresAt,
      })
      .onConflict((oc) => oc.column('request_key').doNothing())
      .returningAll()
      .executeTakeFirst()) as SentMailRow | undefined;
    if (!inserted) return { row: (await this.findByRequestKey(mail.requestKey!))!, created: false };
    await this.audit('mail.send', inserted.id, null, { ...mail, audience: mail.audience }, mail.sentBy);
    return { row: inserted, created: true };
  }

  sent(limit: number, beforeId?: number): Promise<SentMailRow[]> {
    let query = this.db.selectFrom('site_mails').selectAll().orderBy('id', 'desc').limit(limit);
    if (beforeId !== undefined) query = query.where('id', '<', BigInt(beforeId));
    return query.execute() as Promise<SentMailRow[]>;
  }

  async audit(action: 'mail.send' | 'bulletin.publish' | 'bulletin.withdraw', subjectId: bigint | number, oldValue: unknown, newValue: unknown, by: string) {
    await this.db
      .insertInto('site_mail_audit')
      .values({
        action,
        subject_id: subjectId,
        old_value: oldValue === null ? null : JSON.stringify(oldValue),
        new_value: JSON.stringify(newValue),
        changed_by: by,
      })
      .execute();
  }

  auditTrail(limit: number) {
    return this.db
      .selectFrom('site_mail_audit')
      .select(['id', 'action', 'subject_id', 'old_value', 'new_value', 'changed_by', 'created_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
