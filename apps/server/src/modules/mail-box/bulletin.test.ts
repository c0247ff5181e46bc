import { LANGUAGES } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
/** A second instance on the same database and event bus, as behind a load balancer. */
let other: TestApp;
/** Keys acting under a person's name, as the audit shows it. */
const keys: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  other = await startTestApp({}, { alongside: t });
  for (const name of ['ops-bob', 'ops-carol', 'ops-dave'])
    keys[name] = (await createAutomationKey(t.app.database.db, ['support.bulletin', 'support.mail'], name)).key;
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const ops = (path: string, body: unknown, key?: string | null, app = t) => app.ops(path, body, key);
const texts = (text: string) => Object.fromEntries(LANGUAGES.map((lang) => [lang, `${text} (${lang})`]));
const heartbeat = async (token: string, app = t, language = 'en-US') =>
  (await app.call('/v1/player/heartbeat', {}, { token, headers: { 'accept-language': language } })).data.notice;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every bulletin still live is withdrawn, so each test starts from an empty board. */
async function clearBoard() {
  const { bulletins } = (await ops('/ops/v1/bulletins/list', { limit: 500 })).data;
  for (const b of bulletins) if (b.status === 'showing' || b.status === 'scheduled') await ops('/ops/v1/bulletins/withdraw', { id: b.id });
}

async function publish(body: Record<string, unknown>) {
  const reply = await ops('/ops/v1/bulletins/publish', body, keys['ops-bob']);
  expect(reply.code, reply.msg).toBe(0);
  return reply.data.bulletin;
}

describe('/ops/v1/bulletins/publish', () => {
  it("shows the bulletin on the next heartbeat of every session, in the player's language, once per session", async () => {
    await clearBoard();
    const p = await t.registerPlayer();
    expect(await heartbeat(p.token)).toBeNull();
    const bulletin = await publish({ title: texts('Maintenance'), content: texts('Tonight 02:00') });
    expect(bulletin.status).toBe('showing');

    expect(await heartbeat(p.token, t, 'ar')).toEqual({
      id: bulletin.id,
      title: 'Maintenance (ar_EG)',
      content: 'Tonight 02:00 (ar_EG)',
      publishedAt: bulletin.startsAt,
    });
    expect(await heartbeat(p.token)).toBeNull();
    const elsewhere = await t.registerPlayer();
    expect(await heartbeat(elsewhere.token, other)).toMatchObject({ id: bulletin.id, title: 'Maintenance (en_US)' });
  });

  it('holds a scheduled bulletin back until its start, then shows it until it is withdrawn', async () => {
    await clearBoard();
    const startsAt = new Date(Date.now() + 1500).toISOString();
    const bulletin = await publish({ title: texts('Later'), content: texts('Scheduled'), startsAt });
    expect(bulletin.status).toBe('scheduled');
    const p = await t.registerPlayer();
    expect(await heartbeat(p.token)).toBeNull();

    await sleep(Date.parse(startsAt) - Date.now() + 100);
    expect(await heartbeat(p.token, other)).toMatchObject({ id: bulletin.id, title: 'Later (en_US)' });

    const withdrawn = await ops('/ops/v1/bulletins/withdraw', { id: bulletin.id }, keys['ops-carol'], other);
    expect(withdrawn.data.bulletin.status).toBe('withdrawn');
    // Withdrawn on the other instance: this one stops showing it at once.
    const late = await t.registerPlayer();
    expect(await heartbeat(late.token)).toBeNull();
  });

  it('ends a bulletin at its end time', async () => {
    await clearBoard();
    const bulletin = await publish({ title: texts('Brief'), content: texts('Gone soon'), endsAt: new Date(Date.now() + 800).toISOString() });
    await sleep(900);
    const p = await t.registerPlayer();
    expect(await heartbeat(p.token)).toBeNull();
    const listed = (await ops('/ops/v1/bulletins/list', {})).data.bulletins.find((b: { id: number }) => b.id === bulletin.id);
    expect(listed.status).toBe('ended');
  });

  it('refuses a text missing a language, an end before the start, a typed sender, a wrong key and a key without support.bulletin', async () => {
    const { th_TH: _missing, ...seven } = texts('x');
    expect((await ops('/ops/v1/bulletins/publish', { title: seven, content: texts('x') })).code).toBe(12);
    const startsAt = new Date(Date.now() + 60_000).toISOString();
    expect(
      (await ops('/ops/v1/bulletins/publish', { title: texts('x'), content: texts('x'), startsAt, endsAt: new Date(Date.now() + 1000).toISOString() })).code,
    ).toBe(12);
    expect((await ops('/ops/v1/bulletins/publish', { title: texts('x'), content: texts('x'), by: 'ops' })).code).toBe(12);
    expect((await ops('/ops/v1/bulletins/publish', { title: texts('x'), content: texts('x') }, 'nope')).status).toBe(401);
    const mailOnly = (await createAutomationKey(t.app.database.db, ['support.mail'])).key;
    const refused = await ops('/ops/v1/bulletins/publish', { title: texts('x'), content: texts('x') }, mailOnly);
    expect([refused.status, refused.code]).toEqual([403, 10055]);
  });
});

describe('/ops/v1/bulletins/withdraw', () => {
  it('is audited with the old and new state, who and when; an unknown id is refused', async () => {
    const bulletin = await publish({ title: texts('Audit me'), content: texts('x') });
    await ops('/ops/v1/bulletins/withdraw', { id: bulletin.id }, keys['ops-dave']);
    const trail = (await ops('/ops/v1/mail/audit', { limit: 20 })).data.changes.filter(
      (c: { subjectId: number; action: string }) => c.subjectId === bulletin.id && c.action.startsWith('bulletin'),
    );
    expect(trail.map((c: { action: string; by: string }) => [c.action, c.by])).toEqual([
      ['bulletin.withdraw', 'ops-dave'],
      ['bulletin.publish', 'ops-bob'],
    ]);
    expect(trail[0].oldValue.status).toBe('showing');
    expect(trail[0].newValue.status).toBe('withdrawn');
    expect((await ops('/ops/v1/bulletins/withdraw', { id: 999_999 })).code).toBe(10);
  });
});
