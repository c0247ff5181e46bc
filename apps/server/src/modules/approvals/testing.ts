import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A players row (the adjustment checks the player exists); returns its id. */
export async function insertPlayer(db: Db): Promise<number> {
  const tag = Math.random().toString(36).slice(2, 12);
  const { rows } = await sql<{ id: number }>`
    insert into players (account, password_hash, nickname, invite_code, register_ip)
    values (${`player_${tag}`}, 'x', ${`player ${tag}`}, ${tag.toUpperCase()}, '198.51.100.1')
    returning id`.execute(db);
  return rows[0]!.id;
}
