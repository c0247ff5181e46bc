import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { createApplication } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { scratchDatabase } from './support.ts';
const database = await scratchDatabase();
const config = loadConfig({ DATABASE_URL: database.url, DATA_DIR: 'memory', LOG_LEVEL: 'warn', DEVNET_PORT: '0', WEB_DIST_DIR: '/nonexistent', RATE_LIMIT_PER_MINUTE: '100000000', REGISTRATIONS_PER_IP_PER_DAY: '100000', CREDENTIALS_RATE_PER_MINUTE: '1000000' });
const app = await createApplication(config);
const url = await app.http.listen({ host: '127.0.0.1', port: 0 });
const players: { id: number; token: string }[] = [];
for (let i = 0; i < 64; i++) {
  const reg = await (await fetch(url + '/v1/player/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 1, account: 'zz' + i + 'x' + (Date.now() % 1e6), password: 'bench123' }) })).json() as any;
  players.push({ id: reg.data.player.id, token: reg.data.token });
  await app.services.ledger.transfer({ idempotencyKey: 'd' + reg.data.player.id, kind: 'deposit', legs: [{ account: { kind: 'deposit_clearing' }, currency: 'USDT', amount: -1000000000000n }, { account: { kind: 'player', playerId: reg.data.player.id }, currency: 'USDT', amount: 1000000000000n }] });
}
await new Promise((r) => setTimeout(r, 2000));
const svc = app.services.hashGame.service;
const c0 = process.cpuUsage();
const t0 = performance.now();
let n = 0;
await Promise.all(Array.from({ length: 32 }, async (_, lane) => {
  while (performance.now() - t0 < 8000) {
    const p = players[(lane + n) % 64];
    n++;
    await svc.bet(p.id, { requestId: randomUUID().replaceAll('-', ''), gameId: 1, area: 'big', amount: 1000000n, currency: 'USDT', level: 0 } as any);
  }
}));
const c = process.cpuUsage(c0);
console.log('bets', n, 'per s', (n / ((performance.now() - t0) / 1000)).toFixed(0), 'cpu µs per bet (service only)', ((c.user + c.system) / n).toFixed(0));
await app.close();
await new Promise((r) => setTimeout(r, 300));
await database.drop();
