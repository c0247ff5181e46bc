import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ops = (body: unknown, key?: string | null) => t.ops('/ops/v1/site/config', body, key);

const siteConfig = async () => (await t.call('/v1/notice/configSync', {})).data as { version: number; items: Record<string, any> };

describe('/ops/v1/site/config', () => {
  it('starts with the seeded exchanges and no Android package', async () => {
    const { items } = await siteConfig();
    expect(items.buyCryptoLinks.map((l: { name: string }) => l.name)).toEqual(['Binance', 'OKX', 'HTX']);
    expect(items.appDownload).toEqual({ androidApkUrl: null, androidVersion: null, iosAppUrl: null });
  });

  it("publishes the operator's APK and exchanges on the next configSync, with a new version", async () => {
    const before = await siteConfig();
    const apk = { androidApkUrl: 'https://cdn.example.com/hashlobby-1.4.0.apk', androidVersion: '1.4.0', iosAppUrl: null };
    const set = await ops({ key: 'appDownload', value: apk });
    expect(set.code).toBe(0);
    expect(set.data.version).toBeGreaterThan(before.version);
    const links = [{ name: 'Local P2P', url: 'https://p2p.example.com', note: 'PIX and bank transfer' }];
    expect((await ops({ key: 'buyCryptoLinks', value: links })).code).toBe(0);

    const after = await siteConfig();
    expect(after.items.appDownload).toEqual(apk);
    expect(after.items.buyCryptoLinks).toEqual(links);
    const unchanged = await t.call('/v1/notice/configSync', { sinceVersion: after.version });
    expect(unchanged.data).toEqual({ version: after.version, changed: false, items: {} });
    const [audited] = (
      await sql<{
        actor_name: string;
        target: string;
        before: unknown;
        after: unknown;
      }>`select actor_name, target, before, after from audit_records where action = '/ops/v1/site/config' and target = 'site:appDownload' order by id desc limit 1`.execute(
        t.app.database.db,
      )
    ).rows;
    expect(audited).toEqual({ actor_name: t.opsName, target: 'site:appDownload', before: before.items.appDownload, after: apk });
  });

  it('reads back what players receive, with the same version, for a holder of site.config', async () => {
    const read = await t.ops('/ops/v1/site/settings', {});
    expect(read.code).toBe(0);
    const synced = await siteConfig();
    expect(read.data).toEqual({ version: synced.version, items: { buyCryptoLinks: synced.items.buyCryptoLinks, appDownload: synced.items.appDownload } });
    const { key } = await createAutomationKey(t.app.database.db, ['games.catalogue']);
    expect(await t.ops('/ops/v1/site/settings', {}, key)).toMatchObject({ status: 403, code: 10055 });
  });

  it('accepts a package served by this server itself', async () => {
    expect((await ops({ key: 'appDownload', value: { androidApkUrl: '/downloads/hashlobby.apk' } })).code).toBe(0);
    expect((await siteConfig()).items.appDownload).toEqual({ androidApkUrl: '/downloads/hashlobby.apk' });
  });

  it('refuses a bad key, value or link with code 12 and changes nothing', async () => {
    const before = await siteConfig();
    for (const body of [
      {},
      { key: 'appDownload' },
      { key: 'badgesEnabled', value: false },
      { key: 'appDownload', value: { androidApkUrl: 'javascript:alert(1)' } },
      { key: 'appDownload', value: { androidApkUrl: 'http://plain.example.com/app.apk' } },
      { key: 'appDownload', value: { androidApkUrl: '//evil.example.com/app.apk' } },
      { key: 'buyCryptoLinks', value: [{ name: '', url: 'https://x.example.com' }] },
      { key: 'buyCryptoLinks', value: [{ name: 'X', url: 'https://x.example.com', html: '<b>' }] },
      { key: 'buyCryptoLinks', value: 'https://x.example.com' },
      { key: 'buyCryptoLinks', value: [], by: 'ops@example.com' },
    ]) {
      expect((await ops(body)).code, JSON.stringify(body)).toBe(12);
    }
    expect(await siteConfig()).toEqual(before);
  });

  it('needs a key holding site.config', async () => {
    expect((await ops({ key: 'buyCryptoLinks', value: [] }, null)).status).toBe(401);
    expect((await ops({ key: 'buyCryptoLinks', value: [] }, 'wrong')).status).toBe(401);
    const { key } = await createAutomationKey(t.app.database.db, ['games.catalogue']);
    expect(await ops({ key: 'buyCryptoLinks', value: [] }, key)).toMatchObject({ status: 403, code: 10055 });
  });
});

describe('/ops/v1/site/customerService and /ops/v1/site/setCustomerService', () => {
  const players = async (language = 'en_US') =>
    (await t.call('/v1/app/customerService/config', { language })).data as { kind: string; name: string; url: string }[];

  it('reads every seeded contact with its id, names in each language, order and switch', async () => {
    const read = await t.ops('/ops/v1/site/customerService', {});
    expect(read.code).toBe(0);
    expect(read.data.list.map((c: { kind: string; url: string; enabled: boolean }) => [c.kind, c.url, c.enabled])).toEqual([
      ['online', '/chat', true],
      ['telegram', 'https://t.me/hashlobby_service', true],
      ['whatsapp', 'https://wa.me/message/HASHLOBBY', true],
    ]);
    expect(read.data.list[0]).toMatchObject({ id: expect.any(Number), sort: 1, name: { en_US: 'Online support', zh_CN: '在线客服' } });
    expect((await players()).map((c) => c.kind)).toEqual(['online', 'telegram', 'whatsapp']);
  });

  it('replaces the list in the given order, which players see at once, and audits before and after', async () => {
    const before = (await t.ops('/ops/v1/site/customerService', {})).data.list;
    const list = [
      { kind: 'telegram', name: { en_US: 'Telegram desk', zh_CN: 'Telegram 客服台' }, url: 'https://t.me/new_desk', enabled: true },
      { kind: 'online', name: { en_US: 'Online support' }, url: '/chat', enabled: false },
      { kind: 'skype', name: { en_US: 'Skype' }, url: 'https://join.skype.com/invite/abc', enabled: true },
    ];
    const set = await t.ops('/ops/v1/site/setCustomerService', { list });
    expect(set.code).toBe(0);
    expect(set.data.list.map((c: { kind: string; sort: number }) => [c.kind, c.sort])).toEqual([
      ['telegram', 1],
      ['online', 2],
      ['skype', 3],
    ]);
    expect(await players()).toEqual([
      { kind: 'telegram', name: 'Telegram desk', url: 'https://t.me/new_desk' },
      { kind: 'skype', name: 'Skype', url: 'https://join.skype.com/invite/abc' },
    ]);
    expect((await players('zh_CN')).map((c) => c.name)).toEqual(['Telegram 客服台', 'Skype']);
    expect((await t.ops('/ops/v1/site/customerService', {})).data).toEqual(set.data);

    const [audited] = (
      await sql<{
        actor_name: string;
        before: unknown;
        after: unknown;
      }>`select actor_name, before, after from audit_records where action = '/ops/v1/site/setCustomerService' and target = 'site:customerService' order by id desc limit 1`.execute(
        t.app.database.db,
      )
    ).rows;
    expect(audited).toEqual({ actor_name: t.opsName, before, after: set.data.list });
  });

  it('refuses a javascript: or plain http link, an empty or unnamed list, or more than 20 contacts with code 12, changing nothing', async () => {
    const before = await players();
    const contact = { kind: 'official', name: { en_US: 'Site' }, url: 'https://help.example.com', enabled: true };
    for (const list of [
      [{ ...contact, url: 'javascript:alert(1)' }],
      [{ ...contact, url: 'JavaScript:alert(1)//https://x' }],
      [{ ...contact, url: 'http://help.example.com' }],
      [{ ...contact, url: '//evil.example.com' }],
      [{ ...contact, name: { zh_CN: '官网' } }],
      [{ ...contact, kind: 'fax' }],
      [{ ...contact, onclick: 'x' }],
      [],
      Array.from({ length: 21 }, () => contact),
    ]) {
      expect((await t.ops('/ops/v1/site/setCustomerService', { list })).code, JSON.stringify(list[0])).toBe(12);
    }
    expect(await players()).toEqual(before);
  });

  it('needs a key holding site.config', async () => {
    const { key } = await createAutomationKey(t.app.database.db, ['games.catalogue']);
    expect(await t.ops('/ops/v1/site/customerService', {}, key)).toMatchObject({ status: 403, code: 10055 });
    expect(await t.ops('/ops/v1/site/setCustomerService', { list: [] }, key)).toMatchObject({ status: 403, code: 10055 });
  });
});
