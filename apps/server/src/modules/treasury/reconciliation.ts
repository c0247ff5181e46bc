import { formatMicro } from '@lobby/contract';
import type { TronClient } from '../../chain/tron-client.ts';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { playerLiabilities } from '../../money/balances.ts';
import type { ReconciliationStatus, ReconciliationTrigger, StoredCurrencyFigures, StoredReadFailure, TreasuryAddressKind } from './tables.ts';
import { TreasuryRepository, type ReconciliationRow } from './treasury.repo.ts';

type Currency = 'USDT' | 'TRX';
const CURRENCIES: readonly Currency[] = ['USDT', 'TRX'];
const ADDRESS_KINDS: readonly TreasuryAddressKind[] = ['hot', 'deposit', 'transfer', 'cold', 'resource'];

/** An address of the operator's whose balances count as holdings. */
export interface TreasuryAddress {
  address: string;
  kind: TreasuryAddressKind;
}

export interface ReconcilerOptions {
  db: Db;
  client: Pick<TronClient, 'getUsdtBalance' | 'getTrxBalance'>;
  hotWallet: string;
  coldAddresses: readonly string[];
  /** The resource account whose staked TRX gives the sweeps energy: its liquid TRX counts. */
  resourceAddress?: string;
  /** The transfer-bet game addresses in use (the lobby's); former ones come from the transfer watcher's cursors. */
  transferAddresses: () => Promise<readonly string[]>;
  /** Balances read at once; each address costs two reads. */
  concurrency?: number;
  /** Where a shortfall or a failed read is announced (`alert`, for treasury.read); none from the command line. */
  bus?: EventBus;
}

/** Tries per balance before it counts as failed. */
const READ_TRIES = 2;

/**
 * Reconciliation (TREASURY.md "Reconciliation"): per currency, what the operator's addresses hold on
 * chain (the hot wallet, every player's deposit address, the transfer-bet game addresses, current and
 * former, and the configured cold addresses) against what the ledger owes: players' cash, bonus and
 * held balances, withdrawals not yet settled and transfer-bet payouts not yet confirmed.
 *
 * Holdings at or above liabilities is `ok`: the surplus is the house's (what the house won, the hot
 * wallet's own funding, deposits not credited yet). Below is `short`, unless the gap is no larger than
 * what is in flight: a withdrawal or payout broadcast and not yet confirmed may have left the hot
 * wallet already while the ledger still owes it; the next run sees it settled.
 *
 * The chain is read first and the ledger after: a payment confirmed in between then shows as surplus
 * rather than as a false shortfall. A balance that cannot be read (twice) counts as zero and is listed.
 */
export class Reconciler {
  private readonly repo: TreasuryRepository;

  constructor(private readonly options: ReconcilerOptions) {
    this.repo = new TreasuryRepository(options.db);
  }

  /** Every address counted, each once (the first kind it is found under wins). */
  async addresses(): Promise<TreasuryAddress[]> {
    const [deposits, current, former] = await Promise.all([
      this.repo.depositAddresses(),
      this.options.transferAddresses(),
      this.repo.watchedTransferAddresses(),
    ]);
    const seen = new Map<string, TreasuryAddressKind>();
    const add = (kind: TreasuryAddressKind, list: readonly string[]) => {
      for (const address of list) if (!seen.has(address)) seen.set(address, kind);
    };
    add('hot', [this.options.hotWallet]);
    add('cold', this.options.coldAddresses);
    if (this.options.resourceAddress) add('resource', [this.options.resourceAddress]);
    add('transfer', [...current, ...former]);
    add('deposit', deposits);
    return [...seen].map(([address, kind]) => ({ address, kind }));
  }

  /** One run: reads, compares, keeps the result and announces a shortfall or failed reads. */
  async run(trigger: ReconciliationTrigger, requestedBy: string | null = null): Promise<ReconciliationRow> {
    const startedAt = new Date();
    const addresses = await this.addresses();
    const holdings = Object.fromEntries(CURRENCIES.map((c) => [c, Object.fromEntries(ADDRESS_KINDS.map((k) => [k, 0n]))])) as Record<
      Currency,
      Record<TreasuryAddressKind, bigint>
    >;
    const failures: StoredReadFailure[] = [];
    const jobs = addresses.flatMap((entry) => CURRENCIES.map((currency) => ({ ...entry, currency })));
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const read = await this.readBalance(job.address, job.currency);
        if (typeof read === 'bigint') holdings[job.currency][job.kind] += read;
        else failures.push({ address: job.address, kind: job.kind, currency: job.currency, error: read.error });
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency ?? 8, jobs.length) }, worker));

    const [owedToPlayers, payments] = await Promise.all([playerLiabilities(this.options.db), this.repo.owedPayments()]);
    const figures: StoredCurrencyFigures[] = CURRENCIES.map((currency) => {
      const held = holdings[currency];
      const heldTotal = ADDRESS_KINDS.reduce((sum, kind) => sum + held[kind], 0n);
      const owed = { ...owedToPlayers[currency], payouts: payments.owed[currency] };
      const owedTotal = owed.cash + owed.bonus + owed.held + owed.withdrawals + owed.payouts;
      const difference = heldTotal - owedTotal;
      const inFlight = payments.inFlight[currency];
      const status: ReconciliationStatus = difference + inFlight >= 0n ? 'ok' : 'short';
      return {
        currency,
        status,
        holdings: {
          total: String(heldTotal),
          hot: String(held.hot),
          deposit: String(held.deposit),
          transfer: String(held.transfer),
          cold: String(held.cold),
          resource: String(held.resource),
        },
        liabilities: {
          total: String(owedTotal),
          cash: String(owed.cash),
          bonus: String(owed.bonus),
          held: String(owed.held),
          withdrawals: String(owed.withdrawals),
          payouts: String(owed.payouts),
        },
        difference: String(difference),
        inFlight: String(inFlight),
      };
    });
    failures.sort((a, b) => a.address.localeCompare(b.address) || a.currency.localeCompare(b.currency));
    const status: ReconciliationStatus = figures.some((f) => f.status === 'short') ? 'short' : 'ok';
    const row = await this.repo.insertRun({ trigger, requestedBy, status, addresses: addresses.length, failures, figures, startedAt });
    await this.announce(row);
    return row;
  }

  history(limit: number) {
    return this.repo.history(limit);
  }

  private async readBalance(address: string, currency: Currency): Promise<bigint | { error: string }> {
    let error = '';
    for (let attempt = 0; attempt < READ_TRIES; attempt++) {
      try {
        return currency === 'USDT' ? await this.options.client.getUsdtBalance(address) : await this.options.client.getTrxBalance(address);
      } catch (caught) {
        error = caught instanceof Error ? caught.message : String(caught);
      }
    }
    return { error: error.slice(0, 200) };
  }

  private async announce(row: ReconciliationRow): Promise<void> {
    const bus = this.options.bus;
    if (!bus) return;
    const reference = `reconciliation:${row.id}`;
    for (const figure of row.figures.filter((f) => f.status === 'short')) {
      const shortBy = formatMicro(-BigInt(figure.difference));
      await bus.publish('alert', {
        kind: 'treasury-short',
        severity: 'critical',
        message: `Treasury short by ${shortBy} ${figure.currency}: the chain holds ${formatMicro(BigInt(figure.holdings.total))}, players are owed ${formatMicro(BigInt(figure.liabilities.total))}`,
        permission: 'treasury.read',
        reference,
      });
    }
    if (row.failures.length > 0) {
      await bus.publish('alert', {
        kind: 'treasury-read-failed',
        severity: 'warning',
        message: `Reconciliation could not read ${row.failures.length} balance(s) on chain; they counted as zero`,
        permission: 'treasury.read',
        reference,
      });
    }
  }
}

/** A run in its wire shape (`reconciliationRun` in the contract). */
export function reconciliationView(row: ReconciliationRow) {
  const money = (micro: string) => formatMicro(BigInt(micro));
  return {
    id: Number(row.id),
    trigger: row.trigger,
    requestedBy: row.requested_by,
    status: row.status,
    addresses: row.addresses,
    failures: row.failures,
    currencies: row.figures.map((f) => ({
      currency: f.currency,
      status: f.status,
      holdings: {
        total: money(f.holdings.total),
        hot: money(f.holdings.hot),
        deposit: money(f.holdings.deposit),
        transfer: money(f.holdings.transfer),
        cold: money(f.holdings.cold),
        resource: money(f.holdings.resource ?? '0'),
      },
      liabilities: {
        total: money(f.liabilities.total),
        cash: money(f.liabilities.cash),
        bonus: money(f.liabilities.bonus),
        held: money(f.liabilities.held),
        withdrawals: money(f.liabilities.withdrawals),
        payouts: money(f.liabilities.payouts),
      },
      difference: money(f.difference),
      inFlight: money(f.inFlight),
    })),
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at.toISOString(),
  };
}
