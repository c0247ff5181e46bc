import { type Kysely, sql } from 'kysely';

/**
 * PROTECTION.md "Jurisdictions": an auto-bet run remembers the country it was started from, so the
 * runner stops it when an operator blocks that country, as a bet from there would be refused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table auto_bet_runs add column country char(2)`.execute(db);
  // Stop reason 7: the country was blocked.
  await sql`
    alter table auto_bet_runs
      drop constraint auto_bet_runs_stop_type_check,
      add constraint auto_bet_runs_stop_type_check check (stop_type between 0 and 7)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update auto_bet_runs set stop_type = 6 where stop_type = 7`.execute(db);
  await sql`
    alter table auto_bet_runs
      drop constraint auto_bet_runs_stop_type_check,
      add constraint auto_bet_runs_stop_type_check check (stop_type between 0 and 6)`.execute(db);
  await sql`alter table auto_bet_runs drop column country`.execute(db);
}
