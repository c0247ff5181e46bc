import { LANGUAGES } from '@lobby/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { authenticatedSocket } from '../../testing/test-socket.ts';

let t: TestApp;
/** A key acting under a person's name, as the audit shows it. */
let alice: string;
beforeAll(async () => {
  t = await startTestApp();
  alice = (await createAutomationKey(t.app.database.db, ['support.mail'], 'ops-alice')).key;
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.database.db;
const ops = (path: string, body: unknown, key?: string | null) => t.ops(path, body, key);
const texts = (text: string) => Object.fromEntries(LANGUAGES.map((lang) => [lang, `${text} (${lang})`]));
let seq = 0;

async function send(audience: unknown, text = `mail ${++seq}`, extra: Record<string, unknown> = {}) {
  const reply = await ops('/ops/v1/mail/send', { audience, category: 1, title: texts(text), content: texts(`${text} body`), ...extra }, alice);
  expect(reply.code, reply.msg).toBe(0);
  return reply.data.mail.id as number;
}
const inbox = async (token: string, body: Record<string, unknown> = {}) => (await t.call('/v1/mail/mailData', body, { token })).data;
const unread = async (token: string) => (await t.call('/v1/mail/newMail', {}, { token })).data.unread as number;
const count = async (table: 'site_mails' | 'site_mail_states') =>
  Number((await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(db())).rows[0]!.n);

/** Sets a player's VIP level as a level-up does, their cached profile dropped. */
async function setVipLevel(playerId: number, vipLevel: number) {
  await db().updateTable('players').set({ vip_level: vipLevel }).where('id', '=', playerId).execute();
  await t.app.services.players.announceChanged(playerId);
}

const socketOf = (token: string) => authenticatedSocket(t, token);

describe('/ops/v1/mail/send', () => {
  it('writes one row for a broadcast to 100,000 players and no row per player', async () => {
    await sql`
      insert into players (account, password_hash, nickname, invite_code, register_ip)
      select 'bulk' || g || '_' || ${process.pid}, 'x', 'bulk', 'bulk' || g || '_' || ${process.pid}, '10.0.0.1'
      from generate_series(1, 100000) g`.execute(db());
    const reader = await t.registerPlayer();
    const [mailsBefore, statesBefore] = [await count('site_mails'), await count('site_mail_states')];

    const id = await send({ kind: 'all' }, 'for everyone');

    expect(await count('site_mails')).toBe(mailsBefore + 1);
    expect(await count('site_mail_states')).toBe(statesBefore);
    const bulk = await db().selectFrom('players').select('id').where('account', 'like', 'bulk%').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const visible = await sql<{
      n: string;
    }>`select count(*)::text as n from site_mails m where m.id = ${id} and m.created_at >= (select created_at from players where id = ${bulk.id})`.execute(
      db(),
    );
    expect(visible.rows[0]!.n).toBe('1');
    expect((await inbox(reader.token)).list[0]).toMatchObject({ id, title: 'for everyone (en_US)', isRead: false });
  }, 60_000);

  it('refuses a message missing a language, an unknown category, an unknown player, a typed sender and a wrong key, storing nothing', async () => {
    const before = await count('site_mails');
    const { ar_EG: _missing, ...seven } = texts('x');
    const attempts = [
      await ops('/ops/v1/mail/send', { audience: { kind: 'all' }, category: 1, title: seven, content: texts('x') }),
      await ops('/ops/v1/mail/send', { audience: { kind: 'all' }, category: 99, title: texts('x'), content: texts('x') }),
      await ops('/ops/v1/mail/send', { audience: { kind: 'player', playerId: 2_000_000_000 }, category: 1, title: texts('x'), content: texts('x') }),
      await ops('/ops/v1/mail/send', { audience: { kind: 'segment' }, category: 1, title: texts('x'), content: texts('x') }),
      await ops('/ops/v1/mail/send', { audience: { kind: 'all' }, category: 1, title: texts('x'), content: texts('x'), by: 'ops' }),
    ];
    expect(attempts.map((r) => r.code)).toEqual([12, 12, 10004, 12, 12]);
    expect((await ops('/ops/v1/mail/send', { audience: { kind: 'all' }, category: 1, title: texts('x'), content: texts('x') }, 'wrong')).status).toBe(401);
    const bulletinsOnly = (await createAutomationKey(db(), ['support.bulletin'])).key;
    const refused = await ops('/ops/v1/mail/send', { audience: { kind: 'all' }, category: 1, title: texts('x'), content: texts('x') }, bulletinsOnly);
    expect([refused.status, refused.code]).toEqual([403, 10055]);
    expect(await count('site_mails')).toBe(before);
  });

  it('sends once per request key however often it is repeated', async () => {
    const p = await t.registerPlayer();
    const first = await ops('/ops/v1/mail/send', {
      audience: { kind: 'player', playerId: p.playerId },
      category: 2,
      title: texts('once'),
      content: texts('once'),
      requestKey: `key-${p.playerId}`,
    });
    const again = await ops('/ops/v1/mail/send', {
      audience: { kind: 'player', playerId: p.playerId },
      category: 2,
      title: texts('once'),
      content: texts('once'),
      requestKey: `key-${p.playerId}`,
    });
    expect(again.data).toEqual({ mail: first.data.mail, created: false });
    expect((await inbox(p.token)).total).toBe(1);
    const sent = (await ops('/ops/v1/mail/sent', { limit: 5 })).data.mails;
    expect(sent.filter((m: { requestKey: string }) => m.requestKey === `key-${p.playerId}`)).toEqual([
      expect.objectContaining({ id: first.data.mail.id, audience: { kind: 'player', playerId: p.playerId }, category: 2, sentBy: t.opsName }),
    ]);
  });

  it('reaches a segment by VIP level and registration date, and no one else', async () => {
    const early = await t.registerPlayer();
    await setVipLevel(early.playerId, 3);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const since = new Date().toISOString();
    const lateVip = await t.registerPlayer();
    await setVipLevel(lateVip.playerId, 4);
    const lateLow = await t.registerPlayer();

    const vipMail = await send({ kind: 'segment', vipMin: 3, vipMax: 5 }, 'vip 3-5');
    const newcomerMail = await send({ kind: 'segment', registeredSince: since }, 'newcomers');

    const ids = async (token: string) => (await inbox(token, { pageSize: 100 })).list.map((m: { id: number }) => m.id);
    expect(await ids(early.token)).toContain(vipMail);
    expect(await ids(early.token)).not.toContain(newcomerMail);
    expect(await ids(lateVip.token)).toEqual(expect.arrayContaining([vipMail, newcomerMail]));
    expect(await ids(lateLow.token)).toContain(newcomerMail);
    expect(await ids(lateLow.token)).not.toContain(vipMail);
  });

  it('does not show a broadcast to players who registered after it was sent', async () => {
    const id = await send({ kind: 'all' }, 'before you came');
    const newcomer = await t.registerPlayer();
    expect((await inbox(newcomer.token)).list.map((m: { id: number }) => m.id)).not.toContain(id);
  });

  it('is audited with who sent what and when', async () => {
    const id = await send({ kind: 'all' }, 'audited');
    const trail = (await ops('/ops/v1/mail/audit', { limit: 5 })).data.changes;
    expect(trail).toContainEqual(expect.objectContaining({ action: 'mail.send', subjectId: id, oldValue: null, by: 'ops-alice', at: expect.any(String) }));
    expect(trail.find((c: { subjectId: number }) => c.subjectId === id).newValue.title.en_US).toBe('audited (en_US)');
  });
});

describe('/v1/mail/mailData', () => {
  it("lists the player's messages newest first in the asked language, paged, with read state per player", async () => {
    const a = await t.registerPlayer();
    const b = await t.registerPlayer();
    const first = await send({ kind: 'player', playerId: a.playerId }, 'first');
    const second = await send({ kind: 'player', playerId: a.playerId }, 'second');
    const shared = await send({ kind: 'segment', vipMin: 0 }, 'shared');

    const page1 = await inbox(a.token, { pageSize: 2, language: 'ar_EG' });
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.list.map((m: { id: number }) => m.id)).toEqual([shared, second]);
    expect(page1.list[1]).toEqual({
      id: second,
      category: 1,
      title: 'second (ar_EG)',
      content: 'second body (ar_EG)',
      isRead: false,
      createdAt: expect.any(String),
      expiresAt: null,
    });
    expect((await inbox(a.token, { page: 2, pageSize: 2 })).list.map((m: { id: number }) => m.id)).toEqual([first]);

    await t.call('/v1/mail/readMail', { ids: [shared] }, { token: a.token });
    expect((await inbox(a.token)).list.find((m: { id: number }) => m.id === shared).isRead).toBe(true);
    expect((await inbox(b.token)).list.find((m: { id: number }) => m.id === shared).isRead).toBe(false);
    expect((await inbox(b.token)).list.map((m: { id: number }) => m.id)).not.toContain(first);
    expect((await inbox(a.token, { unreadOnly: true })).list.map((m: { id: number }) => m.id)).toEqual([second, first]);
    expect((await inbox(a.token, { id: first })).list.map((m: { id: number }) => m.id)).toEqual([first]);
    expect(await inbox(b.token, { id: first })).toMatchObject({ total: 0, list: [] });
  });

  it('hides expired messages', async () => {
    const p = await t.registerPlayer();
    const id = await send({ kind: 'player', playerId: p.playerId }, 'short-lived', { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await inbox(p.token)).total).toBe(1);
    await db()
      .updateTable('site_mails')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', BigInt(id))
      .execute();
    expect(await inbox(p.token)).toMatchObject({ total: 0, list: [] });
  });

  it('asks a visitor to log in', async () => {
    expect((await t.call('/v1/mail/mailData', {})).status).toBe(401);
  });
});

describe('/v1/mail/readMail', () => {
  it('answers the unread count right after reading, and /v1/mail/newMail agrees', async () => {
    const p = await t.registerPlayer();
    const ids = [
      await send({ kind: 'player', playerId: p.playerId }),
      await send({ kind: 'player', playerId: p.playerId }),
      await send({ kind: 'player', playerId: p.playerId }),
    ];
    expect(await unread(p.token)).toBe(3);
    expect((await t.call('/v1/mail/readMail', { ids: [ids[0]] }, { token: p.token })).data).toEqual({ unread: 2 });
    expect(await unread(p.token)).toBe(2);
    expect((await t.call('/v1/mail/readMail', { ids: [ids[0]] }, { token: p.token })).data).toEqual({ unread: 2 });
    expect((await t.call('/v1/mail/readMail', { all: true }, { token: p.token })).data).toEqual({ unread: 0 });
    expect((await t.call('/v1/mail/newMail', {}, { token: p.token })).data).toEqual({ unread: 0, latest: null });
  });

  it("refuses another player's mail id and changes nothing", async () => {
    const owner = await t.registerPlayer();
    const other = await t.registerPlayer();
    const mine = await send({ kind: 'player', playerId: other.playerId });
    const theirs = await send({ kind: 'player', playerId: owner.playerId });
    const states = await count('site_mail_states');
    const reply = await t.call('/v1/mail/readMail', { ids: [mine, theirs] }, { token: other.token });
    expect(reply.code).toBe(12);
    expect((await t.call('/v1/mail/deleteMail', { ids: [theirs] }, { token: other.token })).code).toBe(12);
    expect(await count('site_mail_states')).toBe(states);
    expect(await unread(owner.token)).toBe(1);
    expect(await unread(other.token)).toBe(1);
  });

  it('refuses a body with both ids and all, or neither', async () => {
    const p = await t.registerPlayer();
    expect((await t.call('/v1/mail/readMail', {}, { token: p.token })).code).toBe(12);
    expect((await t.call('/v1/mail/readMail', { ids: [1], all: true }, { token: p.token })).code).toBe(12);
  });
});

describe('/v1/mail/deleteMail', () => {
  it("removes a broadcast from one player's inbox only, counting it read", async () => {
    const a = await t.registerPlayer();
    const b = await t.registerPlayer();
    const id = await send({ kind: 'all' }, 'to delete');
    const unreadBefore = await unread(a.token);
    expect((await t.call('/v1/mail/deleteMail', { ids: [id] }, { token: a.token })).data).toEqual({ unread: unreadBefore - 1 });
    expect((await inbox(a.token, { pageSize: 100 })).list.map((m: { id: number }) => m.id)).not.toContain(id);
    expect((await inbox(b.token, { pageSize: 100 })).list.map((m: { id: number }) => m.id)).toContain(id);
  });
});

describe('/v1/mail/newMail', () => {
  it("answers the count and the newest unread message in the caller's language", async () => {
    const p = await t.registerPlayer();
    await send({ kind: 'player', playerId: p.playerId }, 'older');
    const newest = await send({ kind: 'player', playerId: p.playerId }, 'newest');
    const reply = await t.call('/v1/mail/newMail', {}, { token: p.token, headers: { 'accept-language': 'pt-BR' } });
    expect(reply.data).toMatchObject({ unread: 2, latest: { id: newest, title: 'newest (pt_BR)' } });
  });
});

describe('the unread badge over /v1/ws', () => {
  it("pushes the new count to the player a message is sent to, and a broadcast's audience to every signed-in socket", async () => {
    const p = await t.registerPlayer();
    const bystander = await t.registerPlayer();
    const socket = await socketOf(p.token);
    const other = await socketOf(bystander.token);
    try {
      const id = await send({ kind: 'player', playerId: p.playerId });
      expect(await socket.next()).toEqual({ channel: 'player', event: 'mail', data: { unread: 1 } });
      const broadcast = await send({ kind: 'segment', vipMin: 2, vipMax: 4 });
      const hint = {
        channel: 'player',
        event: 'mail',
        data: { broadcast: { id: broadcast, sentAt: expect.any(String), vipMin: 2, vipMax: 4, registeredSince: null } },
      };
      expect(await socket.next()).toEqual(hint);
      expect(await other.next()).toEqual(hint);
      // The segment (VIP 2-4) is not this VIP 0 player's: reading their one message leaves nothing unread.
      await t.call('/v1/mail/readMail', { ids: [id] }, { token: p.token });
      expect(await socket.next()).toEqual({ channel: 'player', event: 'mail', data: { unread: 0 } });
    } finally {
      socket.socket.close();
      other.socket.close();
    }
  });
});
