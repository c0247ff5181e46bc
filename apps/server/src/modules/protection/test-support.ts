import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ProtectionGate } from './protection-gate.ts';

/**
 * Moves a player's protection `hours` into the past, as if that time had gone by: pauses, pending
 * limit changes, return requests and counted spend all shift back, so periods, cooling-offs and
 * pauses end as they would (tests never wait).
 */
export async function travel(db: Db, playerId: number, hours: number, gate?: Pick<ProtectionGate, 'changed'>): Promise<void> {
  const by = `${hours} hours`;
  await sql`
    update player_protection set
      pause_since = pause_since - ${by}::interval,
      pause_until = pause_until - ${by}::interval,
      return_requested_at = return_requested_at - ${by}::interval
    where player_id = ${playerId}`.execute(db);
  await sql`update protection_limits set pending_since = pending_since - ${by}::interval where player_id = ${playerId}`.execute(db);
  await sql`
    with moved as (delete from protection_spend where player_id = ${playerId} returning *)
    insert into protection_spend (player_id, hour, staked, returned, deposited)
    select player_id, hour - ${by}::interval, staked, returned, deposited from moved`.execute(db);
  await gate?.changed(playerId);
}
