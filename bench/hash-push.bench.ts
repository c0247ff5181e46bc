/**
 * A round's result reaching 5,000 websocket clients subscribed to `results:<gameId>`, measured from the
 * moment the engine has stored the deciding block to the moment each client has the message.
 * Budget: p99 <= 500 ms. The server (with its manual devnet and its engine) runs in this process on
 * PostgreSQL; the clients run in worker threads, timing with the shared wall clock.
 * DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres); the run uses
 * a scratch database it drops at the end.
 */
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const WORKERS = 2;
const GAME = 1;
const BUDGET_P99_MS = 500;

const now = () => performance.timeOrigin + performance.now();

interface ClientsReady {
  type: 'ready';
}
interface Received {
  type: 'received';
  round: number;
  at: number[];
}

if (!isMainThread) {
  // A share of the clients: each subscribes, then reports when it got each result.
  const { url, count } = workerData as { url: string; count: number };
  const byRound = new Map<number, number[]>();
  let subscribed = 0;
  const sockets: WebSocket[] = [];
  const open = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(url);
      sockets.push(socket);
      socket.on('open', () => socket.send(JSON.stringify({ op: 'subscribe', channel: `results:${GAME}` })));
      socket.on('message', (raw) => {
        const at = now();
        const message = JSON.parse(String(raw));
        if (message.op === 'subscribed') {
          subscribed++;
          resolve();
          return;
        }
        if (message.event !== 'result') return;
        const list = byRound.get(message.data.round) ?? [];
        list.push(at);
        byRound.set(message.data.round, list);
        if (list.length === count) {
          parentPort!.postMessage({ type: 'received', round: message.data.round, at: list } satisfies Received);
          byRound.delete(message.data.round);
        }
      });
      socket.on('error', reject);
      void i;
    });
  for (let i = 0; i < count; i += 100) await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, j) => open(i + j)));
  if (subscribed === count) parentPort!.postMessage({ type: 'ready' } satisfies ClientsReady);
  parentPort!.on('message', (message) => {
    if (message === 'close') for (const socket of sockets) socket.terminate();
  });
} else {
  const { createApplication } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { report, scratchDatabase } = await import('./support.ts');
  const database = await scratchDatabase();
  const app = await createApplication(
    loadConfig({
      DATABASE_URL: database.url,
      DATA_DIR: 'memory',
      LOG_LEVEL: 'warn',
      DEVNET_PORT: '0',
      DEVNET_MANUAL: 'true',
      HASH_ENGINE: 'false',
      HASH_HEAD_MAX_AGE_SECONDS: '86400',
      RATE_LIMIT_PER_MINUTE: '100000000',
      WEB_DIST_DIR: '/nonexistent',
    }),
  );
  let ok = false;
  const workers: Worker[] = [];
  try {
    const base = await app.http.listen({ host: '127.0.0.1', port: 0 });
    const url = `${base.replace('http', 'ws')}/v1/ws`;
    const storedAt = new Map<number, number>();
    const engine = app.services.hashGame.createEngine({ onStored: (block) => storedAt.set(block.height, now()) });
    await engine.runOnce();

    const received = new Map<number, number[]>();
    const waiting = new Map<number, () => void>();
    let ready = 0;
    const allReady = new Promise<void>((resolve, reject) => {
      for (let w = 0; w < WORKERS; w++) {
        const count = Math.floor(CLIENTS / WORKERS) + (w < CLIENTS % WORKERS ? 1 : 0);
        // Workers do not inherit the TypeScript loader: the worker registers it, then loads this file.
        const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
        const worker = new Worker(boot, { eval: true, workerData: { url, count } });
        workers.push(worker);
        worker.on('error', reject);
        worker.on('message', (message: ClientsReady | Received) => {
          if (message.type === 'ready' && ++ready === WORKERS) resolve();
          if (message.type === 'received') {
            const list = received.get(message.round) ?? [];
            list.push(...message.at);
            received.set(message.round, list);
            if (list.length === CLIENTS) waiting.get(message.round)?.();
          }
        });
      }
    });
    await allReady;
    console.log(`${CLIENTS} clients subscribed to results:${GAME}`);

    const latencies: number[] = [];
    for (let r = 0; r < ROUNDS + 1; r++) {
      const height = app.chain.devnet!.produceBlock().height;
      const delivered = new Promise<void>((resolve) => waiting.set(height, resolve));
      await engine.runOnce();
      await Promise.race([delivered, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      const at = received.get(height) ?? [];
      // The first round warms up code paths; it is not counted.
      if (r > 0) for (const t of at) latencies.push(t - storedAt.get(height)!);
      if (at.length !== CLIENTS) console.log(`round ${height}: only ${at.length} of ${CLIENTS} clients got the result`);
    }
    await engine.stop();
    const sorted = Float64Array.from(latencies).sort();
    const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
    const complete = latencies.length === CLIENTS * ROUNDS;
    console.log(
      `result push: p50 ${p(0.5).toFixed(1)} ms, p99 ${p(0.99).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms ` +
        `(${CLIENTS} clients x ${ROUNDS} rounds, from block stored to message received; PostgreSQL)`,
    );
    ok = report([
      { name: `result to ${CLIENTS} clients p99`, value: `${p(0.99).toFixed(1)} ms`, budget: `<= ${BUDGET_P99_MS} ms`, ok: p(0.99) <= BUDGET_P99_MS },
      { name: 'deliveries', value: `${latencies.length}`, budget: `${CLIENTS * ROUNDS}`, ok: complete },
    ]);
  } finally {
    for (const worker of workers) worker.postMessage('close');
    await Promise.all(workers.map((w) => w.terminate()));
    await app.close();
    // Closed sockets take a moment to go: dropping the database first would cut them mid-goodbye.
    await new Promise((resolve) => setTimeout(resolve, 250));
    await database.drop();
  }
  process.exit(ok ? 0 : 1);
}
