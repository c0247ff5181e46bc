import { sql, type Kysely } from 'kysely';

/**
 * The hash games' side of cash and bonus (ECONOMY.md "Bonus money and wagering"): a page bet draws on
 * the player's cash first, then on their bonus balance. `hash_bets.stake_bonus` is the part of the
 * stake drawn on bonus (0 for every bet of a player without bonus money, and for transfer bets, whose
 * stake comes on chain); its payout returns in the same proportion: bonus part =
 * floor(payout × stake_bonus / amount), to bonus while the requirement is live, else to cash.
 *
 * `hash_place_bets` answers the bonus balances too (`o_bonus_usdt`, `o_bonus_trx`): a function's
 * result columns cannot change in place, so it is dropped here and created again from
 * functions/hash_place_bets.sql after the migrations.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table hash_bets add column stake_bonus bigint not null default 0 check (stake_bonus >= 0 and stake_bonus <= amount)`.execute(db);
  await sql`drop function if exists hash_place_bets`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists hash_place_bets`.execute(db);
  await sql`alter table hash_bets drop column if exists stake_bonus`.execute(db);
}
