import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { createHttpServer } from '../http/server.ts';
import { registerLedgerOpsRoutes } from './ledger-ops.routes.ts';
import { Ledger } from './ledger.service.ts';
import { fund, migratedTestDatabase, newPlayerId } from './test-support.ts';

const TOKEN = 'operator-secret-token';

let database: DatabaseHandle;
let withToken: FastifyInstance;
let withoutToken: FastifyInstance;

async function server(opsToken: string | undefined) {
  const http = await createHttpServer({ logLevel: 'silent', trustProxy: false, bodyLimit: 65_536, ratePerMinute: 100_000 });
  registerLedgerOpsRoutes(http, database.db, opsToken);
  await http.ready();
  return http;
}

beforeAll(async () => {
  database = await migratedTestDatabase();
  await fund(new Ledger(database.db), newPlayerId(), 1_500_000n);
  withToken = await server(TOKEN);
  withoutToken = await server(undefined);
});
afterAll(async () => {
  await withToken?.close();
  await withoutToken?.close();
  await database?.close();
});

describe('POST /ops/ledger/check', () => {
  it('runs the ledger check for an operator presenting the configured token', async () => {
    const response = await withToken.inject({ method: 'POST', url: '/ops/ledger/check', headers: { 'x-ops-token': TOKEN } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 0,
      msg: 'success',
      data: {
        ok: true,
        problems: [],
        stats: { accounts: 2, transfers: 1, entries: 2, playerBalances: { USDT: '1500000', TRX: '0' }, bonusBalances: { USDT: '0', TRX: '0' }, houseBalances: { USDT: '0', TRX: '0' } },
      },
    });
  });

  it.each([
    ['no token', {}],
    ['a wrong token', { 'x-ops-token': 'guess' }],
    ['the token with a suffix', { 'x-ops-token': `${TOKEN}x` }],
    ['the token as a bearer authorization', { authorization: `Bearer ${TOKEN}` }],
  ])('answers HTTP 401 with code 10009 to %s', async (_name, headers) => {
    const response = await withToken.inject({ method: 'POST', url: '/ops/ledger/check', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 10009, data: null });
  });

  it('does not exist when no token is configured', async () => {
    const response = await withoutToken.inject({ method: 'POST', url: '/ops/ledger/check', headers: { 'x-ops-token': TOKEN } });
    expect(response.statusCode).toBe(404);
  });
});
