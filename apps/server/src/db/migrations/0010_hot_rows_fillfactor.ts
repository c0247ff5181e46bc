import { sql, type Kysely } from 'kysely';

/**
 * Balances and open bets are rewritten in place all day: a wallet row changes with every bet and
 * payout, a bet row once when it settles. Leaving room on each page lets PostgreSQL keep the new
 * version beside the old one without touching the indexes (a heap-only update), so the hottest rows
 * do not bloat their indexes between vacuums. Pages written from now on keep the room.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ledger_accounts set (fillfactor = 50)`.execute(db);
  await sql`alter table hash_bets set (fillfactor = 85)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table ledger_accounts reset (fillfactor)`.execute(db);
  await sql`alter table hash_bets reset (fillfactor)`.execute(db);
}
