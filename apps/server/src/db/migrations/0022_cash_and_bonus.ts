import { sql, type Kysely } from 'kysely';

/**
 * Cash and bonus apart (ECONOMY.md "Bonus money and wagering"). A player holds per currency two
 * ledger accounts: `player` (cash, as before) and `player_bonus` (bonus money, owner_id = player id).
 * Both are players' accounts: the same non-negative CHECK (its name unchanged, so
 * `isPlayerOverdraft` still recognises it) and the same lock rank.
 *
 * `wagering` gains:
 * - `cycle`: raised each time a requirement starts from nothing; the release of a cycle's bonus is
 *   keyed by it (`bonus:release:<player>:<currency>:<cycle>`), so it happens once;
 * - `bonus_at_stake`: the bonus parts of the player's open bets (raised when a bet draws on bonus,
 *   lowered when it settles); with the bonus balance at 0 and nothing at stake, nothing is left to
 *   release and the requirement drops to 0;
 * - `locked`: experience gold, bonus money that never becomes cash (no release, ends with the
 *   experience);
 * - `legacy`: a requirement that existed before the split. Its bonus was credited to cash, so it
 *   keeps guarding cash as it did (withdrawals, exchange and transfers of that currency wait) until
 *   it is met or forfeited.
 *
 * The rule every payout follows: a payout's bonus part returns to `player_bonus` only while the
 * player's requirement in that currency is live (`outstanding > 0 or locked`), else to cash; the
 * database function `bonus_keeps(player, currency)` answers it. The release itself is a trigger on
 * `wagering` (functions/wagering_release.sql): whatever lowers a requirement to 0 releases the bonus.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ledger_accounts drop constraint ledger_player_balance_non_negative`.execute(db);
  await sql`
    alter table ledger_accounts add constraint ledger_player_balance_non_negative
      check (kind not in ('player', 'player_bonus') or balance >= 0)`.execute(db);

  await sql`alter table wagering add column cycle integer not null default 0`.execute(db);
  await sql`alter table wagering add column bonus_at_stake bigint not null default 0 check (bonus_at_stake >= 0)`.execute(db);
  await sql`alter table wagering add column locked boolean not null default false`.execute(db);
  await sql`alter table wagering add column legacy boolean not null default false`.execute(db);
  // Every requirement outstanding now was credited to cash: it keeps guarding cash.
  await sql`update wagering set legacy = true where outstanding > 0`.execute(db);

  // Forfeits (the bonus returns to the house) and operator waivers (the requirement is dropped and the
  // bonus released to cash), one row each, with who and why.
  await sql`
    create table bonus_forfeits (
      id bigserial primary key,
      action text not null check (action in ('forfeit', 'waive')),
      player_id integer not null references players(id),
      currency text not null check (currency in ('USDT', 'TRX')),
      amount bigint not null check (amount >= 0),
      outstanding bigint not null check (outstanding >= 0),
      by_player boolean not null,
      request_id text,
      operator text,
      reason text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index bonus_forfeits_request on bonus_forfeits (player_id, request_id) where request_id is not null`.execute(db);
  await sql`create index bonus_forfeits_player on bonus_forfeits (player_id, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists bonus_forfeits`.execute(db);
  await sql`drop trigger if exists wagering_release on wagering`.execute(db);
  await sql`alter table wagering drop column legacy, drop column locked, drop column bonus_at_stake, drop column cycle`.execute(db);
  await sql`alter table ledger_accounts drop constraint ledger_player_balance_non_negative`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_player_balance_non_negative check (kind <> 'player' or balance >= 0)`.execute(db);
}
