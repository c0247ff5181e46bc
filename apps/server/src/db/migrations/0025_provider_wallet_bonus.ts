import { sql, type Kysely } from 'kysely';

/**
 * The seamless wallet's side of cash and bonus (ECONOMY.md "Bonus money and wagering"): a bet draws
 * on cash first, then bonus; its wins and refunds return in the round's proportions.
 *
 * `provider_transactions.bonus_amount`: micro-units of a bet's stake drawn from bonus money, or of a
 * win or refund credited to bonus money (the rest of `amount` is cash).
 * `provider_rounds.bonus_total`: the bonus parts of the round's live stakes (refunds lower it), so a
 * win splits as the stakes did: bonus part = win × bonus_total / bet_total, rounded down.
 * `provider_rounds.bonus_settled`: the round's bonus stakes were taken off `wagering.bonus_at_stake`
 * when it closed (once).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table provider_transactions add column bonus_amount bigint not null default 0 check (bonus_amount >= 0)`.execute(db);
  await sql`alter table provider_rounds add column bonus_total bigint not null default 0 check (bonus_total >= 0)`.execute(db);
  await sql`alter table provider_rounds add column bonus_settled boolean not null default false`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table provider_rounds drop column if exists bonus_settled`.execute(db);
  await sql`alter table provider_rounds drop column if exists bonus_total`.execute(db);
  await sql`alter table provider_transactions drop column if exists bonus_amount`.execute(db);
}
