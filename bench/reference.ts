/**
 * The reference every database-bound budget is a ratio of: PostgreSQL's 1-statement transactions/s,
 * measured on the same server in the same run (machines here differ by 2x, so absolute figures
 * mislead). The 1-statement transaction is the floor any money movement pays: one autocommitted
 * UPDATE moving 1 between two rows of a 2,048-row table (a row lock, a heap update, a WAL flush at
 * commit), driven by pgbench with 8 clients on 2 threads. Where pgbench is not installed, the same
 * statement runs in a loop of 8 `pg` connections from this process, and the figure says so.
 * BENCH_REFERENCE=node forces that loop.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const ROWS = 2_048;
const CLIENTS = 8;
const TABLE = 'bench_reference_accounts';
const STATEMENT = `update ${TABLE} set balance = balance + case when id = $1 then -1 else 1 end where id in ($1, $2)`;

export type Reference = {
  /** 1-statement transactions per second. */
  tps: number;
  p99: number;
  /** How it was measured, for the printed line. */
  source: string;
};

export function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

/** Debian's packaged pgbench first (any major version), then PATH; null when there is none. */
function pgbenchBinary(): string | null {
  const packaged = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin/pgbench`)
    : [];
  const onPath = (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'pgbench'));
  return [...packaged, ...onPath].find((path) => existsSync(path)) ?? null;
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function pgbench(binary: string, url: string, seconds: number): Promise<Reference> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-reference-'));
  try {
    const script = join(dir, 'transfer.sql');
    await writeFile(
      script,
      [`\\set a random(1, ${ROWS})`, `\\set b (:a % ${ROWS}) + 1`, `${STATEMENT.replaceAll('$1', ':a').replaceAll('$2', ':b')};`, ''].join('\n'),
    );
    const args = ['-n', '-c', String(CLIENTS), '-j', '2', '-T', String(seconds), '-l', '--log-prefix', join(dir, 'log'), '-f', script, url];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.stderr.on('data', (chunk) => (text += chunk));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`pgbench exited with ${code}:\n${text}`))));
    });
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
    if (!Number.isFinite(tps)) throw new Error(`unexpected pgbench output:\n${output}`);
    // Per-transaction log lines: client, transaction, latency in µs, script, epoch, µs.
    const latencies: number[] = [];
    for (const file of (await readdir(dir)).filter((f) => f.startsWith('log'))) {
      for (const line of (await readFile(join(dir, file), 'utf8')).split('\n')) {
        const fields = line.split(' ');
        if (fields.length >= 3) latencies.push(Number(fields[2]) / 1000);
      }
    }
    return { tps, p99: percentile(Float64Array.from(latencies).sort(), 0.99), source: `pgbench -c ${CLIENTS} -j 2, ${seconds} s` };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The same statement and concurrency as the pgbench script, from this process over `pg`. */
async function nodeLoop(url: string, seconds: number): Promise<Reference> {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, () =>
      withClient(url, async (client) => {
        while (performance.now() < deadline) {
          const a = 1 + Math.floor(Math.random() * ROWS);
          const begun = performance.now();
          await client.query({ name: 'reference', text: STATEMENT, values: [a, (a % ROWS) + 1] });
          latencies.push(performance.now() - begun);
        }
      }),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    tps: latencies.length / elapsed,
    p99: percentile(Float64Array.from(latencies).sort(), 0.99),
    source: `pgbench not installed: node loop over pg, ${CLIENTS} connections, ${seconds} s`,
  };
}

/**
 * Measures the reference in the database at `url` (a scratch database: a table of its own is created
 * and dropped there). Prints one line with the figure, how it was measured and the load average.
 */
export async function oneStatementReference(url: string, seconds = 10): Promise<Reference> {
  await withClient(url, async (client) => {
    await client.query(`create table ${TABLE} (id integer primary key, balance bigint not null check (balance >= 0))`);
    await client.query(`insert into ${TABLE} select g, 1000000000000 from generate_series(1, ${ROWS}) g`);
    await client.query(`vacuum analyze ${TABLE}`);
  });
  try {
    const binary = process.env.BENCH_REFERENCE === 'node' ? null : pgbenchBinary();
    // A short warm-up, so the table's pages and the server's caches are hot for the measured part.
    if (binary) await pgbench(binary, url, 1);
    const reference = binary ? await pgbench(binary, url, seconds) : await nodeLoop(url, seconds);
    console.log(
      `reference: ${reference.tps.toFixed(0)} 1-statement transactions/s, p99 ${reference.p99.toFixed(2)} ms ` +
        `(${reference.source}; load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')})`,
    );
    return reference;
  } finally {
    await withClient(url, (client) => client.query(`drop table ${TABLE}`));
  }
}

/** A report() row judging `figure` as a multiple of the reference. */
export function ratioRow(name: string, figure: number, unit: string, reference: Reference, budget: number) {
  const ratio = figure / reference.tps;
  return {
    name: `${name} / 1-statement tx/s`,
    value: `${ratio.toFixed(2)}x (${figure.toFixed(0)} ${unit} / ${reference.tps.toFixed(0)})`,
    budget: `>= ${budget}x`,
    ok: ratio >= budget,
  };
}
