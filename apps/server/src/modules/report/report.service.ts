import { BetStatus, formatMicro, GameType, type GameTypeCode, type Language } from '@lobby/contract';
import { hashGame } from '@lobby/hash-games';
import type { Db } from '../../db/database.ts';
import { HASH_MANUFACTURER, hashGameName } from '../lobby/catalogue.ts';
import { shanghaiDay } from '../turnover/turnover.repo.ts';
import { ReportRepository, type Currency, type DailyBetRow, type DetailBetRow } from './report.repo.ts';

const DAY_MS = 86_400_000;

interface Totals {
  betCount: number;
  betAmount: bigint;
  validBetAmount: bigint;
  payoutAmount: bigint;
}

const zero = (): Totals => ({ betCount: 0, betAmount: 0n, validBetAmount: 0n, payoutAmount: 0n });

function add(totals: Totals, row: DailyBetRow): Totals {
  return {
    betCount: totals.betCount + Number(row.bet_count),
    betAmount: totals.betAmount + BigInt(row.bet_amount),
    validBetAmount: totals.validBetAmount + BigInt(row.valid_amount),
    payoutAmount: totals.payoutAmount + BigInt(row.payout_amount),
  };
}

function formatTotals(totals: Totals) {
  return {
    betCount: totals.betCount,
    betAmount: formatMicro(totals.betAmount),
    validBetAmount: formatMicro(totals.validBetAmount),
    payoutAmount: formatMicro(totals.payoutAmount),
    winLoseAmount: formatMicro(totals.payoutAmount - totals.betAmount),
  };
}

/** Every 'YYYY-MM-DD' from `fromDay` to `toDay`, both included, oldest first. */
export function daysBetween(fromDay: string, toDay: string): string[] {
  const days: string[] = [];
  // Calendar days as UTC midnights: the arithmetic is on dates, not on Shanghai instants.
  for (let at = Date.parse(`${fromDay}T00:00:00Z`), end = Date.parse(`${toDay}T00:00:00Z`); at <= end; at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** The report window of `lastDay` Shanghai days ending today: [start of the first day, start of tomorrow). */
export function reportWindow(lastDay: number, now: Date) {
  const today = shanghaiDay(now);
  const tomorrow = new Date(new Date(`${today}T00:00:00+08:00`).getTime() + DAY_MS);
  const from = new Date(tomorrow.getTime() - lastDay * DAY_MS);
  return { fromDay: shanghaiDay(from), toDay: today, from, to: tomorrow };
}

/**
 * Player reports (/v1/reportForm/...): totals and per-game-type sums over the last N Shanghai days,
 * read from the daily rows settlement keeps, never from the bets themselves. A bet counts on the day
 * it settled; the detail page lists bets by the time they were placed.
 */
export class ReportService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async winOrLose(playerId: number, input: { currencyCode: Currency; lastDay: number }) {
    const window = reportWindow(input.lastDay, this.now());
    const { daily: rows, flows } = await new ReportRepository(this.db).window(playerId, input.currencyCode, window);
    const byDay = new Map<string, Totals>();
    for (const row of rows) byDay.set(row.day, add(byDay.get(row.day) ?? zero(), row));
    return {
      currencyCode: input.currencyCode,
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      ...formatTotals(rows.reduce(add, zero())),
      bonusAmount: formatMicro(flows.bonuses),
      depositAmount: formatMicro(flows.deposits),
      withdrawAmount: formatMicro(flows.withdrawals),
      // The chart's series in the same reply, so a window of 30 days is one call, not 30.
      days: daysBetween(window.fromDay, window.toDay).map((day) => {
        const { betCount: _count, ...amounts } = formatTotals(byDay.get(day) ?? zero());
        return { day, ...amounts };
      }),
    };
  }

  async betSummary(playerId: number, input: { currencyCode: Currency; lastDay: number }) {
    const window = reportWindow(input.lastDay, this.now());
    const rows = await new ReportRepository(this.db).dailyBets(playerId, input.currencyCode, window.fromDay, window.toDay);
    const byType = new Map<number, Totals>();
    for (const row of rows) byType.set(row.game_type, add(byType.get(row.game_type) ?? zero(), row));
    return {
      currencyCode: input.currencyCode,
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      total: formatTotals(rows.reduce(add, zero())),
      byGameType: [...byType.entries()]
        .filter(([, totals]) => totals.betCount > 0)
        .sort(([a], [b]) => a - b)
        .map(([gameType, totals]) => ({ gameType: gameType as GameTypeCode, ...formatTotals(totals) })),
    };
  }

  async betDetail(
    playerId: number,
    input: { currencyCode: Currency; lastDay: number; gameType: GameTypeCode; page: number; pageSize: number },
    lang: Language,
  ) {
    const window = reportWindow(input.lastDay, this.now());
    const repo = new ReportRepository(this.db);
    const page = { offset: (input.page - 1) * input.pageSize, limit: input.pageSize };
    const { rows, total } =
      input.gameType === GameType.HASH
        ? await repo.hashBets(playerId, input.currencyCode, window.from, window.to, page)
        : await repo.thirdPartyRounds(playerId, input.gameType, input.currencyCode, window.from, window.to, page);
    return { list: rows.map((row) => toReportBet(row, lang)), total, page: input.page, pageSize: input.pageSize };
  }
}

const validOf = (stake: bigint, payout: bigint) => {
  const diff = payout > stake ? payout - stake : stake - payout;
  return diff < stake ? diff : stake;
};

/** A third-party round's status as a bet status: open, refunded, or settled as a win, draw or loss. */
function roundStatus(row: DetailBetRow, amount: bigint, payout: bigint | null) {
  if (payout === null) return BetStatus.UNSETTLED;
  if (row.bet_count === 0 && amount === 0n) return BetStatus.SYSTEM_CANCELLED;
  return payout > amount ? BetStatus.SETTLED_WIN : payout === amount ? BetStatus.SETTLED_DRAW : BetStatus.SETTLED_LOSE;
}

function toReportBet(row: DetailBetRow, lang: Language) {
  const amount = BigInt(row.amount);
  const payout = row.payout === null ? null : BigInt(row.payout);
  const zh = lang.startsWith('zh');
  let gameName: string;
  let manufacturer: string;
  let status: number;
  if (row.kind === 'hash') {
    const game = hashGame(row.game_id!);
    const name = hashGameName(game.kind, game.period);
    gameName = zh ? name.zh : name.en;
    manufacturer = HASH_MANUFACTURER;
    status = row.status!;
  } else {
    gameName = (zh ? row.name_zh : row.name_en) ?? row.game_code ?? '';
    manufacturer = row.manufacturer ?? '';
    status = roundStatus(row, amount, payout);
  }
  return {
    id: Number(row.id),
    gameType: row.game_type as GameTypeCode,
    gameId: row.game_id ?? 0,
    gameName,
    manufacturer,
    betAmount: formatMicro(amount),
    validBetAmount: formatMicro(payout === null ? 0n : validOf(amount, payout)),
    payoutAmount: payout === null ? null : formatMicro(payout),
    winLoseAmount: payout === null ? null : formatMicro(payout - amount),
    status: status as (typeof BetStatus)[keyof typeof BetStatus],
    betAt: row.created_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}
