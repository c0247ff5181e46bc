import type { Kysely } from 'kysely';

/**
 * `hash_place_bets` again, with plans that stay fast as tables grow. The function is defined in
 * functions/hash_place_bets.sql; this migration stays, empty, for databases that recorded it.
 */
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
