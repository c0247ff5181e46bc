import { formatMicro, type dashboardOpsCalls, type OpsCallResponse } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import type { Rational } from '../wallet/settings.ts';
import { daysBefore, FIGURE_FIELDS, FiguresRepository, type Currency, type DayFigures } from './figures.repo.ts';

type Dashboard = OpsCallResponse<typeof dashboardOpsCalls.figures>;
type MoneyFigures = Dashboard['periods'][number]['usdtEquivalent'] & {};
type Totals = Record<(typeof FIGURE_FIELDS)[number], bigint>;

const CURRENCIES: readonly Currency[] = ['USDT', 'TRX'];

/** The dashboard's periods: the last N UTC days, today included. */
export const PERIODS = [
  { period: 'today', days: 1 },
  { period: '7d', days: 7 },
  { period: '30d', days: 30 },
] as const;

interface HotWallet {
  address: string;
  usdt: bigint;
  trx: bigint;
}

export interface FiguresOptions {
  /** TRX per USDT as the wallet's exchange quotes it before its spread; null when exchange is off. */
  trxPerUsdt: () => Rational | null;
  /** Players connected now, when this server can tell. */
  onlinePlayers?: () => number | null;
  /** What the hot wallet holds now, as the node sees it; null when it cannot be read. */
  hotWallet?: () => Promise<HotWallet | null>;
  now?: () => Date;
}

const zero = (): Totals => Object.fromEntries(FIGURE_FIELDS.map((field) => [field, 0n])) as Totals;

function add(into: Totals, row: Totals, scale: (amount: bigint) => bigint = (amount) => amount): void {
  for (const field of FIGURE_FIELDS) {
    // Counts add as they are; only amounts change currency.
    const isCount = field === 'deposits' || field === 'firstDeposits' || field === 'withdrawals' || field === 'bets';
    into[field] += isCount ? row[field] : scale(row[field]);
  }
}

/**
 * The dashboard (CONSOLE.md "Screens" 2): today, 7 and 30 days per currency and in USDT equivalent,
 * from the daily rows the money paths keep (figures.repo.ts), with GGR per game type and NGR = GGR −
 * bonus cost, where the bonus cost is what was paid less what was forfeited: stakes of bonus money
 * count in GGR, so what was handed out is what it cost.
 */
export class FiguresService {
  private readonly repo: FiguresRepository;
  /** The node's last answer about the hot wallet, shared by every dashboard open in the next few seconds. */
  private hotWalletRead: { at: number; held: Promise<HotWallet | null> } | null = null;

  constructor(
    db: Db,
    private readonly options: FiguresOptions,
  ) {
    this.repo = new FiguresRepository(db);
  }

  async dashboard(): Promise<Dashboard> {
    const now = this.options.now?.() ?? new Date();
    const today = now.toISOString().slice(0, 10);
    const starts = PERIODS.map((p) => daysBefore(today, p.days - 1));
    const from = starts[starts.length - 1]!;
    const [days, registrations, active, queues, hotWallet] = await Promise.all([
      this.repo.days(from, today),
      this.repo.registrations(from, today),
      this.repo.activePlayers(starts),
      this.repo.openQueues(),
      // The node may be slow or down: the figures come without the wallet rather than not at all.
      this.readHotWallet(),
    ]);
    const rate = this.options.trxPerUsdt();
    const toUsdt = (currency: Currency) => (amount: bigint) => (currency === 'USDT' ? amount : rate ? (amount * rate.den) / rate.num : 0n);

    const periods = PERIODS.map(({ period }, index) => {
      const start = starts[index]!;
      const rows = days.filter((row) => row.day >= start);
      const currencies = CURRENCIES.map((currency) => ({
        currency,
        ...moneyFigures(
          rows.filter((row) => row.currency === currency),
          () => (amount) => amount,
        ),
      }));
      let registered = 0;
      for (const [day, count] of registrations) if (day >= start) registered += count;
      return {
        period,
        from: start,
        to: today,
        registrations: registered,
        activePlayers: active[index]!,
        currencies,
        usdtEquivalent: rate ? moneyFigures(rows, toUsdt) : null,
      };
    });

    const daily: Dashboard['daily'] = [];
    for (let back = PERIODS[PERIODS.length - 1]!.days - 1; back >= 0; back--) {
      const day = daysBefore(today, back);
      for (const currency of CURRENCIES) {
        const figures = moneyFigures(
          days.filter((row) => row.day === day && row.currency === currency),
          () => (amount) => amount,
        );
        daily.push({
          day,
          currency,
          registrations: registrations.get(day) ?? 0,
          deposits: figures.deposits.amount,
          withdrawals: figures.withdrawals.amount,
          stake: figures.bets.stake,
          ggr: figures.ggr,
          ngr: figures.ngr,
        });
      }
    }

    return {
      asOf: now.toISOString(),
      trxPerUsdt: rate ? formatRational(rate) : null,
      periods,
      onlinePlayers: this.options.onlinePlayers?.() ?? null,
      hotWallet,
      queues,
      daily,
    };
  }

  private async readHotWallet(): Promise<Dashboard['hotWallet']> {
    const readFromNode = this.options.hotWallet;
    if (!readFromNode) return null;
    const now = (this.options.now?.() ?? new Date()).getTime();
    if (!this.hotWalletRead || now - this.hotWalletRead.at >= HOT_WALLET_SHARED_MS) {
      const read = readFromNode().catch(() => null);
      const entry = { at: now, held: read };
      this.hotWalletRead = entry;
      // A failed read is not shared: the next dashboard asks the node again.
      void read.then((held) => {
        if (!held && this.hotWalletRead === entry) this.hotWalletRead = null;
      });
    }
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), HOT_WALLET_READ_MS).unref());
    const held = await Promise.race([this.hotWalletRead.held, timeout]);
    return held ? { address: held.address, usdt: formatMicro(held.usdt), trx: formatMicro(held.trx) } : null;
  }
}

/** How long the dashboard waits for the node's answer about the hot wallet. */
const HOT_WALLET_READ_MS = 2_000;
/**
 * How long one answer serves every dashboard: each open dashboard asks every minute and on socket
 * events, and a node (or TronGrid's rate limit) should not see one pair of reads per page per event.
 */
export const HOT_WALLET_SHARED_MS = 10_000;

/** The figures of some daily rows, each amount converted by `scaleOf(row's currency)`. */
function moneyFigures(rows: readonly DayFigures[], scaleOf: (currency: Currency) => (amount: bigint) => bigint): MoneyFigures {
  const total = zero();
  const byGame = new Map<number, Totals>();
  for (const row of rows) {
    const scale = scaleOf(row.currency);
    add(total, row, scale);
    if (row.gameType === 0) continue;
    const game = byGame.get(row.gameType) ?? zero();
    add(game, row, scale);
    byGame.set(row.gameType, game);
  }
  const ggr = total.stake - total.payout;
  const bonusCost = total.bonusPaid - total.bonusForfeited;
  return {
    firstDeposits: { count: Number(total.firstDeposits), amount: formatMicro(total.firstDepositAmount) },
    deposits: { count: Number(total.deposits), amount: formatMicro(total.depositAmount) },
    withdrawals: { count: Number(total.withdrawals), amount: formatMicro(total.withdrawalAmount) },
    netDeposits: formatMicro(total.depositAmount - total.withdrawalAmount),
    bets: { count: Number(total.bets), stake: formatMicro(total.stake), payout: formatMicro(total.payout) },
    ggr: formatMicro(ggr),
    byGameType: [...byGame]
      .sort(([a], [b]) => a - b)
      .map(([gameType, game]) => ({
        gameType: gameType as MoneyFigures['byGameType'][number]['gameType'],
        bets: Number(game.bets),
        stake: formatMicro(game.stake),
        payout: formatMicro(game.payout),
        ggr: formatMicro(game.stake - game.payout),
      })),
    bonusPaid: formatMicro(total.bonusPaid),
    bonusReleased: formatMicro(total.bonusReleased),
    bonusForfeited: formatMicro(total.bonusForfeited),
    bonusCost: formatMicro(bonusCost),
    ngr: formatMicro(ggr - bonusCost),
  };
}

/** A rate as a decimal with up to 6 places, cut. */
function formatRational(rate: Rational): string {
  return formatMicro((rate.num * 1_000_000n) / rate.den);
}
