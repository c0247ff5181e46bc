import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useMigratedTestDatabase } from '../../testing/migrated-database.ts';

describe('migration 0015_bonus_and_rebates', () => {
  const handle = useMigratedTestDatabase();

  it('creates the bonus, wagering, rebate and economy settings tables', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_name in ('bonus_credits', 'wagering', 'rebate_accruals', 'rebate_claims', 'economy_settings', 'economy_settings_audit')
      order by table_name`.execute(handle().db);
    expect(rows.map((r) => r.table_name)).toEqual([
      'bonus_credits',
      'economy_settings',
      'economy_settings_audit',
      'rebate_accruals',
      'rebate_claims',
      'wagering',
    ]);
  });

  it('refuses outstanding wagering below zero and a rebate claim request id used twice', async () => {
    const db = handle().db;
    const { rows } = await sql<{ id: number }>`
      insert into players (account, password_hash, nickname, invite_code, register_ip)
      values ('bonusmigration', 'x', 'n', 'BONUSMIG', '127.0.0.1') returning id`.execute(db);
    const playerId = rows[0]!.id;
    await expect(sql`insert into wagering (player_id, currency, outstanding, required) values (${playerId}, 'USDT', -1, 0)`.execute(db)).rejects.toThrow();
    await sql`insert into rebate_claims (player_id, currency, amount, request_id) values (${playerId}, 'USDT', 1, 'r1')`.execute(db);
    await expect(sql`insert into rebate_claims (player_id, currency, amount, request_id) values (${playerId}, 'USDT', 1, 'r1')`.execute(db)).rejects.toThrow();
  });
});
