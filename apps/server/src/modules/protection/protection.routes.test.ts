import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../money/ledger-check.ts';
import { startHashTestApp, USDT, type HashTestApp } from '../hash-game/test-support.ts';
import { travel } from './test-support.ts';

let t: HashTestApp;
beforeAll(async () => {
  t = await startHashTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.database.db;
const gate = () => t.app.services.protection.gate;
const get = async (token: string) => (await t.call('/v1/player/protection/get', {}, { token })).data;
const setLimit = (token: string, kind: string, period: string, amount: string | null) =>
  t.call('/v1/player/protection/limit_set', { kind, period, amount }, { token });
const usdtOf = async (token: string) => (await t.call('/v1/player/balance/get', {}, { token })).data.usdt;

describe('/v1/player/protection/get', () => {
  it('answers the operator defaults for a player who chose nothing', async () => {
    const { token } = await t.player();
    expect(await get(token)).toEqual({
      limits: [],
      realityCheckMinutes: 60,
      pause: null,
      held: [],
      limitOfferAnswered: { registration: false, firstDeposit: false },
    });
  });
});

describe('/v1/player/protection/limit_set', () => {
  it('applies a new daily loss limit at once and refuses the bet that would pass it with 10061, naming the limit and its reset', async () => {
    const { token } = await t.player({ usdt: USDT(100) });
    expect((await setLimit(token, 'loss', 'day', '20')).code).toBe(0);
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '15' })).code).toBe(0);
    const refused = await t.bet(token, { gameId: 1, area: 'big', amount: '10' });
    expect(refused.code).toBe(10061);
    expect((refused as { msg?: string }).msg).toContain('20 USDT');
    expect(refused.data).toMatchObject({ kind: 'loss', period: 'day', amount: '20' });
    expect(Date.parse(refused.data.resetsAt)).toBeGreaterThan(Date.now());
    expect(await usdtOf(token)).toBe('85');
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '5' })).code).toBe(0);
    const state = await get(token);
    expect(state.limits).toEqual([expect.objectContaining({ kind: 'loss', period: 'day', amount: '20', used: '20', pending: null })]);
  });

  it('gives back the count of a bet refused for another reason, so the limit is not used up by refusals', async () => {
    const { token } = await t.player({ usdt: USDT(10) });
    await setLimit(token, 'wager', 'day', '12');
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '11' })).code).toBe(21002);
    expect((await get(token)).limits[0].used).toBe('0');
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '10' })).code).toBe(0);
    expect((await get(token)).limits[0].used).toBe('10');
  });

  it('counts a TRX stake at its USDT equivalent', async () => {
    const { token } = await t.player({ trx: USDT(1000) });
    await setLimit(token, 'wager', 'week', '5');
    const rate = gate().usdtOf('TRX', USDT(100));
    expect(rate).toBeGreaterThan(5_000_000n);
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '100', currency: 'TRX' })).code).toBe(10061);
  });

  it('keeps the old limit through the 24-hour cooling-off of a raise, refuses an early confirmation with 10067, then applies it on confirmation', async () => {
    const { token, playerId } = await t.player({ usdt: USDT(100) });
    await setLimit(token, 'wager', 'day', '10');
    const asked = await setLimit(token, 'wager', 'day', '50');
    expect(asked.data.limits[0]).toMatchObject({ amount: '10', pending: { amount: '50' } });
    expect(Date.parse(asked.data.limits[0].pending.readyAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '11' })).code).toBe(10061);
    const early = await t.call('/v1/player/protection/limit_confirm', { kind: 'wager', period: 'day' }, { token });
    expect(early.code).toBe(10067);
    expect(early.data.readyAt).toBe(asked.data.limits[0].pending.readyAt);

    await travel(db(), playerId, 23, gate());
    expect((await t.call('/v1/player/protection/limit_confirm', { kind: 'wager', period: 'day' }, { token })).code).toBe(10067);
    await travel(db(), playerId, 2, gate());
    // Time alone applies nothing: the player must confirm.
    expect((await get(token)).limits[0].amount).toBe('10');
    const confirmed = await t.call('/v1/player/protection/limit_confirm', { kind: 'wager', period: 'day' }, { token });
    expect(confirmed.data.limits[0]).toMatchObject({ amount: '50', pending: null });
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '30' })).code).toBe(0);
  });

  it('removes a limit only after the cooling-off and a confirmation, and a lower limit in between applies at once and drops the request', async () => {
    const { token, playerId } = await t.player({ usdt: USDT(100) });
    await setLimit(token, 'wager', 'month', '30');
    const removal = await setLimit(token, 'wager', 'month', null);
    expect(removal.data.limits[0].pending).toMatchObject({ amount: null });
    const lowered = await setLimit(token, 'wager', 'month', '20');
    expect(lowered.data.limits[0]).toMatchObject({ amount: '20', pending: null });
    await setLimit(token, 'wager', 'month', null);
    await travel(db(), playerId, 25, gate());
    const removed = await t.call('/v1/player/protection/limit_confirm', { kind: 'wager', period: 'month' }, { token });
    expect(removed.data.limits).toEqual([]);
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '60' })).code).toBe(0);
  });

  it('withdraws a pending raise on cancel and keeps the limit in force', async () => {
    const { token } = await t.player();
    await setLimit(token, 'deposit', 'day', '100');
    await setLimit(token, 'deposit', 'day', '500');
    const cancelled = await t.call('/v1/player/protection/limit_cancel', { kind: 'deposit', period: 'day' }, { token });
    expect(cancelled.data.limits[0]).toMatchObject({ amount: '100', pending: null });
  });

  it('counts what the player staked earlier today, settled or not, once they set their first limit', async () => {
    const { token } = await t.player({ usdt: USDT(100) });
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '35' })).code).toBe(0);
    await setLimit(token, 'loss', 'day', '40');
    expect((await get(token)).limits[0].used).toBe('35');
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '6' })).code).toBe(10061);
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '5' })).code).toBe(0);
  });

  it('rejects an unknown kind, a zero amount or an extra field with code 12 and changes nothing', async () => {
    const { token } = await t.player();
    for (const body of [
      { kind: 'bets', period: 'day', amount: '1' },
      { kind: 'loss', period: 'year', amount: '1' },
      { kind: 'loss', period: 'day', amount: '0' },
      { kind: 'loss', period: 'day', amount: '-1' },
      { kind: 'loss', period: 'day', amount: '1', extra: true },
    ]) {
      expect((await t.call('/v1/player/protection/limit_set', body, { token })).code, JSON.stringify(body)).toBe(12);
    }
    expect((await get(token)).limits).toEqual([]);
  });
});

describe('/v1/player/protection/time_out', () => {
  it('refuses every bet and game entry at once with 10062 and its end, and cannot be shortened', async () => {
    const { token } = await t.player({ usdt: USDT(100) });
    const taken = await t.call('/v1/player/protection/time_out', { days: 7 }, { token });
    expect(taken.data.pause).toMatchObject({ kind: 'time_out' });
    const refused = await t.bet(token, { gameId: 1, area: 'big', amount: '5' });
    expect(refused.code).toBe(10062);
    expect(refused.data).toEqual({ kind: 'time_out', until: taken.data.pause.until });
    expect((await t.call('/v1/player/protection/time_out', { days: 1 }, { token })).code).toBe(10062);
    expect((await t.call('/v1/player/protection/time_out', { days: 10 }, { token })).data.pause.kind).toBe('time_out');
    expect(await usdtOf(token)).toBe('100');
    // Withdrawals, history and support stay open.
    expect((await t.call('/v1/bank/cashout/config', {}, { token })).code).toBe(0);
    expect((await t.call('/v1/hashGame/myBets', { gameId: 1 }, { token })).code).toBe(0);
  });

  it('refuses bonus credits while it runs', async () => {
    const { playerId, token } = await t.player();
    await t.call('/v1/player/protection/time_out', { days: 1 }, { token });
    await expect(
      t.app.services.bonus.creditNow({ playerId, source: 'rebate', sourceRef: 'test', bonusType: 1, currency: 'USDT', amount: USDT(1) } as never),
    ).rejects.toMatchObject({ code: 10062 });
  });

  it('hides marketing mail (broadcasts and segments) while it runs, and keeps mail to the player', async () => {
    const { token, playerId } = await t.player();
    const texts = (text: string) => ({ zh_CN: text, zh_TW: text, en_US: text, pt_BR: text, vi_VN: text, id_ID: text, th_TH: text, ar_EG: text });
    const send = (audience: unknown, text: string) => t.ops('/ops/v1/mail/send', { audience, category: 1, title: texts(text), content: texts(text) });
    expect((await send({ kind: 'all' }, 'Weekend reload bonus')).code).toBe(0);
    await t.call('/v1/player/protection/time_out', { days: 1 }, { token });
    expect((await send({ kind: 'player', playerId }, 'Your withdrawal was sent')).code).toBe(0);
    const inbox = await t.call('/v1/mail/mailData', { page: 1, pageSize: 20 }, { token });
    expect(inbox.data.list.map((m: { title: string }) => m.title)).toEqual(['Your withdrawal was sent']);
    await travel(db(), playerId, 24, gate());
    const after = await t.call('/v1/mail/mailData', { page: 1, pageSize: 20 }, { token });
    expect(after.data.list.map((m: { title: string }) => m.title)).toContain('Weekend reload bonus');
  });

  it('ends by itself when its time is over', async () => {
    const { token, playerId } = await t.player({ usdt: USDT(10) });
    await t.call('/v1/player/protection/time_out', { days: 1 }, { token });
    await travel(db(), playerId, 24, gate());
    expect((await get(token)).pause).toBeNull();
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '5' })).code).toBe(0);
  });
});

describe('/v1/player/protection/self_exclude', () => {
  it('asks for the login password, then excludes at once; it ends only after its period, a request to return and 7 days', async () => {
    const player = await t.registerPlayer();
    const { token, playerId } = player;
    expect((await t.call('/v1/player/protection/self_exclude', { period: '6m', confirm: true, password: 'wrong-password' }, { token })).code).toBe(10027);
    expect((await get(token)).pause).toBeNull();
    const excluded = await t.call('/v1/player/protection/self_exclude', { period: '6m', confirm: true, password: player.password }, { token });
    expect(excluded.data.pause).toMatchObject({ kind: 'self_exclusion', returnRequestedAt: null, endsAt: null });
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '1' })).code).toBe(10062);
    expect((await t.call('/v1/player/protection/time_out', { days: 42 }, { token })).code).toBe(10062);
    expect((await t.call('/v1/player/protection/return_request', {}, { token })).code).toBe(10062);

    await travel(db(), playerId, 24 * 185, gate());
    // The period is over but the exclusion holds until the player asks to come back.
    expect((await get(token)).pause).not.toBeNull();
    const asked = await t.call('/v1/player/protection/return_request', {}, { token });
    expect(Date.parse(asked.data.pause.endsAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    await travel(db(), playerId, 24 * 7 + 1, gate());
    expect((await get(token)).pause).toBeNull();
  });

  it('flags for review an account that shares a withdrawal address with the excluded player', async () => {
    const excluded = await t.registerPlayer();
    const other = await t.player();
    const address = 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC';
    for (const id of [excluded.playerId, other.playerId]) {
      await sql`insert into cashout_addresses (player_id, address, label) values (${id}, ${address}, 'shared')`.execute(db());
    }
    await t.call('/v1/player/protection/self_exclude', { period: 'indefinite', confirm: true, password: excluded.password }, { token: excluded.token });
    const links = await t.ops('/ops/v1/protection/links', {});
    const flag = links.data.items.find((l: { playerId: number }) => l.playerId === other.playerId);
    expect(flag).toMatchObject({ excludedPlayerId: excluded.playerId, link: 'wallet', detail: address, decision: null });
    const decided = await t.ops('/ops/v1/protection/decideLink', { id: flag.id, decision: 'cleared', reason: 'a family member, checked' });
    expect(decided.data).toMatchObject({ decision: 'cleared', decidedBy: t.opsName });
    expect((await t.ops('/ops/v1/protection/decideLink', { id: flag.id, decision: 'confirmed', reason: 'second thoughts' })).code).toBe(10059);
  });
});

describe('accounts linked to a self-excluded player', () => {
  it('are flagged when they sign in later from the same device, once', async () => {
    const excluded = await t.registerPlayer();
    await t.call('/v1/player/protection/self_exclude', { period: '1y', confirm: true, password: excluded.password }, { token: excluded.token });
    const device = `device-${excluded.playerId}`;
    await sql`update player_sessions set device_code = ${device} where player_id = ${excluded.playerId}`.execute(db());
    const later = await t.registerPlayer();
    await sql`update player_sessions set device_code = ${device} where player_id = ${later.playerId}`.execute(db());
    expect(await t.app.services.protection.service.flagLinksOfExcluded()).toBeGreaterThanOrEqual(1);
    expect(await t.app.services.protection.service.flagLinksOfExcluded()).toBe(0);
    const seen = await t.ops('/ops/v1/protection/player', { playerId: later.playerId });
    expect(seen.data.links).toEqual([expect.objectContaining({ excludedPlayerId: excluded.playerId, link: 'device', detail: device })]);
  });
});

describe('/v1/player/protection/reality_check', () => {
  it('answers the session start, its minutes and the net of its play per currency', async () => {
    const { token } = await t.player({ usdt: USDT(50) });
    await t.call('/v1/player/protection/reality_check_set', { minutes: 15 }, { token });
    await t.bet(token, { gameId: 1, area: 'big', amount: '7' });
    const check = await t.call('/v1/player/protection/reality_check', {}, { token });
    expect(check.data).toMatchObject({
      elapsedMinutes: 0,
      intervalMinutes: 15,
      net: [
        { currency: 'USDT', amount: '-7' },
        { currency: 'TRX', amount: '0' },
      ],
    });
    expect(Date.now() - Date.parse(check.data.sessionStartedAt)).toBeLessThan(60_000);
  });
});

describe('/ops/v1/protection', () => {
  it("shows staff the player's state and every choice, newest first", async () => {
    const { token, playerId } = await t.player();
    await setLimit(token, 'loss', 'week', '70');
    await t.call('/v1/player/protection/time_out', { days: 2 }, { token });
    const seen = await t.ops('/ops/v1/protection/player', { playerId });
    expect(seen.data.paused).toBe(true);
    expect(seen.data.history.map((h: { action: string }) => h.action)).toEqual(['time_out_taken', 'limit_set']);
    expect(seen.data.state.limits[0]).toMatchObject({ kind: 'loss', period: 'week', amount: '70' });
  });

  it('validates and applies the settings at once', async () => {
    expect((await t.ops('/ops/v1/protection/setSettings', { settings: { periodZone: 'Mars/Olympus' } })).code).toBe(12);
    expect((await t.ops('/ops/v1/protection/setSettings', { settings: { coolingOffHours: 12 } })).code).toBe(12);
    const changed = await t.ops('/ops/v1/protection/setSettings', { settings: { realityCheckDefaultMinutes: 30 } });
    expect(changed.data.settings.realityCheckDefaultMinutes).toBe(30);
    const { token } = await t.player();
    expect((await get(token)).realityCheckMinutes).toBe(30);
    await t.ops('/ops/v1/protection/setSettings', { settings: { realityCheckDefaultMinutes: 60 } });
  });

  it('keeps the ledger whole', async () => {
    expect((await checkLedger(db())).ok).toBe(true);
  });
});
