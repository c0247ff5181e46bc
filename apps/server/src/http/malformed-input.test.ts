import { ALL_CALLS, ALL_ERROR_CODES, type CallDefinition } from '@lobby/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await t.registerPlayer()).token;
  // Background workers (chain watchers, round engine) write their own progress rows; only the
  // requests are under test here.
  await t.app.services.wallet.stop();
  await t.app.services.hashGame.stop();
});
afterAll(async () => {
  await t?.close();
});

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'`.execute(t.app.database.db);
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const result = await sql<{ n: bigint }>`select count(*) as n from ${sql.table(table_name)}`.execute(t.app.database.db);
    counts[table_name] = Number(result.rows[0].n);
  }
  return counts;
}

/** Bodies of every shape that the call's schema refuses: wrong types, unknown fields, junk values. */
function malformedBodies(call: CallDefinition) {
  const junk = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.anything(), { maxLength: 3 }),
    fc.constant('9'.repeat(400)),
    fc.constant(-1),
    fc.constant('1e309'),
  );
  const field = fc.constantFrom('kind', 'account', 'email', 'password', 'code', 'avatar', 'lang', 'nickname', 'amount', 'requestId', 'gameId', 'x', '__proto__');
  const objectBody = fc.dictionary(field, junk, { maxKeys: 5 });
  return fc
    .oneof(objectBody, junk, fc.anything())
    // Judged as the server receives it: JSON drops undefined values, so {"x": undefined} arrives as {}.
    .filter((body) => !call.request.safeParse(JSON.parse(JSON.stringify(body) ?? 'null')).success);
}

describe('every call refuses malformed bodies', () => {
  const registered = () => ALL_CALLS.filter((call) => t.app.http.hasRoute({ method: 'POST', url: call.path }));

  it('covers the calls that are served', () => {
    expect(registered().length).toBeGreaterThanOrEqual(12);
  });

  it('answers each with a catalogue code, never a 500, and writes no row', async () => {
    const before = await rowCounts();
    for (const call of registered()) {
      await fc.assert(
        fc.asyncProperty(malformedBodies(call), async (body) => {
          const reply = await t.raw(call.path, JSON.stringify(body) ?? 'null', {
            'content-type': 'application/json',
            ...(call.auth === 'player' ? { authorization: token } : {}),
          });
          expect(reply.status, `${call.path} ${JSON.stringify(body)}`).toBe(200);
          expect(reply.json.code).not.toBe(0);
          expect(ALL_ERROR_CODES).toContain(reply.json.code);
        }),
        { numRuns: 25 },
      );
    }
    expect(await rowCounts()).toEqual(before);
  }, 240_000);

  it('answers raw garbage with code 4', async () => {
    for (const call of registered()) {
      await fc.assert(
        fc.asyncProperty(fc.string({ minLength: 1, maxLength: 50 }).filter((s) => { if (s.trim() === '') return false; try { JSON.parse(s); return false; } catch { return true; } }), async (text) => {
          const reply = await t.raw(call.path, text, { 'content-type': 'application/json', authorization: token });
          expect(reply.status).toBe(200);
          expect(reply.json.code).toBe(4);
        }),
        { numRuns: 10 },
      );
    }
  }, 120_000);
});
