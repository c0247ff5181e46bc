import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { scratchDatabase } from './support.ts';
const database = await scratchDatabase();
const handle = await openDatabase({ url: database.url, dataDir: 'memory', poolSize: 4 });
const db = handle.db;
await migrateToLatest(db);
await sql`insert into hash_bets (source, player_id, request_id, game_id, level, round, area, currency, amount, odds_bp)
    select 'page', 1000000 + (i % 20000), 'r' || i, 1, 0, 5000, 'big', 'USDT', 1000000 + i, 19500 from generate_series(1, 100000) i`.execute(db);
await sql`vacuum analyze hash_bets`.execute(db);
for (const variant of ['all', 'nosettled']) {
  const t0 = performance.now();
  await db.transaction().execute(async (trx) => {
    if (variant === 'all') await sql`update hash_bets set status = 5, payout = amount * 2, settled_at = now() where round = 5000 and status = 1`.execute(trx);
    else await sql`update hash_bets set status = 5, payout = amount * 2 where round = 5000 and status = 1`.execute(trx);
    console.log(variant, (performance.now() - t0).toFixed(0), 'ms');
    const s = await sql<any>`select n_tup_upd, n_tup_hot_upd from pg_stat_get_xact_tuples_updated('hash_bets'::regclass) n_tup_upd, pg_stat_get_xact_tuples_hot_updated('hash_bets'::regclass) n_tup_hot_upd`.execute(trx);
    console.log(s.rows);
    throw new Error('rb');
  }).catch(() => undefined);
}
const size = await sql<any>`select pg_relation_size('hash_bets') as s`.execute(db);
console.log(size.rows);
await handle.close();
await database.drop();
