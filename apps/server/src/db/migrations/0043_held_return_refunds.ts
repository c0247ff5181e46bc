import { type Kysely, sql } from 'kysely';

/**
 * A withdrawal that sends a held deposit back to its sender (PROTECTION.md: deposits beyond a deposit
 * limit) names the deposit: if it fails or is rejected, its money goes back to the held account and the
 * deposit is held again, not to cash, which would let a deposit limit be passed by a return that fails.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table withdrawals add column held_deposit_id bigint references deposits(id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table withdrawals drop column held_deposit_id`.execute(db);
}
