import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { OpsRegistrar, type OpsAuditEntry } from '../http/ops-call.ts';
import { createHttpServer } from '../http/server.ts';
import { createStaffModule } from '../modules/staff/staff.module.ts';
import { createAutomationKey } from '../testing/ops-key.ts';
import { registerLedgerOpsRoutes } from './ledger-ops.routes.ts';
import { Ledger } from './ledger.service.ts';
import { fund, migratedTestDatabase, newPlayerId } from './test-support.ts';

let database: DatabaseHandle;
let http: FastifyInstance;
const audit: OpsAuditEntry[] = [];
let reader: { key: string; name: string };
let outsider: { key: string; name: string };

beforeAll(async () => {
  database = await migratedTestDatabase();
  await fund(new Ledger(database.db), newPlayerId(), 1_500_000n);
  http = await createHttpServer({ logLevel: 'silent', trustProxy: false, bodyLimit: 65_536, ratePerMinute: 100_000 });
  const staff = await createStaffModule(database.db, { publicUrl: 'https://lobby.example', credentialsRatePerMinute: 10_000 });
  registerLedgerOpsRoutes(new OpsRegistrar(http, staff.authenticator, { record: async (entry) => void audit.push(entry) }), database.db);
  await http.ready();
  reader = await createAutomationKey(database.db, ['finance.read'], 'ledger-checker');
  outsider = await createAutomationKey(database.db, ['support.chat']);
});
afterAll(async () => {
  await http?.close();
  await database?.close();
});

const check = (headers: Record<string, string>) =>
  http.inject({ method: 'POST', url: '/ops/v1/ledger/check', headers: { 'content-type': 'application/json', ...headers }, payload: '{}' });

describe('/ops/v1/ledger/check', () => {
  it('runs the ledger check for a key holding finance.read, audited under its name', async () => {
    const response = await check({ 'x-api-key': reader.key });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 0,
      msg: 'success',
      data: {
        ok: true,
        problems: [],
        stats: {
          accounts: 2,
          transfers: 1,
          entries: 2,
          playerBalances: { USDT: '1500000', TRX: '0' },
          bonusBalances: { USDT: '0', TRX: '0' },
          houseBalances: { USDT: '0', TRX: '0' },
        },
      },
    });
    expect(audit.at(-1)).toMatchObject({ action: '/ops/v1/ledger/check', kind: 'read', code: 0, actor: { kind: 'key', name: 'ledger-checker' } });
  });

  it('refuses a key without finance.read with HTTP 403 and code 10055', async () => {
    const response = await check({ 'x-api-key': outsider.key });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 10055, data: null });
  });

  it.each([
    ['no credential', {}],
    ['an unknown key', { 'x-api-key': 'guess' }],
    ['the old shared token header', { 'x-ops-token': 'operator-secret-token' }],
  ])('answers HTTP 401 with code 10009 to %s', async (_name, headers: Record<string, string>) => {
    const response = await check(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 10009, data: null });
  });

  it('is gone from its old path', async () => {
    const response = await http.inject({ method: 'POST', url: '/ops/ledger/check', headers: { 'x-api-key': reader.key } });
    expect(response.statusCode).toBe(404);
  });
});
