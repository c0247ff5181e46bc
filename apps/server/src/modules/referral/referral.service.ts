import { BonusRecordType, formatMicro, GAME_TYPE_CODES, parseMicro, REFERRAL_MIN_CLAIM, type GameTypeCode } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { fail } from '../../http/app-error.ts';
import { RequestReplay } from '../../http/request-replay.ts';
import type { BalanceEvents } from '../../money/balance-events.ts';
import { playerBalancesView } from '../../money/balances.ts';
import type { BonusService } from '../bonus/bonus.service.ts';
import type { PlayerService, RegistrationOrigin } from '../player/player.service.ts';
import { referralRatesOf, shanghaiDay, type TurnoverTerms } from '../turnover/turnover.repo.ts';
import { floorScaled, ReferralRepository, type Currency, type ReviewRow } from './referral.repo.ts';

const CURRENCIES = ['USDT', 'TRX'] as const;
const LEVELS = [1, 2, 3] as const;
const MIN_CLAIM = parseMicro(REFERRAL_MIN_CLAIM)!;
const DAY_MS = 86_400_000;
/** ECONOMY.md "Self-referral": an inviter's sessions this recent count as theirs. */
const SELF_REFERRAL_DAYS = 30;

/** Start of a Shanghai day (UTC+8 all year). */
export function shanghaiDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

/** "ab***yz": enough for the inviter to recognise a member, not enough to find them. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  if (chars.length <= 4) return `${chars[0]}***${chars.at(-1)}`;
  return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
}

/**
 * Referral (ECONOMY.md "Referral"): the invite link, the team up to 3 levels, commission accrued by
 * settlement on the team's valid turnover, and claims that pay it through BonusService (source
 * `referral`, from `referral_commissions`, raising wagering). A claim pays everything accrued and
 * not yet claimed in a currency; each accrual is paid once: claims of a player and currency line up
 * on one row, and the bonus key names the claimed total the claim starts from.
 */
export class ReferralService {
  constructor(
    private readonly db: Db,
    private readonly bonus: BonusService,
    private readonly players: Pick<PlayerService, 'find' | 'nicknames' | 'sharedOrigin'>,
    private readonly announce: Pick<BalanceEvents, 'changed'>,
    private readonly bus: EventBus,
    private readonly terms: () => Pick<TurnoverTerms, 'referralPpm'> = () => ({}),
    private readonly now: () => Date = () => new Date(),
  ) {}

  async summary(playerId: number) {
    const today = shanghaiDay(this.now());
    const [player, { team, commission: totals, claimed, held }] = await Promise.all([
      this.players.find(playerId),
      new ReferralRepository(this.db).overview(playerId, shanghaiDayStart(today), today),
    ]);
    if (!player) throw fail('PLAYER_MISSING');
    const commissions = CURRENCIES.map((currency) => {
      const row = totals.find((r) => r.currency === currency);
      const total = floorScaled(row?.total);
      const paid = claimed.get(currency) ?? 0n;
      const claimable = total > paid ? total - paid : 0n;
      return {
        currency,
        today: formatMicro(floorScaled(row?.today)),
        total: formatMicro(total),
        claimed: formatMicro(paid),
        claimable: formatMicro(claimable),
        underReview: formatMicro(held.get(currency) ?? 0n),
        canClaim: claimable >= MIN_CLAIM,
        minClaim: REFERRAL_MIN_CLAIM,
      };
    });
    const levels = LEVELS.map((level) => {
      const row = team.find((r) => r.level === level);
      return { level, members: row?.members ?? 0, newToday: row?.recent ?? 0 };
    });
    return {
      inviteCode: player.invite_code,
      invitePath: `/register?inviteCode=${encodeURIComponent(player.invite_code)}`,
      hasInviter: player.inviter_id !== null,
      commissions,
      team: levels,
      teamTotal: levels.reduce((sum, level) => sum + level.members, 0),
      rates: referralRatesOf(this.terms())
        .filter((rate) => rate.ppm > 0 && rate.level >= 1 && rate.level <= 3)
        .map((rate) => ({ level: rate.level as 1 | 2 | 3, gameType: rate.gameType as GameTypeCode, ratePpm: rate.ppm }))
        .filter((rate) => VALID_GAME_TYPES.has(rate.gameType)),
    };
  }

  /**
   * Pays all claimable commission of `currency`. The same request id again answers the first claim
   * and moves nothing; below the minimum the answer is code 14 and nothing changes.
   */
  async claim(playerId: number, input: { requestId: string; currency: Currency }) {
    const outcome = await this.db.transaction().execute(async (trx) => {
      const repo = new ReferralRepository(trx);
      // The lock first: a copy of this request that got there first has committed by now.
      const claimedBefore = await repo.lockClaimed(playerId, input.currency);
      // Commission of cleared pairs a settlement still accrued as held becomes claimable now.
      await repo.releaseCleared(playerId);
      const request = new RequestReplay(
        'claim',
        input.requestId,
        () => repo.findClaim(playerId, input.requestId),
        (row) => row.currency === input.currency,
      );
      const previous = await request.earlier();
      if (previous) {
        const record = await this.bonus.recordOf(trx, {
          source: 'referral',
          playerId,
          sourceRef: sourceRefOf(previous.currency, BigInt(previous.claimed_before)),
        });
        return { amount: BigInt(previous.amount), wageringAdded: record?.wageringAdded ?? 0n, playerIds: [] as number[] };
      }
      const accrued = floorScaled(await repo.commissionTotal(playerId, input.currency));
      const amount = accrued - claimedBefore;
      if (amount < MIN_CLAIM) throw fail('NO_REWARD', `claimable ${formatMicro(amount > 0n ? amount : 0n)} ${input.currency} is below ${REFERRAL_MIN_CLAIM}`);
      await repo.insertClaim({ playerId, requestId: input.requestId, currency: input.currency, amount, claimedBefore });
      const credit = await this.bonus.credit(trx, {
        playerId,
        bonusType: BonusRecordType.REFERRAL_COMMISSION,
        source: 'referral',
        sourceRef: sourceRefOf(input.currency, claimedBefore),
        currency: input.currency,
        amount,
      });
      return { amount, wageringAdded: credit.wageringAdded, playerIds: credit.playerIds };
    });
    if (outcome.playerIds.length > 0) await this.announce.changed(outcome.playerIds);
    return {
      currency: input.currency,
      amount: formatMicro(outcome.amount),
      wageringAdded: formatMicro(outcome.wageringAdded),
      balances: await playerBalancesView(this.db, playerId),
    };
  }

  /**
   * Inside the registration transaction of an invited player: flags the pair when the invitee comes
   * from an address or device the inviter used within 30 days (ECONOMY.md "Self-referral"), so its
   * invitation reward and the commission it earns for the inviter are held until an operator clears it.
   */
  async flagIfSelfReferral(trx: Db, input: { playerId: number; inviterId: number; origin: RegistrationOrigin }): Promise<void> {
    const matched = await this.players.sharedOrigin(trx, input.inviterId, input.origin, SELF_REFERRAL_DAYS);
    if (matched) await new ReferralRepository(trx).flag({ playerId: input.playerId, inviterId: input.inviterId, matched });
  }

  /** Operator: flagged pairs, newest first, with what each holds. */
  async reviews(input: { status?: 'held' | 'cleared'; page: number; pageSize: number }) {
    const { rows, total } = await new ReferralRepository(this.db).reviews(input.status, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize });
    return {
      list: rows.map((row) => ({
        ...reviewView(row),
        heldCommission: { usdt: formatMicro(row.held.get('USDT') ?? 0n), trx: formatMicro(row.held.get('TRX') ?? 0n) },
      })),
      total,
    };
  }

  /**
   * Operator: clears a held pair. Its held commission becomes claimable by the inviter once (moved in
   * the same transaction) and its invitation reward is evaluated as any other. Clearing a cleared pair
   * changes nothing and answers it as it stands; an invitee that was never flagged answers code 12.
   */
  async clearReview(input: { playerId: number; by: string; note?: string }) {
    const result = await this.db.transaction().execute(async (trx) => {
      const repo = new ReferralRepository(trx);
      const review = await repo.lockReview(input.playerId);
      if (!review) throw fail('INVALID_PARAMETERS', `player ${input.playerId} has no self-referral review`);
      if (review.status === 'cleared') return { ...reviewView(review), released: { usdt: '0', trx: '0' }, changed: false };
      await repo.clear(review, input.by, input.note ?? null);
      const released = await repo.releaseCleared(review.inviter_id);
      const after = (await repo.lockReview(input.playerId))!;
      return { ...reviewView(after), released: { usdt: formatMicro(released.get('USDT') ?? 0n), trx: formatMicro(released.get('TRX') ?? 0n) }, changed: true };
    });
    if (result.changed) await this.bus.publish('referral.cleared', { inviterId: result.inviterId });
    return result;
  }

  async members(playerId: number, input: { level?: 1 | 2 | 3; page: number; pageSize: number }) {
    const { rows, total } = await new ReferralRepository(this.db).members(playerId, input.level, {
      offset: (input.page - 1) * input.pageSize,
      limit: input.pageSize,
    });
    const names = await this.players.nicknames(rows.map((row) => row.playerId));
    return {
      list: rows.map((row) => ({
        name: maskName(names.get(row.playerId) ?? String(row.playerId)),
        level: row.level as 1 | 2 | 3,
        joinedAt: row.joinedAt.toISOString(),
        validTurnover: { usdt: formatMicro(row.usdt), trx: formatMicro(row.trx) },
      })),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  }

  /** One Shanghai day of the direct members (isTeam 0) or the whole team (isTeam 1). */
  async performance(playerId: number, input: { isTeam: 0 | 1; gameType?: GameTypeCode; currencyCode: Currency; selectDay: string }) {
    const levels = input.isTeam === 1 ? LEVELS : ([1] as const);
    const from = shanghaiDayStart(input.selectDay);
    const to = new Date(from.getTime() + DAY_MS);
    const activity = await new ReferralRepository(this.db).day(playerId, levels, input.selectDay, from, to, input.currencyCode);
    const byGameType = activity.byGameType
      .filter((row) => input.gameType === undefined || row.gameType === input.gameType)
      .map((row) => ({ ...row, gameType: row.gameType as GameTypeCode }));
    const valid = byGameType.reduce((sum, row) => sum + row.valid, 0n);
    const scaled = byGameType.reduce((sum, row) => sum + row.scaled, 0n);
    return {
      day: input.selectDay,
      isTeam: input.isTeam,
      gameType: input.gameType ?? null,
      currency: input.currencyCode,
      newMembers: activity.newMembers,
      firstDepositCount: activity.firstDeposits,
      depositCount: activity.depositCount,
      depositAmount: formatMicro(activity.depositAmount),
      validTurnover: formatMicro(valid),
      commission: formatMicro(scaled / 1_000_000n),
      byGameType: byGameType.map((row) => ({
        gameType: row.gameType,
        validTurnover: formatMicro(row.valid),
        commission: formatMicro(row.scaled / 1_000_000n),
      })),
    };
  }
}

function reviewView(row: ReviewRow) {
  return {
    playerId: row.player_id,
    inviterId: row.inviter_id,
    matched: row.matched,
    status: row.status,
    flaggedAt: row.flagged_at.toISOString(),
    clearedAt: row.cleared_at?.toISOString() ?? null,
    clearedBy: row.cleared_by,
    note: row.note,
  };
}

/** Game types a rate may name (0, none, is no game). */
const VALID_GAME_TYPES = new Set<number>(GAME_TYPE_CODES.filter((code) => code !== 0));

/** The bonus key of a claim: the claimed total it starts from, so one accrual can back one credit only. */
function sourceRefOf(currency: Currency, claimedBefore: bigint): string {
  return `${currency}:${claimedBefore}`;
}
