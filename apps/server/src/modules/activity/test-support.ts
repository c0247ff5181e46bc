import { randomUUID } from 'node:crypto';
import { GameType } from '@lobby/contract';
import { sql } from 'kysely';
import { fund } from '../../money/test-support.ts';
import { TEST_AGGREGATOR_PUBLIC_KEY_PEM } from '../third-game/hub88/test-key-pair.ts';
import { callbacks, newToken, walletCall } from '../third-game/hub88/wallet-test-support.ts';
import { ThirdGameRepository } from '../third-game/third-game.repo.ts';
import { TurnoverRepository } from '../turnover/turnover.repo.ts';
import { startWalletTestApp, type TestPlayer, type WalletTestApp } from '../wallet/test-support.ts';
import { dayBounds } from './shanghai-day.ts';

export const USDT = (units: number) => BigInt(Math.round(units * 1e6));

export interface ActivityTestApp extends WalletTestApp {
  /** Sets the activity clock to noon (Asia/Shanghai) of `day`, or to an instant. */
  at(when: string | Date): void;
  /** A hash round of game `gameId` settled now, recorded as settlement records it: the player stakes `stake` and wins at 1.95 or loses. */
  hashRound(p: TestPlayer, stake: bigint, outcome: 'win' | 'lose', gameId?: number): Promise<void>;
  /** A closed third-party slot round: stake and win in USDT micro-units. */
  slotRound(p: TestPlayer, stake: bigint, win: bigint): Promise<void>;
  /** Moves the player's rounds settled in the last minutes to noon of `day`, as if they had settled then. */
  settledOn(p: TestPlayer, day: string): Promise<void>;
  /** Binds an e-mail through the two calls the profile screen makes. */
  bindEmail(p: TestPlayer): Promise<void>;
  participate(p: TestPlayer, activityId: number, requestId?: string): Promise<{ code: number; msg: string; data: any }>;
  playerData(p: TestPlayer): Promise<any[]>;
  /** The open activity of a type. */
  activityOf(type: number): Promise<{ id: number }>;
}

let nextHeight = 900_000 + Math.floor(Math.random() * 1_000_000);

export const noonOf = (day: string) => new Date(dayBounds(day).start.getTime() + 12 * 3_600_000);

/** A wallet test app that also takes the test aggregator's signed third-party rounds. */
export async function startActivityTestApp(): Promise<ActivityTestApp> {
  const t = await startWalletTestApp({
    HUB88_PUBLIC_KEY: TEST_AGGREGATOR_PUBLIC_KEY_PEM,
    HUB88_CURRENCY: 'USD',
    LOG_LEVEL: process.env.ACTIVITY_TEST_LOG ?? 'silent',
  });
  const db = t.app.database.db;
  const activity = t.app.services.activity;
  let viewer: string | undefined;
  const self: ActivityTestApp = {
    ...t,
    at(when) {
      const instant = typeof when === 'string' ? noonOf(when) : when;
      activity.clock = () => instant;
    },
    async hashRound(p, stake, outcome, gameId = 1) {
      // What the settling statement records for a player's round (tests/turnover.test.ts proves the
      // settlement itself); no block is stored, so the app's own round engine is left alone.
      const payout = outcome === 'win' ? (stake * 195n) / 100n : 0n;
      await new TurnoverRepository(db).recordRounds(
        [{ playerId: p.playerId, roundKey: `hash:${gameId}:0:${nextHeight++}`, gameType: GameType.HASH, currency: 'USDT', stake, payout }],
        t.app.services.vip.terms(),
        db,
        { once: true },
      );
    },
    async slotRound(p, stake, win) {
      await fund(t.app.services.ledger, p.playerId, stake);
      const token = newToken();
      await new ThirdGameRepository(db).createSession({
        token,
        playerId: p.playerId,
        aggregator: 'hub88',
        gameCode: 'demo_slot',
        gameType: GameType.SLOT,
        manufacturer: 'Demo Studio',
      });
      const calls = callbacks(p.playerId, token, 'demo_slot');
      // Hub88 amounts are 1/100000 USD: 10 micro-USDT.
      const bet = calls.bet(Number(stake / 10n));
      const placed = await walletCall(t.url, '/transaction/bet', bet);
      if (placed.json.status !== 'RS_OK') throw new Error(`slot bet refused: ${JSON.stringify(placed.json)}`);
      const won = await walletCall(t.url, '/transaction/win', calls.win(bet, Number(win / 10n)));
      if (won.json.status !== 'RS_OK') throw new Error(`slot win refused: ${JSON.stringify(won.json)}`);
    },
    async settledOn(p, day) {
      await sql`update turnover_records set settled_at = ${noonOf(day)} where player_id = ${p.playerId} and settled_at > now() - interval '10 minutes'`.execute(
        db,
      );
    },
    async bindEmail(p) {
      const email = `${p.account}@example.com`;
      const sent = await t.call('/v1/player/email/captcha', { account: email, lang: 'en_US' }, { token: p.token });
      if (sent.code !== 0) throw new Error(`no binding code: ${sent.code} ${sent.msg}`);
      const bound = await t.call('/v1/player/updateprofile', { email, code: await t.latestCode(email), password: p.password }, { token: p.token });
      if (bound.code !== 0) throw new Error(`e-mail not bound: ${bound.code} ${bound.msg}`);
    },
    participate(p, activityId, requestId = randomUUID()) {
      return t.call('/v1/activity/participate', { requestId, activityId }, { token: p.token });
    },
    async playerData(p) {
      const reply = await t.call('/v1/activity/playerData', {}, { token: p.token });
      if (reply.code !== 0) throw new Error(`playerData: ${reply.code} ${reply.msg}`);
      return reply.data;
    },
    async activityOf(type) {
      viewer ??= (await t.registerPlayer()).token;
      const reply = await t.call('/v1/activity/configSync', {}, { token: viewer });
      const conf = reply.data.confs.find((c: { bonusType: number }) => c.bonusType === type);
      if (!conf) throw new Error(`no open activity of type ${type}`);
      return conf;
    },
  };
  return self;
}
