import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEFAULT_QUOTA_LIMITS } from './chat-quotas.ts';

/**
 * Quotas of the support chat and the media store (issue: one player stored 40 images of 1.9 MB in
 * 4 s and sent 150 messages in 1.2 s): counted in the database, so they hold for requests sent
 * together and across instances, and changed by the operator without a restart.
 */
const KB = 1024;

let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  second = await startTestApp({}, { alongside: t });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const db = () => t.app.database.db;
let ids = 0;
const msgId = () => `q-${process.pid}-${Date.now()}-${++ids}`;
const setLimits = (limits: object, key?: string) => t.ops('/ops/v1/quotas/set', { limits }, key);

beforeEach(async () => {
  expect((await setLimits(DEFAULT_QUOTA_LIMITS)).code).toBe(0);
});

/** A PNG of about `size` bytes, different every time (the store keys items by content). */
function png(size: number): Buffer {
  const head = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}

const sendImage = (app: TestApp, token: string, bytes: Buffer) =>
  app.call('/v1/chat/sendImage', { clientMsgId: msgId(), image: bytes.toString('base64'), type: 'image/png' }, { token });
const send = (app: TestApp, token: string, text = 'hello') => app.call('/v1/chat/send', { clientMsgId: msgId(), text }, { token });
const codes = (replies: { code: number }[]) => replies.map((r) => r.code).sort((a, b) => a - b);
const count = (list: number[], code: number) => list.filter((c) => c === code).length;

async function ownedBy(playerId: number) {
  const { rows } = await sql<{ items: number; bytes: string | null }>`
    select count(*)::int as items, (select bytes::text from media_usage where player_id = ${playerId}) as bytes
    from media_owners where player_id = ${playerId}`.execute(db());
  return { items: rows[0]!.items, bytes: Number(rows[0]!.bytes ?? 0) };
}

describe('/v1/chat/sendImage quotas', () => {
  it('lets exactly the hour’s images through when 40 arrive together on two instances, and refuses the rest with 10054', async () => {
    const p = await t.registerPlayer();
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => sendImage(i % 2 ? second : t, p.token, png(40 * KB))));
    const got = codes(replies);
    expect(count(got, 0)).toBe(DEFAULT_QUOTA_LIMITS.imagesPerHour);
    expect(count(got, 10054)).toBe(40 - DEFAULT_QUOTA_LIMITS.imagesPerHour);
    expect(replies.find((r) => r.code === 10054)!.msg).toBe('You have sent too much for now, please try again later');
    // What was refused stored nothing: the player owns exactly the images that were sent.
    expect((await ownedBy(p.playerId)).items).toBe(DEFAULT_QUOTA_LIMITS.imagesPerHour);
    const history = await t.call('/v1/chat/history', { limit: 100 }, { token: p.token });
    expect(history.data.list.filter((m: { imageUrl: string | null }) => m.imageUrl)).toHaveLength(DEFAULT_QUOTA_LIMITS.imagesPerHour);
  });

  it('counts bytes an hour and a day as well as images', async () => {
    expect((await setLimits({ imageBytesPerHour: 100 * KB })).code).toBe(0);
    const p = await t.registerPlayer();
    expect((await sendImage(t, p.token, png(60 * KB))).code).toBe(0);
    expect((await sendImage(t, p.token, png(60 * KB))).code).toBe(10054);
    expect((await sendImage(t, p.token, png(30 * KB))).code).toBe(0);

    expect((await setLimits({ imageBytesPerHour: DEFAULT_QUOTA_LIMITS.imageBytesPerHour, imagesPerDay: 3 })).code).toBe(0);
    expect((await sendImage(t, p.token, png(1 * KB))).code).toBe(0);
    expect((await sendImage(t, p.token, png(1 * KB))).code).toBe(10054);
  });

  it('caps what one player owns in the media store, and a refused image takes nothing from it', async () => {
    expect((await setLimits({ mediaBytesPerPlayer: 250 * KB })).code).toBe(0);
    const p = await t.registerPlayer();
    const replies = await Promise.all(Array.from({ length: 6 }, () => sendImage(t, p.token, png(100 * KB))));
    expect(count(codes(replies), 0)).toBe(2);
    expect(await ownedBy(p.playerId)).toEqual({ items: 2, bytes: 2 * 100 * KB });
    // The hour and the day did not count the refused ones.
    const { rows } = await sql<{ count: number }>`select count from usage_quotas where player_id = ${p.playerId} and kind = 'chat_image_hour'`.execute(db());
    expect(rows[0]!.count).toBe(2);
    // The same image again is already the player's: it costs nothing more.
    const again = png(40 * KB);
    expect((await setLimits({ mediaBytesPerPlayer: 250 * KB + 40 * KB })).code).toBe(0);
    expect((await sendImage(t, p.token, again)).code).toBe(0);
    expect((await sendImage(t, p.token, again)).code).toBe(0);
    expect(await ownedBy(p.playerId)).toEqual({ items: 3, bytes: 240 * KB });
  });
});

describe('/v1/chat/send quotas', () => {
  it('lets exactly the minute’s messages through when 150 arrive together on two instances; a retried message counts once', async () => {
    const p = await t.registerPlayer();
    const first = msgId();
    expect((await t.call('/v1/chat/send', { clientMsgId: first, text: 'one' }, { token: p.token })).code).toBe(0);
    expect((await second.call('/v1/chat/send', { clientMsgId: first, text: 'one' }, { token: p.token })).code).toBe(0);
    const replies = await Promise.all(Array.from({ length: 150 }, (_, i) => send(i % 2 ? second : t, p.token, `m${i}`)));
    expect(count(codes(replies), 0)).toBe(DEFAULT_QUOTA_LIMITS.messagesPerMinute - 1);
    expect(count(codes(replies), 10054)).toBe(150 - DEFAULT_QUOTA_LIMITS.messagesPerMinute + 1);
    // Another player is not held by this one's quota.
    expect((await send(t, (await t.registerPlayer()).token)).code).toBe(0);
  });
});

describe('/ops/v1/quotas', () => {
  it("changes limits on every instance at once, keeps an audit under the actor's name, and refuses bad input with 12, no key with 401 and a key without support.quotas with 10055", async () => {
    const p = await t.registerPlayer();
    const nightShift = (await createAutomationKey(db(), ['support.quotas'], 'night shift')).key;
    expect((await setLimits({ messagesPerMinute: 2 }, nightShift)).data.limits.messagesPerMinute).toBe(2);
    await expect.poll(async () => (await second.ops('/ops/v1/quotas/get', {})).data.limits.messagesPerMinute).toBe(2);
    expect((await send(second, p.token)).code).toBe(0);
    expect((await send(second, p.token)).code).toBe(0);
    expect((await send(t, p.token)).code).toBe(10054);
    const audit = await t.ops('/ops/v1/quotas/audit', { limit: 5 });
    expect(audit.data.changes[0]).toMatchObject({ by: 'night shift', newValue: { messagesPerMinute: 2 } });
    expect((await setLimits({ messagesPerMinute: 0 })).code).toBe(12);
    expect((await setLimits({})).code).toBe(12);
    expect((await t.ops('/ops/v1/quotas/set', { limits: { imagesPerHour: 5 }, by: 'x' })).code).toBe(12);
    expect((await t.ops('/ops/v1/quotas/set', { limits: { imagesPerHour: 5 } }, null)).status).toBe(401);
    const chatOnly = (await createAutomationKey(db(), ['support.chat'])).key;
    expect(await t.ops('/ops/v1/quotas/set', { limits: { imagesPerHour: 5 } }, chatOnly)).toMatchObject({ status: 403, code: 10055 });
    expect((await t.ops('/ops/v1/quotas/get', {})).data.limits).toMatchObject({ messagesPerMinute: 2, imagesPerHour: DEFAULT_QUOTA_LIMITS.imagesPerHour });
  });
});
