import { sql, type Kysely } from 'kysely';

/**
 * Site mail (the /siteMessage inbox) and the operator's trail of mail and bulletin changes.
 *
 * `site_mails`: one row per message the operator sends, whoever it reaches. A message to one player
 * names the player; a broadcast (`all`) or a segment (VIP level range, registered since) names its
 * audience instead, so reaching a million players writes one row. Who sees a broadcast is decided when
 * the player reads: the players registered when it was sent (and, for a segment, matching it).
 * Title and content hold one text per language. `request_key` makes a retried send one message.
 * `site_mail_states`: a player's read and deleted marks, written only when the player reads or
 * deletes, so an unread broadcast costs no row per player.
 * `site_mail_audit`: every send, bulletin publication and withdrawal with its old and new values,
 * who made it and when.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table site_mails (
      id bigserial primary key,
      audience text not null check (audience in ('player', 'segment', 'all')),
      player_id integer,
      vip_min smallint check (vip_min >= 0),
      vip_max smallint check (vip_max >= 0),
      registered_since timestamptz,
      category integer not null check (category >= 0),
      title jsonb not null,
      content jsonb not null,
      request_key text unique check (length(request_key) between 1 and 100),
      sent_by text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz,
      check ((audience = 'player') = (player_id is not null)),
      check (audience = 'segment' or (vip_min is null and vip_max is null and registered_since is null)),
      check (vip_max is null or vip_min is null or vip_max >= vip_min)
    )`.execute(db);
  await sql`create index site_mails_player_idx on site_mails (player_id, id desc) where audience = 'player'`.execute(db);
  await sql`create index site_mails_broadcast_idx on site_mails (id desc) where audience <> 'player'`.execute(db);

  await sql`
    create table site_mail_states (
      player_id integer not null,
      mail_id bigint not null references site_mails(id) on delete cascade,
      read_at timestamptz,
      deleted_at timestamptz,
      primary key (player_id, mail_id)
    )`.execute(db);

  await sql`
    create table site_mail_audit (
      id bigserial primary key,
      action text not null check (action in ('mail.send', 'bulletin.publish', 'bulletin.withdraw')),
      subject_id bigint not null,
      old_value jsonb,
      new_value jsonb not null,
      changed_by text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index site_mail_audit_created_idx on site_mail_audit (id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['site_mail_audit', 'site_mail_states', 'site_mails']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
