import { formatMicro, hashGamesOpsCalls } from '@lobby/contract';
import { formatOdds, isHashGameId, hashGame, LEVELS, type Currency, type StakeLimit } from '@lobby/hash-games';
import { fail } from '../../http/app-error.ts';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import type { GameRules } from '../hash-game/rules.ts';
import type { LobbyService } from './lobby.service.ts';

const limitView = (limit: StakeLimit) => ({ min: formatMicro(limit.min), max: formatMicro(limit.max) });
const limitsView = (limits: Record<Currency, StakeLimit>) => ({ USDT: limitView(limits.USDT), TRX: limitView(limits.TRX) });

/**
 * The lobby's own hash games from the operator's side: each game's on/off, its odds per area (the
 * rules' figures: package defaults or the server's HASH_GAME_OVERRIDES, not changeable here) and, per
 * level, the stake limits and the address transfer bets go to. The limits of a transfer game are the
 * ones stored beside its address, which page bets obey too; page-only games take theirs from the
 * configuration.
 */
export function registerHashGamesOpsRoutes(ops: OpsRegistrar, lobby: LobbyService, rules: GameRules) {
  const hashGameOf = async (gameId: number) => {
    const row = (await lobby.hashGameRows()).find((game) => game.id === gameId);
    if (!row || !isHashGameId(gameId)) throw fail('GAME_NOT_FOUND', `hash game ${gameId}`);
    return { row, game: hashGame(gameId) };
  };

  const addressOf = async (gameId: number, level: number) => {
    const row = (await lobby.hashGameState()).transferAddresses.find((r) => r.game_id === gameId && r.level === level);
    return row
      ? { address: row.address, limits: limitsView({ USDT: { min: row.usdt_min, max: row.usdt_max }, TRX: { min: row.trx_min, max: row.trx_max } }) }
      : null;
  };

  ops.register(hashGamesOpsCalls.state, async () => {
    const [rows, state] = await Promise.all([lobby.hashGameRows(), lobby.hashGameState()]);
    const list = [];
    for (const row of rows) {
      if (!isHashGameId(row.id)) continue;
      const game = hashGame(row.id);
      const limits = await rules.levelLimits(game.id);
      list.push({
        id: game.id,
        nameEn: row.name_en,
        nameZh: row.name_zh,
        kind: game.kind,
        period: game.period,
        seconds: game.seconds,
        transferBet: game.transferBet,
        enabled: state.enabled.get(game.id) === true,
        levels: LEVELS.map((level) => ({
          level,
          odds: Object.fromEntries(Object.entries(rules.config(game.id, level).odds).map(([area, bp]) => [area, formatOdds(bp as number)])),
          limits: limitsView(limits[level]),
          transferAddress: state.transferAddresses.find((r) => r.game_id === game.id && r.level === level)?.address ?? null,
        })),
      });
    }
    return { list };
  });

  ops.register(hashGamesOpsCalls.setEnabled, async ({ body, audit }) => {
    audit.target = `game:${body.gameId}`;
    const { row } = await hashGameOf(body.gameId);
    audit.before = { enabled: row.enabled };
    await lobby.setGameEnabled(body.gameId, body.enabled);
    audit.after = { enabled: body.enabled };
    return { gameId: body.gameId, enabled: body.enabled };
  });

  // Transfer bets are coins sent to this address: a wrong one sends players' money elsewhere, hence
  // the step-up and a checksum test beyond the shape.
  ops.register(hashGamesOpsCalls.setTransferAddress, async ({ body, audit }) => {
    audit.target = `game:${body.gameId}/level:${body.level}`;
    const { game } = await hashGameOf(body.gameId);
    if (!game.transferBet) throw fail('INVALID_PARAMETERS', `game ${game.id} takes no transfer bets`);
    audit.before = await addressOf(game.id, body.level);
    await lobby.setTransferAddress(game.id, body.level, body.address, body.limits);
    const after = { gameId: game.id, level: body.level, address: body.address, limits: limitsView(body.limits) };
    audit.after = { address: after.address, limits: after.limits };
    return after;
  });
}
