import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import {
  CUSTOMER_SERVICE,
  gameSeeds,
  MAIL_CONFIG,
  MAIL_SCOPE,
  MANUFACTURERS,
  NAVBAR,
  SITE_CONFIG,
  SITE_SCOPE,
  transferAddressSeeds,
} from './catalogue.ts';

// Any constant works as long as every instance uses the same one.
const SEED_LOCK = 7_402_311;

/**
 * Fills each lobby table that is still empty with the starting catalogue. A table that already has
 * rows is left alone, so operators' changes survive restarts; instances starting together take an
 * advisory lock, so the catalogue is written exactly once. Returns the tables it filled.
 */
export async function seedLobby(db: Db): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const filled: string[] = [];
    const isEmpty = async (table: 'games' | 'game_transfer_addresses' | 'nav_config' | 'manufacturers' | 'customer_service' | 'site_config_versions') => {
      const row = await trx.selectFrom(table).select(sql<number>`1`.as('one')).limit(1).executeTakeFirst();
      return row === undefined;
    };

    if (await isEmpty('games')) {
      await trx.insertInto('games').values(gameSeeds()).execute();
      filled.push('games');
    }
    if (await isEmpty('game_transfer_addresses')) {
      const present = new Set((await trx.selectFrom('games').select('id').execute()).map((row) => row.id));
      const rows = transferAddressSeeds().filter((row) => present.has(row.game_id));
      if (rows.length > 0) {
        await trx.insertInto('game_transfer_addresses').values(rows).execute();
        filled.push('game_transfer_addresses');
      }
    }
    if (await isEmpty('nav_config')) {
      await trx.insertInto('nav_config').values([...NAVBAR]).execute();
      filled.push('nav_config');
    }
    if (await isEmpty('manufacturers')) {
      await trx
        .insertInto('manufacturers')
        .values(MANUFACTURERS.map((m, index) => ({ abbr: m.abbr, name: m.name, sort: index })))
        .execute();
      filled.push('manufacturers');
    }
    if (await isEmpty('customer_service')) {
      await trx
        .insertInto('customer_service')
        .values(CUSTOMER_SERVICE.map((entry) => ({ kind: entry.kind, name: JSON.stringify(entry.name), url: entry.url, sort: entry.sort })))
        .execute();
      filled.push('customer_service');
    }
    if (await isEmpty('site_config_versions')) {
      await trx.insertInto('site_config_versions').values([{ scope: SITE_SCOPE, version: 1 }, { scope: MAIL_SCOPE, version: 1 }]).execute();
      const items = [
        ...Object.entries(SITE_CONFIG).map(([key, value]) => ({ scope: SITE_SCOPE, key, value: JSON.stringify(value) })),
        ...Object.entries(MAIL_CONFIG).map(([key, value]) => ({ scope: MAIL_SCOPE, key, value: JSON.stringify(value) })),
      ];
      await trx.insertInto('site_config').values(items).execute();
      filled.push('site_config');
    }
    return filled;
  });
}
