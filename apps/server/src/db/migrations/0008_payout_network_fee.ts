import { sql, type Kysely } from 'kysely';

/** What the hot wallet burnt to send each transfer-bet payout, booked to `chain_fees` when it confirms. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table hash_chain_payouts add column network_fee bigint check (network_fee >= 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table hash_chain_payouts drop column if exists network_fee`.execute(db);
}
