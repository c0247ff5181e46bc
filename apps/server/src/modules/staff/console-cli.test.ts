import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ErrorCode, PERMISSIONS } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConsoleCommand } from './console-commands.ts';
import { ConsoleClient, enrolWithLink, linkToken, signedIn, startStaffTestServer, type StaffTestServer } from './staff.test-support.ts';

let server: StaffTestServer;

beforeAll(async () => {
  server = await startStaffTestServer();
});
afterAll(async () => {
  await server?.close();
});

const run = (...args: string[]) => runConsoleCommand(server.database.db, args, 'http://localhost:8080');

describe('npm run console -- create-owner', () => {
  it('prints a one-time link with which the owner sets a password, enrols two-factor and signs in holding every permission', async () => {
    const created = await run('create-owner', 'founder');
    expect(created.exitCode).toBe(0);
    const link = created.lines.at(-1)!;
    expect(link).toMatch(/^http:\/\/localhost:8080\/console\/enrol#[A-Za-z0-9_-]{43}$/);

    const enrolled = await enrolWithLink(server, link);
    expect(enrolled.login).toBe('founder');
    const client = await signedIn(server, { id: 0, ...enrolled });
    const me = await client.call('/ops/v1/auth/me');
    expect(me.data).toMatchObject({ kind: 'staff', name: 'founder', staff: { roles: ['owner'], status: 'active' } });
    expect(me.data.permissions).toEqual([...PERMISSIONS].sort());
  });

  it('hands a still-invited owner a new link, which replaces the old one', async () => {
    const first = linkToken((await run('create-owner', 'second.owner')).lines.at(-1)!);
    const second = (await run('create-owner', 'second.owner')).lines.at(-1)!;
    const old = await new ConsoleClient(server).call('/ops/v1/auth/enrol', { token: first, password: 'violet kettle harbour 42' });
    expect(old.code).toBe(ErrorCode.TOKEN_EXPIRED);
    expect((await enrolWithLink(server, second)).login).toBe('second.owner');
  });

  it('refuses a login that is taken by an active account, and a login it cannot store', async () => {
    expect((await run('create-owner', 'founder')).exitCode).toBe(1);
    const bad = await run('create-owner', 'No Spaces');
    expect(bad.exitCode).toBe(1);
    expect(bad.lines[0]).toMatch(/not allowed/);
    expect((await run('create-owner')).exitCode).toBe(2);
  });
});

describe('npm run console -- create-api-key', () => {
  it('prints a key once that acts with the permissions given, under its name', async () => {
    const created = await run('create-api-key', 'deploy bot', '--permissions', 'staff.manage,audit.read', '--days', '2');
    expect(created.exitCode).toBe(0);
    const key = created.lines.at(-1)!;
    expect(key).toMatch(/^lobk_[A-Za-z0-9_-]{43}$/);
    const automation = new ConsoleClient(server);
    const me = await automation.call('/ops/v1/auth/me', {}, { apiKey: key });
    expect(me.data).toMatchObject({ kind: 'key', name: 'deploy bot', staff: null, permissions: ['audit.read', 'staff.manage'] });
    expect(server.audit.at(-1)).toMatchObject({ action: '/ops/v1/auth/me', actor: { kind: 'key', name: 'deploy bot' } });
  });

  it('takes every permission with --permissions all, and refuses unknown ones or a missing expiry', async () => {
    const all = await run('create-api-key', 'all hands', '--permissions=all', '--days=1');
    const me = await new ConsoleClient(server).call('/ops/v1/auth/me', {}, { apiKey: all.lines.at(-1)! });
    expect(me.data.permissions).toEqual([...PERMISSIONS].sort());
    expect((await run('create-api-key', 'bad one', '--permissions', 'money.print', '--days', '1')).exitCode).toBe(2);
    expect((await run('create-api-key', 'no expiry', '--permissions', 'all')).exitCode).toBe(2);
    expect((await run('create-api-key', 'all hands', '--permissions', 'all', '--days', '1')).exitCode).toBe(1);
  });
});

describe('the console command as a process', () => {
  it.runIf(process.env.DATABASE_URL)('reads DATABASE_URL and PUBLIC_URL and prints the link', async () => {
    const url = (server.database as { url?: string }).url!;
    const cli = fileURLToPath(new URL('./console-cli.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'create-owner', 'from.shell'], {
      env: { ...process.env, DATABASE_URL: url, PUBLIC_URL: 'https://ops.lobby.example', NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      timeout: 60_000,
    });
    expect(stdout).toMatch(/owner from\.shell \(id \d+\) is invited/);
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^https:\/\/ops\.lobby\.example\/console\/enrol#[A-Za-z0-9_-]{43}$/);
  });
});
