import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, PERMISSIONS } from '@lobby/contract';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

// A real one-pixel PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
const image = (bytes: Buffer = PNG, type?: string) => ({ data: bytes.toString('base64'), ...(type ? { type } : {}) });

let t: TestApp;
let other: TestApp;
/** Keys acting under a person's name, as the audit shows it. */
const keys: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  // A second instance on the same database and bus, as behind a load balancer.
  other = await startTestApp({}, { alongside: t });
  for (const name of ['alice', 'bob', 'carol', 'dave', 'erin']) keys[name] = (await createAutomationKey(t.app.database.db, PERMISSIONS, name)).key;
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const ops = (path: string, body: unknown, key?: string | null) => t.ops(path, body, key);
const as = (name: string) => keys[name];

const shown = async (app: TestApp, language = 'en_US', promotionChannel?: string) =>
  (await app.call('/v1/app/queryBanner', { language, ...(promotionChannel ? { promotionChannel } : {}) })).data as {
    id: number;
    imageUrl: string;
    link: string | null;
    sort: number;
  }[];
const listed = async () => (await ops('/ops/v1/banners/list', {})).data.banners as { id: number; enabled: boolean; sort: number; live: boolean }[];
const audit = async (id: number) =>
  (await ops('/ops/v1/banners/audit', { id })).data.changes as { action: string; oldValue: any; newValue: any; by: string; at: string }[];

describe('/ops/v1/banners/create', () => {
  it('stores the uploaded picture, shows the banner at once on every instance and audits who made it', async () => {
    const reply = await ops(
      '/ops/v1/banners/create',
      { title: 'Spring promotion', image: image(PNG, 'image/png'), link: '/vip', language: 'pt_BR' },
      as('alice'),
    );
    expect(reply.code).toBe(0);
    const banner = reply.data.banner;
    expect(banner).toMatchObject({ title: 'Spring promotion', link: '/vip', language: 'pt_BR', enabled: true, live: true });
    expect(banner.imageUrl).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);

    for (const app of [t, other]) expect((await shown(app, 'pt_BR')).map((b) => b.id)).toContain(banner.id);
    expect((await shown(t, 'en_US')).map((b) => b.id)).not.toContain(banner.id);
    const served = await fetch(t.url + banner.imageUrl);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const [created] = await audit(banner.id);
    expect(created).toMatchObject({ action: 'create', oldValue: null, by: 'alice', newValue: { title: 'Spring promotion', link: '/vip', language: 'pt_BR' } });
    expect(Date.now() - Date.parse(created.at)).toBeLessThan(60_000);
  });

  it('refuses bad input with code 12 (code 4 for an oversized picture) and changes nothing', async () => {
    const before = await listed();
    const good = { title: 'x', image: image() };
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const body of [
      {},
      // Who acts is the key's name: a typed one is refused.
      { ...good, by: 'alice' },
      { ...good, title: '' },
      { ...good, link: 'javascript:alert(1)' },
      { ...good, link: '//evil.example.com' },
      { ...good, link: 'http://plain.example.com' },
      { ...good, language: 'xx_XX' },
      { ...good, image: image(svg, 'image/png') },
      { ...good, image: image(PNG, 'image/gif') },
      { ...good, image: { data: '!!!' } },
      { ...good, startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
      { ...good, startsAt: 'tomorrow' },
      { ...good, extra: true },
    ]) {
      expect((await ops('/ops/v1/banners/create', body)).code, JSON.stringify(body).slice(0, 120)).toBe(12);
    }
    const huge = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await ops('/ops/v1/banners/create', { ...good, image: image(huge) })).code).toBe(4);
    expect((await ops('/ops/v1/banners/create', good, null)).status).toBe(401);
    // The key is checked before the body is read: without one, or without the permission, even a body over the limit is refused so.
    expect((await ops('/ops/v1/banners/create', { ...good, image: image(Buffer.alloc(4 * 1024 * 1024)) }, null)).status).toBe(401);
    expect((await ops('/ops/v1/banners/create', good, 'wrong-key')).status).toBe(401);
    const withoutBanners = (await createAutomationKey(t.app.database.db, ['marketing.activities'])).key;
    const refused = await ops('/ops/v1/banners/create', { ...good, image: image(Buffer.alloc(4 * 1024 * 1024)) }, withoutBanners);
    expect([refused.status, refused.code]).toEqual([403, 10055]);
    expect(await listed()).toEqual(before);
  });
});

describe('/ops/v1/banners/edit, order, schedule, disable, enable', () => {
  it('applies each change at once, on every instance, with old and new values in the audit', async () => {
    const make = async (title: string) =>
      (await ops('/ops/v1/banners/create', { title, image: image(), link: '/vip', language: 'vi_VN' }, as('bob'))).data.banner.id as number;
    const first = await make('first');
    const second = await make('second');

    const edited = await ops('/ops/v1/banners/edit', { id: first, link: 'https://example.com/promo', title: 'first, renamed' }, as('carol'));
    expect(edited.data.banner).toMatchObject({ link: 'https://example.com/promo', title: 'first, renamed' });
    expect((await shown(other, 'vi_VN')).find((b) => b.id === first)?.link).toBe('https://example.com/promo');
    expect((await audit(first))[0]).toMatchObject({
      action: 'edit',
      by: 'carol',
      oldValue: { link: '/vip', title: 'first' },
      newValue: { link: 'https://example.com/promo', title: 'first, renamed' },
    });

    expect((await ops('/ops/v1/banners/order', { ids: [second, first] }, as('carol'))).code).toBe(0);
    const ordered = (await shown(other, 'vi_VN')).map((b) => b.id);
    expect(ordered.indexOf(second)).toBeLessThan(ordered.indexOf(first));
    expect((await audit(second))[0]).toMatchObject({ action: 'order', newValue: { sort: 10 } });

    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await ops('/ops/v1/banners/schedule', { id: first, startsAt: later, endsAt: null }, as('dave'));
    expect(scheduled.data.banner).toMatchObject({ live: false, startsAt: later });
    expect((await shown(other, 'vi_VN')).map((b) => b.id)).not.toContain(first);
    expect((await audit(first))[0]).toMatchObject({ action: 'schedule', oldValue: { startsAt: null }, newValue: { startsAt: later }, by: 'dave' });
    await ops('/ops/v1/banners/schedule', { id: first, startsAt: null, endsAt: null }, as('dave'));
    expect((await shown(other, 'vi_VN')).map((b) => b.id)).toContain(first);

    expect((await ops('/ops/v1/banners/disable', { id: second }, as('erin'))).data.banner).toMatchObject({ enabled: false, live: false });
    for (const app of [t, other]) expect((await shown(app, 'vi_VN')).map((b) => b.id)).not.toContain(second);
    expect((await audit(second))[0]).toMatchObject({ action: 'disable', oldValue: { enabled: true }, newValue: { enabled: false }, by: 'erin' });
    await ops('/ops/v1/banners/enable', { id: second }, as('erin'));
    expect((await shown(other, 'vi_VN')).map((b) => b.id)).toContain(second);
  });

  it('answers code 10 for an unknown banner and 12 for a repeated id, changing nothing', async () => {
    const before = await listed();
    expect((await ops('/ops/v1/banners/edit', { id: 999_999, title: 'x' })).code).toBe(10);
    expect((await ops('/ops/v1/banners/disable', { id: 999_999 })).code).toBe(10);
    expect((await ops('/ops/v1/banners/order', { ids: [before[0].id, 999_999] })).code).toBe(10);
    expect((await ops('/ops/v1/banners/order', { ids: [before[0].id, before[0].id] })).code).toBe(12);
    expect((await ops('/ops/v1/banners/schedule', { id: before[0].id, startsAt: null })).code).toBe(12);
    expect(await listed()).toEqual(before);
  });
});

describe('starting banners', () => {
  it('fill an empty lobby once: three pictures per language, served from the media store', async () => {
    const fresh = await startTestApp();
    try {
      const service = fresh.app.services.banners;
      expect(await service.ensureStartingBanners()).toBe(true);
      expect(await service.ensureStartingBanners()).toBe(false);
      const urls = new Set<string>();
      for (const language of LANGUAGES) {
        const banners = await shown(fresh, language);
        expect(
          banners.map((b) => b.link),
          language,
        ).toEqual(['/vip', '/newFanshui', '/hashGame/verify']);
        for (const banner of banners) urls.add(banner.imageUrl);
      }
      expect(urls.size).toBe(3 * LANGUAGES.length);
      const home = await fresh.call('/v1/app/home', { language: 'ar_EG' });
      expect(home.data.imageUrl).toMatch(/^\/media\//);
      const picture = await fetch(fresh.url + [...urls][0]);
      expect(picture.headers.get('content-type')).toBe('image/jpeg');
      expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    } finally {
      await fresh.close();
    }
  });
});
