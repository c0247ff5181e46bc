import type { Permission } from '@lobby/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { StaffActor } from '../../http/ops-call.ts';

// Far above the ids of staff rows a test inserts, so a made-up member is never mistaken for one.
let nextStaffId = 1_000_000;

/** A staff member holding `permissions`, who gave a TOTP code just now. */
export function staffMember(name: string, permissions: Permission[]): StaffActor {
  return { kind: 'staff', id: nextStaffId++, name, permissions: new Set(permissions), verifiedAt: new Date(), sessionId: null };
}

/** A players row (the adjustment checks the player exists); returns its id. */
export async function insertPlayer(db: Db): Promise<number> {
  const tag = Math.random().toString(36).slice(2, 12);
  const { rows } = await sql<{ id: number }>`
    insert into players (account, password_hash, nickname, invite_code, register_ip)
    values (${`player_${tag}`}, 'x', ${`player ${tag}`}, ${tag.toUpperCase()}, '198.51.100.1')
    returning id`.execute(db);
  return rows[0]!.id;
}
