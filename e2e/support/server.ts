import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { runConsoleCommand } from '../../apps/server/src/modules/staff/console-commands.ts';
import { createAutomationKey } from '../../apps/server/src/testing/ops-key.ts';

export interface RunningServer {
  url: string;
  /** POSTs to the API like the app does. */
  call<T = any>(path: string, body?: unknown, token?: string): Promise<{ code: number; msg: string; data: T }>;
  /** Produces devnet blocks on demand (the devnet also makes one every DEVNET_BLOCK_MS unless DEVNET_MANUAL is set). */
  produceBlocks(count?: number): Promise<void>;
  devnetUrl: string;
  /** With `withOpsKey`: an API key holding every operator permission, as an owner creates for automation. */
  opsKey: string | null;
  /** With `owners`: each owner's one-time enrolment link, as `npm run console -- create-owner` prints it. */
  ownerLinks: Record<string, string>;
  /** Calls an operator endpoint with `opsKey`, as the operator's tools do; a refusal throws. */
  ops<T = any>(path: string, body?: object): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Creates the automation key before the server starts, on the database it will open (an embedded
 * PGlite folder belongs to one process at a time), migrating it first as the server would.
 */
async function provisionOpsKey(databaseUrl: string | undefined, dataDir: string): Promise<string> {
  const database = await openDatabase({ url: databaseUrl, dataDir, poolSize: 1 });
  try {
    await migrateToLatest(database.db);
    return (await createAutomationKey(database.db, undefined, 'browser-tests')).key;
  } finally {
    await database.close();
  }
}

/** Bootstraps owners as the host does (`npm run console -- create-owner <login>`), before the server opens the database. */
async function provisionOwners(databaseUrl: string | undefined, dataDir: string, logins: string[], publicUrl: string): Promise<Record<string, string>> {
  const database = await openDatabase({ url: databaseUrl, dataDir, poolSize: 1 });
  try {
    await migrateToLatest(database.db);
    const links: Record<string, string> = {};
    for (const login of logins) {
      const result = await runConsoleCommand(database.db, ['create-owner', login], publicUrl);
      if (result.exitCode !== 0) throw new Error(result.lines.join('\n'));
      links[login] = result.lines.at(-1)!;
    }
    return links;
  } finally {
    await database.close();
  }
}

/**
 * A port nobody listens on now, as the system hands one out: two test processes running side by side
 * (the player app's and the console's browser tests) never pick the same one.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real server as its own process, serving the built web app, on a fresh database: a temporary
 * PGlite folder, or a scratch PostgreSQL database when DATABASE_URL is set.
 */
export async function startServer(env: Record<string, string> = {}, options: { withOpsKey?: boolean; owners?: string[] } = {}): Promise<RunningServer> {
  const port = await freePort();
  const devnetPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lobby-e2e-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const name = `lobby_e2e_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const opsKey = options.withOpsKey ? await provisionOpsKey(databaseUrl, dataDir) : null;
  const ownerLinks = options.owners?.length ? await provisionOwners(databaseUrl, dataDir, options.owners, `http://127.0.0.1:${port}`) : {};
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEVNET_PORT: String(devnetPort),
      DEVNET_SOLIDITY_DEPTH: '0',
      DEPOSIT_CONFIRMATIONS: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      CREDENTIALS_RATE_PER_MINUTE: '10000',
      MAIL_RATE_PER_MINUTE: '10000',
      VERIFICATION_CODE_RESEND_SECONDS: '0',
      // Every browser of a run is one address: inviter and invitee would always share it.
      SELF_REFERRAL_REVIEW: 'false',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not start in 90 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const devnetUrl = `http://127.0.0.1:${devnetPort}`;
  return {
    url,
    devnetUrl,
    async call(path, body = {}, token) {
      const response = await fetch(url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
        body: JSON.stringify(body),
      });
      return (await response.json()) as any;
    },
    opsKey,
    ownerLinks,
    async ops(path, body = {}) {
      if (!opsKey) throw new Error('start the server with { withOpsKey: true } to call operator endpoints');
      const response = await fetch(url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': opsKey },
        body: JSON.stringify(body),
      });
      const reply = (await response.json()) as { code: number; msg: string; data: any };
      if (reply.code !== 0) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
      return reply.data;
    },
    async produceBlocks(count = 1) {
      await fetch(`${devnetUrl}/devnet/produce`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count }) });
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase?.();
    },
  };
}
