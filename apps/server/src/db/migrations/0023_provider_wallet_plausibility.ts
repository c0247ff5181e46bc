import { sql, type Kysely } from 'kysely';

/**
 * What the seamless wallet checks before it believes a signed callback (PROVIDERS.md "Plausibility").
 *
 * `third_game_sessions.last_seen_at`: the last entry or callback of a game session, kept to the
 * minute; a session quiet for longer than the configured idle time takes no more bets.
 *
 * `provider_rounds.win_count`: how many wins a round received (a win of 0 included), so a rollback of
 * a bet whose round was already paid is refused without reading the round's transactions.
 *
 * `provider_held_wins`: wins above the plausible (a multiple of the round's stakes, or an absolute cap
 * per currency), credited to the `provider_held_wins` ledger account instead of the player, each
 * waiting for an operator's release (to the player) or rejection (back to `provider_settlement`), with
 * who decided, when and why.
 *
 * `provider_wallet_apply` takes the idle time and the hold limits: its old signature is dropped here and
 * the new one is created from db/functions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table third_game_sessions add column last_seen_at timestamptz not null default now()`.execute(db);

  await sql`alter table provider_rounds add column win_count integer not null default 0 check (win_count >= 0)`.execute(db);
  await sql`
    update provider_rounds r set win_count = w.n
    from (
      select aggregator, player_id, round, count(*)::integer as n
      from provider_transactions
      where kind = 'win' and round is not null
      group by aggregator, player_id, round
    ) w
    where w.aggregator = r.aggregator and w.player_id = r.player_id and w.round = r.round`.execute(db);

  await sql`
    create table provider_held_wins (
      id bigserial primary key,
      aggregator text not null,
      transaction_uuid text not null,
      player_id integer not null references players(id),
      round text not null,
      game_code text not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      amount bigint not null check (amount > 0),
      stakes bigint not null check (stakes >= 0),
      reason text not null check (reason in ('multiple', 'cap')),
      status text not null default 'held' check (status in ('held', 'released', 'rejected')),
      decided_by text,
      decision_reason text,
      decided_at timestamptz,
      created_at timestamptz not null default now(),
      constraint provider_held_wins_once unique (aggregator, transaction_uuid),
      constraint provider_held_wins_decided check ((status = 'held') = (decided_at is null))
    )`.execute(db);
  await sql`create index provider_held_wins_waiting_idx on provider_held_wins (created_at) where status = 'held'`.execute(db);

  await sql`
    drop function if exists provider_wallet_apply(text, text, text, bigint, text[], text[], text[], text[], integer[], text[], text[], text[],
                                                   text[], bigint[], bigint[], boolean[], text[], text[], jsonb)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists provider_held_wins`.execute(db);
  await sql`alter table provider_rounds drop column if exists win_count`.execute(db);
  await sql`alter table third_game_sessions drop column if exists last_seen_at`.execute(db);
}
