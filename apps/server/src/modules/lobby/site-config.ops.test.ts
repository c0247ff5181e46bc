import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

const OPS_TOKEN = 'ops-token-for-site-config-tests';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ OPS_TOKEN });
});
afterAll(async () => {
  await t?.close();
});

async function ops(body: unknown, token: string | null = OPS_TOKEN) {
  const response = await fetch(`${t.url}/ops/site/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-ops-token': token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, ...((await response.json()) as { code: number; data: any }) };
}

const siteConfig = async () => (await t.call('/v1/notice/configSync', {})).data as { version: number; items: Record<string, any> };

describe('/ops/site/config', () => {
  it('starts with the seeded exchanges and no Android package', async () => {
    const { items } = await siteConfig();
    expect(items.buyCryptoLinks.map((l: { name: string }) => l.name)).toEqual(['Binance', 'OKX', 'HTX']);
    expect(items.appDownload).toEqual({ androidApkUrl: null, androidVersion: null, iosAppUrl: null });
  });

  it("publishes the operator's APK and exchanges on the next configSync, with a new version", async () => {
    const before = await siteConfig();
    const apk = { androidApkUrl: 'https://cdn.example.com/hashlobby-1.4.0.apk', androidVersion: '1.4.0', iosAppUrl: null };
    const set = await ops({ key: 'appDownload', value: apk, by: 'ops@example.com' });
    expect(set.code).toBe(0);
    expect(set.data.version).toBeGreaterThan(before.version);
    const links = [{ name: 'Local P2P', url: 'https://p2p.example.com', note: 'PIX and bank transfer' }];
    expect((await ops({ key: 'buyCryptoLinks', value: links, by: 'ops@example.com' })).code).toBe(0);

    const after = await siteConfig();
    expect(after.items.appDownload).toEqual(apk);
    expect(after.items.buyCryptoLinks).toEqual(links);
    const unchanged = await t.call('/v1/notice/configSync', { sinceVersion: after.version });
    expect(unchanged.data).toEqual({ version: after.version, changed: false, items: {} });
  });

  it('accepts a package served by this server itself', async () => {
    expect((await ops({ key: 'appDownload', value: { androidApkUrl: '/downloads/hashlobby.apk' }, by: 'ops' })).code).toBe(0);
    expect((await siteConfig()).items.appDownload).toEqual({ androidApkUrl: '/downloads/hashlobby.apk' });
  });

  it('refuses a bad key, value or link with code 12 and changes nothing', async () => {
    const before = await siteConfig();
    for (const body of [
      {},
      { key: 'appDownload', by: 'ops' },
      { key: 'badgesEnabled', value: false, by: 'ops' },
      { key: 'appDownload', value: { androidApkUrl: 'javascript:alert(1)' }, by: 'ops' },
      { key: 'appDownload', value: { androidApkUrl: 'http://plain.example.com/app.apk' }, by: 'ops' },
      { key: 'appDownload', value: { androidApkUrl: '//evil.example.com/app.apk' }, by: 'ops' },
      { key: 'buyCryptoLinks', value: [{ name: '', url: 'https://x.example.com' }], by: 'ops' },
      { key: 'buyCryptoLinks', value: [{ name: 'X', url: 'https://x.example.com', html: '<b>' }], by: 'ops' },
      { key: 'buyCryptoLinks', value: 'https://x.example.com', by: 'ops' },
      { key: 'buyCryptoLinks', value: [], by: '' },
    ]) {
      expect((await ops(body)).code, JSON.stringify(body)).toBe(12);
    }
    expect(await siteConfig()).toEqual(before);
  });

  it('needs the operator token', async () => {
    expect((await ops({ key: 'buyCryptoLinks', value: [], by: 'ops' }, null)).status).toBe(401);
    expect((await ops({ key: 'buyCryptoLinks', value: [], by: 'ops' }, 'wrong')).status).toBe(401);
  });
});
