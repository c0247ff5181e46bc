import { GAME_LIST_CAP, GameType, HASH_GAME_IDS, LOGIN_ONLY_HASH_GAME_IDS, NavId } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { base58ToHex } from '../../chain/address.ts';
import { LobbyService } from './lobby.service.ts';
import { isTronAddress } from './tron-address.ts';
import { largeAggregatorList, listAggregator } from './test-aggregator.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // Beside the demo aggregator's few games, a second aggregator lists more than a home list shows in
  // every category; the operator marks the first game of each category hot (aggregators do not).
  await t.app.services.lobby.syncAggregatorGames(listAggregator('bigger', largeAggregatorList()));
  const firsts = await t.app.database.db.selectFrom('games').select('id').where('aggregator', '=', 'bigger').where('sort', '=', 10).execute();
  for (const { id } of firsts) await t.app.services.lobby.setGameOverrides(id, { hot: true });
});
afterAll(async () => {
  await t?.close();
});

const lobby = () => t.app.services.lobby;
const db = () => t.app.database.db;
const home = async (body: Record<string, unknown> = {}) => {
  const reply = await t.call('/v1/app/home', body);
  expect(reply.code).toBe(0);
  return reply.data;
};

const THIRD_PARTY_LISTS = ['cryptoGames', 'fishGames', 'liveGames', 'pokerGames', 'slotGames', 'sportGames'] as const;

describe('/v1/app/home', () => {
  it('works without a token or any field', async () => {
    const reply = await t.call('/v1/app/home');
    expect(reply.status).toBe(200);
    expect(reply.code).toBe(0);
  });

  it('caps every third-party list at 19, sorted by sort, each holding only its own category', async () => {
    const data = await home({ language: 'en_US', clientVersion: '1.0.0', promotionChannel: 'Organic' });
    const types: Record<(typeof THIRD_PARTY_LISTS)[number], number> = {
      cryptoGames: GameType.CRYPTO,
      fishGames: GameType.FISH,
      liveGames: GameType.LIVE,
      pokerGames: GameType.POKER,
      slotGames: GameType.SLOT,
      sportGames: GameType.SPORT,
    };
    for (const key of THIRD_PARTY_LISTS) {
      const list = data[key] as { sort: number; gameType: number }[];
      // The catalogue holds more than the cap in every category, so the cap is what limits the list.
      expect(list, key).toHaveLength(GAME_LIST_CAP);
      expect(
        list.map((g) => g.sort),
        key,
      ).toEqual([...list.map((g) => g.sort)].sort((a, b) => a - b));
      expect(new Set(list.map((g) => g.gameType)), key).toEqual(new Set([types[key]]));
    }
  });

  it('keeps the games with the lowest sort when capping', async () => {
    const enabledSlots = await db()
      .selectFrom('games')
      .select(['id', 'sort'])
      .where('game_type', '=', GameType.SLOT)
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    expect(enabledSlots.length).toBeGreaterThan(GAME_LIST_CAP);
    const data = await home();
    expect(data.slotGames.map((g: { id: number }) => g.id)).toEqual(enabledSlots.slice(0, GAME_LIST_CAP).map((g) => g.id));
  });

  it('lists every hash game of the catalogue, in sort order, the 3-second transfer games first', async () => {
    const data = await home();
    const ids = data.hashGames.map((g: { id: number }) => g.id);
    expect([...ids].sort((a: number, b: number) => a - b)).toEqual([...HASH_GAME_IDS].sort((a, b) => a - b));
    expect(ids.slice(0, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const sorts = data.hashGames.map((g: { sort: number }) => g.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
  });

  it('describes each hash game with names, logos, period, odds and who may play it', async () => {
    const data = await home();
    const byId = new Map(data.hashGames.map((g: any) => [g.id, g]));
    expect(byId.get(1)).toMatchObject({
      nameZh: '哈希大小',
      nameEn: 'Hash Big-Small',
      gameType: GameType.HASH,
      aggregator: 'BITG',
      manufacturer: 'BITG',
      period: 1,
      rewardRate: '1.95',
      logoZh: '/static/games/1-zh.svg',
      logoEn: '/static/games/1-en.svg',
      requiresLogin: false,
    });
    expect(byId.get(51)).toMatchObject({ nameZh: '9秒哈希大小', nameEn: '9s Big-Small', period: 4 });
    expect(byId.get(101)).toMatchObject({ nameZh: '1分哈希大小', nameEn: '1min Big-Small', period: 2 });
    expect(byId.get(302)).toMatchObject({ nameZh: '3分哈希单双', nameEn: '3min Odd-Even', period: 3 });
    expect(byId.get(402)).toMatchObject({ nameZh: '30秒哈希单双', nameEn: '30s Odd-Even', period: 5 });
    expect(byId.get(5)).toMatchObject({ rewardRate: '9.8' });
    expect(byId.get(55)).toMatchObject({ rewardRate: '9.8' });
    expect(byId.get(3)).toMatchObject({ rewardRate: '1.95' });

    const names = new Set<string>();
    for (const game of data.hashGames) {
      expect(game.nameZh).toMatch(/\p{Script=Han}/u);
      expect(game.nameEn).toMatch(/^[\x20-\x7e]+$/);
      names.add(game.nameZh).add(game.nameEn);
      expect(game.requiresLogin).toBe(LOGIN_ONLY_HASH_GAME_IDS.includes(game.id));
    }
    expect(names.size).toBe(HASH_GAME_IDS.length * 2);
  });

  it('gives transfer games 1-7 a valid TRON address and limits at both levels, and no other game any', async () => {
    const data = await home();
    const seen = new Set<string>();
    for (const game of data.hashGames) {
      if (game.id > 7) {
        expect(game.transferBetAddress, `game ${game.id}`).toEqual([]);
        expect(game.transferBetLimit, `game ${game.id}`).toEqual([]);
        continue;
      }
      expect(game.transferBetAddress).toHaveLength(2);
      for (const address of game.transferBetAddress) {
        expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
        expect(isTronAddress(address), address).toBe(true);
        // Checked again with the chain client's own decoder: checksum, length and the 0x41 prefix.
        expect(base58ToHex(address)).toMatch(/^41[0-9a-f]{40}$/);
        seen.add(address);
      }
      const [beginner, intermediate] = game.transferBetLimit;
      expect(beginner).toEqual({
        currency: 'USDT',
        min: '1',
        max: '1000',
        currencies: [
          { currency: 'USDT', min: '1', max: '1000' },
          { currency: 'TRX', min: '10', max: '10000' },
        ],
      });
      expect(intermediate).toEqual({
        currency: 'USDT',
        min: '10',
        max: '10000',
        currencies: [
          { currency: 'USDT', min: '10', max: '10000' },
          { currency: 'TRX', min: '100', max: '100000' },
        ],
      });
    }
    // One address is one game at one level: an incoming transfer must name its game unambiguously.
    expect(seen.size).toBe(14);
    for (const key of THIRD_PARTY_LISTS) {
      for (const game of data[key]) expect(game.transferBetAddress).toEqual([]);
    }
  });

  it('names third-party games, from several manufacturers the home data lists, with some hot and new', async () => {
    const data = await home();
    const manufacturers = new Set(data.manufacturers.map((m: { abbr: string }) => m.abbr));
    expect(data.manufacturers).toContainEqual({ abbr: 'BITG', name: 'HASH GAME' });
    for (const key of THIRD_PARTY_LISTS) {
      const list = data[key];
      expect(new Set(list.map((g: { manufacturer: string }) => g.manufacturer)).size, key).toBeGreaterThanOrEqual(3);
      expect(
        list.some((g: { isHot: boolean }) => g.isHot),
        key,
      ).toBe(true);
      for (const game of list) {
        expect(manufacturers.has(game.manufacturer), `${key} ${game.manufacturer}`).toBe(true);
        expect(game.nameZh).not.toBe('');
        expect(game.nameEn).not.toBe('');
        expect(game.requiresLogin).toBe(true);
        expect(game.period).toBeNull();
      }
    }
    const all = THIRD_PARTY_LISTS.flatMap((key) => data[key]);
    expect(all.some((g: { isNew: boolean }) => g.isNew)).toBe(true);
  });

  it('shows the navigation bar in the configured order, enabled entries only', async () => {
    const data = await home();
    expect(data.navbar).toEqual(
      [NavId.HOME, NavId.HASH, NavId.SLOT, NavId.LIVE, NavId.CRYPTO, NavId.FISH, NavId.POKER, NavId.SPORT].map((id) => ({ id, status: 1 })),
    );
    expect(data.showBadges).toBe(true);
  });

  it('drops a category from the navigation bar as soon as it is switched off, and brings it back', async () => {
    await home(); // the catalogue is now cached
    await lobby().setNavStatus(NavId.FISH, 0);
    expect((await home()).navbar.map((n: { id: number }) => n.id)).not.toContain(NavId.FISH);
    await lobby().setNavStatus(NavId.FISH, 1);
    expect((await home()).navbar.map((n: { id: number }) => n.id)).toContain(NavId.FISH);
  });

  it('follows the navigation table order after the cache is dropped', async () => {
    await db().updateTable('nav_config').set({ sort: -1 }).where('nav_id', '=', NavId.SPORT).execute();
    try {
      lobby().invalidate();
      expect((await home()).navbar[0]).toEqual({ id: NavId.SPORT, status: 1 });
    } finally {
      await db().updateTable('nav_config').set({ sort: 7 }).where('nav_id', '=', NavId.SPORT).execute();
      lobby().invalidate();
    }
  });

  it('serves repeated calls from memory until a change is made through the lobby', async () => {
    await home();
    await db().updateTable('games').set({ name_en: 'Renamed Behind The Cache' }).where('id', '=', 2).execute();
    try {
      const cached = await home();
      expect(cached.hashGames.find((g: { id: number }) => g.id === 2).nameEn).toBe('Hash Odd-Even');
      await lobby().setGameEnabled(2, true);
      const fresh = await home();
      expect(fresh.hashGames.find((g: { id: number }) => g.id === 2).nameEn).toBe('Renamed Behind The Cache');
    } finally {
      await db().updateTable('games').set({ name_en: 'Hash Odd-Even' }).where('id', '=', 2).execute();
      lobby().invalidate();
    }
  });

  it('leaves a disabled game out of its list', async () => {
    await lobby().setGameEnabled(7, false);
    try {
      expect((await home()).hashGames.map((g: { id: number }) => g.id)).not.toContain(7);
    } finally {
      await lobby().setGameEnabled(7, true);
    }
  });

  it('rejects unknown fields with 12', async () => {
    expect((await t.call('/v1/app/home', { languages: 'en_US' })).code).toBe(12);
  });
});

describe('game logos', () => {
  it('serves the Chinese and English logo of every hash game as SVG', async () => {
    const data = await home();
    for (const game of data.hashGames) {
      for (const [url, name] of [
        [game.logoZh, game.nameZh],
        [game.logoEn, game.nameEn],
      ]) {
        const response = await fetch(t.url + url);
        expect(response.status, url).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
        expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
        const svg = await response.text();
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        expect(svg).toContain(`<title>${name.replace(/&/g, '&amp;').replace(/'/g, '&apos;')}</title>`);
      }
    }
  });

  it('serves third-party logos, escaping names for XML', async () => {
    const data = await home();
    const holdem = data.pokerGames.find((g: { nameEn: string }) => g.nameEn === "Texas Hold'em");
    const response = await fetch(t.url + holdem.logoEn);
    expect(response.status).toBe(200);
    const svg = await response.text();
    expect(svg).toContain('Texas Hold&apos;em');
    expect(svg).not.toContain("Hold'em");
  });

  it('answers 404 for a game or a file name it does not know', async () => {
    expect((await fetch(`${t.url}/static/games/999999-en.svg`)).status).toBe(404);
    expect((await fetch(`${t.url}/static/games/1-fr.svg`)).status).toBe(404);
    expect((await fetch(`${t.url}/static/games/..%2Fpackage.json`)).status).toBe(404);
  });
});

describe('/v1/app/channel', () => {
  it('applies a channel only to the client version it was made for', async () => {
    const md5 = await lobby().saveChannel({ promotionChannel: 'spring-ads', clientVersion: '2.3.1' });
    expect(md5).toMatch(/^[0-9a-f]{32}$/);
    const match = await t.call('/v1/app/channel', { channelMd5: md5, clientVersion: '2.3.1' });
    expect(match.data).toEqual({ clientVersion: '2.3.1', promotionChannel: 'spring-ads' });
    const other = await t.call('/v1/app/channel', { channelMd5: md5, clientVersion: '2.3.0' });
    expect(other.data).toEqual({ clientVersion: null, promotionChannel: null });
    const none = await t.call('/v1/app/channel', { channelMd5: md5 });
    expect(none.data).toEqual({ clientVersion: null, promotionChannel: null });
  });

  it('answers nulls for an unknown or malformed channel', async () => {
    expect((await t.call('/v1/app/channel', { channelMd5: 'f'.repeat(32), clientVersion: '1.0.0' })).data).toEqual({
      clientVersion: null,
      promotionChannel: null,
    });
    expect((await t.call('/v1/app/channel', { channelMd5: 'not-an-md5', clientVersion: '1.0.0' })).data).toEqual({
      clientVersion: null,
      promotionChannel: null,
    });
  });

  it('accepts the md5 in upper case', async () => {
    const md5 = await lobby().saveChannel({ promotionChannel: 'UpperCase', clientVersion: '1.0.0' });
    expect((await t.call('/v1/app/channel', { channelMd5: md5.toUpperCase(), clientVersion: '1.0.0' })).data.promotionChannel).toBe('UpperCase');
  });
});

describe('/v1/app/customerService/config', () => {
  it('lists online, telegram and whatsapp in the requested language', async () => {
    const zh = await t.call('/v1/app/customerService/config', { language: 'zh_CN' });
    expect(zh.code).toBe(0);
    expect(zh.data.map((e: { kind: string }) => e.kind)).toEqual(['online', 'telegram', 'whatsapp']);
    expect(zh.data[0]).toEqual({ kind: 'online', name: '在线客服', url: '/chat' });
    const en = await t.call('/v1/app/customerService/config', { language: 'en' });
    expect(en.data[0].name).toBe('Online support');
    for (const entry of en.data.slice(1)) expect(entry.url).toMatch(/^https:\/\//);
  });

  it('falls back to the request language header, then English', async () => {
    const pt = await t.call('/v1/app/customerService/config', {}, { headers: { 'accept-language': 'pt-BR' } });
    expect(pt.data[0].name).toBe('Suporte online');
    const none = await t.call('/v1/app/customerService/config', {});
    expect(none.data[0].name).toBe('Online support');
  });
});

describe('/v1/notice/configSync and /v1/notice/mailConfigSync', () => {
  it('sends the whole site config with its version, then nothing while the version is current', async () => {
    const first = await t.call('/v1/notice/configSync', {});
    expect(first.code).toBe(0);
    expect(first.data.changed).toBe(true);
    expect(first.data.version).toBeGreaterThanOrEqual(1);
    expect(first.data.items).toMatchObject({ badgesEnabled: true, jurisdiction: { blockedCountries: [] } });
    expect(first.data.items.links.helpCenter).toBe('/helpCenter');

    const again = await t.call('/v1/notice/configSync', { sinceVersion: first.data.version });
    expect(again.data).toEqual({ version: first.data.version, changed: false, items: {} });
  });

  it('bumps the version on a change, so a client holding the old one gets everything again', async () => {
    const before = (await t.call('/v1/notice/configSync', {})).data;
    await lobby().setConfig('site', 'jurisdiction', { blockedCountries: ['US'] });
    try {
      const after = await t.call('/v1/notice/configSync', { sinceVersion: before.version });
      expect(after.data.changed).toBe(true);
      expect(after.data.version).toBe(before.version + 1);
      expect(after.data.items.jurisdiction).toEqual({ blockedCountries: ['US'] });
      expect(after.data.items.badgesEnabled).toBe(true);
    } finally {
      await lobby().setConfig('site', 'jurisdiction', { blockedCountries: [] });
    }
  });

  it('turns the home badges off with the site switch', async () => {
    await lobby().setConfig('site', 'badgesEnabled', false);
    try {
      expect((await home()).showBadges).toBe(false);
    } finally {
      await lobby().setConfig('site', 'badgesEnabled', true);
    }
    expect((await home()).showBadges).toBe(true);
  });

  it('versions the mail config on its own', async () => {
    const site = (await t.call('/v1/notice/configSync', {})).data;
    const mail = await t.call('/v1/notice/mailConfigSync', { language: 'en_US' });
    expect(mail.code).toBe(0);
    expect(mail.data.changed).toBe(true);
    expect(mail.data.items.pollIntervalSeconds).toBeGreaterThan(0);
    expect(mail.data.items.categories.map((c: { id: number }) => c.id)).toEqual([1, 2, 3, 4]);
    expect(mail.data.items.categories[0].name.zh_CN).toBe('系统通知');
    await lobby().setConfig('mail', 'pollIntervalSeconds', 45);
    expect((await t.call('/v1/notice/configSync', { sinceVersion: site.version })).data.changed).toBe(false);
    const changed = await t.call('/v1/notice/mailConfigSync', { sinceVersion: mail.data.version });
    expect(changed.data).toMatchObject({ changed: true, version: mail.data.version + 1 });
    expect(changed.data.items.pollIntervalSeconds).toBe(45);
  });

  it('rejects a negative or fractional version with 12', async () => {
    expect((await t.call('/v1/notice/configSync', { sinceVersion: -1 })).code).toBe(12);
    expect((await t.call('/v1/notice/configSync', { sinceVersion: 1.5 })).code).toBe(12);
  });
});

describe('/v1/keypoint/upload', () => {
  const point = {
    kind: 2,
    clientVersion: '1.4.0',
    promotionChannel: 'Organic',
    domain: 'play.example.com',
    clientIp: '203.0.113.9',
    clientDeviceOs: 'android',
    clientDeviceCode: 'device-abc',
    customData: { step: 'open', attempt: 1, returning: false },
  };

  it('stores a visitor key point with every field and the connection address', async () => {
    const reply = await t.call('/v1/keypoint/upload', point);
    expect(reply.code).toBe(0);
    const row = await db().selectFrom('keypoints').selectAll().where('id', '=', BigInt(reply.data.id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 2,
      player_id: null,
      client_version: '1.4.0',
      promotion_channel: 'Organic',
      domain: 'play.example.com',
      client_ip: '203.0.113.9',
      client_device_os: 'android',
      client_device_code: 'device-abc',
      custom_data: { step: 'open', attempt: 1, returning: false },
      ip: '127.0.0.1',
    });
    expect(row.created_at).toBeInstanceOf(Date);
  });

  it('links the key point to the player whose token was sent', async () => {
    const { token, playerId } = await t.registerPlayer();
    const reply = await t.call('/v1/keypoint/upload', { kind: 1 }, { token, headers: { 'client-ip': '198.51.100.7' } });
    expect(reply.code).toBe(0);
    const row = await db().selectFrom('keypoints').selectAll().where('id', '=', BigInt(reply.data.id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 1, player_id: playerId, client_ip: '198.51.100.7', custom_data: null });
  });

  it('still records the key point, as a visitor, when the token is unknown', async () => {
    const reply = await t.call('/v1/keypoint/upload', { kind: 1 }, { token: 'x'.repeat(43) });
    expect(reply.code).toBe(0);
    const row = await db().selectFrom('keypoints').select('player_id').where('id', '=', BigInt(reply.data.id)).executeTakeFirstOrThrow();
    expect(row.player_id).toBeNull();
  });

  it('rejects other kinds and oversized custom data with 12, storing nothing', async () => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('keypoints')
            .select((eb) => eb.fn.countAll<bigint>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect((await t.call('/v1/keypoint/upload', { kind: 3 })).code).toBe(12);
    const tooMany = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, i]));
    expect((await t.call('/v1/keypoint/upload', { kind: 1, customData: tooMany })).code).toBe(12);
    expect((await t.call('/v1/keypoint/upload', { kind: 1, customData: { nested: { a: 1 } } })).code).toBe(12);
    expect(await count()).toBe(before);
  });
});

describe('GET /production.json', () => {
  it('answers the request origin and its chat endpoint when nothing is configured', async () => {
    const response = await fetch(`${t.url}/production.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const origin = new URL(t.url).origin;
    expect(await response.json()).toEqual({ host: origin, chatUrl: `${origin}/chat` });
  });

  it('answers the configured host and chat URL', () => {
    const configured = new LobbyService(db(), t.app.bus, { publicHost: 'https://api.example.com', chatUrl: 'wss://chat.example.com/ws' });
    try {
      expect(configured.productionInfo('http://ignored')).toEqual({ host: 'https://api.example.com', chatUrl: 'wss://chat.example.com/ws' });
      const hostOnly = new LobbyService(db(), t.app.bus, { publicHost: 'https://api.example.com/' });
      expect(hostOnly.productionInfo('http://ignored')).toEqual({ host: 'https://api.example.com/', chatUrl: 'https://api.example.com/chat' });
      hostOnly.close();
    } finally {
      configured.close();
    }
  });
});

describe('banners', () => {
  it('has none at first: imageUrl is null and queryBanner is empty', async () => {
    expect((await home()).imageUrl).toBeNull();
    const reply = await t.call('/v1/app/queryBanner', { clientVersion: '1.0.0', promotionChannel: 'Organic' });
    expect(reply.code).toBe(0);
    expect(reply.data).toEqual([]);
  });

  it('sets imageUrl once a banner exists and lists it, in sort order, until it is switched off', async () => {
    const second = await lobby().addBanner({ imageUrl: 'https://cdn.example.com/b2.png', sort: 2, link: '/vip' });
    const first = await lobby().addBanner({ imageUrl: 'https://cdn.example.com/b1.png', sort: 1, link: null });
    try {
      expect((await home()).imageUrl).toBe('https://cdn.example.com/b1.png');
      const reply = await t.call('/v1/app/queryBanner', {});
      expect(reply.data).toEqual([
        { id: first, imageUrl: 'https://cdn.example.com/b1.png', link: null, sort: 1 },
        { id: second, imageUrl: 'https://cdn.example.com/b2.png', link: '/vip', sort: 2 },
      ]);
    } finally {
      await lobby().setBannerEnabled(first, false);
      await lobby().setBannerEnabled(second, false);
    }
    expect((await home()).imageUrl).toBeNull();
  });

  it('shows a targeted banner only to its language and channel, and an expired one to nobody', async () => {
    const zh = await lobby().addBanner({ imageUrl: 'https://cdn.example.com/zh.png', language: 'zh_CN' });
    const channel = await lobby().addBanner({ imageUrl: 'https://cdn.example.com/partner.png', promotionChannel: 'partner' });
    const expired = await lobby().addBanner({ imageUrl: 'https://cdn.example.com/old.png', endsAt: new Date(Date.now() - 60_000) });
    try {
      expect((await home({ language: 'en_US' })).imageUrl).toBeNull();
      expect((await home()).imageUrl).toBe('https://cdn.example.com/zh.png'); // home defaults to Chinese
      expect((await home({ language: 'en_US', promotionChannel: 'partner' })).imageUrl).toBe('https://cdn.example.com/partner.png');
      const listed = await t.call('/v1/app/queryBanner', { language: 'zh_CN', promotionChannel: 'partner' });
      expect(listed.data.map((b: { id: number }) => b.id).sort()).toEqual([zh, channel].sort());
    } finally {
      for (const id of [zh, channel, expired]) await lobby().setBannerEnabled(id, false);
    }
  });
});

describe('/v1/app/queryRanking and /v1/app/queryRewardPool', () => {
  it('are empty while there is nothing to show', async () => {
    const ranking = await t.call('/v1/app/queryRanking', {});
    expect(ranking.code).toBe(0);
    expect(ranking.data).toEqual([]);
    const pool = await t.call('/v1/app/queryRewardPool', {});
    expect(pool.code).toBe(0);
    expect(pool.data).toEqual([]);
  });

  it('list recorded wins newest first with masked names, once per reference', async () => {
    const { playerId } = await t.registerPlayer();
    await lobby().recordWin({
      playerId,
      nickname: 'luckystar',
      gameId: 1,
      currency: 'USDT',
      amount: 1_950_000_000n,
      reference: 'bet-1',
      wonAt: new Date('2030-01-01T00:00:00Z'),
    });
    await lobby().recordWin({ playerId, nickname: 'luckystar', gameId: 1, currency: 'USDT', amount: 1_950_000_000n, reference: 'bet-1' });
    await lobby().recordWin({
      playerId,
      nickname: 'luckystar',
      gameId: 5,
      currency: 'TRX',
      amount: 98_000_000n,
      reference: 'bet-2',
      wonAt: new Date('2030-01-01T00:01:00Z'),
    });
    const reply = await t.call('/v1/app/queryRanking', { limit: 10 }, { headers: { 'accept-language': 'zh-CN' } });
    expect(reply.data).toEqual([
      { nickname: 'lu***r', gameId: 5, gameName: '哈希幸运十', amount: '98', currency: 'TRX', time: '2030-01-01T00:01:00.000Z' },
      { nickname: 'lu***r', gameId: 1, gameName: '哈希大小', amount: '1950', currency: 'USDT', time: '2030-01-01T00:00:00.000Z' },
    ]);
    expect((await t.call('/v1/app/queryRanking', { limit: 1 })).data).toHaveLength(1);
    expect((await t.call('/v1/app/queryRanking', { limit: 51 })).code).toBe(12);
  });

  it('reports the reward pool per currency from the ledger', async () => {
    await db()
      .insertInto('ledger_accounts')
      .values([
        { kind: 'reward_pool', owner_id: 0n, currency: 'USDT', balance: 12_345_678_900n },
        { kind: 'reward_pool', owner_id: 0n, currency: 'TRX', balance: 500_000_000n },
      ])
      .execute();
    expect((await t.call('/v1/app/queryRewardPool', {})).data).toEqual([
      { currency: 'USDT', amount: '12345.6789' },
      { currency: 'TRX', amount: '500' },
    ]);
  });
});
