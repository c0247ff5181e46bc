import { formatMicro, LINKED_ACCOUNTS_MAX, PAYMENTS_EXPORT_MAX_ROWS, type financeOpsCalls, type OpsCallResponse, type riskOpsCalls } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import { addDays, shanghaiDay, systemClock, type Clock } from '../activity/shanghai-day.ts';
import { personalData } from '../figures/masking.ts';
import { PlayerStatus } from '../player-standing/player-standing.service.ts';
import { FinanceOpsRepository, type Currency, type LinkRow, type PaymentFilters, type PaymentRow } from './finance-ops.repo.ts';
import { paymentsCsv } from './payments-csv.ts';

type WithdrawalQueue = OpsCallResponse<typeof financeOpsCalls.withdrawalQueue>;
type WithdrawalContext = WithdrawalQueue['list'][number]['context'];
type Payment = OpsCallResponse<typeof financeOpsCalls.payments>['list'][number];
type LinkedAccount = OpsCallResponse<typeof riskOpsCalls.linkedAccounts>['list'][number];

const CURRENCIES: Currency[] = ['USDT', 'TRX'];
/** Linked players a queue row names; the counts cover them all. */
const LINKED_IDS_SHOWN = 20;
/** Recent play in the review queue: today and the 6 days before it. */
const RECENT_PLAY_DAYS = 7;

const money = (value: string | bigint) => formatMicro(BigInt(value));
/** What a caller sees of personal data: whole with `players.pii`, masked otherwise; a shared value masked as what it is. */
const maskerFor = (personalDataShown: boolean) => {
  const mask = personalData(personalDataShown);
  return { ...mask, share: (kind: LinkRow['kind'], value: string) => (kind === 'ip' ? mask.ip(value) : mask.address(value)) };
};
const groupBy = <T, K>(rows: T[], key: (row: T) => K) => {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
};

/**
 * The console's finance screen (CONSOLE.md "Screens" 4): the withdrawal review queue with each
 * player's context, every deposit, withdrawal, exchange and transfer, and their CSV export.
 */
export class FinanceOpsService {
  private readonly repo: FinanceOpsRepository;

  constructor(
    db: Db,
    private readonly clock: Clock = systemClock,
  ) {
    this.repo = new FinanceOpsRepository(db);
  }

  async withdrawalQueue(paging: { page: number; pageSize: number }, personalDataShown: boolean): Promise<WithdrawalQueue> {
    const mask = maskerFor(personalDataShown);
    const { rows, total } = await this.repo.withdrawalQueue({ offset: (paging.page - 1) * paging.pageSize, limit: paging.pageSize });
    const contexts = await this.contexts([...new Set(rows.map((row) => row.player_id))]);
    return {
      list: rows.map((row) => ({
        id: row.id,
        playerId: row.player_id,
        account: row.account,
        nickname: row.nickname,
        currency: row.currency,
        amount: money(row.amount),
        fee: money(row.fee),
        toAddress: mask.address(row.to_address),
        requestedAt: row.created_at.toISOString(),
        context: contexts.get(row.player_id)!,
      })),
      total,
      page: paging.page,
      pageSize: paging.pageSize,
    };
  }

  /** A page of payments below `beforeId`, and the id to ask the next page below (null on the last). */
  async payments(filters: PaymentFilters, limit: number, beforeId: bigint | undefined, personalDataShown: boolean) {
    const mask = maskerFor(personalDataShown);
    const rows = await this.repo.payments(filters, limit + 1, beforeId);
    const list = rows.slice(0, limit).map((row) => paymentView(filters.kind, row, mask.address));
    return { list, nextBeforeId: rows.length > limit ? list[list.length - 1]!.id : null };
  }

  async exportPayments(filters: PaymentFilters, personalDataShown: boolean) {
    const mask = maskerFor(personalDataShown);
    const rows = await this.repo.payments(filters, PAYMENTS_EXPORT_MAX_ROWS + 1);
    const kept = rows.slice(0, PAYMENTS_EXPORT_MAX_ROWS);
    return { csv: paymentsCsv(filters.kind, kept, mask.address), rows: kept.length, truncated: rows.length > PAYMENTS_EXPORT_MAX_ROWS };
  }

  /** The context of each player of a queue page, read facet by facet for all of them at once. */
  private async contexts(playerIds: number[]): Promise<Map<number, WithdrawalContext>> {
    if (playerIds.length === 0) return new Map();
    const recentFromDay = addDays(shanghaiDay(this.clock()), 1 - RECENT_PLAY_DAYS);
    const [flows, wagering, play, flags, links] = await Promise.all([
      this.repo.moneyInAndOut(playerIds),
      this.repo.wagering(playerIds),
      this.repo.playSince(playerIds, recentFromDay),
      this.repo.riskFlags(playerIds),
      this.repo.links(playerIds),
    ]);
    const ofPlayer = <T extends { player_id: number }>(rows: T[], playerId: number) => rows.filter((row) => row.player_id === playerId);
    return new Map(
      playerIds.map((playerId) => {
        const linked = links.filter((link) => link.subject_id === playerId);
        const othersBy = (kind: LinkRow['kind']) => new Set(linked.filter((link) => link.kind === kind).map((link) => link.other_id)).size;
        const others = [...new Set(linked.map((link) => link.other_id))].sort((a, b) => a - b);
        const review = flags.reviews.find((row) => row.player_id === playerId);
        const context: WithdrawalContext = {
          netDeposits: ofPlayer(flows, playerId).map((row) => ({
            currency: row.currency,
            deposited: money(row.deposited),
            withdrawn: money(row.withdrawn),
            net: money(BigInt(row.deposited) - BigInt(row.withdrawn)),
          })),
          wagering: ofPlayer(wagering, playerId).map((row) => ({ currency: row.currency, outstanding: money(row.outstanding), required: money(row.required) })),
          recentPlay: ofPlayer(play, playerId).map((row) => ({
            currency: row.currency,
            bets: Number(row.bets),
            stakes: money(row.stakes),
            payouts: money(row.payouts),
            net: money(BigInt(row.payouts) - BigInt(row.stakes)),
          })),
          linkedAccounts: {
            total: others.length,
            byIp: othersBy('ip'),
            byDevice: othersBy('device'),
            byWallet: othersBy('wallet'),
            playerIds: others.slice(0, LINKED_IDS_SHOWN),
          },
          riskFlags: {
            frozen: (flags.players.find((row) => row.id === playerId)?.status ?? PlayerStatus.ACTIVE) !== PlayerStatus.ACTIVE,
            selfReferral: review ? { matched: review.matched, status: review.status, inviterId: review.inviter_id } : null,
            heldInvitees: Number(flags.heldInvitees.find((row) => row.inviter_id === playerId)?.count ?? 0),
            heldWins: ofPlayer(flags.heldWins, playerId).map((row) => ({ currency: row.currency, count: Number(row.count), amount: money(row.amount) })),
          },
        };
        return [playerId, context];
      }),
    );
  }
}

/** The console's risk lists (CONSOLE.md "Screens" 8): accounts linked by address, device and wallet; big winners. */
export class RiskOpsService {
  private readonly repo: FinanceOpsRepository;

  constructor(db: Db) {
    this.repo = new FinanceOpsRepository(db);
  }

  /** Other players sharing something with `playerId`, those sharing most first, at most LINKED_ACCOUNTS_MAX. */
  async linkedAccounts(playerId: number, personalDataShown: boolean): Promise<{ list: LinkedAccount[]; truncated: boolean }> {
    const [exists, links] = await Promise.all([this.repo.playerExists(playerId), this.repo.links([playerId])]);
    if (!exists) throw fail('PLAYER_MISSING', `no player ${playerId}`);
    const mask = maskerFor(personalDataShown);
    const ranked = [...groupBy(links, (link) => link.other_id).entries()].sort(([a, aShares], [b, bShares]) => bShares.length - aShares.length || a - b);
    const shown = ranked.slice(0, LINKED_ACCOUNTS_MAX);
    const cards = new Map((await this.repo.playerCards(shown.map(([id]) => id))).map((card) => [card.id, card]));
    const list = shown.map(([id, shares]) => {
      const card = cards.get(id)!;
      return {
        playerId: id,
        account: card.account,
        nickname: card.nickname,
        status: card.status,
        registeredAt: card.created_at.toISOString(),
        shares: shares.map((share) => ({ kind: share.kind, value: mask.share(share.kind, share.value), how: share.how })),
      };
    });
    return { list, truncated: ranked.length > shown.length };
  }

  async bigWinners(period: { fromDay: string; toDay: string; currency?: Currency; limit: number }) {
    const currencies = period.currency ? [period.currency] : CURRENCIES;
    const byCurrency = groupBy(await this.repo.bigWinners(period.fromDay, period.toDay, currencies, period.limit), (row) => row.currency);
    return {
      currencies: currencies.map((currency) => ({
        currency,
        list: (byCurrency.get(currency) ?? []).map((row) => ({
          playerId: row.player_id,
          account: row.account,
          nickname: row.nickname,
          status: row.status,
          bets: Number(row.bets),
          stakes: money(row.stakes),
          payouts: money(row.payouts),
          net: money(row.net),
        })),
      })),
    };
  }
}

function paymentView(kind: PaymentFilters['kind'], row: PaymentRow, maskAddress: (address: string) => string): Payment {
  return {
    kind,
    id: row.id,
    playerId: row.player_id,
    currency: row.currency,
    amount: money(row.amount),
    fee: money(row.fee),
    status: row.status,
    address: row.address === null ? null : maskAddress(row.address),
    txId: row.tx_id,
    counterpartyId: row.counterparty_id,
    toCurrency: row.to_currency,
    toAmount: row.to_amount === null ? null : money(row.to_amount),
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}
