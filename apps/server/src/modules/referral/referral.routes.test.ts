import { GameType } from '@lobby/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../money/ledger-check.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { settleRound } from '../hash-game/settlement.ts';
import { placePageBets, storeBlock } from '../turnover/test-support.ts';
import { DEFAULT_REFERRAL_PPM, shanghaiDay, TurnoverRepository } from '../turnover/turnover.repo.ts';
import { DEFAULT_TURNOVER_TERMS } from '../vip/vip-terms.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await checkLedger(t.app.database.db)).problems).toEqual([]);
});

const db = () => t.app.database.db;
const USDT = (units: number) => BigInt(Math.round(units * 1e6));
const micro = (value: bigint) => {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const fraction = (abs % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${sign}${abs / 1_000_000n}${fraction ? `.${fraction}` : ''}`;
};
let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++seq}`;
let nextHeight = 7_000_000;

type Member = { token: string; playerId: number; inviteCode: string };

async function register(inviteCode?: string): Promise<Member> {
  const account = unique('ref');
  const reply = await t.call('/v1/player/register', { kind: 1, account, password: 'secret123', ...(inviteCode ? { inviteCode } : {}) });
  expect(reply.code).toBe(0);
  const summary = await t.call('/v1/referral/summary', {}, { token: reply.data.token });
  expect(summary.code).toBe(0);
  return { token: reply.data.token, playerId: reply.data.player.id, inviteCode: summary.data.inviteCode };
}

/** A → B → C → D → E: E is four levels below A, beyond the tree A earns from. */
async function chain() {
  const a = await register();
  const b = await register(a.inviteCode);
  const c = await register(b.inviteCode);
  const d = await register(c.inviteCode);
  const e = await register(d.inviteCode);
  return { a, b, c, d, e };
}

/** Valid turnover recorded for a player, per currency (micro-units). */
async function validOf(playerId: number): Promise<bigint> {
  const rows = await new TurnoverRepository(db()).recordsOf(playerId);
  return rows.filter((row) => row.currency === 'USDT').reduce((sum, row) => sum + row.valid, 0n);
}

/** Everyone bets in one settled hash round, and B also closes a third-party slot round. */
async function everyoneBets(players: Member[]) {
  const height = nextHeight++;
  // Bets first: the app's round engine may settle the block as soon as it is stored; whichever
  // settles it, the round is settled once and committed when settleRound returns.
  await placePageBets(
    db(),
    height,
    players.flatMap((p, i) => [
      { playerId: p.playerId, gameId: 1, area: 'big', amount: USDT(100 + i * 37.123457) },
      { playerId: p.playerId, gameId: 2, area: 'odd', amount: USDT(13.000001 * (i + 1)) },
    ]),
  );
  const block = await storeBlock(db(), height);
  await settleRound(db(), block);
  for (const p of players) expect(await validOf(p.playerId)).toBeGreaterThan(0n);
}

describe('/v1/referral/summary', () => {
  it('gives every player an invite code and link, and registration through it makes the inviter the parent', async () => {
    const { a, b } = await chain();
    const summary = await t.call('/v1/referral/summary', {}, { token: a.token });
    expect(summary.data.invitePath).toBe(`/register?inviteCode=${encodeURIComponent(a.inviteCode)}`);
    expect(summary.data.hasInviter).toBe(false);
    expect(summary.data.team).toEqual([
      { level: 1, members: 1, newToday: 1 },
      { level: 2, members: 1, newToday: 1 },
      { level: 3, members: 1, newToday: 1 },
    ]);
    expect(summary.data.teamTotal).toBe(3);
    expect(summary.data.rates).toContainEqual({ level: 1, gameType: GameType.HASH, ratePpm: 3_000 });
    expect((await t.call('/v1/referral/summary', {}, { token: b.token })).data.hasInviter).toBe(true);
  });

  it('pays each ancestor ECONOMY.md rates times its descendants valid turnover, to the micro-unit, and nothing on its own bets', async () => {
    const { a, b, c, d, e } = await chain();
    await everyoneBets([a, b, c, d, e]);
    // A third-party round reported twice (an aggregator's retry) counts, and earns, once.
    const slotRound = {
      playerId: b.playerId,
      roundKey: `tp:test:${unique('r')}`,
      gameType: GameType.SLOT,
      currency: 'USDT' as const,
      stake: USDT(40),
      payout: USDT(12.5),
    };
    await new TurnoverRepository(db()).recordRounds([slotRound], DEFAULT_TURNOVER_TERMS);
    await new TurnoverRepository(db()).recordRounds([slotRound], DEFAULT_TURNOVER_TERMS);
    const valid = new Map<number, bigint>();
    for (const p of [a, b, c, d, e]) valid.set(p.playerId, await validOf(p.playerId));
    expect(valid.get(b.playerId)).toBeGreaterThan(0n);
    const expected = (levels: Member[]) =>
      levels.reduce((sum, p, i) => sum + valid.get(p.playerId)! * BigInt(DEFAULT_REFERRAL_PPM[(i + 1) as 1 | 2 | 3]), 0n) / 1_000_000n;
    const cases: [Member, Member[]][] = [
      [a, [b, c, d]],
      [b, [c, d, e]],
      [c, [d, e]],
      [d, [e]],
      [e, []],
    ];
    for (const [ancestor, levels] of cases) {
      const summary = await t.call('/v1/referral/summary', {}, { token: ancestor.token });
      const usdt = summary.data.commissions.find((row: { currency: string }) => row.currency === 'USDT');
      expect(usdt.total).toBe(micro(expected(levels)));
      expect(usdt.today).toBe(usdt.total);
      expect(usdt.claimable).toBe(usdt.total);
    }
  });
});

describe('/v1/referral/claim', () => {
  it('pays once for 20 parallel claims, through a bonus credit that raises wagering', async () => {
    const { a, b, c } = await chain();
    await everyoneBets([b, c]);
    const before = await t.call('/v1/referral/summary', {}, { token: a.token });
    const claimable = before.data.commissions.find((row: { currency: string }) => row.currency === 'USDT').claimable as string;
    expect(Number(claimable)).toBeGreaterThan(0.01);

    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call('/v1/referral/claim', { requestId: `claim-${a.playerId}-${i}`, currency: 'USDT' }, { token: a.token })),
    );
    const paid = replies.filter((reply) => reply.code === 0);
    expect(paid).toHaveLength(1);
    expect(replies.filter((reply) => reply.code !== 0).every((reply) => reply.code === 14)).toBe(true);
    expect(paid[0]!.data.amount).toBe(claimable);
    expect(Number(paid[0]!.data.wageringAdded)).toBeCloseTo(Number(claimable), 6);

    const { rows } = await sql<{ n: string; total: string }>`
      select count(*)::text as n, sum(amount)::text as total from bonus_credits where player_id = ${a.playerId} and source = 'referral'`.execute(db());
    expect(rows[0]).toEqual({ n: '1', total: String(BigInt(Math.round(Number(claimable) * 1e6))) });
    // A held nothing before: the claim is the whole balance.
    expect(paid[0]!.data.balances.usdt).toBe(claimable);

    // The same request again answers the first claim and moves nothing.
    const winner = replies.findIndex((reply) => reply.code === 0);
    const replay = await t.call('/v1/referral/claim', { requestId: `claim-${a.playerId}-${winner}`, currency: 'USDT' }, { token: a.token });
    expect(replay.code).toBe(0);
    expect(replay.data.amount).toBe(claimable);
    const after = await t.call('/v1/referral/summary', {}, { token: a.token });
    expect(after.data.commissions[0]).toMatchObject({ claimed: claimable, claimable: '0', canClaim: false });
  });

  it('pays only what accrued since the last claim', async () => {
    const { a, b } = await chain();
    await everyoneBets([b]);
    const first = await t.call('/v1/referral/claim', { requestId: unique('first-'), currency: 'USDT' }, { token: a.token });
    expect(first.code).toBe(0);
    await everyoneBets([b]);
    const total = (await t.call('/v1/referral/summary', {}, { token: a.token })).data.commissions[0].total as string;
    const second = await t.call('/v1/referral/claim', { requestId: unique('second-'), currency: 'USDT' }, { token: a.token });
    expect(second.code).toBe(0);
    expect(Number(first.data.amount) + Number(second.data.amount)).toBeCloseTo(Number(total), 6);
  });

  it('answers 14 with nothing to claim and changes nothing', async () => {
    const lonely = await register();
    const reply = await t.call('/v1/referral/claim', { requestId: unique('none-'), currency: 'TRX' }, { token: lonely.token });
    expect(reply.code).toBe(14);
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from referral_claims where player_id = ${lonely.playerId}`.execute(db());
    expect(rows[0]!.n).toBe('0');
  });

  it('refuses a malformed request with code 12 and asks a visitor to log in', async () => {
    const lonely = await register();
    expect((await t.call('/v1/referral/claim', { requestId: 'x', currency: 'USDT' }, { token: lonely.token })).code).toBe(12);
    expect((await t.call('/v1/referral/claim', { requestId: unique('cur-'), currency: 'BTC' }, { token: lonely.token })).code).toBe(12);
    expect((await t.call('/v1/referral/summary', {})).status).toBe(401);
  });
});

describe('the referral tree', () => {
  it('refuses self-invite and cycles: an inviter is set at registration only', async () => {
    const { a, e } = await chain();
    await expect(sql`update players set inviter_id = id where id = ${a.playerId}`.execute(db())).rejects.toThrow();
    await expect(sql`update players set inviter_id = ${e.playerId} where id = ${a.playerId}`.execute(db())).rejects.toThrow();
    await expect(
      sql`insert into players (account, password_hash, nickname, invite_code, register_ip, inviter_id, id)
      values (${unique('self')}, 'x', 'self', ${unique('S')}, '127.0.0.1', 99999999, 99999999)`.execute(db()),
    ).rejects.toThrow();
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from referral_ancestors where ancestor_id = player_id`.execute(db());
    expect(rows[0]!.n).toBe('0');
  });

  it('registers a player with an unknown invite code without a parent', async () => {
    const orphan = await register('NOSUCHCODE1');
    expect((await t.call('/v1/referral/summary', {}, { token: orphan.token })).data.hasInviter).toBe(false);
  });
});

describe('/v1/referral/members', () => {
  it('lists the team newest first with masked names, levels and valid turnover, one level at a time on request', async () => {
    const { a, b, c, d } = await chain();
    await everyoneBets([b]);
    const all = await t.call('/v1/referral/members', {}, { token: a.token });
    expect(all.code).toBe(0);
    expect(all.data.total).toBe(3);
    expect(all.data.list.map((m: { level: number }) => m.level)).toEqual([3, 2, 1]);
    for (const member of all.data.list) expect(member.name).toMatch(/^.{1,2}\*\*\*.{0,2}$/);
    expect(all.data.list[2].validTurnover.usdt).toBe(micro(await validOf(b.playerId)));
    const level2 = await t.call('/v1/referral/members', { level: 2, page: 1, pageSize: 10 }, { token: a.token });
    expect(level2.data).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(c.playerId).toBeGreaterThan(0);
    expect(d.playerId).toBeGreaterThan(0);
  });
});

describe('/v1/referral/performance', () => {
  it('gives one day of the direct members or the whole team: new members, turnover and commission by game type', async () => {
    const { a, b, c } = await chain();
    await everyoneBets([b, c]);
    const today = shanghaiDay();
    const direct = await t.call('/v1/referral/performance', { isTeam: 0, currencyCode: 'USDT', selectDay: today }, { token: a.token });
    expect(direct.code).toBe(0);
    const vb = await validOf(b.playerId);
    const vc = await validOf(c.playerId);
    expect(direct.data).toMatchObject({
      day: today,
      isTeam: 0,
      gameType: null,
      newMembers: 1,
      firstDepositCount: 0,
      depositCount: 0,
      depositAmount: '0',
      validTurnover: micro(vb),
      commission: micro((vb * 3_000n) / 1_000_000n),
    });
    const team = await t.call('/v1/referral/performance', { isTeam: 1, gameType: GameType.HASH, currencyCode: 'USDT', selectDay: today }, { token: a.token });
    expect(team.data).toMatchObject({
      newMembers: 3,
      gameType: GameType.HASH,
      validTurnover: micro(vb + vc),
      commission: micro((vb * 3_000n + vc * 1_000n) / 1_000_000n),
    });
    expect(team.data.byGameType).toEqual([
      { gameType: GameType.HASH, validTurnover: micro(vb + vc), commission: micro((vb * 3_000n + vc * 1_000n) / 1_000_000n) },
    ]);
    const otherDay = await t.call('/v1/referral/performance', { isTeam: 1, currencyCode: 'USDT', selectDay: '2020-01-01' }, { token: a.token });
    expect(otherDay.data).toMatchObject({ newMembers: 0, validTurnover: '0', commission: '0', byGameType: [] });
    expect((await t.call('/v1/referral/performance', { isTeam: 1, currencyCode: 'USDT', selectDay: '2020-02-30' }, { token: a.token })).code).toBe(12);
  });
});
