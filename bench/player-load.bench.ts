/**
 * `/v1/player/load` with a valid token under 100 connections, against a bare Fastify hello-world
 * measured in the same run. Budget: throughput ratio >= 0.35 and p99 <= 25 ms, on PostgreSQL.
 * Both servers run as their own processes; the load comes from this one.
 */
import autocannon from 'autocannon';
import { report, scratchDatabase, startProcess, stopProcess } from './support.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 100;

async function load(url: string, headers: Record<string, string>) {
  // A short warm-up so JIT and pools are hot before measuring.
  await autocannon({ url, method: 'POST', headers, body: '{}', connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, method: 'POST', headers, body: '{}', connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const database = await scratchDatabase();
const apiPort = '18301';
const helloPort = '18302';
const api = await startProcess(
  'apps/server/src/main.ts',
  { DATABASE_URL: database.url, PORT: apiPort, HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', WEB_DIST_DIR: '/nonexistent' },
  `http://127.0.0.1:${apiPort}/healthz`,
);
const hello = await startProcess('bench/hello-world.server.ts', { PORT: helloPort }, `http://127.0.0.1:${helloPort}/healthz`);
let ok = false;
try {
  const registered = await (
    await fetch(`http://127.0.0.1:${apiPort}/v1/player/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 1, account: `bench${Date.now()}`, password: 'bench123' }),
    })
  ).json();
  const headers = { 'content-type': 'application/json', authorization: registered.data.token };
  const baseline = await load(`http://127.0.0.1:${helloPort}/hello`, { 'content-type': 'application/json' });
  const measured = await load(`http://127.0.0.1:${apiPort}/v1/player/load`, headers);
  const ratio = measured.rps / baseline.rps;
  console.log(`hello-world: ${baseline.rps.toFixed(0)} req/s, p99 ${baseline.p99} ms`);
  console.log(`player/load: ${measured.rps.toFixed(0)} req/s, p99 ${measured.p99} ms (PostgreSQL, ${CONNECTIONS} connections, ${DURATION_S} s)`);
  ok = report([
    { name: 'throughput ratio load/hello', value: ratio.toFixed(2), budget: '>= 0.35', ok: ratio >= 0.35 },
    { name: 'player/load p99', value: `${measured.p99} ms`, budget: '<= 25 ms', ok: measured.p99 <= 25 },
  ]);
} finally {
  await stopProcess(api);
  await stopProcess(hello);
  await database.drop();
}
process.exit(ok ? 0 : 1);
