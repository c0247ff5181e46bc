import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { HashGameRepository } from '../apps/server/src/modules/hash-game/hash-game.repo.ts';
import { HEAD_LOCK } from '../apps/server/src/modules/hash-game/hash-game.service.ts';
import { scratchDatabase } from './support.ts';
const database = await scratchDatabase();
const handle = await openDatabase({ url: database.url, dataDir: 'memory', poolSize: 1 });
const db = handle.db;
await migrateToLatest(db);
await sql`insert into hash_blocks (height, block_id, parent_hash, block_time) values (100, ${(100).toString(16).padStart(16, '0') + 'a'.repeat(48)}, '', ${Date.now()})`.execute(db);
const N = 2048;
const ids = Array.from({ length: N }, (_, i) => String(1_000_000 + i));
await sql`select ledger_post_transfer('fund', 'deposit', null, null, ${[...ids.map(() => 'player'), 'deposit_clearing']}::text[], ${[...ids, '0']}::int8[], ${[...ids.map(() => 'USDT'), 'USDT']}::text[], ${[...ids.map(() => '1000000000000'), String(-1000000000000 * N)]}::int8[])`.execute(db);
await sql`select ledger_post_transfer('h', 'deposit', null, null, ${['house', 'deposit_clearing']}::text[], ${['3', '0']}::int8[], ${['USDT', 'USDT']}::text[], ${['100', '-100']}::int8[])`.execute(db);
const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
const cpu = () => { const f = readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const repo = new HashGameRepository(db);
let seq = 0;
for (const size of [1, 8, 32, 64]) {
  const c0 = cpu(); const t0 = performance.now(); let bets = 0;
  while (performance.now() - t0 < 3000) {
    const base = (seq * 7) % (N - size);
    await repo.placeBets(Array.from({ length: size }, (_, i) => ({ playerId: 1_000_000 + base + i, requestId: `r${seq++}`, gameId: 1, level: 0, area: 'big', currency: 'USDT' as const, amount: 1000000n, oddsBp: 19500, round: 102, opensAtHead: 100, lastBetHead: 100 })), 0, HEAD_LOCK, 3);
    bets += size;
  }
  const el = performance.now() - t0;
  console.log('batch', size, 'bets/s', (bets / el * 1000).toFixed(0), 'db cpu µs/bet', ((cpu() - c0) * 1000 / bets).toFixed(0));
}
{
  const c0 = cpu(); const t0 = performance.now(); let n = 0;
  while (performance.now() - t0 < 3000) { await sql`select ledger_post_transfer(${'s' + n}, 'bet', null, null, ${['player', 'house']}::text[], ${[ids[n % N], '3']}::int8[], ${['USDT', 'USDT']}::text[], ${['-1', '1']}::int8[])`.execute(db); n++; }
  console.log('ledger_post_transfer single: per s', (n / (performance.now() - t0) * 1000).toFixed(0), 'db cpu µs', ((cpu() - c0) * 1000 / n).toFixed(0));
}
await handle.close();
await new Promise((r) => setTimeout(r, 300));
await database.drop();
