import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * Every choice and refusal staff may need to see on a player's protection, newest first in the console.
 * Amounts in `detail` are decimal strings, as every reply writes money. `actor`: 'player', 'system' or
 * 'staff:<name>'.
 */
export async function recordHistory(db: Db, playerId: number, action: string, detail: Record<string, unknown>, actor: string): Promise<void> {
  await sql`insert into protection_history (player_id, action, detail, actor) values (${playerId}, ${action}, ${JSON.stringify(detail)}::jsonb, ${actor})`.execute(
    db,
  );
}
