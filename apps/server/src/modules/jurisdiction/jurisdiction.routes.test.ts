import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AutoBetStopReason, COUNTRY_CODES, ErrorCode } from '@lobby/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { MARTINGALE } from '../auto-bet/test-support.ts';
import { startHashTestApp, type HashTestApp } from '../hash-game/test-support.ts';
import { FUND_PASSWORD, newWallet } from '../wallet/test-support.ts';
import { sharedCountryTable } from './country-table.ts';

/**
 * PROTECTION.md "Jurisdictions". The server sits behind a proxy it trusts (TRUST_PROXY=127.0.0.1),
 * so a request's address is the X-Forwarded-For the test sends, as a load balancer would set it;
 * the addresses are real ones the shipped database places in North Korea and the United States.
 */
const table = sharedCountryTable();
const KP = table.firstAddress('KP', 4)!;
const KP6 = table.firstAddress('KP', 6)!;
const US = table.firstAddress('US', 4)!;
const REGION_BLOCKED = ErrorCode.REGION_BLOCKED;

let t: HashTestApp;
beforeAll(async () => {
  t = await startHashTestApp({ TRUST_PROXY: '127.0.0.1', DEPOSIT_POLL_MS: '3600000', WITHDRAWAL_POLL_MS: '3600000' });
  await t.advance();
  expect((await block(['KP'])).code).toBe(0);
});
afterAll(async () => {
  await t?.close();
});

const block = (countries: readonly string[], key?: string) => t.ops('/ops/v1/site/setBlockedCountries', { countries }, key);
/** A call as if from `ip` (through the trusted proxy); no address: from this machine. */
const from = (ip: string | null, path: string, body: unknown = {}, token?: string) =>
  t.call(path, body, { token, headers: ip ? { 'x-forwarded-for': ip } : {} });
const balance = async (token: string) => (await t.call('/v1/player/balance/get', {}, { token })).data.usdt as string;

describe('the country of a request', () => {
  it('comes from the shipped database after TRUST_PROXY, and /v1/app/region tells the app whether it is blocked', async () => {
    expect(table.lookup(KP)).toBe('KP');
    expect((await from(KP, '/v1/app/region')).data).toEqual({ country: 'KP', blocked: true });
    expect((await from(KP6, '/v1/app/region')).data).toEqual({ country: 'KP', blocked: true });
    expect((await from(US, '/v1/app/region')).data).toEqual({ country: 'US', blocked: false });
    expect((await from(null, '/v1/app/region')).data).toEqual({ country: null, blocked: false });
  });

  it('is the connection address without a trusted proxy: a forwarded header from anyone else is ignored', async () => {
    const direct = await startTestApp();
    try {
      const reply = await direct.call('/v1/app/region', {}, { headers: { 'x-forwarded-for': KP } });
      expect(reply.data).toEqual({ country: null, blocked: false });
    } finally {
      await direct.close();
    }
  });

  it('is read from the file GEOIP_COUNTRY_FILE names, so the data can be updated without a new release', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'geo-')), 'countries.csv');
    writeFileSync(file, '198.51.100.0,198.51.100.255,KP\n');
    const updated = await startTestApp({ TRUST_PROXY: '127.0.0.1', GEOIP_COUNTRY_FILE: file });
    try {
      const reply = await updated.call('/v1/app/region', {}, { headers: { 'x-forwarded-for': '198.51.100.7' } });
      expect(reply.data).toEqual({ country: 'KP', blocked: false });
    } finally {
      await updated.close();
    }
  });
});

describe('a blocked country', () => {
  it('may not register: neither the code is sent nor the account made', async () => {
    const account = `kp${Date.now() % 1e8}`;
    expect((await from(KP, '/v1/player/captcha', { account: `${account}@example.com` })).code).toBe(REGION_BLOCKED);
    expect((await from(KP, '/v1/player/register', { kind: 1, account, password: 'secret123' })).code).toBe(REGION_BLOCKED);
    expect((await from(KP6, '/v1/player/register', { kind: 1, account, password: 'secret123' })).code).toBe(REGION_BLOCKED);
    expect(await t.app.database.db.selectFrom('players').select('id').where('account', '=', account).executeTakeFirst()).toBeUndefined();
    const elsewhere = await from(US, '/v1/player/register', { kind: 1, account, password: 'secret123' });
    expect(elsewhere.code).toBe(0);
  });

  it('may not sign in; a sign-in elsewhere records its country on the session, which staff see', async () => {
    const player = await t.registerPlayer();
    const login = (ip: string | null) => from(ip, '/v1/player/login', { kind: 1, account: player.account, password: player.password });
    const refused = await login(KP);
    expect(refused).toMatchObject({ code: REGION_BLOCKED, data: { country: 'KP' } });
    expect(refused.msg).toBe('This service is not available in your region');
    expect((await login(US)).code).toBe(0);
    const sessions = await t.ops('/ops/v1/players/sessions', { playerId: player.playerId });
    expect(sessions.data.list.map((s: { country: string | null; open: boolean }) => [s.country, s.open])).toEqual([
      ['US', true],
      [null, false],
    ]);
    const rows = await t.app.database.db.selectFrom('player_sessions').select('country').where('player_id', '=', player.playerId).orderBy('id').execute();
    expect(rows.map((row) => row.country)).toEqual([null, 'US']);
  });

  it('is issued no deposit address', async () => {
    const { token } = await t.registerPlayer();
    expect((await from(KP, '/v1/bank/deposit/address', {}, token)).code).toBe(REGION_BLOCKED);
    expect((await from(US, '/v1/bank/deposit/address', {}, token)).code).toBe(0);
  });

  it('places no page bet, and nothing is debited', async () => {
    const { token } = await t.player();
    const bet = (ip: string) =>
      from(
        ip,
        '/v1/hashGame/bet',
        { requestId: `r${randomUUID().replaceAll('-', '')}`, gameId: 1, area: 'big', amount: '10', currency: 'USDT', level: 0 },
        token,
      );
    expect((await bet(KP)).code).toBe(REGION_BLOCKED);
    expect(await balance(token)).toBe('1000');
    expect((await bet(US)).code).toBe(0);
    expect(await balance(token)).toBe('990');
  });

  it('starts no auto-bet', async () => {
    const { token } = await t.player();
    const start = (ip: string) =>
      from(ip, '/v1/auto_bet/start', { simulate: false, gameId: 1, gameLevel: 0, wakeUp: { type: 3 }, strategy: MARTINGALE }, token);
    expect((await start(KP)).code).toBe(REGION_BLOCKED);
    const status = async () => (await t.call('/v1/auto_bet/player_status', {}, { token })).data;
    expect(await status()).toMatchObject({ isOpen: false });
    expect((await start(US)).code).toBe(0);
    expect(await status()).toMatchObject({ isOpen: true, gameId: 1 });
    await t.call('/v1/auto_bet/stop', {}, { token });
  });

  it('stops, before its next bet, an auto-bet started from a country blocked afterwards', async () => {
    const { token, playerId } = await t.player();
    const start = await from(US, '/v1/auto_bet/start', { simulate: false, gameId: 1, gameLevel: 0, wakeUp: { type: 3 }, strategy: MARTINGALE }, token);
    expect(start.code).toBe(0);
    const runner = t.app.services.autoBet.runner;
    const bets = async () =>
      Number((await sql<{ n: string }>`select count(*)::text as n from hash_bets where player_id = ${playerId}`.execute(t.app.database.db)).rows[0]!.n);
    const run = () =>
      t.app.database.db.selectFrom('auto_bet_runs').select(['is_open', 'stop_type', 'country']).where('player_id', '=', playerId).executeTakeFirstOrThrow();
    await t.advance();
    expect(await runner.runOnce()).toBe(true);
    expect(await bets()).toBe(1);
    expect(await run()).toMatchObject({ is_open: true, country: 'US' });
    try {
      await block(['KP', 'US']);
      await t.advance();
      await runner.runOnce();
      await t.advance();
      await runner.runOnce();
      expect(await run()).toMatchObject({ is_open: false, stop_type: AutoBetStopReason.REGION_BLOCKED });
      expect(await bets()).toBe(1);
      expect((await t.call('/v1/auto_bet/player_status', {}, { token })).data).toMatchObject({ isOpen: false });
    } finally {
      await block(['KP']);
    }
  });

  it('enters no third-party game', async () => {
    const player = await t.registerPlayer();
    await t.app.services.players.markFirstRecharge(t.app.database.db, player.playerId);
    const home = await t.call('/v1/app/home', {});
    const game = home.data.slotGames.find((g: { aggregator: string }) => g.aggregator === 'hub88');
    const body = {
      aggregator: game.aggregator,
      manufacturer: game.manufacturer,
      gameCode: game.gameCode,
      gameId: game.id,
      gameType: game.gameType,
      language: 'en_US',
      currency: 'USD',
      platformCode: 'android',
    };
    expect((await from(KP, '/v1/thirdGame/enter', body, player.token)).code).toBe(REGION_BLOCKED);
    expect((await from(US, '/v1/thirdGame/enter', body, player.token)).code).toBe(0);
  });

  it('still withdraws what the player holds, and reads balances and history', async () => {
    const { token } = await t.player();
    // Test players sign up with the harness's default password.
    expect((await t.call('/v1/player/finance_password/update', { newPassword: FUND_PASSWORD, loginPassword: 'secret123' }, { token })).code).toBe(0);
    const withdrawal = await from(
      KP,
      '/v1/bank/cashout/submit',
      { requestId: randomUUID(), currency: 'USDT', amount: '20', address: newWallet().address, fundPassword: FUND_PASSWORD },
      token,
    );
    expect(withdrawal.code).toBe(0);
    expect(withdrawal.data.record).toMatchObject({ type: 'withdraw', direction: 'out', amount: '20' });
    expect((await from(KP, '/v1/player/balance/get', {}, token)).data.usdt).toBe('980');
    expect((await from(KP, '/v1/bank/records', { type: 'withdraw' }, token)).code).toBe(0);
  });

  it('never catches a loopback or private address, even with every country blocked', async () => {
    expect((await block(COUNTRY_CODES)).data.countries).toHaveLength(COUNTRY_CODES.length);
    try {
      const { token } = await t.registerPlayer();
      for (const ip of [null, '127.0.0.1', '10.0.0.8', '192.168.1.20', '::1']) {
        expect((await from(ip, '/v1/bank/deposit/address', {}, token)).code, String(ip)).toBe(0);
      }
      expect((await from(US, '/v1/bank/deposit/address', {}, token)).code).toBe(REGION_BLOCKED);
    } finally {
      await block(['KP']);
    }
  });
});

describe('/ops/v1/site/blockedCountries and setBlockedCountries', () => {
  it('reads and replaces the list, sorted and once each, and audits the change with before and after', async () => {
    const set = await block(['US', 'KP', 'US', 'IR']);
    expect(set.data).toEqual({ countries: ['IR', 'KP', 'US'] });
    expect((await t.ops('/ops/v1/site/blockedCountries', {})).data).toEqual({ countries: ['IR', 'KP', 'US'] });
    expect((await from(US, '/v1/app/region')).data).toEqual({ country: 'US', blocked: true });
    const [audited] = (
      await sql<{
        actor_name: string;
        target: string;
        before: unknown;
        after: unknown;
      }>`select actor_name, target, before, after from audit_records where action = '/ops/v1/site/setBlockedCountries' order by id desc limit 1`.execute(
        t.app.database.db,
      )
    ).rows;
    expect(audited).toEqual({ actor_name: t.opsName, target: 'site:blockedCountries', before: ['KP'], after: ['IR', 'KP', 'US'] });
    // Players' configSync carries the list with a new version.
    expect((await t.call('/v1/notice/configSync', {})).data.items.jurisdiction).toEqual({ blockedCountries: ['IR', 'KP', 'US'] });
    await block(['KP']);
    expect((await from(US, '/v1/app/region')).data.blocked).toBe(false);
  });

  it('refuses unknown codes with code 12 and changes nothing', async () => {
    for (const countries of [['ZZ'], ['kp'], ['USA'], ['K'], 'KP', [1]]) {
      expect((await t.ops('/ops/v1/site/setBlockedCountries', { countries })).code, JSON.stringify(countries)).toBe(ErrorCode.INVALID_PARAMETERS);
    }
    expect((await t.ops('/ops/v1/site/blockedCountries', {})).data).toEqual({ countries: ['KP'] });
  });

  it('needs site.config', async () => {
    const { key } = await createAutomationKey(t.app.database.db, ['players.read']);
    expect(await t.ops('/ops/v1/site/blockedCountries', {}, key)).toMatchObject({ status: 403, code: 10055 });
    expect(await block([], key)).toMatchObject({ status: 403, code: 10055 });
    expect((await from(KP, '/v1/app/region')).data.blocked).toBe(true);
  });

  it('takes effect at once on every instance', async () => {
    const other: TestApp = await startTestApp({ TRUST_PROXY: '127.0.0.1' }, { alongside: t });
    try {
      const region = async () => (await other.call('/v1/app/region', {}, { headers: { 'x-forwarded-for': US } })).data;
      expect(await region()).toEqual({ country: 'US', blocked: false });
      await block(['KP', 'US']);
      await vi.waitFor(async () => expect(await region()).toEqual({ country: 'US', blocked: true }), { timeout: 1000, interval: 20 });
      await block(['KP']);
      await vi.waitFor(async () => expect((await region()).blocked).toBe(false), { timeout: 1000, interval: 20 });
    } finally {
      await other.close();
    }
  });
});
