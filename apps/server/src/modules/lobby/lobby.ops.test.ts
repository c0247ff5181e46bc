import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ops = (path: string, body: unknown, key?: string | null) => t.ops(path, body, key);

const demoSlots = async () => {
  const home = await t.call('/v1/app/home', {});
  return home.data.slotGames.filter((g: { aggregator: string }) => g.aggregator === 'hub88') as { id: number; isHot: boolean; isNew: boolean; sort: number }[];
};

describe('/ops/v1/games/override and /ops/v1/games/refresh', () => {
  it("sets a game's hot, new, sort and visibility at once, and a refresh of the aggregator list keeps them", async () => {
    const [slot] = await demoSlots();
    expect(slot.isHot).toBe(false);
    expect((await ops('/ops/v1/games/override', { gameId: slot.id, hot: true, new: true, sort: 1 })).code).toBe(0);
    expect((await demoSlots())[0]).toMatchObject({ id: slot.id, isHot: true, isNew: true, sort: 1 });

    const refreshed = await ops('/ops/v1/games/refresh', {});
    expect(refreshed.code).toBe(0);
    expect(refreshed.data.listed).toBeGreaterThanOrEqual(3);
    expect((await demoSlots())[0]).toMatchObject({ id: slot.id, isHot: true, isNew: true, sort: 1 });

    expect((await ops('/ops/v1/games/override', { gameId: slot.id, visible: false })).code).toBe(0);
    await ops('/ops/v1/games/refresh', {});
    expect((await demoSlots()).map((g) => g.id)).not.toContain(slot.id);
    expect((await ops('/ops/v1/games/override', { gameId: slot.id, visible: true, hot: null })).code).toBe(0);
    expect((await demoSlots())[0]).toMatchObject({ id: slot.id, sort: 1 });
    await ops('/ops/v1/games/refresh', {});
    expect((await demoSlots()).find((g) => g.id === slot.id)).toMatchObject({ isHot: false, isNew: true });
  });

  it('validates the body, answers 21001 for an unknown game, and needs a key', async () => {
    for (const body of [{}, { gameId: 1 }, { gameId: 'x', hot: true }, { gameId: 1, hot: 'yes' }, { gameId: 1, sort: 1.5 }, { gameId: 1, other: true }]) {
      expect((await ops('/ops/v1/games/override', body)).code, JSON.stringify(body)).toBe(12);
    }
    expect((await ops('/ops/v1/games/override', { gameId: 999_999_999, hot: true })).code).toBe(21001);
    expect((await ops('/ops/v1/games/override', { gameId: 1, hot: true }, null)).status).toBe(401);
    expect((await ops('/ops/v1/games/refresh', {}, 'not-an-operator-key')).status).toBe(401);
  });
});
