-- Whether a payout's bonus part returns to the player's bonus balance (true) or to cash (false): only
-- while their requirement in that currency is live. A requirement met or forfeited meanwhile (the
-- bonus already released or gone) leaves nothing for bonus money to wait for.
create or replace function bonus_keeps(p_player_id integer, p_currency text) returns boolean
language sql stable as $$
  select exists (
    select 1 from wagering w
    where w.player_id = p_player_id and w.currency = p_currency and (w.outstanding > 0 or w.locked)
  )
$$;
