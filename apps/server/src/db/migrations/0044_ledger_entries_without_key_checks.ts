import { type Kysely, sql } from 'kysely';

/**
 * Ledger entries name their transfer and account without foreign keys. A round's payout posts one
 * entry per paid player (18,000 in a 100,000-bet round) and every bet posts two: each entry paid two
 * key checks, each a lookup and a key-share lock on a row the posting function had itself just
 * inserted or locked. What the keys guaranteed is kept another way (functions/ledger_rows_kept.sql):
 * accounts are never deleted, a transfer only while it has no entries, ids never change; and the
 * ledger check reports any entry whose transfer or account is missing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table ledger_entries
      drop constraint ledger_entries_transfer_id_fkey,
      drop constraint ledger_entries_account_id_fkey`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table ledger_entries
      add constraint ledger_entries_transfer_id_fkey foreign key (transfer_id) references ledger_transfers(id),
      add constraint ledger_entries_account_id_fkey foreign key (account_id) references ledger_accounts(id)`.execute(db);
  // Its triggers go with it; the next migration up applies the file again.
  await sql`drop function if exists ledger_rows_kept cascade`.execute(db);
}
