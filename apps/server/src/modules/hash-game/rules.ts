import { resolveGameConfig, type Currency, type GameLevelConfig, type HashConfigOverrides, type Level, type StakeLimit } from '@lobby/hash-games';
import type { LobbyService } from '../lobby/lobby.service.ts';

/** One receiving address of a transfer game, as the lobby lists it. */
export interface TransferTarget {
  gameId: number;
  level: number;
  address: string;
  limits: Record<Currency, StakeLimit>;
  enabled: boolean;
}

/**
 * Odds, limits and refund fees of every game and level. Odds and refund fees are configuration
 * (package defaults plus HASH_GAME_OVERRIDES). Limits of the transfer games are the lobby's, the ones
 * the hash card shows beside each address, so a page bet and a transfer bet on the same game and
 * level obey the same figures; the other games take theirs from the configuration.
 */
export class GameRules {
  private readonly configs = new Map<string, GameLevelConfig>();

  constructor(
    private readonly overrides: HashConfigOverrides,
    private readonly lobby: LobbyService,
  ) {}

  config(gameId: number, level: Level): GameLevelConfig {
    const key = `${gameId}/${level}`;
    let config = this.configs.get(key);
    if (!config) {
      config = resolveGameConfig(gameId, level, this.overrides);
      this.configs.set(key, config);
    }
    return config;
  }

  /** Whether the lobby has the game on, and its stake limit at this level and currency. */
  async pageBetTerms(gameId: number, level: Level, currency: Currency): Promise<{ enabled: boolean; limit: StakeLimit }> {
    const state = await this.lobby.hashGameState();
    const address = state.transferAddresses.find((row) => row.game_id === gameId && row.level === level);
    const limit = address
      ? currency === 'USDT'
        ? { min: address.usdt_min, max: address.usdt_max }
        : { min: address.trx_min, max: address.trx_max }
      : this.config(gameId, level).limits[currency];
    return { enabled: state.enabled.get(gameId) === true, limit };
  }

  /** Limits of both levels and currencies, as the round call shows them. */
  async levelLimits(gameId: number): Promise<Record<Level, Record<Currency, StakeLimit>>> {
    const state = await this.lobby.hashGameState();
    const of = (level: Level): Record<Currency, StakeLimit> => {
      const row = state.transferAddresses.find((r) => r.game_id === gameId && r.level === level);
      return row ? { USDT: { min: row.usdt_min, max: row.usdt_max }, TRX: { min: row.trx_min, max: row.trx_max } } : this.config(gameId, level).limits;
    };
    return { 0: of(0), 1: of(1) };
  }

  async isEnabled(gameId: number): Promise<boolean> {
    return (await this.lobby.hashGameState()).enabled.get(gameId) === true;
  }

  async transferTargets(): Promise<TransferTarget[]> {
    const state = await this.lobby.hashGameState();
    return state.transferAddresses.map((row) => ({
      gameId: row.game_id,
      level: row.level,
      address: row.address,
      limits: { USDT: { min: row.usdt_min, max: row.usdt_max }, TRX: { min: row.trx_min, max: row.trx_max } },
      enabled: state.enabled.get(row.game_id) === true,
    }));
  }
}
