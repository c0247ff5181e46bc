import { AutoBetWakeUpType, formatMicro, type autoBetCalls, type CallParsedRequest, type CallResponse, type Language } from '@lobby/contract';
import { areasOf, CURRENCIES, hashGame, HASH_GAMES, LEVELS, type AreaId, type Currency } from '@lobby/hash-games';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import { playerBalances } from '../../money/balances.ts';
import type { Ledger } from '../../money/ledger.service.ts';
import type { HashGameModule } from '../hash-game/hash-game.module.ts';
import type { LobbyService } from '../lobby/lobby.service.ts';
import type { AutoBetRepository } from './auto-bet.repo.ts';
import { initialState, settingsToJson, stateToJson, validateSettings, type RunSettings } from './auto-bet.logic.ts';

type Status = CallResponse<typeof autoBetCalls.playerStatus>;
type Log = CallResponse<typeof autoBetCalls.openLog>;
type Strategy = NonNullable<CallResponse<typeof autoBetCalls.strategy>['currentData']>;
type WakeUp = NonNullable<CallResponse<typeof autoBetCalls.strategy>['wakeUpData']>;
type StrategyInput = CallParsedRequest<typeof autoBetCalls.strategyUpdate>['strategy'];
type WakeUpInput = CallParsedRequest<typeof autoBetCalls.strategyUpdate>['wakeUp'];
type StartRequest = CallParsedRequest<typeof autoBetCalls.start>;

/** The balance a simulated run plays with, in whole units of its currency. */
export const SIMULATION_BALANCE = 10_000n * 1_000_000n;
/** Operations and bets a log shows. */
const LOG_RESULTS = 20;
const LOG_RECORDS = 50;

const KIND_NAMES: Record<string, { zh: string; en: string }> = {
  bigSmall: { zh: '哈希大小', en: 'Hash Big/Small' },
  oddEven: { zh: '哈希单双', en: 'Hash Odd/Even' },
  bull: { zh: '哈希牛牛', en: 'Hash Bull' },
  bankerPlayer: { zh: '哈希庄闲', en: 'Hash Banker/Player' },
  luckyTen: { zh: '幸运哈希', en: 'Lucky Ten' },
  bigSmallSum: { zh: '和值大小', en: 'Sum Big/Small' },
  oddEvenSum: { zh: '和值单双', en: 'Sum Odd/Even' },
};
const PERIOD_NAMES: Record<number, { zh: string; en: string }> = {
  1: { zh: '3秒', en: '3s' },
  4: { zh: '9秒', en: '9s' },
  5: { zh: '30秒', en: '30s' },
  2: { zh: '1分钟', en: '1 min' },
  3: { zh: '3分钟', en: '3 min' },
};

function strategyOut(input: StrategyInput): Strategy {
  return {
    name: input.name,
    progression: input.progression,
    side: input.side,
    details: input.details.map((step) => ({ area: step.area, amount: formatMicro(step.amount) })),
  };
}

function settingsOf(strategy: StrategyInput, wakeUp: WakeUpInput, rest: { stopWin: bigint; stopLose: bigint; interval: number }): RunSettings {
  return {
    strategy: {
      name: strategy.name,
      progression: strategy.progression,
      side: strategy.side,
      details: strategy.details.map((step) => ({ area: step.area as AreaId, amount: step.amount })),
    },
    wakeUp: { type: wakeUp.type, rule: wakeUp.type === AutoBetWakeUpType.LOSE || wakeUp.type === AutoBetWakeUpType.WIN ? wakeUp.rule : [] },
    ...rest,
  };
}

/** The auto-bet calls. The runner plays the runs; this side starts, stops and reports them. */
export class AutoBetService {
  constructor(
    private readonly db: Db,
    private readonly repo: AutoBetRepository,
    private readonly hash: HashGameModule,
    private readonly lobby: LobbyService,
    private readonly ledger: Ledger,
  ) {}

  async gameList(lang: Language): Promise<CallResponse<typeof autoBetCalls.gameList>> {
    const state = await this.lobby.hashGameState();
    const chinese = lang === 'zh_CN' || lang === 'zh_TW';
    const games = HASH_GAMES.filter((game) => state.enabled.get(game.id) === true);
    return Promise.all(
      games.map(async (game) => {
        const limits = await this.hash.rules.levelLimits(game.id);
        const kind = KIND_NAMES[game.kind];
        const period = PERIOD_NAMES[game.period];
        return {
          gameId: game.id,
          kind: game.kind,
          name: chinese ? `${kind.zh} ${period.zh}` : `${kind.en} ${period.en}`,
          areas: [...areasOf(game.kind)],
          levels: LEVELS.flatMap((level) =>
            CURRENCIES.map((currency) => ({
              level,
              currency,
              min: formatMicro(limits[level][currency].min),
              max: formatMicro(limits[level][currency].max),
            })),
          ),
        } as CallResponse<typeof autoBetCalls.gameList>[number];
      }),
    );
  }

  async strategy(playerId: number, gameId: number): Promise<CallResponse<typeof autoBetCalls.strategy>> {
    const game = hashGame(gameId);
    const row = await this.repo.savedStrategy(playerId, game.id);
    const area = areasOf(game.kind)[0];
    const preset = (name: string, progression: Strategy['progression']): Strategy => ({ name, progression, side: 'fixed', details: [{ area, amount: '1' }] });
    return {
      currentData: row ? (parseJson(row.strategy) as Strategy) : null,
      wakeUpData: row ? (parseJson(row.wake_up) as WakeUp) : null,
      presets: [
        preset('Flat', 'flat'),
        preset('Martingale', 'martingale'),
        preset('Paroli', 'paroli'),
        preset("D'Alembert", 'dalembert'),
        preset('Fibonacci', 'fibonacci'),
        { name: 'Custom', progression: 'custom', side: 'fixed', details: ['1', '2', '4', '8'].map((amount) => ({ area, amount })) },
      ],
    };
  }

  async strategyUpdate(playerId: number, body: CallParsedRequest<typeof autoBetCalls.strategyUpdate>) {
    this.validate(body.gameId, settingsOf(body.strategy, body.wakeUp, { stopWin: 1n, stopLose: 1n, interval: 1 }));
    return this.save(this.db, playerId, body.gameId, body.strategy, body.wakeUp);
  }

  /** `country`: where the request came from (null when unknown); the runner stops the run if it is blocked later. */
  async start(playerId: number, body: StartRequest, country: string | null = null): Promise<Status> {
    const game = hashGame(body.gameId);
    const settings = settingsOf(body.strategy, body.wakeUp, {
      stopWin: body.stopWinAmount,
      stopLose: body.stopLoseAmount,
      interval: body.interval,
    });
    this.validate(game.id, settings);
    if (!(await this.hash.rules.isEnabled(game.id))) throw fail('GAME_NOT_FOUND', `game ${game.id} is not open`);
    await this.db.transaction().execute(async (trx) => {
      await this.save(trx, playerId, game.id, body.strategy, body.wakeUp);
      const opened = await this.repo.openRun(trx, {
        playerId,
        gameId: game.id,
        level: body.gameLevel,
        currency: body.currency,
        simulate: body.simulate,
        settings: settingsToJson(settings),
        state: stateToJson(initialState(settings)),
        virtualBalance: body.simulate ? SIMULATION_BALANCE : null,
        country,
      });
      if (!opened) throw fail('INVALID_PARAMETERS', 'an auto-bet is already running');
    });
    return this.playerStatus(playerId);
  }

  async stop(playerId: number): Promise<Status> {
    await this.repo.stopRuns(playerId);
    return this.playerStatus(playerId);
  }

  async playerStatus(playerId: number): Promise<Status> {
    const row = await this.repo.currentRun(playerId);
    if (!row) return { isOpen: false, simulate: false, gameId: null, gameLevel: null };
    return { isOpen: row.is_open, simulate: row.simulate, gameId: row.game_id as Status['gameId'], gameLevel: row.level as Status['gameLevel'] };
  }

  async openLog(playerId: number, gameId: number, simulate: boolean): Promise<Log> {
    const run = await this.repo.loggedRun(playerId, gameId, simulate);
    const currency: Currency = run?.currency ?? 'USDT';
    const balance = simulate
      ? (run?.virtual_balance ?? SIMULATION_BALANCE)
      : // What a run may stake: cash, then bonus money (as page bets draw them).
        (await playerBalances(this.db, playerId))[currency];
    if (!run) {
      return { totalNum: 0, winNum: 0, reward: '0', isOpen: false, simulate, amountBalance: formatMicro(BigInt(balance)), currency, result: [], record: [] };
    }
    const [results, records] = await Promise.all([this.repo.results(run.id, LOG_RESULTS), this.repo.records(run.id, LOG_RECORDS)]);
    return {
      totalNum: run.total_num,
      winNum: run.win_num,
      reward: formatMicro(BigInt(run.reward)),
      isOpen: run.is_open,
      simulate: run.simulate,
      amountBalance: formatMicro(BigInt(balance)),
      currency,
      result: results.map((r) => ({
        blockNum: Number(r.block_num),
        announceArea: r.announce_area as Log['result'][number]['announceArea'],
        blockHash: r.block_hash,
        stopType: r.stop_type as Log['result'][number]['stopType'],
        time: r.time.toISOString(),
      })),
      record: records.map((r) => ({
        blockNum: Number(r.round),
        amount: formatMicro(BigInt(r.amount)),
        profitAmount: r.profit === null ? null : formatMicro(BigInt(r.profit)),
        betArea: r.area as Log['record'][number]['betArea'],
        status: r.status as Log['record'][number]['status'],
      })),
    };
  }

  async clearLog(playerId: number, gameId: number, simulate: boolean): Promise<null> {
    if (await this.repo.hasOpenRun(playerId, gameId, simulate)) throw fail('INVALID_PARAMETERS', 'stop the auto-bet before clearing its log');
    await this.repo.clearLogs(playerId, gameId, simulate);
    return null;
  }

  private validate(gameId: number, settings: RunSettings): void {
    try {
      validateSettings(gameId, settings);
    } catch (error) {
      if (error instanceof RangeError) {
        throw fail(/area/.test(error.message) && !/reverse/.test(error.message) ? 'FORBIDDEN_BET_AREA' : 'INVALID_PARAMETERS', error.message);
      }
      throw error;
    }
  }

  private async save(db: Db, playerId: number, gameId: number, strategy: StrategyInput, wakeUp: WakeUpInput) {
    const currentData = strategyOut(strategy);
    const wakeUpData = { type: wakeUp.type, rule: wakeUp.rule };
    const values = { strategy: JSON.stringify(currentData), wake_up: JSON.stringify(wakeUpData) };
    await this.repo.saveStrategy(db, playerId, gameId, values);
    return { currentData, wakeUpData };
  }
}

function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
