import { AUTO_BET_PROGRESSIONS, AUTO_BET_SIDES, AutoBetWakeUpType } from '@lobby/contract';
import { formatMicro, parseMicro } from '@lobby/contract/micro';
import { isAutoBetWakeUpType, isHashBetArea, isHashGameId } from '../../lib/contractValues';

type Progression = (typeof AUTO_BET_PROGRESSIONS)[number];
type Side = (typeof AUTO_BET_SIDES)[number];

/** What the strategy editor holds, as typed: amounts stay text until the start call parses them. */
export interface AutoBetFormValues {
  gameId: number;
  level: 0 | 1;
  currency: 'USDT' | 'TRX';
  name: string;
  progression: Progression;
  side: Side;
  area: string;
  amounts: string;
  wakeType: number;
  wakeCount: string;
  stopWin: string;
  stopLose: string;
  interval: string;
  simulate: boolean;
}

/** A first run loses at most a few stakes: the stop-loss is this many base stakes, the take-profit twice that. */
export const STOP_LOSS_STAKES = 5;
export const TAKE_PROFIT_STAKES = 10;

/**
 * A new player's first strategy: a flat stake of 1 on the first side, every round, simulated, stopped
 * after 5 stakes lost or 10 won. A doubling progression is the player's choice, never the default.
 */
export function defaultForm(gameId: number): AutoBetFormValues {
  return {
    gameId,
    level: 0,
    currency: 'USDT',
    name: '',
    progression: 'flat',
    side: 'fixed',
    area: '',
    amounts: '1',
    wakeType: AutoBetWakeUpType.NONE,
    wakeCount: '3',
    stopWin: String(TAKE_PROFIT_STAKES),
    stopLose: String(STOP_LOSS_STAKES),
    interval: '1',
    simulate: true,
  };
}

const storageKey = (playerId: number) => `lobby.autobet.form.${playerId}`;

const text = (value: unknown, fallback: string, max = 64) => (typeof value === 'string' && value.length <= max ? value : fallback);

/** The values this player last used on this device, or null; anything unreadable falls back to the default. */
export function readForm(playerId: number, storage: Storage = localStorage): AutoBetFormValues | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(storageKey(playerId)) ?? 'null');
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const stored = raw as Record<string, unknown>;
  const gameId = Number(stored.gameId);
  if (!isHashGameId(gameId)) return null;
  const base = defaultForm(gameId);
  const wakeType = Number(stored.wakeType);
  return {
    gameId,
    level: stored.level === 1 ? 1 : 0,
    currency: stored.currency === 'TRX' ? 'TRX' : 'USDT',
    name: text(stored.name, base.name, 32),
    progression: (AUTO_BET_PROGRESSIONS as readonly unknown[]).includes(stored.progression) ? (stored.progression as Progression) : base.progression,
    side: (AUTO_BET_SIDES as readonly unknown[]).includes(stored.side) ? (stored.side as Side) : base.side,
    area: typeof stored.area === 'string' && isHashBetArea(stored.area) ? stored.area : base.area,
    amounts: text(stored.amounts, base.amounts, 200),
    wakeType: isAutoBetWakeUpType(wakeType) ? wakeType : base.wakeType,
    wakeCount: text(stored.wakeCount, base.wakeCount),
    stopWin: text(stored.stopWin, base.stopWin),
    stopLose: text(stored.stopLose, base.stopLose),
    interval: text(stored.interval, base.interval),
    simulate: typeof stored.simulate === 'boolean' ? stored.simulate : base.simulate,
  };
}

export function writeForm(playerId: number, values: AutoBetFormValues, storage: Storage = localStorage): void {
  try {
    storage.setItem(storageKey(playerId), JSON.stringify(values));
  } catch {
    // A full or disabled storage only loses the convenience.
  }
}

/** `stakes` base stakes, as field text; null when the stake field holds no readable amount. */
function stakesOf(amounts: string, stakes: number): string | null {
  const base = parseMicro(amounts.split(/[\s,;]+/).find(Boolean) ?? '');
  return base === undefined || base === 0n ? null : formatMicro(base * BigInt(stakes));
}

/**
 * The form with a new stake text. Stop-loss and take-profit the player has not changed follow the
 * stake (5 and 10 stakes), so raising the stake never leaves a stop a fraction of one bet away.
 */
export function withStake(form: AutoBetFormValues, amounts: string): AutoBetFormValues {
  const next = { ...form, amounts };
  if (form.stopLose === stakesOf(form.amounts, STOP_LOSS_STAKES)) next.stopLose = stakesOf(amounts, STOP_LOSS_STAKES) ?? form.stopLose;
  if (form.stopWin === stakesOf(form.amounts, TAKE_PROFIT_STAKES)) next.stopWin = stakesOf(amounts, TAKE_PROFIT_STAKES) ?? form.stopWin;
  return next;
}
