import type { FastifyBaseLogger } from 'fastify';
import type { LobbyService } from '../lobby/lobby.service.ts';
import type { Aggregator } from './aggregator.ts';

/**
 * Fetches the aggregator's game list at start and every `intervalMs` into the lobby. Every instance
 * may run it: the lobby applies a list as one locked upsert keyed by game code, so two instances
 * refreshing together write each game once. A failed refresh is logged and the catalogue kept.
 */
export class CatalogueRefresher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly lobby: Pick<LobbyService, 'syncAggregatorGames'>,
    private readonly aggregator: Aggregator,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs the first refresh (so the lobby lists the games when the server starts answering), then schedules the rest. */
  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.intervalMs);
    this.timer.unref();
  }

  /** One refresh now; one at a time per instance. */
  refresh(): Promise<void> {
    this.running ??= this.lobby
      .syncAggregatorGames(this.aggregator)
      .then((result) => {
        this.log.info({ aggregator: this.aggregator.name, ...result }, 'game list refreshed');
        // Their games show under the default type until an operator maps them (POST /ops/v1/games/mapCategory).
        if (result.unmapped.length > 0) this.log.warn({ aggregator: this.aggregator.name, unmapped: result.unmapped }, 'game categories nobody has mapped');
      })
      .catch((error: unknown) => this.log.error({ err: error, aggregator: this.aggregator.name }, 'game list refresh failed; the catalogue is kept'))
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
