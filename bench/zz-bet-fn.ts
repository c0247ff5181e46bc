import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { HashGameRepository } from '../apps/server/src/modules/hash-game/hash-game.repo.ts';
import { HEAD_LOCK } from '../apps/server/src/modules/hash-game/hash-game.service.ts';
import { scratchDatabase } from './support.ts';
const database = await scratchDatabase();
const handle = await openDatabase({ url: database.url, dataDir: 'memory', poolSize: 20 });
const db = handle.db;
await migrateToLatest(db);
await sql`insert into hash_blocks (height, block_id, parent_hash, block_time) values (100, ${(100).toString(16).padStart(16, '0') + 'a'.repeat(48)}, '', ${Date.now()})`.execute(db);
const N = 256;
const ids = Array.from({ length: N }, (_, i) => String(1_000_000 + i));
await sql`select ledger_post_transfer('fund', 'deposit', null, null, ${[...ids.map(() => 'player'), 'deposit_clearing']}::text[], ${[...ids, '0']}::int8[], ${[...ids.map(() => 'USDT'), 'USDT']}::text[], ${[...ids.map(() => '1000000000000'), String(-1000000000000 * N)]}::int8[])`.execute(db);
const repo = new HashGameRepository(db);
let seq = 0;
const one = (p: number) => repo.placeBet({ playerId: 1_000_000 + p, requestId: `r${seq++}`, gameId: 1, level: 0, area: 'big', currency: 'USDT', amount: 1000000n, oddsBp: 19500, round: 102, opensAtHead: 100, lastBetHead: 100, minHeadTime: 0, headLock: HEAD_LOCK, houseShard: seq % 16 });
for (const inflight of [1, 8, 32]) {
  const lat: number[] = [];
  const t0 = performance.now();
  await Promise.all(Array.from({ length: inflight }, async (_, lane) => {
    for (let i = 0; i < 200; i++) { const s = performance.now(); await one((lane * 7 + i) % N); lat.push(performance.now() - s); }
  }));
  const el = (performance.now() - t0) / 1000;
  lat.sort((a, b) => a - b);
  console.log(inflight, (lat.length / el).toFixed(0), '/s p50', lat[lat.length >> 1].toFixed(2), 'p99', lat[Math.floor(lat.length * 0.99)].toFixed(2));
}
const plain = [] as number[];
for (let i = 0; i < 100; i++) { const s = performance.now(); await sql`select 1`.execute(db); plain.push(performance.now() - s); }
plain.sort((a, b) => a - b);
console.log('select 1 p50', plain[50].toFixed(2));
await handle.close();
await database.drop();
