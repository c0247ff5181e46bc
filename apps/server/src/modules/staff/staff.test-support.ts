import { CSRF_HEADER, type Permission } from '@lobby/contract';
import { createHttpServer } from '../../http/server.ts';
import { OpsRegistrar, type OpsAuditEntry } from '../../http/ops-call.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { Approvals } from '../approvals/approvals.service.ts';
import { registerApprovalsOpsRoutes } from '../approvals/approvals.routes.ts';
import { createStaffModule, type StaffModule } from './staff.module.ts';
import { registerStaffOpsRoutes } from './staff.routes.ts';
import { StaffRepo } from './staff.repo.ts';
import { sha256Hex } from './console-sessions.ts';
import { LINK_LIFETIME_MS, newLinkToken, type StaffIdentityOptions } from './staff.service.ts';
import { totpCode, totpStepAt } from '../../security/totp.ts';
import { secretBox } from '../../security/secret-box.ts';
import { randomBytes } from 'node:crypto';

/** One key for every test instance, so instances started alongside read each other's members. */
const TEST_SECRETS = secretBox(randomBytes(32));

/** A clock the tests move by hand: sessions, codes and step-up freshness all read it. */
export class TestClock {
  constructor(public ms = Date.UTC(2026, 10, 27, 12, 0, 0)) {}
  readonly now = () => new Date(this.ms);
  advance(ms: number) {
    this.ms += ms;
  }
}

export interface StaffTestServer {
  url: string;
  database: DatabaseHandle;
  staff: StaffModule;
  clock: TestClock;
  /** Every audit record the calls left, in order. */
  audit: OpsAuditEntry[];
  /** The members whose sessions ended, in order, as the console sockets would be told. */
  sessionsEnded: number[];
  close(): Promise<void>;
}

/**
 * A bare server with only the console's calls, registered as the application registers them (one
 * OpsRegistrar, the staff authenticator), its audit kept in memory. `alongside` starts a second
 * instance on another's database (its own connection pool when on PostgreSQL) and clock.
 */
export async function startStaffTestServer(options: Partial<StaffIdentityOptions> = {}, alongside?: StaffTestServer): Promise<StaffTestServer> {
  const database = alongside ? await secondHandle(alongside.database) : await createTestDatabase();
  if (!alongside) await migrateToLatest(database.db);
  const clock = alongside?.clock ?? new TestClock();
  const http = await createHttpServer({ logLevel: 'silent', trustProxy: false, bodyLimit: 1_000_000, ratePerMinute: 100_000 });
  const sessionsEnded: number[] = [];
  const approvals = new Approvals(database.db);
  const staff = await createStaffModule(
    database.db,
    {
      publicUrl: 'https://lobby.example',
      failuresPerAddress: 1000,
      credentialsRatePerMinute: 10_000,
      now: clock.now,
      onSessionsEnded: (staffId) => void sessionsEnded.push(staffId),
      secrets: TEST_SECRETS,
      ...options,
    },
    approvals,
  );
  const audit: OpsAuditEntry[] = [];
  const ops = new OpsRegistrar(http, staff.authenticator, { record: async (entry) => void audit.push(entry) }, () => clock.ms);
  registerStaffOpsRoutes(ops, staff);
  registerApprovalsOpsRoutes(ops, approvals);
  const url = await http.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    database,
    staff,
    clock,
    audit,
    sessionsEnded,
    async close() {
      await http.close();
      await database.close();
    },
  };
}

async function secondHandle(first: DatabaseHandle & { url?: string }): Promise<DatabaseHandle> {
  if (!first.url) return { ...first, close: async () => undefined };
  return openDatabase({ url: first.url, dataDir: 'memory', poolSize: 2 });
}

/** The code an authenticator app shows `steps` steps away from the server's clock. */
export function codeNow(secret: string, clock: TestClock, steps = 0): string {
  return totpCode(secret, totpStepAt(clock.ms) + steps);
}

export interface Reply {
  status: number;
  code: number;
  msg: string;
  data: any;
  setCookies: string[];
}

/** A browser tab of the console: keeps the session cookie and sends the CSRF token it was given. */
export class ConsoleClient {
  cookie: string | null = null;
  csrfToken: string | null = null;

  constructor(readonly server: Pick<StaffTestServer, 'url'>) {}

  async call(path: string, body: unknown = {}, options: { csrf?: boolean; apiKey?: string } = {}): Promise<Reply> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.cookie) headers.cookie = `lobby_console=${this.cookie}`;
    if (this.csrfToken && options.csrf !== false) headers[CSRF_HEADER] = this.csrfToken;
    if (options.apiKey) headers['x-api-key'] = options.apiKey;
    const response = await fetch(this.server.url + path, { method: 'POST', headers, body: JSON.stringify(body) });
    const setCookies = response.headers.getSetCookie();
    const value = setCookies.map((line) => /^lobby_console=([^;]*)/.exec(line)?.[1]).find((found) => found !== undefined);
    if (value !== undefined) this.cookie = value === '' ? null : value;
    const reply = (await response.json()) as { code: number; msg: string; data: any };
    if (path === '/ops/v1/auth/signIn' && reply.code === 0) this.csrfToken = reply.data.csrfToken;
    return { status: response.status, ...reply, setCookies };
  }
}

export interface EnrolledStaff {
  id: number;
  login: string;
  password: string;
  secret: string;
  recoveryCodes: string[];
}

export const GOOD_PASSWORD = 'violet kettle harbour 42';

/** The token of a one-time link `…/console/enrol#<token>`. */
export function linkToken(link: string): string {
  return link.slice(link.indexOf('#') + 1);
}

/** Enrols through the calls, as a person with the link does. */
export async function enrolWithLink(server: StaffTestServer, link: string, password = GOOD_PASSWORD): Promise<Omit<EnrolledStaff, 'id'>> {
  const client = new ConsoleClient(server);
  const token = linkToken(link);
  const enrolled = await client.call('/ops/v1/auth/enrol', { token, password });
  if (enrolled.code !== 0) throw new Error(`enrol: ${enrolled.code} ${enrolled.msg}`);
  const confirmed = await client.call('/ops/v1/auth/confirmEnrolment', { token, code: codeNow(enrolled.data.secret, server.clock) });
  if (confirmed.code !== 0) throw new Error(`confirmEnrolment: ${confirmed.code} ${confirmed.msg}`);
  // The enrolment's code is spent: the next one comes with the next step.
  server.clock.advance(30_000);
  return { login: enrolled.data.login, password, secret: enrolled.data.secret, recoveryCodes: confirmed.data.recoveryCodes };
}

let serial = 0;

/** A staff member invited with `roles` and enrolled, not signed in. */
export async function enrolledStaff(server: StaffTestServer, roles: string[] = ['owner'], login = `staff${++serial}.${process.pid}`): Promise<EnrolledStaff> {
  const repo = new StaffRepo(server.database.db);
  const member = await repo.insertInvited(login, roles, null);
  const token = newLinkToken();
  await repo.insertLink(Number(member.id), sha256Hex(token), 'enrol', new Date(server.clock.ms + LINK_LIFETIME_MS), server.clock.now());
  return { id: Number(member.id), ...(await enrolWithLink(server, `https://lobby.example/console/enrol#${token}`)) };
}

/** Signs in with password and the current code; the client then holds the session. */
export async function signedIn(server: StaffTestServer, member: EnrolledStaff): Promise<ConsoleClient> {
  const client = new ConsoleClient(server);
  const reply = await client.call('/ops/v1/auth/signIn', { login: member.login, password: member.password, code: codeNow(member.secret, server.clock) });
  if (reply.code !== 0) throw new Error(`signIn: ${reply.code} ${reply.msg}`);
  server.clock.advance(30_000);
  return client;
}

export function permissionsOf(reply: Reply): Permission[] {
  return reply.data.permissions;
}
