import { sql, type Kysely } from 'kysely';

/**
 * Referral tree, commission and the daily aggregates that reports and team performance read.
 *
 * `referral_ancestors`: for every player with an inviter, one row per ancestor up to 3 levels
 * (level 1 = the inviter), with the player's registration time. A trigger fills it when the player
 * row is inserted, so every way of creating a player keeps the tree; `players.inviter_id` can be set
 * only at insert and never to the player itself, so a cycle cannot form (a parent always exists
 * before its child).
 * `player_daily_bets`: per (player, Asia/Shanghai day, game type, currency), the settled bets of the
 * day: count, stakes, valid turnover, payouts; kept by the statement that records turnover, one row
 * per group, so reports never scan bets.
 * `referral_daily`: per (beneficiary, day, level, game type, currency), the valid turnover the team
 * level brought and the commission it earned, in micro-units × 10^6 (numeric) so that the sum over
 * any span, floored once, is exact to the micro-unit.
 * `referral_claimed` and `referral_claims`: what was paid, one row per claim; the first row is the
 * lock that lines up a player's claims of a currency.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table players add constraint players_not_own_inviter check (inviter_id is null or inviter_id <> id)`.execute(db);

  await sql`
    create table referral_ancestors (
      player_id integer not null,
      level smallint not null check (level between 1 and 3),
      ancestor_id integer not null,
      joined_at timestamptz not null,
      primary key (player_id, level),
      constraint referral_ancestors_not_self check (ancestor_id <> player_id)
    )`.execute(db);
  await sql`create index referral_ancestors_team_idx on referral_ancestors (ancestor_id, level, joined_at desc, player_id desc)`.execute(db);
  await sql`create index referral_ancestors_joined_idx on referral_ancestors (ancestor_id, joined_at desc, player_id desc)`.execute(db);

  // Players invited before this migration.
  await sql`
    insert into referral_ancestors (player_id, level, ancestor_id, joined_at)
    with recursive chain as (
      select p.id as player_id, 1 as level, p.inviter_id as ancestor_id, p.created_at from players p where p.inviter_id is not null
      union all
      select c.player_id, c.level + 1, q.inviter_id, c.created_at
      from chain c join players q on q.id = c.ancestor_id
      where q.inviter_id is not null and c.level < 3
    )
    select player_id, level, ancestor_id, created_at from chain`.execute(db);

  // Updated by every settled round of the player during the day: free room on each page keeps
  // those updates in place (heap-only), as for hash_bets.
  await sql`
    create table player_daily_bets (
      player_id integer not null,
      day date not null,
      game_type smallint not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      bet_count integer not null check (bet_count >= 0),
      bet_amount bigint not null check (bet_amount >= 0),
      valid_amount bigint not null check (valid_amount >= 0),
      payout_amount bigint not null check (payout_amount >= 0),
      primary key (player_id, day, game_type, currency)
    ) with (fillfactor = 70)`.execute(db);

  await sql`
    create table referral_daily (
      beneficiary_id integer not null,
      day date not null,
      level smallint not null check (level between 1 and 3),
      game_type smallint not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      valid_amount bigint not null check (valid_amount >= 0),
      commission_scaled numeric not null check (commission_scaled >= 0),
      primary key (beneficiary_id, currency, day, level, game_type)
    ) with (fillfactor = 70)`.execute(db);

  await sql`
    create table referral_claimed (
      player_id integer not null references players(id),
      currency text not null check (currency in ('USDT', 'TRX')),
      claimed bigint not null default 0 check (claimed >= 0),
      primary key (player_id, currency)
    )`.execute(db);
  await sql`
    create table referral_claims (
      id bigserial primary key,
      player_id integer not null references players(id),
      request_id text not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      amount bigint not null check (amount > 0),
      claimed_before bigint not null check (claimed_before >= 0),
      created_at timestamptz not null default now(),
      constraint referral_claims_once unique (player_id, request_id),
      constraint referral_claims_accrual_once unique (player_id, currency, claimed_before)
    )`.execute(db);

  // Team performance of a day reads the day's deposits and first recharges, whoever made them.
  await sql`create index deposits_credited_idx on deposits (credited_at) where status = 'credited'`.execute(db);
  await sql`create index players_first_recharge_idx on players (first_recharge_at) where first_recharge_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists players_first_recharge_idx`.execute(db);
  await sql`drop index if exists deposits_credited_idx`.execute(db);
  for (const table of ['referral_claims', 'referral_claimed', 'referral_daily', 'player_daily_bets']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
  await sql`drop trigger if exists players_inviter_fixed on players`.execute(db);
  await sql`drop function if exists players_inviter_fixed()`.execute(db);
  await sql`drop trigger if exists players_referral_ancestors on players`.execute(db);
  await sql`drop function if exists referral_ancestors_on_insert()`.execute(db);
  await sql`drop table if exists referral_ancestors`.execute(db);
  await sql`alter table players drop constraint if exists players_not_own_inviter`.execute(db);
}
