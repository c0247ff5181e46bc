import { ALL_CALLS, ALL_ERROR_CODES, HASH_BET_AREAS, HASH_GAME_IDS, type CallDefinition } from '@lobby/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { connect } from 'node:net';
import type { z } from 'zod';
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
  const field = fc.constantFrom(
    'kind',
    'account',
    'email',
    'password',
    'code',
    'avatar',
    'lang',
    'nickname',
    'amount',
    'requestId',
    'gameId',
    'x',
    '__proto__',
  );
  const objectBody = fc.dictionary(field, junk, { maxKeys: 5 });
  return (
    fc
      .oneof(objectBody, junk, fc.anything())
      // Judged as the server receives it: JSON drops undefined values, so {"x": undefined} arrives as {}.
      .filter((body) => !call.request.safeParse(JSON.parse(JSON.stringify(body) ?? 'null')).success)
  );
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
        fc.asyncProperty(
          fc.string({ minLength: 1, maxLength: 50 }).filter((s) => {
            if (s.trim() === '') return false;
            try {
              JSON.parse(s);
              return false;
            } catch {
              return true;
            }
          }),
          async (text) => {
            const reply = await t.raw(call.path, text, { 'content-type': 'application/json', authorization: token });
            expect(reply.status).toBe(200);
            expect(reply.json.code).toBe(4);
          },
        ),
        { numRuns: 10 },
      );
    }
  }, 120_000);
});

// ---------------------------------------------------------------- poisoned text and dates

/** Characters PostgreSQL cannot store in text (NUL) or that are not Unicode at all (unpaired surrogates). */
const TEXT_POISONS = ['\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF'];
/** Dates with an offset that no calendar or database column holds, or that the product never means. */
const DATE_POISONS = [
  '0000-01-01T00:00:00Z',
  '0000-12-31T23:59:59+01:00',
  '10000-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '2024-13-01T00:00:00Z',
  '1969-12-31T23:59:59Z',
  '9999-12-31T23:59:59-01:00',
];
/** Values that pass the stricter formats, so a poisoned field next to them reaches the handler. */
const REALISTIC_TEXT = [
  ...HASH_BET_AREAS,
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  'ana@example.com',
  '529.982.247-25',
  '+5511912345678',
  '550e8400-e29b-41d4-a716-446655440000',
  'abc123',
  '135790',
  'player01',
  'Ana Souza',
  'en_US',
  'USD',
  '01',
];
const REALISTIC_NUMBERS = [...HASH_GAME_IDS, 0, 1, 2, 10, 100];

interface SchemaInternals {
  _zod: { def: Record<string, any> & { type: string }; bag: Record<string, any> };
}
interface RequestValues {
  clean: fc.Arbitrary<unknown>;
  /** Values with at least one poisoned string or date inside; absent where the schema holds no text. */
  poisoned?: fc.Arbitrary<unknown>;
}

/** A fixed pool of values the node accepts: realistic ones plus a sample of generated ones. */
function acceptedPool<T>(node: z.ZodType, realistic: readonly T[], generated: fc.Arbitrary<T>): fc.Arbitrary<T> {
  const pool = [...realistic, ...fc.sample(generated, 100)].filter((value) => node.safeParse(value).success);
  return pool.length > 0 ? fc.constantFrom(...pool) : generated;
}

function cleanText(node: z.ZodType): fc.Arbitrary<string> {
  const { def, bag } = (node as unknown as SchemaInternals)._zod;
  if (def.format === 'datetime') {
    return fc.date({ min: new Date('2001-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString());
  }
  const minLength = bag.minimum ?? 0;
  const patterns = [...((bag.patterns as Set<RegExp> | undefined) ?? [])];
  const shaped =
    patterns.length > 0
      ? fc.oneof(...patterns.map((pattern) => fc.stringMatching(pattern)))
      : fc.string({ minLength, maxLength: Math.min(bag.maximum ?? 40, minLength + 40) });
  return acceptedPool(node, REALISTIC_TEXT, shaped);
}

function poisonText(clean: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(clean, fc.nat(), fc.constantFrom(...TEXT_POISONS)).map(([text, at, poison]) => {
    const index = at % (text.length + 1);
    return text.slice(0, index) + poison + text.slice(index);
  });
}

/**
 * Request bodies derived from a call's schema: mostly valid, so that a poisoned field beside valid
 * ones reaches the handler unless the contract refuses it. An unknown schema kind fails the test, so
 * a new kind of field cannot slip past unfuzzed.
 */
function requestValues(schema: z.ZodType): RequestValues {
  const { def, bag } = (schema as unknown as SchemaInternals)._zod;
  switch (def.type) {
    case 'string': {
      const clean = cleanText(schema);
      const injected = poisonText(clean);
      const isDate = def.format === 'datetime' || def.format === 'date';
      return { clean, poisoned: isDate ? fc.oneof(fc.constantFrom(...DATE_POISONS), injected) : injected };
    }
    case 'number': {
      const min = Math.max(-1, Math.ceil(bag.minimum ?? bag.exclusiveMinimum ?? -1));
      return { clean: acceptedPool(schema, REALISTIC_NUMBERS, fc.integer({ min, max: Math.min(bag.maximum ?? min + 500, min + 500) })) };
    }
    case 'boolean':
      return { clean: fc.boolean() };
    case 'literal':
      return { clean: fc.constantFrom(...(def.values as unknown[])) };
    case 'enum':
      return { clean: fc.constantFrom(...Object.values(def.entries as Record<string, unknown>)) };
    case 'unknown':
    case 'any':
      return { clean: fc.constant(1), poisoned: fc.constantFrom(...TEXT_POISONS) };
    case 'optional':
    case 'default':
    case 'prefault': {
      const inner = requestValues(def.innerType);
      return { clean: fc.option(inner.clean, { nil: undefined }), poisoned: inner.poisoned };
    }
    case 'nullable': {
      const inner = requestValues(def.innerType);
      return { clean: fc.option(inner.clean, { nil: null }), poisoned: inner.poisoned };
    }
    case 'pipe': {
      const input = requestValues(def.in);
      return { clean: acceptedPool(schema, [], input.clean), poisoned: input.poisoned };
    }
    case 'union': {
      const options = (def.options as z.ZodType[]).map(requestValues);
      const poisoned = options.flatMap((option) => (option.poisoned ? [option.poisoned] : []));
      return { clean: fc.oneof(...options.map((option) => option.clean)), poisoned: poisoned.length ? fc.oneof(...poisoned) : undefined };
    }
    case 'array': {
      const element = requestValues(def.element);
      const minLength = bag.minimum ?? 0;
      const maxLength = Math.min(bag.maximum ?? minLength + 3, minLength + 3);
      const clean = fc.array(element.clean, { minLength, maxLength });
      const poisoned = element.poisoned
        ? fc
            .tuple(element.poisoned, fc.array(element.clean, { minLength: Math.max(0, minLength - 1), maxLength: Math.max(0, maxLength - 1) }))
            .map(([bad, rest]) => [bad, ...rest])
        : undefined;
      return { clean, poisoned };
    }
    case 'record': {
      const key = requestValues(def.keyType);
      const value = requestValues(def.valueType);
      const clean = fc.dictionary(key.clean as fc.Arbitrary<string>, value.clean, { maxKeys: 3 });
      const poisoned = fc.oneof(
        ...(key.poisoned ? [fc.tuple(key.poisoned, value.clean).map(([k, v]) => ({ [k as string]: v }))] : []),
        ...(value.poisoned ? [fc.tuple(key.clean, value.poisoned).map(([k, v]) => ({ [k as string]: v }))] : []),
      );
      return { clean, poisoned };
    }
    case 'object': {
      const fields = Object.entries(def.shape as Record<string, z.ZodType>).map(([name, field]) => [name, requestValues(field)] as const);
      const record = (target?: string) =>
        fc.record(Object.fromEntries(fields.map(([name, values]) => [name, name === target ? values.poisoned! : values.clean])));
      const targets = fields.filter(([, values]) => values.poisoned).map(([name]) => name);
      return { clean: record(), poisoned: targets.length ? fc.constantFrom(...targets).chain(record) : undefined };
    }
    default:
      throw new Error(`no request values for a ${def.type} schema`);
  }
}

describe('every call refuses text and dates that no database column holds', () => {
  const registered = () => ALL_CALLS.filter((call) => t.app.http.hasRoute({ method: 'POST', url: call.path }));

  it('answers NUL, unpaired surrogates and impossible dates in any string with a catalogue code, never a 500, and writes no row', async () => {
    const before = await rowCounts();
    const fuzzed = registered().flatMap((call) => {
      const { poisoned } = requestValues(call.request);
      return poisoned ? [{ call, poisoned }] : [];
    });
    expect(fuzzed.length).toBeGreaterThanOrEqual(30);
    for (const { call, poisoned } of fuzzed) {
      await fc.assert(
        fc.asyncProperty(poisoned, async (body) => {
          const text = JSON.stringify(body);
          const reply = await t.raw(call.path, text, {
            'content-type': 'application/json',
            ...(call.auth === 'player' ? { authorization: token } : {}),
          });
          expect(reply.status, `${call.path} ${text}`).toBe(200);
          expect(reply.json.code, `${call.path} ${text}`).not.toBe(0);
          expect(ALL_ERROR_CODES).toContain(reply.json.code);
        }),
        { numRuns: 30 },
      );
    }
    expect(await rowCounts()).toEqual(before);
  }, 300_000);

  const STRATEGY = { name: 'Flat', details: [{ area: 'big', amount: '1' }] };
  const TRANSFER = { requestId: 'req-0000000001', currency: 'TRX', amount: '1', fundPassword: '135790' };
  it.each([
    ['/v1/player/login', { kind: 1, account: 'neo\u0000', password: 'abc123' }],
    ['/v1/player/login', { kind: 2, email: 'neo@example.com', password: 'abc\u0000123' }],
    ['/v1/player/checkAccount', { account: 'neo\u0000' }],
    ['/v1/player/captchachpwd', { account: '\u0000' }],
    ['/v1/player/changepwd', { account: 'neo\uD800', code: '123456', password: 'abc123' }],
    ['/v1/player/updateprofile', { nickname: 'Ne\u0000o' }],
    ['/v1/player/updateprofile', { nickname: 'Neo\uDC00' }],
    ['/v1/bank/transfer/submit', { ...TRANSFER, receiverAccount: 'friend\u0000' }],
    ['/v1/bank/transfer/submit', { ...TRANSFER, receiverId: 1, remark: 'thanks\u0000' }],
    ['/v1/auto_bet/strategy_update', { gameId: 1, strategy: { ...STRATEGY, name: 'Fl\u0000at' }, wakeUp: { type: 3 } }],
    ['/v1/keypoint/upload', { kind: 1, customData: { 'utm\u0000': 'x' } }],
    ['/v1/bank/records', { from: '0000-01-01T00:00:00Z' }],
    ['/v1/bank/records', { to: '9999-12-31T23:59:59-01:00' }],
    ['/v1/hashGame/betRecord', { from: '1969-12-31T23:59:59Z' }],
    ['/v1/hashGame/verify', { gameId: 1, blockId: 'x', height: 1000 }],
  ])('%s refuses %j with 12', async (path, body) => {
    const reply = await t.call(path, body, { token });
    expect(reply.status).toBe(200);
    expect(reply.code).toBe(12);
  });

  it('never stores a Client-IP header carrying a NUL: the HTTP parser refuses the request', async () => {
    const before = await rowCounts();
    const { port } = new URL(t.url);
    const body = JSON.stringify({ kind: 1, clientIp: '203.0.113.7' });
    const response = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          'POST /v1/keypoint/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
            `Client-IP: 203.0.113.7\u0000x\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
          'latin1',
        );
      });
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    expect(response).toMatch(/^HTTP\/1\.1 400 /);
    expect(await rowCounts()).toEqual(before);
  });
});
