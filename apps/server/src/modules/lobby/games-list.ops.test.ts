import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const list = (body: object, key?: string | null) => t.ops('/ops/v1/games/list', body, key);

describe('/ops/v1/games/list', () => {
  it("lists the aggregators' games a page at a time, never the lobby's own hash games", async () => {
    const all = await list({});
    expect(all.code).toBe(0);
    expect(all.data.total).toBeGreaterThanOrEqual(3);
    expect(all.data.list.every((game: { aggregator: string; gameType: number }) => game.aggregator !== '' && game.gameType !== 1)).toBe(true);
    const first = await list({ page: 1, pageSize: 1 });
    const second = await list({ page: 2, pageSize: 1 });
    expect(first.data.list).toHaveLength(1);
    expect(first.data.total).toBe(all.data.total);
    expect(second.data.list[0].id).not.toBe(first.data.list[0].id);
  });

  it("shows the operator's choices and finds games by name or code, game type and category", async () => {
    const [game] = (await list({ pageSize: 1 })).data.list;
    expect((await t.ops('/ops/v1/games/override', { gameId: game.id, hot: true, sort: 7, visible: false })).code).toBe(0);
    const found = await list({ search: game.gameCode.slice(0, 6).toUpperCase(), gameType: game.gameType, category: game.category });
    expect(found.data.list.find((row: { id: number }) => row.id === game.id)).toMatchObject({
      hot: true,
      hotOverride: true,
      sort: 7,
      sortOverride: 7,
      visible: false,
      newOverride: null,
    });
    expect((await list({ search: 'no game is called this' })).data).toMatchObject({ list: [], total: 0 });
    expect((await list({ gameType: 1 })).code).toBe(12);
    expect((await list({}, null)).status).toBe(401);
  });
});
