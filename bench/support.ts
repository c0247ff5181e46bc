import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A scratch PostgreSQL database for one benchmark run, dropped afterwards. */
export async function scratchDatabase(serverUrl = process.env.DATABASE_URL ?? DEFAULT_PG) {
  const name = `lobby_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Starts a TypeScript entry point as its own process and waits until `readyUrl` answers. */
export async function startProcess(entry: string, env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  // BENCH_NODE_ARGS passes flags to the measured process, e.g. "--cpu-prof --cpu-prof-dir=bench/.prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    try {
      const response = await fetch(readyUrl);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${entry} did not become ready`);
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

export function report(rows: { name: string; value: string; budget: string; ok: boolean }[]) {
  const width = Math.max(...rows.map((r) => r.name.length));
  for (const row of rows) {
    console.log(`${row.ok ? 'PASS' : 'FAIL'}  ${row.name.padEnd(width)}  ${row.value.padStart(12)}   budget ${row.budget}`);
  }
  return rows.every((r) => r.ok);
}
