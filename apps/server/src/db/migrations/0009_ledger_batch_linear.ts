import type { Kysely } from 'kysely';

/**
 * `ledger_post_transfers` again, in time linear in its legs. The function is defined in
 * functions/ledger_post_transfers.sql; this migration stays, empty, for databases that recorded it.
 */
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
