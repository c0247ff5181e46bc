import { sql, type Kysely } from 'kysely';

/**
 * Who holds a support conversation (CONSOLE.md "Screens" 5: "assign to me"): the staff member or API
 * key that took it, by kind and id, and the name shown beside it in the inbox. Null: nobody holds it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table support_conversations
      add column assigned_staff_kind text check (assigned_staff_kind in ('staff', 'key')),
      add column assigned_staff_id bigint,
      add column assigned_staff_name text,
      add constraint support_conversations_assignment_whole
        check ((assigned_staff_id is null) = (assigned_staff_name is null) and (assigned_staff_id is null) = (assigned_staff_kind is null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table support_conversations
      drop constraint if exists support_conversations_assignment_whole,
      drop column if exists assigned_staff_kind,
      drop column if exists assigned_staff_id,
      drop column if exists assigned_staff_name`.execute(db);
}
