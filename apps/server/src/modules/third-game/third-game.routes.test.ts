import { EXPERIENCE_MESSAGES, GameType } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { ExperienceRestrictedError } from '../wallet/experience.ts';
import { withThirdGameTables } from './third-game.repo.ts';
import { AggregatorError, type Aggregator } from './aggregator.ts';
import { ThirdGameService } from './third-game.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.database.db;
const EN = { language: 'en_US' };

/** A demo slot as the home data lists it: what a tile sends to enter. */
async function demoSlot() {
  const home = await t.call('/v1/app/home', {});
  const game = home.data.slotGames.find((g: { aggregator: string }) => g.aggregator === 'hub88');
  expect(game, 'the demo aggregator lists a slot').toBeDefined();
  return game as { id: number; aggregator: string; manufacturer: string; gameCode: string; gameType: number };
}

function enterBody(game: { id: number; aggregator: string; manufacturer: string; gameCode: string; gameType: number }) {
  return {
    aggregator: game.aggregator,
    manufacturer: game.manufacturer,
    gameCode: game.gameCode,
    gameId: game.id,
    gameType: game.gameType,
    language: 'en_US',
    currency: 'USD',
    platformCode: 'android',
  };
}

async function rechargedPlayer() {
  const player = await t.registerPlayer();
  await t.app.services.players.markFirstRecharge(db(), player.playerId);
  return player;
}

const sessionsOf = (playerId: number) =>
  withThirdGameTables(db()).selectFrom('third_game_sessions').selectAll().where('player_id', '=', playerId).orderBy('id').execute();

/** The application's enter/exit with another aggregator or another count of unsettled orders. */
function serviceWith(options: { aggregator?: Aggregator; unsettledOrders?: number }) {
  return new ThirdGameService(db(), {
    lobby: t.app.services.lobby,
    aggregatorFor: () => options.aggregator,
    marks: t.app.services.playerMarks,
    players: t.app.services.players,
    unsettledOrders: { count: async () => options.unsettledOrders ?? 0 },
    log: t.app.http.log,
    appSessions: { onEnded: () => () => {} },
    bus: t.app.bus,
  });
}

const playerRow = (playerId: number) =>
  db().selectFrom('players').select(['special_invite_type', 'experience_type']).where('id', '=', playerId).executeTakeFirstOrThrow();

describe('/v1/thirdGame/enter', () => {
  it('refuses a visitor: entering needs a login', async () => {
    const reply = await t.call('/v1/thirdGame/enter', enterBody(await demoSlot()));
    expect(reply.status).toBe(401);
    expect(reply.code).toBe(10009);
  });

  it('refuses a player without a first recharge with 30007, and opens no session', async () => {
    const player = await t.registerPlayer();
    const reply = await t.call('/v1/thirdGame/enter', enterBody(await demoSlot()), { token: player.token });
    expect(reply.code).toBe(30007);
    expect(await sessionsOf(player.playerId)).toEqual([]);
  });

  it('lets a player without a first recharge into a self-developed (hash) game, which opens in the app', async () => {
    const player = await t.registerPlayer();
    const home = await t.call('/v1/app/home', {});
    const hash = home.data.hashGames[0];
    const reply = await t.call('/v1/thirdGame/enter', { ...enterBody(hash), gameType: GameType.HASH }, { token: player.token });
    expect(reply.code).toBe(0);
    expect(reply.data.url).toBe(`/hashGame?gameId=${hash.id}&nav=pageBet`);
    expect(await sessionsOf(player.playerId)).toEqual([]);
  });

  it('opens a session with a fresh token and answers the launch URL of the aggregator, which serves the game', async () => {
    const player = await rechargedPlayer();
    const game = await demoSlot();
    const reply = await t.call('/v1/thirdGame/enter', { ...enterBody(game), language: 'pt_BR' }, { token: player.token });
    expect(reply.code).toBe(0);
    const url = new URL(reply.data.url);
    expect(url.pathname).toBe(`/games/${game.gameCode}/`);
    expect(url.searchParams.get('lang')).toBe('pt');
    const token = url.searchParams.get('token');
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const [session] = await sessionsOf(player.playerId);
    expect(session).toMatchObject({
      token,
      aggregator: 'hub88',
      game_code: game.gameCode,
      game_type: game.gameType,
      manufacturer: game.manufacturer,
      ended_at: null,
    });
    const page = await fetch(reply.data.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');

    const again = await t.call('/v1/thirdGame/enter', enterBody(game), { token: player.token });
    expect(new URL(again.data.url).searchParams.get('token')).not.toBe(token);
    expect(await sessionsOf(player.playerId)).toHaveLength(2);
  });

  it('refuses a game the lobby does not show, or a code that is not that game, with 21001', async () => {
    const player = await rechargedPlayer();
    const game = await demoSlot();
    expect((await t.call('/v1/thirdGame/enter', { ...enterBody(game), gameCode: 'no-such-game' }, { token: player.token })).code).toBe(21001);
    expect((await t.call('/v1/thirdGame/enter', { ...enterBody(game), gameId: 999_999 }, { token: player.token })).code).toBe(21001);
    await t.app.services.lobby.setGameEnabled(game.id, false);
    try {
      expect((await t.call('/v1/thirdGame/enter', enterBody(game), { token: player.token })).code).toBe(21001);
    } finally {
      await t.app.services.lobby.setGameEnabled(game.id, true);
    }
    expect(await sessionsOf(player.playerId)).toEqual([]);
  });

  it('keeps an experience account to hash games, with the SPEC message', async () => {
    const player = await t.registerPlayer();
    await t.app.services.playerMarks.grantExperienceGold({ requestId: `exp-${player.playerId}`, playerId: player.playerId, amount: 10_000_000n });
    const reply = await t.call('/v1/thirdGame/enter', enterBody(await demoSlot()), { token: player.token, headers: EN });
    expect(reply.code).toBe(1);
    expect(reply.msg).toBe(EXPERIENCE_MESSAGES.goldNotUsedUp.en_US);
    expect(await sessionsOf(player.playerId)).toEqual([]);
  });

  it('tells an experience account with unsettled orders to wait for them', async () => {
    const player = await t.registerPlayer();
    await t.app.services.playerMarks.grantExperienceGold({ requestId: `exp-wait-${player.playerId}`, playerId: player.playerId, amount: 10_000_000n });
    const service = serviceWith({ unsettledOrders: 1 });
    const game = await demoSlot();
    const refused = await service.enter(player.playerId, enterBody(game), { ip: '127.0.0.1', lang: 'en_US', appOrigin: 'http://localhost' }).catch((e) => e);
    expect(refused).toBeInstanceOf(ExperienceRestrictedError);
    expect(refused.reason).toBe('unsettledOrders');
  });

  it('answers 1 and leaves no open session when the aggregator cannot launch the game, and a special account stays special', async () => {
    const [code] = await t.app.services.playerMarks.issueInviteCodes({ count: 1, maxUses: 1 });
    const registered = await t.call('/v1/player/register', { kind: 1, account: `down${Date.now()}`, password: 'secret123', inviteCode: code });
    const playerId = registered.data.player.id;
    await t.app.services.players.markFirstRecharge(db(), playerId);
    const down: Aggregator = {
      name: 'hub88',
      listGames: async () => [],
      launchUrl: async () => {
        throw new AggregatorError('/operator/generic/v2/game/url: no answer within 10000 ms');
      },
    };
    const service = serviceWith({ aggregator: down });
    const refused = await service
      .enter(playerId, enterBody(await demoSlot()), { ip: '127.0.0.1', lang: 'en_US', appOrigin: 'http://localhost' })
      .catch((e) => e);
    expect(refused).toMatchObject({ code: 1 });
    const sessions = await sessionsOf(playerId);
    expect(sessions).toHaveLength(1);
    expect(sessions[0].ended_at).toBeInstanceOf(Date);
    expect(await playerRow(playerId)).toMatchObject({ special_invite_type: 1 });
  });

  it('makes a special-invite account (type 1) type 2 for good once it enters a third-party game', async () => {
    const [code] = await t.app.services.playerMarks.issueInviteCodes({ count: 1, maxUses: 1 });
    const reply = await t.call('/v1/player/register', { kind: 1, account: `special${Date.now()}`, password: 'secret123', inviteCode: code });
    expect(reply.code).toBe(0);
    const playerId = reply.data.player.id;
    const token = reply.data.token;
    await t.app.services.players.markFirstRecharge(db(), playerId);
    expect((await t.call('/v1/player_mark/special_invited_account/info', {}, { token })).data.accountType).toBe(1);

    const entered = await t.call('/v1/thirdGame/enter', enterBody(await demoSlot()), { token });
    expect(entered.code).toBe(0);
    expect(await playerRow(playerId)).toMatchObject({ special_invite_type: 2 });
    const info = await t.call('/v1/player_mark/special_invited_account/info', {}, { token });
    expect(info.data.accountType).toBe(2);
    expect((await t.call('/v1/player/load', {}, { token })).data.accountType).toBe(2);
  });
});

describe('/v1/thirdGame/exit', () => {
  it('ends the open sessions of the game left and answers the balances', async () => {
    const player = await rechargedPlayer();
    await t.app.services.ledger.transfer({
      idempotencyKey: `test-deposit:${player.playerId}`,
      kind: 'deposit',
      legs: [
        { account: { kind: 'deposit_clearing' }, currency: 'USDT', amount: -12_500_000n },
        { account: { kind: 'player', playerId: player.playerId }, currency: 'USDT', amount: 12_500_000n },
      ],
    });
    const game = await demoSlot();
    await t.call('/v1/thirdGame/enter', enterBody(game), { token: player.token });
    await t.call('/v1/thirdGame/enter', enterBody(game), { token: player.token });
    const reply = await t.call('/v1/thirdGame/exit', { gameId: game.id }, { token: player.token });
    expect(reply.code).toBe(0);
    expect(reply.data).toEqual({ balances: { usdt: '12.5', trx: '0', cash: { usdt: '12.5', trx: '0' }, bonus: { usdt: '0', trx: '0' } } });
    const sessions = await sessionsOf(player.playerId);
    expect(sessions).toHaveLength(2);
    for (const session of sessions) expect(session.ended_at).toBeInstanceOf(Date);
  });

  it('ends every open session when no game is named', async () => {
    const player = await rechargedPlayer();
    const game = await demoSlot();
    await t.call('/v1/thirdGame/enter', enterBody(game), { token: player.token });
    const reply = await t.call('/v1/thirdGame/exit', {}, { token: player.token });
    expect(reply.code).toBe(0);
    expect((await sessionsOf(player.playerId)).every((session) => session.ended_at !== null)).toBe(true);
  });

  it('refuses a visitor', async () => {
    expect((await t.call('/v1/thirdGame/exit', {})).status).toBe(401);
  });
});
