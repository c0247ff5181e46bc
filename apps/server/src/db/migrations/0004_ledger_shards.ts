import { sql, type Kysely } from 'kysely';

/**
 * The ledger's write path as database functions, with house shards: `ledger_post_transfer` and
 * `ledger_post_transfers`, defined in functions/ledger_post_transfer.sql and
 * functions/ledger_post_transfers.sql. Sharding the house needs no schema of its own (rows of kind
 * 'house' with owner_id 0..N-1), so nothing is left to do here.
 */
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(db: Kysely<any>): Promise<void> {
  // Gone, the functions are applied again from their files by the next migration up.
  await sql`drop function if exists ledger_post_transfers(text[], text[], text[], jsonb, integer[], text[], bigint[], text[], bigint[])`.execute(db);
  await sql`drop function if exists ledger_post_transfer(text, text, text, jsonb, text[], bigint[], text[], bigint[])`.execute(db);
}
