import { HASH_GAME_IDS } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { useMigratedTestDatabase } from '../../testing/migrated-database.ts';
import { seedLobby } from './seed.ts';

const database = useMigratedTestDatabase();

const count = async (table: 'games' | 'game_transfer_addresses' | 'nav_config' | 'manufacturers' | 'customer_service' | 'site_config') =>
  Number(
    (
      await database()
        .db.selectFrom(table)
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the starting catalogue', () => {
  it('is written once even when two instances start at the same moment', async () => {
    const [a, b] = await Promise.all([seedLobby(database().db), seedLobby(database().db)]);
    expect([...a, ...b].sort()).toEqual(['customer_service', 'game_transfer_addresses', 'games', 'manufacturers', 'nav_config', 'site_config']);
    expect(await count('game_transfer_addresses')).toBe(14);
    expect(await count('nav_config')).toBe(8);
    expect(await count('customer_service')).toBe(3);
    const hashIds = await database().db.selectFrom('games').select('id').where('game_type', '=', 1).orderBy('id').execute();
    expect(hashIds.map((r) => r.id)).toEqual([...HASH_GAME_IDS]);
  });

  it('writes no third-party game and no vendor but the in-house one: those come from the aggregator', async () => {
    const others = await database().db.selectFrom('games').select('id').where('game_type', '!=', 1).execute();
    expect(others).toEqual([]);
    const vendors = await database().db.selectFrom('manufacturers').select(['abbr', 'name']).execute();
    expect(vendors).toEqual([{ abbr: 'BITG', name: 'HASH GAME' }]);
  });

  it('leaves tables that already have rows alone, so operators keep their changes', async () => {
    await database().db.deleteFrom('customer_service').where('kind', '=', 'whatsapp').execute();
    await database().db.updateTable('games').set({ name_en: 'Big or Small' }).where('id', '=', 1).execute();
    const before = await count('games');
    expect(await seedLobby(database().db)).toEqual([]);
    expect(await count('games')).toBe(before);
    expect(await count('customer_service')).toBe(2);
    const game = await database().db.selectFrom('games').select('name_en').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(game.name_en).toBe('Big or Small');
  });

  it('fills a table again once it is emptied', async () => {
    await database().db.deleteFrom('nav_config').execute();
    expect(await seedLobby(database().db)).toEqual(['nav_config']);
    expect(await count('nav_config')).toBe(8);
  });
});
