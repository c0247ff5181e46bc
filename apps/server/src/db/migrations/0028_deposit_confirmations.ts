import { sql, type Kysely } from 'kysely';

/**
 * `deposits.confirmations`: how many blocks a deposit waiting for its confirmations had at the
 * watcher's last tick (its block and every block after it), so the Deposit screen and the trade
 * history can say "7 of 19" from any instance. It stops moving once the deposit is credited.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table deposits add column confirmations integer not null default 0 check (confirmations >= 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table deposits drop column if exists confirmations`.execute(db);
}
