import { z } from 'zod';
import { AUTO_BET_DEFAULTS } from '../constants.ts';
import { AutoBetStopReason, AutoBetWakeUpType } from '../enums.ts';
import { moneyString, positiveMoneyAmount } from '../money.ts';
import { body, defineCall, emptyBody, emptyReply } from './define.ts';
import { currency, isoTime } from './common.ts';
import { betArea, betLevel, betStatusCode, hashGameId, hashGameKind } from './hash-game.ts';

const STRATEGY_STEPS_MAX = 50;

// SPEC section 3 names the start, status and log fields; the shape of a strategy step, the
// meaning of wake-up rules and every game_list/strategy reply field are our design.

const strategyStepFields = {
  area: betArea,
  amount: positiveMoneyAmount.describe('Stake of this step'),
};
const strategyDescription =
  'Our design: `progression` says how the stake moves. custom: step i is played after i losses in a row, a win goes back to step 0 and a loss on the last step finishes the strategy (stop reason 5). flat, martingale, paroli (doubles after each win, back to base after 3), dalembert (one base up per loss, one down per win) and fibonacci (one step up per loss, two back per win) take details[0].amount as the base stake. `side`: fixed bets details[step].area (details[0].area for the built-ins); follow bets the area the last round announced, reverse its opposite, both starting on details[0].area';

export const AUTO_BET_PROGRESSIONS = ['flat', 'martingale', 'paroli', 'dalembert', 'fibonacci', 'custom'] as const;
export const AUTO_BET_SIDES = ['fixed', 'follow', 'reverse'] as const;
export const autoBetProgression = z.enum(AUTO_BET_PROGRESSIONS);
export const autoBetSide = z.enum(AUTO_BET_SIDES);

export const strategyInput = z
  .strictObject({
    name: z.string().trim().min(1).max(32),
    progression: autoBetProgression.default('custom'),
    side: autoBetSide.default('fixed'),
    details: z.array(z.strictObject(strategyStepFields)).min(1).max(STRATEGY_STEPS_MAX),
  })
  .describe(strategyDescription);

export const strategy = z
  .object({
    name: z.string(),
    progression: autoBetProgression,
    side: autoBetSide,
    details: z.array(z.object({ area: betArea, amount: moneyString })),
  })
  .describe(strategyDescription);

export const wakeUpTypeCode = z.literal(Object.values(AutoBetWakeUpType)).describe('0 lose, 1 win, 2 every, 3 none');
const wakeUpDescription =
  'Our design of `rule`: for types 0 and 1, rule[0] is how many rounds in a row the area of the next bet must have lost (0) or won (1) before a sequence starts; the run watches without betting at the start and again after every win that brings the stake back to the first step. Type 2 bets every due round and type 3 has no wake-up condition (both take no rule and never watch)';

export const wakeUpInput = z
  .strictObject({
    type: wakeUpTypeCode,
    rule: z.array(z.number().int().min(1).max(100)).max(10).default([]),
  })
  .superRefine((value, ctx) => {
    const needsCount = value.type === AutoBetWakeUpType.LOSE || value.type === AutoBetWakeUpType.WIN;
    if (needsCount && value.rule.length === 0) ctx.addIssue({ code: 'custom', message: 'needs a count', path: ['rule'] });
  })
  .describe(wakeUpDescription);

export const wakeUp = z.object({ type: wakeUpTypeCode, rule: z.array(z.number().int()) }).describe(wakeUpDescription);

export const autoBetStatus = z.object({
  isOpen: z.boolean(),
  simulate: z.boolean(),
  gameId: hashGameId.nullable().describe('Null when auto-bet never ran'),
  gameLevel: betLevel.nullable(),
});

export const stopReasonCode = z
  .union([z.literal(0), z.literal(Object.values(AutoBetStopReason))])
  .describe(
    '0 still running; 1 stop-loss, 2 take-profit, 3 bet over limit, 4 insufficient balance, 5 strategy finished, 6 a limit reached or a time-out or self-exclusion begun',
  );

export const autoBetLog = z.object({
  totalNum: z.number().int().min(0),
  winNum: z.number().int().min(0),
  reward: moneyString.describe('Profit of the run so far (negative when behind)'),
  isOpen: z.boolean(),
  simulate: z.boolean(),
  amountBalance: moneyString.describe('Balance in the run currency; the virtual balance when simulating'),
  currency: currency.describe('Our design: the currency of every amount in the log'),
  result: z
    .array(
      z.object({
        blockNum: z.number().int(),
        announceArea: betArea.nullable().describe('The area the round decided; null for a draw'),
        blockHash: z.string().describe('Block id of the deciding block'),
        stopType: stopReasonCode,
        time: isoTime,
      }),
    )
    .describe('Operations, newest first'),
  record: z
    .array(
      z.object({
        blockNum: z.number().int(),
        amount: moneyString,
        profitAmount: moneyString.nullable().describe('Null until settled'),
        betArea,
        status: betStatusCode,
      }),
    )
    .describe('Bets of the run, newest first'),
});

const logKey = { gameId: hashGameId, simulate: z.boolean() };

const defaultAmount = (whole: number) => positiveMoneyAmount.prefault(String(whole));

export const autoBetCalls = {
  gameList: defineCall({
    path: '/v1/auto_bet/game_list',
    auth: 'player',
    summary: 'Hash games that can be auto-bet, with their areas and limits',
    request: emptyBody,
    response: z.array(
      z
        .object({
          gameId: hashGameId,
          kind: hashGameKind,
          name: z.string().describe("In the player's language"),
          areas: z.array(betArea),
          levels: z.array(z.object({ level: betLevel, currency, min: moneyString, max: moneyString })),
        })
        .describe('Our design: one game the auto-bet panel can pick'),
    ),
  }),
  strategy: defineCall({
    path: '/v1/auto_bet/strategy',
    auth: 'player',
    summary: "The player's saved strategy and wake-up rule for a game",
    request: body({ gameId: hashGameId }),
    response: z.object({
      currentData: strategy.nullable().describe('Null when nothing is saved'),
      wakeUpData: wakeUp.nullable(),
      presets: z.array(strategy).describe('Our design: ready-made strategies to start from'),
    }),
  }),
  strategyUpdate: defineCall({
    path: '/v1/auto_bet/strategy_update',
    auth: 'player',
    summary: 'Save the strategy and wake-up rule for a game',
    request: body({ gameId: hashGameId, strategy: strategyInput, wakeUp: wakeUpInput }),
    response: z.object({ currentData: strategy, wakeUpData: wakeUp }).describe('Our design: what was saved, as /strategy returns it'),
  }),
  start: defineCall({
    path: '/v1/auto_bet/start',
    auth: 'player',
    summary: 'Start auto-betting (real or simulated); one run per player at a time',
    request: body({
      simulate: z.boolean(),
      gameId: hashGameId,
      gameLevel: betLevel,
      currency: currency.default('USDT').describe('Our design: the currency the run bets in'),
      strategy: strategyInput,
      wakeUp: wakeUpInput,
      stopWinAmount: defaultAmount(AUTO_BET_DEFAULTS.stopWinAmount).describe('Stop once the run is this far ahead'),
      stopLoseAmount: defaultAmount(AUTO_BET_DEFAULTS.stopLoseAmount).describe('Stop once the run is this far behind'),
      interval: z.number().int().min(1).max(100).default(AUTO_BET_DEFAULTS.interval).describe('Rounds from one bet to the next (1 = every round)'),
    }),
    response: autoBetStatus,
  }),
  stop: defineCall({
    path: '/v1/auto_bet/stop',
    auth: 'player',
    summary: 'Stop the run; stopping a stopped run is not an error',
    request: emptyBody,
    response: autoBetStatus,
  }),
  openLog: defineCall({
    path: '/v1/auto_bet/open_log',
    auth: 'player',
    summary: 'Stats, operations and bets of the run, polled every 2 s while it runs',
    request: body(logKey),
    response: autoBetLog,
  }),
  clearLog: defineCall({
    path: '/v1/auto_bet/clear_log',
    auth: 'player',
    summary: 'Reset the stats of a stopped run',
    request: body(logKey),
    response: emptyReply,
  }),
  playerStatus: defineCall({
    path: '/v1/auto_bet/player_status',
    auth: 'player',
    summary: 'Whether an auto-bet run is open, and on which game',
    request: emptyBody,
    response: autoBetStatus,
  }),
} as const;
