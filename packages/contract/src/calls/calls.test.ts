import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode } from '../errors.ts';
import { buildOpenApiDocument } from '../openapi.ts';
import { catalogueCodeOf } from './common.ts';
import type { CallDefinition } from './define.ts';
import { ALL_CALLS, CALL_GROUPS } from './index.ts';

// SPEC section 7, copied by hand: the test fails if a call of the spec is dropped or renamed.
const SPEC_PUBLIC_PATHS = [
  '/v1/player/captchachpwd',
  '/v1/player/changepwd',
  '/v1/player/captcha',
  '/v1/player/register',
  '/v1/player/login',
  '/v1/player/checkAccount',
  '/v1/notice/configSync',
  '/v1/notice/mailConfigSync',
  '/v1/vip/queryVipReturnProfitConf',
  '/v1/vip/queryVipUpLevelConf',
  '/v1/app/channel',
  '/v1/app/customerService/config',
  '/v1/app/home',
  '/v1/app/queryRanking',
  '/v1/app/queryBanner',
  '/v1/app/queryRewardPool',
];

const SPEC_AUTHENTICATED_PATHS = [
  '/v1/player/heartbeat',
  '/v1/player/resetpwd',
  '/v1/player/logout',
  '/v1/player/load',
  '/v1/player_mark/special_invited_account/info',
  '/v1/player/updateprofile',
  '/v1/player/email/captcha',
  '/v1/thirdGame/enter',
  '/v1/thirdGame/exit',
  '/v1/mail/readMail',
  '/v1/mail/mailData',
  '/v1/mail/newMail',
  '/v1/activity/configSync',
  '/v1/activity/playerData',
  '/v1/reportForm/activityForm',
  '/v1/activity/participate',
  '/v1/player/balance/get',
  '/v1/player/balance/sync_and_get',
  '/v1/vip/queryVipDetail',
  '/v1/vip/getVipUpLevelGift',
  '/v1/vip/getVipMonthGift',
  '/v1/reportForm/winOrLoseForm',
  '/v1/reportForm/betFormSummary',
  '/v1/reportForm/betFormDetail',
  '/v1/player/cashout_address/add',
  '/v1/player/cashout_address/delete',
  '/v1/player/cashout_address/list',
  '/v1/player/finance_password/update',
  '/v1/bank/cashout/config',
  '/v1/bank/cashout/submit',
  '/v1/bank/currency_exchange/config',
  '/v1/bank/wallet_activate/config',
  '/v1/player/bet_address/list',
  '/v1/player/bet_address/add',
  '/v1/auto_bet/game_list',
  '/v1/auto_bet/strategy',
  '/v1/auto_bet/strategy_update',
  '/v1/auto_bet/start',
  '/v1/auto_bet/stop',
  '/v1/auto_bet/open_log',
  '/v1/auto_bet/clear_log',
  '/v1/auto_bet/player_status',
  '/v1/player/cashout_account/add',
  '/v1/player/cashout_account/update',
  '/v1/player/cashout_account/get',
  '/v1/keypoint/upload',
  '/v1/player_mark/experience_gold/info',
];

/** The key point of "main page opened" is uploaded at startup, before any login (SPEC section 4). */
const SENT_BEFORE_LOGIN = ['/v1/keypoint/upload'];

// Calls the spec's screens need but section 7 does not name; designed in this package.
const DESIGNED_PATHS = {
  '/v1/player/security/get': 'player',
  '/v1/player/security/two_factor_setup': 'player',
  '/v1/player/security/two_factor_enable': 'player',
  '/v1/player/security/recovery_codes': 'player',
  '/v1/player/security/two_factor_disable': 'player',
  '/v1/player/security/login_history': 'player',
  '/v1/player/security/end_other_sessions': 'player',
  '/v1/player/protection/get': 'player',
  '/v1/player/protection/limit_set': 'player',
  '/v1/player/protection/limit_confirm': 'player',
  '/v1/player/protection/limit_cancel': 'player',
  '/v1/player/protection/offer_answer': 'player',
  '/v1/player/protection/reality_check_set': 'player',
  '/v1/player/protection/reality_check': 'player',
  '/v1/player/protection/time_out': 'player',
  '/v1/player/protection/self_exclude': 'player',
  '/v1/player/protection/return_request': 'player',
  '/v1/player/protection/held_return': 'player',
  '/v1/bank/currency_exchange/submit': 'player',
  '/v1/bank/transfer/submit': 'player',
  '/v1/bank/deposit/address': 'player',
  '/v1/bank/records': 'player',
  '/v1/player/bet_address/unbind': 'player',
  '/v1/lobby/searchGames': 'public',
  '/v1/app/region': 'public',
  '/v1/lobby/favourites': 'player',
  '/v1/lobby/favourite/add': 'player',
  '/v1/lobby/favourite/remove': 'player',
  '/v1/lobby/recentGames': 'player',
  '/v1/lobby/recentGames/add': 'player',
  '/v1/hashGame/bet': 'player',
  '/v1/hashGame/round': 'public',
  '/v1/hashGame/results': 'public',
  '/v1/hashGame/myBets': 'player',
  '/v1/hashGame/betRecord': 'player',
  '/v1/thirdGame/betRecord': 'player',
  '/v1/hashGame/betDetail': 'player',
  '/v1/hashGame/verify': 'public',
  '/v1/rebate/summary': 'player',
  '/v1/rebate/claim': 'player',
  '/v1/rebate/history': 'player',
  '/v1/bonus/wagering': 'player',
  '/v1/bonus/forfeit': 'player',
  '/v1/bonus/terms': 'public',
  '/v1/mail/deleteMail': 'player',
  '/v1/chat/history': 'player',
  '/v1/chat/send': 'player',
  '/v1/chat/sendImage': 'player',
  '/v1/chat/typing': 'player',
  '/v1/chat/read': 'player',
  '/v1/chat/widget': 'player',
  '/v1/referral/summary': 'player',
  '/v1/referral/claim': 'player',
  '/v1/referral/members': 'player',
  '/v1/referral/performance': 'player',
} as const;

const REQ = 'req-0000000001';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
// Height 1000 = 0x3e8 in the first 16 hex characters, as TRON block ids encode it.
const BLOCK_1000 = `00000000000003e8${'ab12'.repeat(12)}`;
const VALID_CPF = '529.982.247-25';

/** A valid body for every call: proves each request can be satisfied, and is the base for the negative cases. */
const SAMPLES: Record<string, Record<string, unknown>> = {
  '/v1/player/captchachpwd': { account: 'player01', lang: 'en_US' },
  '/v1/player/changepwd': { account: 'player01', code: '123456', password: 'abc123' },
  '/v1/player/captcha': { account: 'a@example.com', lang: 'en_US' },
  '/v1/player/register': { kind: 1, account: 'player01', password: 'abc123' },
  '/v1/player/login': { kind: 2, email: 'a@example.com', password: 'abc123' },
  '/v1/player/checkAccount': { account: 'player01' },
  '/v1/notice/configSync': { sinceVersion: 0 },
  '/v1/notice/mailConfigSync': {},
  '/v1/vip/queryVipReturnProfitConf': {},
  '/v1/vip/queryVipUpLevelConf': { language: 'pt_BR' },
  '/v1/app/channel': { channelMd5: '0123456789abcdef', clientVersion: '1.0.0' },
  '/v1/app/customerService/config': {},
  '/v1/app/home': { language: 'zh_CN' },
  '/v1/app/queryRanking': { limit: 10 },
  '/v1/app/queryBanner': {},
  '/v1/app/queryRewardPool': {},
  '/v1/player/heartbeat': {},
  '/v1/player/resetpwd': { oldPassword: 'abc123', newPassword: 'xyz789' },
  '/v1/player/logout': {},
  '/v1/player/load': {},
  '/v1/player_mark/special_invited_account/info': {},
  '/v1/player/updateprofile': { nickname: 'Neo' },
  '/v1/player/email/captcha': { account: 'a@example.com' },
  '/v1/thirdGame/enter': {
    aggregator: 'demo',
    manufacturer: 'PG',
    gameCode: 'fortune-tiger',
    language: 'en_US',
    currency: 'USD',
    ipAddress: '203.0.113.7',
    platformCode: 'android',
    gameType: 10,
    gameId: 1001,
  },
  '/v1/thirdGame/exit': { gameId: 1001 },
  '/v1/thirdGame/betRecord': { page: 1, pageSize: 20, gameType: 10, currency: 'USDT', from: '2026-01-01T00:00:00Z' },
  '/v1/mail/readMail': { ids: [1, 2] },
  '/v1/app/region': {},
  '/v1/mail/mailData': { page: 1, pageSize: 20 },
  '/v1/mail/newMail': {},
  '/v1/mail/deleteMail': { ids: [3] },
  '/v1/activity/configSync': { language: 'en_US' },
  '/v1/activity/playerData': {},
  '/v1/reportForm/activityForm': { page: 1, bonusType: 1 },
  '/v1/activity/participate': { requestId: REQ, activityId: 3 },
  '/v1/player/balance/get': {},
  '/v1/player/protection/get': {},
  '/v1/player/security/get': {},
  '/v1/player/security/two_factor_setup': {},
  '/v1/player/security/two_factor_enable': { code: '123456' },
  '/v1/player/security/recovery_codes': { twoFactorCode: '123456' },
  '/v1/player/security/two_factor_disable': { twoFactorCode: 'abcd-efgh-ijkl-mnop' },
  '/v1/player/security/login_history': {},
  '/v1/player/security/end_other_sessions': {},
  '/v1/player/protection/limit_set': { kind: 'loss', period: 'day', amount: '50' },
  '/v1/player/protection/limit_confirm': { kind: 'wager', period: 'week' },
  '/v1/player/protection/limit_cancel': { kind: 'deposit', period: 'month' },
  '/v1/player/protection/offer_answer': { moment: 'registration' },
  '/v1/player/protection/reality_check_set': { minutes: 30 },
  '/v1/player/protection/reality_check': {},
  '/v1/player/protection/time_out': { days: 7 },
  '/v1/player/protection/self_exclude': { period: '6m', confirm: true, password: 'abc123' },
  '/v1/player/protection/return_request': {},
  '/v1/player/protection/held_return': { requestId: REQ, currency: 'USDT' },
  '/v1/player/balance/sync_and_get': {},
  '/v1/vip/queryVipDetail': {},
  '/v1/vip/getVipUpLevelGift': { requestId: REQ, vipLevel: 2 },
  '/v1/vip/getVipMonthGift': { requestId: REQ },
  '/v1/reportForm/winOrLoseForm': { currencyCode: 'USDT', lastDay: 7 },
  '/v1/reportForm/betFormSummary': { currencyCode: 'TRX', lastDay: 1 },
  '/v1/reportForm/betFormDetail': { currencyCode: 'USDT', lastDay: 30, gameType: 1, page: 2 },
  '/v1/player/cashout_address/add': { address: TRON, label: 'My wallet' },
  '/v1/player/cashout_address/delete': { id: 5 },
  '/v1/player/cashout_address/list': {},
  '/v1/player/finance_password/update': { newPassword: '135790', loginPassword: 'abc123' },
  '/v1/bank/cashout/config': {},
  '/v1/bank/cashout/submit': { requestId: REQ, currency: 'USDT', amount: '25.5', addressId: 5, fundPassword: '135790' },
  '/v1/bank/currency_exchange/config': {},
  '/v1/bank/wallet_activate/config': {},
  '/v1/player/bet_address/list': {},
  '/v1/player/bet_address/add': { address: TRON },
  '/v1/player/bet_address/unbind': { id: 5 },
  '/v1/lobby/searchGames': { keyword: 'rocket', limit: 20, language: 'en_US' },
  '/v1/lobby/favourites': {},
  '/v1/lobby/favourite/add': { gameId: 10001 },
  '/v1/lobby/favourite/remove': { gameId: 10001 },
  '/v1/lobby/recentGames': {},
  '/v1/lobby/recentGames/add': { gameId: 1 },
  '/v1/auto_bet/game_list': {},
  '/v1/auto_bet/strategy': { gameId: 1 },
  '/v1/auto_bet/strategy_update': {
    gameId: 1,
    strategy: {
      name: 'Double up',
      details: [
        { area: 'big', amount: '1' },
        { area: 'big', amount: '2' },
      ],
    },
    wakeUp: { type: 0, rule: [3] },
  },
  '/v1/auto_bet/start': {
    simulate: true,
    gameId: 51,
    gameLevel: 0,
    strategy: { name: 'Flat', details: [{ area: 'odd', amount: 1 }] },
    wakeUp: { type: 3 },
  },
  '/v1/auto_bet/stop': {},
  '/v1/auto_bet/open_log': { gameId: 51, simulate: true },
  '/v1/auto_bet/clear_log': { gameId: 51, simulate: false },
  '/v1/auto_bet/player_status': {},
  '/v1/player/cashout_account/add': {
    accountType: 3,
    pixKeyType: 'email',
    pixKey: 'ana@example.com',
    holderName: 'Ana Souza',
    cpf: VALID_CPF,
  },
  '/v1/player/cashout_account/update': { id: 9, deleted: true },
  '/v1/player/cashout_account/get': {},
  '/v1/keypoint/upload': { kind: 1 },
  '/v1/player_mark/experience_gold/info': {},
  '/v1/bank/currency_exchange/submit': { requestId: REQ, from: 'USDT', to: 'TRX', amount: '10' },
  '/v1/bank/transfer/submit': { requestId: REQ, receiverAccount: 'friend01', currency: 'TRX', amount: '100', fundPassword: '135790' },
  '/v1/bank/deposit/address': {},
  '/v1/bank/records': { type: 'withdraw', currency: 'USDT', from: '2025-01-01T00:00:00+08:00', to: '2025-02-01T00:00:00+08:00' },
  '/v1/hashGame/bet': { requestId: REQ, gameId: 1, area: 'big', amount: '10', currency: 'USDT', level: 0 },
  '/v1/hashGame/round': { gameId: 101 },
  '/v1/hashGame/results': { gameId: 101, limit: 20 },
  '/v1/hashGame/myBets': { gameId: 101 },
  '/v1/hashGame/betRecord': { status: 5, page: 1, pageSize: 50 },
  '/v1/hashGame/betDetail': { betId: 77 },
  '/v1/hashGame/verify': { gameId: 4, blockId: BLOCK_1000, height: 1000, area: 'banker', amount: '1001' },
  '/v1/rebate/summary': {},
  '/v1/rebate/claim': { requestId: REQ, currency: 'USDT' },
  '/v1/rebate/history': { page: 1, currency: 'TRX' },
  '/v1/bonus/wagering': {},
  '/v1/bonus/forfeit': { requestId: REQ, currency: 'TRX' },
  '/v1/bonus/terms': {},
  '/v1/chat/history': { afterSeq: 3, limit: 50 },
  '/v1/chat/send': { clientMsgId: 'msg-0000000001', text: 'hello' },
  '/v1/chat/sendImage': { clientMsgId: 'msg-0000000002', image: 'iVBORw0KGgo=' },
  '/v1/chat/typing': { typing: true },
  '/v1/chat/read': { seq: 3 },
  '/v1/chat/widget': {},
  '/v1/referral/summary': {},
  '/v1/referral/claim': { requestId: REQ, currency: 'USDT' },
  '/v1/referral/members': { level: 1, page: 1, pageSize: 20 },
  '/v1/referral/performance': { isTeam: 1, gameType: 1, currencyCode: 'USDT', selectDay: '2026-11-24' },
};

const callByPath = new Map<string, CallDefinition>(ALL_CALLS.map((c) => [c.path, c]));
function call(path: string): CallDefinition {
  const found = callByPath.get(path);
  if (!found) throw new Error(`no call ${path}`);
  return found;
}
function sample(path: string) {
  return structuredClone(SAMPLES[path]);
}
function issuesOf(result: { success: boolean; error?: z.ZodError }) {
  return result.error?.issues ?? [];
}

describe('the call list', () => {
  it('gives every call a unique path under /v1/', () => {
    const paths = ALL_CALLS.map((c) => c.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/v1\/[A-Za-z_]+(\/[A-Za-z_]+)+$/);
  });

  it('contains every public call of SPEC section 7, callable without a token', () => {
    for (const path of SPEC_PUBLIC_PATHS) expect(call(path).auth, path).toBe('public');
  });

  it('contains every authenticated call of SPEC section 7, requiring a token', () => {
    for (const path of SPEC_AUTHENTICATED_PATHS) {
      expect(call(path).auth, path).toBe(SENT_BEFORE_LOGIN.includes(path) ? 'optional' : 'player');
    }
  });

  it('contains the designed calls the trade and hash-game screens need', () => {
    for (const [path, auth] of Object.entries(DESIGNED_PATHS)) expect(call(path).auth, path).toBe(auth);
  });

  it('has nothing beyond the spec and the designed calls', () => {
    const known = new Set([...SPEC_PUBLIC_PATHS, ...SPEC_AUTHENTICATED_PATHS, ...Object.keys(DESIGNED_PATHS)]);
    expect(ALL_CALLS.map((c) => c.path).filter((p) => !known.has(p))).toEqual([]);
  });

  it('keeps groups and ALL_CALLS in step', () => {
    const grouped = Object.values(CALL_GROUPS).reduce((n, group) => n + Object.keys(group).length, 0);
    expect(ALL_CALLS.length).toBe(grouped);
  });
});

describe('every request', () => {
  it('has a valid sample here, which it accepts', () => {
    for (const c of ALL_CALLS) {
      expect(SAMPLES[c.path], `sample for ${c.path}`).toBeDefined();
      const result = c.request.safeParse(sample(c.path));
      expect(result.success, `${c.path}: ${JSON.stringify(issuesOf(result))}`).toBe(true);
    }
  });

  it('rejects an unknown field', () => {
    for (const c of ALL_CALLS) {
      const result = c.request.safeParse({ ...sample(c.path), unexpectedField: 1 });
      expect(result.success, c.path).toBe(false);
      expect(JSON.stringify(issuesOf(result)), c.path).toContain('unrecognized_keys');
    }
  });

  it('requires requestId exactly on the calls that move money', () => {
    for (const c of ALL_CALLS) {
      const inputSchema = JSON.stringify(z.toJSONSchema(c.request, { io: 'input', unrepresentable: 'any' }));
      expect(inputSchema.includes('"requestId"'), c.path).toBe(c.movesMoney === true);
      if (!c.movesMoney) continue;
      const { requestId: _dropped, ...withoutKey } = sample(c.path);
      const result = c.request.safeParse(withoutKey);
      expect(result.success, c.path).toBe(false);
      expect(
        issuesOf(result).some((i) => i.path[0] === 'requestId'),
        c.path,
      ).toBe(true);
    }
  });

  it('marks every call that debits or credits a wallet as moving money', () => {
    const movers = ALL_CALLS.filter((c) => c.movesMoney)
      .map((c) => c.path)
      .sort();
    expect(movers).toEqual(
      [
        '/v1/activity/participate',
        '/v1/bank/cashout/submit',
        '/v1/bank/currency_exchange/submit',
        '/v1/bank/transfer/submit',
        '/v1/bonus/forfeit',
        '/v1/hashGame/bet',
        '/v1/player/protection/held_return',
        '/v1/rebate/claim',
        '/v1/referral/claim',
        '/v1/vip/getVipMonthGift',
        '/v1/vip/getVipUpLevelGift',
      ].sort(),
    );
  });
});

/** Every string of a body (object keys included), as the path to it. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    return stringPaths(item, at);
  });
}

/** The body with the string at `path` changed. */
function withStringAt(body: unknown, path: (string | number)[], change: (text: string) => string): unknown {
  if (path.length === 0) return change(body as string);
  const copy = structuredClone(body) as Record<string | number, unknown>;
  copy[path[0]] = withStringAt(copy[path[0]], path.slice(1), change);
  return copy;
}

/** Every schema a request is built from, itself included. */
function* schemaParts(schema: z.ZodType): Generator<z.ZodType> {
  yield schema;
  for (const part of Object.values(schema._zod.def as unknown as Record<string, unknown>)) {
    const children = Array.isArray(part) ? part : part && typeof part === 'object' && !('_zod' in part) ? Object.values(part) : [part];
    for (const child of children) {
      if (child && typeof child === 'object' && '_zod' in child && 'safeParse' in child) yield* schemaParts(child as z.ZodType);
    }
  }
}

describe('text no database column holds', () => {
  it.each([
    ['a NUL', (text: string) => `${text}\u0000`],
    ['an unpaired high surrogate', (text: string) => `\uD800${text}`],
    ['an unpaired low surrogate', (text: string) => `${text.slice(0, 1)}\uDFFF${text.slice(1)}`],
  ])('is refused as %s in every string of every request, naming the field', (_name, poison) => {
    let poisoned = 0;
    for (const c of ALL_CALLS) {
      for (const path of stringPaths(sample(c.path))) {
        const result = c.request.safeParse(withStringAt(sample(c.path), path, poison));
        expect(result.success, `${c.path} ${path.join('.')}`).toBe(false);
        expect(
          issuesOf(result).map((issue) => issue.path.join('.')),
          c.path,
        ).toContain(path.join('.'));
        poisoned++;
      }
    }
    expect(poisoned).toBeGreaterThan(50);
  });

  it('is refused in object keys too', () => {
    const result = call('/v1/keypoint/upload').request.safeParse({ kind: 1, customData: { 'a\u0000b': 1 } });
    expect(issuesOf(result).map((issue) => issue.path.join('.'))).toContain('customData.a\u0000b');
  });

  it('leaves well-formed text alone, emoji and other surrogate pairs included', () => {
    const result = call('/v1/player/updateprofile').request.safeParse({ nickname: 'Neo 🎲 𝒳' });
    expect(result.success).toBe(true);
  });
});

describe('dates in requests', () => {
  const dateSchemas = ALL_CALLS.flatMap((c) =>
    [...schemaParts(c.request)]
      .filter((part) => ['datetime', 'date'].includes((part._zod.def as { format?: string }).format ?? ''))
      .map((part) => [c.path, part] as const),
  );

  it('are found in the requests that take a range', () => {
    expect(new Set(dateSchemas.map(([path]) => path))).toContain('/v1/bank/records');
  });

  it.each([
    '0000-01-01T00:00:00Z',
    '0000-12-31T23:59:59+01:00',
    '1969-12-31T23:59:59Z',
    '10000-01-01T00:00:00Z',
    '9999-12-31T23:59:59-01:00',
    '-000001-01-01T00:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-02-30T00:00:00Z',
  ])('refuse %s in every date field of every request', (date) => {
    for (const [path, schema] of dateSchemas) expect(schema.safeParse(date).success, path).toBe(false);
  });

  it.each(['1970-01-01T00:00:00Z', '2025-06-30T23:59:59.999-03:00', '9999-12-31T23:59:59Z'])('accept %s', (date) => {
    for (const [path, schema] of dateSchemas) expect(schema.safeParse(date).success, path).toBe(true);
  });

  it('answer an out-of-range date on /v1/bank/records with an issue on that field', () => {
    const result = call('/v1/bank/records').request.safeParse({ from: '0000-01-01T00:00:00Z' });
    expect(issuesOf(result).map((issue) => issue.path.join('.'))).toEqual(['from']);
  });
});

describe('money in requests', () => {
  const submit = () => call('/v1/bank/cashout/submit').request;

  it('parses decimals exactly into micro-units', () => {
    const parsed = submit().parse({ ...sample('/v1/bank/cashout/submit'), amount: '0.1' }) as { amount: bigint };
    expect(parsed.amount).toBe(100_000n);
    const fromNumber = submit().parse({ ...sample('/v1/bank/cashout/submit'), amount: 0.3 }) as { amount: bigint };
    expect(fromNumber.amount).toBe(300_000n);
  });

  it.each(['0', '-1', '1.0000001', 'NaN', '1e3', '', '99999999999999999999'])('rejects amount %j', (amount) => {
    expect(submit().safeParse({ ...sample('/v1/bank/cashout/submit'), amount }).success).toBe(false);
  });

  it('accepts only the two wallet currencies', () => {
    expect(submit().safeParse({ ...sample('/v1/bank/cashout/submit'), currency: 'BTC' }).success).toBe(false);
  });
});

describe('wallet calls', () => {
  it('withdraws to a saved address or a typed one, never both or neither', () => {
    const req = call('/v1/bank/cashout/submit').request;
    const { addressId: _id, ...base } = sample('/v1/bank/cashout/submit');
    expect(req.safeParse(base).success).toBe(false);
    expect(req.safeParse({ ...base, address: TRON }).success).toBe(true);
    expect(req.safeParse({ ...base, address: TRON, addressId: 1 }).success).toBe(false);
  });

  it('answers a malformed TRON address with the catalogue code 10052', () => {
    const result = call('/v1/player/cashout_address/add').request.safeParse({ address: 'T123', label: 'x' });
    expect(catalogueCodeOf(issuesOf(result))).toBe(ErrorCode.INVALID_TRON_ADDRESS);
  });

  it.each([
    ['cpf', '123.456.789-00', ErrorCode.CPF_FORMAT_INVALID],
    ['email', 'not-an-email', ErrorCode.ACCOUNT_EMAIL_FORMAT_INVALID],
    ['phone', '11912345678', ErrorCode.PHONE_FORMAT_INVALID],
    ['random', 'abc', ErrorCode.PIX_FORMAT_INVALID],
  ])('answers a bad %s PIX key with its own catalogue code', (pixKeyType, pixKey, code) => {
    const result = call('/v1/player/cashout_account/add').request.safeParse({
      ...sample('/v1/player/cashout_account/add'),
      pixKeyType,
      pixKey,
    });
    expect(result.success).toBe(false);
    expect(catalogueCodeOf(issuesOf(result))).toBe(code);
  });

  it('accepts each cashout account type', () => {
    const req = call('/v1/player/cashout_account/add').request;
    const bodies = [
      { accountType: 1, currency: 'USDT', address: TRON },
      { accountType: 2, currencyCode: 'BRL', bankName: 'Banco', accountNumber: '12345-6', holderName: 'Ana Souza' },
      { accountType: 3, pixKeyType: 'cpf', pixKey: VALID_CPF, holderName: 'Ana Souza', cpf: VALID_CPF },
      { accountType: 4, provider: 'PicPay', phone: '+5511912345678', holderName: 'Ana Souza' },
    ];
    for (const b of bodies) expect(req.safeParse(b).success, JSON.stringify(b)).toBe(true);
  });

  it('needs the old fund password or the login password to set a new one', () => {
    const req = call('/v1/player/finance_password/update').request;
    expect(req.safeParse({ newPassword: '135790' }).success).toBe(false);
    expect(req.safeParse({ newPassword: '135790', oldPassword: '246801' }).success).toBe(true);
    expect(req.safeParse({ newPassword: 'abc', loginPassword: 'abc123' }).success).toBe(false);
  });

  it('refuses an exchange of a currency into itself', () => {
    const req = call('/v1/bank/currency_exchange/submit').request;
    expect(req.safeParse({ ...sample('/v1/bank/currency_exchange/submit'), to: 'USDT' }).success).toBe(false);
  });

  it('refuses an inverted date range', () => {
    const req = call('/v1/bank/records').request;
    const result = req.safeParse({ from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' });
    expect(result.success).toBe(false);
  });
});

describe('paging', () => {
  it('defaults to page 1 of 20 and caps pageSize at 100', () => {
    const req = call('/v1/mail/mailData').request;
    expect(req.parse({})).toMatchObject({ page: 1, pageSize: 20 });
    expect(req.safeParse({ pageSize: 101 }).success).toBe(false);
    expect(req.safeParse({ page: 0 }).success).toBe(false);
  });
});

describe('auto-bet start', () => {
  it('fills the defaults of SPEC section 9: interval 1, stop win and stop loss 10000', () => {
    const parsed = call('/v1/auto_bet/start').request.parse(sample('/v1/auto_bet/start')) as Record<string, unknown>;
    expect(parsed).toMatchObject({ interval: 1, stopWinAmount: 10_000_000_000n, stopLoseAmount: 10_000_000_000n });
  });

  it('needs a count for the lose and win wake-up types', () => {
    const req = call('/v1/auto_bet/start').request;
    expect(req.safeParse({ ...sample('/v1/auto_bet/start'), wakeUp: { type: 0 } }).success).toBe(false);
    expect(req.safeParse({ ...sample('/v1/auto_bet/start'), wakeUp: { type: 4 } }).success).toBe(false);
  });
});

describe('hash-game calls', () => {
  it('only takes bets on known games, areas and levels', () => {
    const req = call('/v1/hashGame/bet').request;
    const base = sample('/v1/hashGame/bet');
    expect(req.safeParse({ ...base, gameId: 8 }).success).toBe(false);
    expect(req.safeParse({ ...base, area: 'middle' }).success).toBe(false);
    expect(req.safeParse({ ...base, level: 2 }).success).toBe(false);
  });

  it('verifies only a block id that belongs to the given height', () => {
    const req = call('/v1/hashGame/verify').request;
    expect(req.safeParse({ ...sample('/v1/hashGame/verify'), height: 1001 }).success).toBe(false);
  });

  it.each([{ blockId: 'not hex' }, { blockId: 'x'.repeat(64) }, { height: 1.5 }])(
    'refuses a malformed block id or height %j with an issue, never an exception',
    (change) => {
      const result = call('/v1/hashGame/verify').request.safeParse({ ...sample('/v1/hashGame/verify'), ...change });
      expect(result.success).toBe(false);
      expect(issuesOf(result).map((issue) => issue.path[0])).toEqual(Object.keys(change));
    },
  );

  it('verifies a stake only with its area', () => {
    const req = call('/v1/hashGame/verify').request;
    const { area: _area, ...withoutArea } = sample('/v1/hashGame/verify');
    expect(req.safeParse(withoutArea).success).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  const doc = buildOpenApiDocument({ version: 'test' });

  it('lists every call once, as a POST', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(ALL_CALLS.map((c) => c.path).sort());
    for (const entry of Object.values(doc.paths)) expect(Object.keys(entry as object)).toEqual(['post']);
  });

  it('is plain JSON that survives a round trip', () => {
    const text = JSON.stringify(doc);
    expect(JSON.parse(text)).toEqual(doc);
  });

  it('gives every operation a unique id', () => {
    const ids = Object.values(doc.paths).map((p) => (p as { post: { operationId: string } }).post.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('asks for the token exactly on authenticated calls', () => {
    for (const c of ALL_CALLS) {
      const op = (doc.paths[c.path] as { post: { security: unknown[] } }).post;
      expect(op.security.length > 0, c.path).toBe(c.auth !== 'public');
    }
  });
});
