import { sql, type Kysely } from 'kysely';

/**
 * Customer support chat.
 *
 * `support_conversations`: one per player, made on the player's first message. `last_seq` numbers the
 * conversation's messages 1, 2, 3... so a client that saw up to N asks for what came after N and
 * misses nothing; it is advanced under the row lock of the insert that uses it. `awaiting_reply` is
 * true while the last message is the player's: the operator queue lists those first, oldest wait first.
 * `support_messages`: `client_msg_id` is the sender's idempotency key, unique per conversation, so a
 * send retried after a dropped connection stores one message. Images are stored by the media store;
 * a message keeps its URL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table support_conversations (
      id bigserial primary key,
      player_id integer not null unique,
      status text not null default 'open' check (status in ('open', 'closed')),
      last_seq integer not null default 0 check (last_seq >= 0),
      awaiting_reply boolean not null default false,
      waiting_since timestamptz,
      player_read_seq integer not null default 0,
      operator_read_seq integer not null default 0,
      closed_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index support_conversations_queue on support_conversations (status, awaiting_reply desc, waiting_since, updated_at desc)`.execute(db);

  await sql`
    create table support_messages (
      id bigserial primary key,
      conversation_id bigint not null references support_conversations (id),
      seq integer not null check (seq > 0),
      sender text not null check (sender in ('player', 'operator')),
      operator_name text check (operator_name is null or length(operator_name) between 1 and 64),
      client_msg_id text not null check (length(client_msg_id) between 8 and 64),
      body text not null default '' check (length(body) <= 2000),
      image_url text check (image_url is null or length(image_url) <= 500),
      created_at timestamptz not null default now(),
      unique (conversation_id, seq),
      unique (conversation_id, client_msg_id)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists support_messages`.execute(db);
  await sql`drop table if exists support_conversations`.execute(db);
}
