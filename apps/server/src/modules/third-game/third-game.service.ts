import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  ExperienceType,
  type CallParsedRequest,
  type CallResponse,
  thirdGameCalls,
  formatMicro,
  GameType,
  normalizeLanguage,
  SELF_DEVELOPED_MANUFACTURER,
  type Language,
} from '@lobby/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { fail } from '../../http/app-error.ts';
import { playerBalances, playerBalancesView } from '../../money/balances.ts';
import type { LobbyService } from '../lobby/lobby.service.ts';
import type { GameRow } from '../lobby/lobby.repo.ts';
import type { PlayerService } from '../player/player.service.ts';
import type { SessionService } from '../player/session.service.ts';
import type { ProtectionGate } from '../protection/protection-gate.ts';
import { PlayerMarkRepository } from '../player-mark/player-mark.repo.ts';
import type { PlayerMarkService } from '../player-mark/player-mark.service.ts';
import { ExperienceRestrictedError, ExperienceRules } from '../wallet/experience.ts';
import { AggregatorError, type Aggregator, type LaunchPlatform } from './aggregator.ts';
import { ProviderWalletRepository, type NamedProviderRound } from './provider-wallet.repo.ts';
import { ThirdGameRepository } from './third-game.repo.ts';

export interface EnterRequest {
  aggregator: string;
  manufacturer: string;
  gameCode: string;
  gameId: number;
  gameType: number;
  language?: string;
  platformCode: string;
}

export interface EnterOrigin {
  ip: string;
  lang: Language;
  /** Origin of the web app the player came from: the game's lobby and deposit links go back there. */
  appOrigin: string;
  /** The host name the player's browser reached us at (player-host.ts). */
  playerHost?: string;
}

/** SPEC section 5: a game is self-developed when it has no game type or its manufacturer is BITG. */
export function isSelfDeveloped(game: { game_type: number; manufacturer: string }): boolean {
  return !game.game_type || game.manufacturer === SELF_DEVELOPED_MANUFACTURER;
}

const MOBILE: ReadonlySet<string> = new Set(['android', 'ios', 'other']);

/**
 * Entering and leaving third-party games (SPEC sections 2, 5, 6, 7). Entering checks the game is
 * shown, the experience limit, the first recharge (30007), ends a special invitation (type 1 -> 2),
 * opens a game session with a fresh token and answers the aggregator's launch URL. Leaving ends the
 * player's open sessions and answers the balances, so the lobby shows them after the last win. A game
 * session also ends with the app session it was launched in (logout, password reset, a login
 * elsewhere), as every instance hears; a frozen player's end in the database (players' status trigger).
 */
export class ThirdGameService {
  private readonly sessions: ThirdGameRepository;
  private readonly experience: ExperienceRules;
  private readonly offAppSessionEnded: () => void;

  constructor(
    private readonly db: Db,
    private readonly deps: {
      lobby: Pick<LobbyService, 'visibleGame'>;
      aggregatorFor: (name: string) => Aggregator | undefined;
      marks: Pick<PlayerMarkService, 'leaveSpecialInvite'>;
      players: Pick<PlayerService, 'announceChanged'>;
      unsettledOrders: ConstructorParameters<typeof ExperienceRules>[0];
      log: FastifyBaseLogger;
      appSessions: Pick<SessionService, 'onEnded'>;
      /** Hears `game.entered` (the lobby's recently played); a subscriber's failure never stops the game. */
      bus: EventBus;
      /** A time-out or self-exclusion refuses entry (PROTECTION.md). */
      protection?: Pick<ProtectionGate, 'assertMayPlay'>;
    },
  ) {
    this.sessions = new ThirdGameRepository(db);
    this.experience = new ExperienceRules(deps.unsettledOrders);
    this.offAppSessionEnded = deps.appSessions.onEnded((playerId) => {
      this.sessions.endSessionsOutlivingLogin(playerId).catch((error) => deps.log.error({ err: error, playerId }, 'ending game sessions failed'));
    });
  }

  close(): void {
    this.offAppSessionEnded();
  }

  async enter(playerId: number, input: EnterRequest, origin: EnterOrigin): Promise<{ url: string }> {
    const game = await this.deps.lobby.visibleGame(input.gameId);
    if (!game || game.aggregator !== input.aggregator || game.game_code !== input.gameCode) throw fail('GAME_NOT_FOUND', `game ${input.gameId}`);
    // The in-house games are played in the app itself; no session, no limit.
    if (isSelfDeveloped(game)) return { url: `/hashGame?gameId=${game.id}&nav=pageBet` };

    const marks = await new PlayerMarkRepository(this.db).marks(playerId);
    if (!marks) throw fail('PLAYER_MISSING');
    if (marks.status !== 0) throw fail('LOGIN_RESTRICTED');
    this.deps.protection?.assertMayPlay(playerId);
    if (marks.experience_type === ExperienceType.EXPERIENCE) {
      // Experience gold plays hash games only; the message says what to do about it.
      const usdt = (await playerBalances(this.db, playerId)).USDT;
      const reason = (await this.experience.restriction(marks, usdt)) ?? 'goldNotUsedUp';
      throw new ExperienceRestrictedError(ErrorCode.FAILURE, reason);
    }
    if (marks.first_recharge_at === null) throw fail('FIRST_RECHARGE_REQUIRED');

    const aggregator = this.deps.aggregatorFor(game.aggregator);
    if (!aggregator) throw fail('GAME_NOT_FOUND', `no aggregator ${game.aggregator}`);
    const token = randomBytes(32).toString('hex');
    await this.sessions.createSession({
      token,
      playerId,
      aggregator: game.aggregator,
      gameCode: game.game_code,
      gameType: game.game_type,
      manufacturer: game.manufacturer,
    });
    let url: string;
    try {
      url = await aggregator.launchUrl({
        playerId,
        token,
        gameCode: game.game_code,
        // The game speaks the language the tile asked for, else the app's.
        language: normalizeLanguage(input.language) ?? origin.lang,
        platform: platformOf(input.platformCode),
        ip: origin.ip,
        // A page of the app that asks the app around the game's frame to leave it (apps/web/public).
        lobbyUrl: `${origin.appOrigin}/game-lobby.html`,
        depositUrl: `${origin.appOrigin}/trade/Recharge`,
        country: null,
        playerHost: origin.playerHost,
      });
    } catch (error) {
      await this.sessions.endSessions(playerId, game.game_code);
      if (!(error instanceof AggregatorError)) throw error;
      this.deps.log.error({ err: error, gameId: game.id, aggregator: game.aggregator }, 'game launch failed');
      throw fail('FAILURE', error.message);
    }
    if (await this.deps.marks.leaveSpecialInvite(playerId)) await this.deps.players.announceChanged(playerId);
    await this.deps.bus.publish('game.entered', { playerId, gameId: game.id });
    return { url };
  }

  async exit(playerId: number, gameId: number | undefined) {
    let gameCode: string | undefined;
    if (gameId !== undefined) {
      const game: GameRow | undefined = await this.deps.lobby.visibleGame(gameId);
      // A game taken off the lobby meanwhile: end every open session rather than none.
      gameCode = game && game.game_type !== GameType.HASH ? game.game_code : undefined;
    }
    await this.sessions.endSessions(playerId, gameCode);
    return { balances: await playerBalancesView(this.db, playerId) };
  }

  /** The player's own third-party rounds, newest first. */
  async betRecord(playerId: number, body: RecordRequest, lang: Language): Promise<CallResponse<typeof thirdGameCalls.betRecord>> {
    const { rows, total } = await new ProviderWalletRepository(this.db).roundPage(
      {
        playerId,
        currency: body.currency,
        gameType: body.gameType,
        from: body.from ? new Date(body.from) : undefined,
        to: body.to ? new Date(body.to) : undefined,
      },
      body.page,
      body.pageSize,
    );
    return { list: rows.map((row) => toRoundItem(row, lang)), total, page: body.page, pageSize: body.pageSize };
  }
}

type RecordRequest = CallParsedRequest<typeof thirdGameCalls.betRecord>;
type RoundItem = CallResponse<typeof thirdGameCalls.betRecord>['list'][number];

/** A round as the bet records show it: every bet refunded is "refunded", a round the aggregator closed "settled". */
function toRoundItem(row: NamedProviderRound, lang: Language): RoundItem {
  const status: RoundItem['status'] = row.betCount === 0 && row.winTotal === 0n ? 'refunded' : row.closedAt ? 'settled' : 'open';
  return {
    id: Number(row.id),
    round: row.round,
    aggregator: row.aggregator,
    gameCode: row.gameCode,
    gameName: (lang.startsWith('zh') ? row.nameZh : row.nameEn) ?? row.gameCode,
    manufacturer: row.manufacturer,
    gameType: row.gameType as RoundItem['gameType'],
    currency: row.currency,
    betAmount: formatMicro(row.betTotal),
    winAmount: formatMicro(row.winTotal),
    profitAmount: formatMicro(row.winTotal - row.betTotal),
    betCount: row.betCount,
    status,
    createdAt: row.openedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    settledAt: row.closedAt?.toISOString() ?? null,
  };
}

function platformOf(platformCode: string): LaunchPlatform {
  return MOBILE.has(platformCode) ? 'mobile' : 'desktop';
}
