import { formatMicro, LANGUAGES, type Language } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { fail } from '../../http/app-error.ts';
import type { BalanceEvents } from '../../money/balance-events.ts';
import { playerBalancesView } from '../../money/balances.ts';
import type { ProtectionGate } from '../protection/protection-gate.ts';
import type { BonusRecordTypeCode, BonusService } from '../bonus/bonus.service.ts';
import type { ActivityCatalogue } from './activity-catalogue.ts';
import { ActivityFactsRepository } from './activity-facts.repo.ts';
import { activityOf, contentHtml, isOpen, textOf, type Activity } from './activity.model.ts';
import { ActivityRepository, type ClaimRow } from './activity.repo.ts';
import type { ActivityType } from './activity-rules.ts';
import { engineOf } from './engines/index.ts';
import { NoticeSchedule } from './notice-schedule.ts';
import type { ActivityEngine, Evaluation } from './engines/engine.ts';

type ActivityEngineAny = ActivityEngine<ActivityType>;
import { systemClock, type Clock } from './shanghai-day.ts';

/** A 31-bit FNV-1a hash: configSync's version of the list a player sees. */
function versionOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0) & 0x7fffffff;
}

/** Players looked at per pass; the rest wait for the next pass. */
const NOTICE_BATCH = 200;
/** Players whose claimable activities an instance remembers. */
const NOTICE_MEMORY = 50_000;

/**
 * The player's side of activities (ECONOMY.md "Activities"): what is offered, each one's progress,
 * and claims. What a player has earned is decided by the activity's engine from facts recorded as
 * they happened (registration, e-mail bound, deposits credited, rounds settled with their valid
 * turnover), read for that player only; daily activities turn over at midnight in Asia/Shanghai.
 * A claim pays through BonusService.credit from `activity_bonuses`, once per (player, activity,
 * period), within the activity's per-player limit and budget cap.
 */
export class ActivityService {
  /** No popup for a player in a time-out or self-exclusion (PROTECTION.md: no marketing). */
  protection?: Pick<ProtectionGate, 'isPaused'>;
  /** Where the service reads the time; tests move it across day boundaries. */
  clock: Clock = systemClock;

  /** Players to look at, with when they may be looked at. */
  private readonly schedule = new NoticeSchedule();
  /** What each player could claim when last looked at (the push goes out when that changes). */
  private readonly claimableSeen = new Map<number, string>();
  private timer: { handle: NodeJS.Timeout; at: number } | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly catalogue: ActivityCatalogue,
    private readonly bonus: BonusService,
    private readonly announce?: Pick<BalanceEvents, 'changed'>,
    /** With it, players are noticed as things happen to them and told of rewards on their sockets. */
    private readonly bus?: EventBus,
  ) {
    bus?.subscribe('balance.changed', ({ playerId, cause }) => this.notice([playerId], cause));
    bus?.subscribe('round.settled', ({ playerIds }) => this.notice(playerIds, { play: true }));
    bus?.subscribe('account.changed', ({ playerId }) => this.notice([playerId]));
    // A cleared self-referral pair may have made the inviter's invitation reward claimable.
    bus?.subscribe('referral.cleared', ({ inviterId }) => this.notice([inviterId]));
  }

  /**
   * Told of players something happened to (registered, bound an e-mail, had a deposit credited or a
   * balance moved, had a round settled). Shortly after, each one's activities are evaluated and, when
   * the set they can claim changed and is not empty, the `activity` event is pushed to their sockets
   * (the lobby's popup and the Events tab's badge). Best effort: it never delays the event's source.
   */
  notice(playerIds: readonly number[], options: { play?: boolean } = {}): void {
    if (!this.bus) return;
    this.schedule.notice(playerIds, Date.now(), options);
    this.wakeAt(this.schedule.next());
  }

  /** The next pass at `at`, unless one is set for sooner. */
  private wakeAt(at: number | undefined): void {
    if (at === undefined || (this.timer && this.timer.at <= at)) return;
    if (this.timer) clearTimeout(this.timer.handle);
    const handle = setTimeout(
      () => {
        this.timer = undefined;
        this.flushing = this.flushing.then(() => this.flushNotices()).catch(() => undefined);
      },
      Math.max(0, at - Date.now()),
    );
    handle.unref();
    this.timer = { handle, at };
  }

  /** Stops looking at noticed players (the app is closing); waits for a pass under way. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer.handle);
    this.timer = undefined;
    this.schedule.clear();
    await this.flushing;
  }

  private async flushNotices(): Promise<void> {
    const batch = this.schedule.take(Date.now(), NOTICE_BATCH);
    if (this.claimableSeen.size > NOTICE_MEMORY) this.claimableSeen.clear();
    for (const playerId of batch) {
      try {
        const claimable = (await this.playerData(playerId, {})).filter((s) => s.canParticipate).map((s) => s.activityId);
        const key = claimable.join(',');
        const before = this.claimableSeen.get(playerId) ?? '';
        this.claimableSeen.set(playerId, key);
        if (key !== before && claimable.length > 0 && !this.protection?.isPaused(playerId))
          await this.bus!.publish('push.player', { playerId, event: 'activity', data: { claimable: claimable.length, activityIds: claimable } });
      } catch {
        // A missed push costs nothing lasting: the screens read the live state.
      }
    }
    this.wakeAt(this.schedule.next());
  }

  /** Activities open now, as the activity tab shows them; `changed` false when `sinceVersion` is current. */
  configSync(input: { sinceVersion?: number; language?: string }, language: Language) {
    const lang = (LANGUAGES as readonly string[]).includes(input.language ?? '') ? (input.language as Language) : language;
    const open = this.open();
    const multipliers = open.map((a) => this.wageringMultiplierOf(a));
    // An operator's change of the settings' multipliers is news to the screens as much as an edit.
    const version = versionOf(open.map((a, i) => `${a.id}:${a.revision}:${multipliers[i]}`).join(',') + `|${lang}`);
    if (input.sinceVersion === version) return { version, changed: false, confs: [] };
    return {
      version,
      changed: true,
      confs: open.map((a, i) => {
        const text = textOf(a, lang);
        return {
          id: a.id,
          bonusType: a.type,
          title: text.title,
          summary: text.summary,
          content: contentHtml(text.content ?? text.summary),
          imageUrl: a.imageUrl,
          sort: a.sort,
          startAt: a.startAt.toISOString(),
          endAt: a.endAt?.toISOString() ?? null,
          manual: true,
          requiresRecharge: a.requiresRecharge,
          rules: a.rulesJson,
          wageringMultiplier: multipliers[i]!,
        };
      }),
    };
  }

  /**
   * What a claim of the activity adds to wager per unit claimed, as the credit will apply it: the
   * activity's own multiplier, else the economy settings' for its bonus source (shown before the tap).
   */
  private wageringMultiplierOf(activity: Activity): number {
    if (activity.wageringMultiplier !== null) return activity.wageringMultiplier;
    // The bonus service credits with these settings; reading the same copy keeps the promise and the credit one.
    return this.bonus.multiplierOf(engineOf(activity.type).source);
  }

  /** The player's standing in each open activity (or in those asked for). */
  async playerData(playerId: number, input: { activityIds?: number[] }) {
    const now = this.clock();
    let activities = this.open(now);
    if (input.activityIds) activities = activities.filter((a) => input.activityIds!.includes(a.id));
    const repo = new ActivityRepository(this.db);
    const facts = new ActivityFactsRepository(this.db);
    const [claims, player] = await Promise.all([
      repo.claims(
        playerId,
        activities.map((a) => a.id),
      ),
      facts.player(playerId),
    ]);
    return Promise.all(
      activities.map(async (activity) => {
        const own = claims.filter((c) => c.activity_id === activity.id);
        const evaluation = await this.evaluate(activity, playerId, own, facts, now);
        const blocked = this.blocked(activity, own, player?.firstRechargeAt ?? null) !== undefined;
        const pending = blocked ? 0n : evaluation.due.reduce((sum, d) => sum + d.amount, 0n);
        return {
          activityId: activity.id,
          bonusType: activity.type,
          participated: evaluation.claimedNow,
          canParticipate: pending > 0n,
          progress: evaluation.progress && { current: formatMicro(evaluation.progress.current), target: formatMicro(evaluation.progress.target) },
          pendingReward: formatMicro(pending),
          ...(evaluation.underReview ? { underReview: formatMicro(evaluation.underReview) } : {}),
          currency: activity.currency,
          lastParticipatedAt: own[0]?.created_at.toISOString() ?? null,
          periodEndsAt: evaluation.periodEndsAt?.toISOString() ?? null,
        };
      }),
    );
  }

  /**
   * Claims everything the activity owes the player now. Idempotent per (player, activity, period):
   * a repeated `requestId` answers what it paid, another request for a paid period gets 14. An
   * activity not open answers 10; nothing earned, the limit or the budget reached answer 14; an
   * activity for depositors answers 30007 before the first deposit.
   */
  async participate(playerId: number, input: { requestId: string; activityId: number }) {
    const now = this.clock();
    const result = await this.db.transaction().execute(async (trx) => {
      const repo = new ActivityRepository(trx);
      const row = await repo.find(input.activityId);
      const activity = row && activityOf(row);
      if (!activity || !isOpen(activity, now)) throw fail('CONFIG_NOT_FOUND', `activity ${input.activityId} is not running`);
      await repo.lockPlayerClaims(activity.id, playerId);
      const replay = await repo.claimsOfRequest(playerId, activity.id, input.requestId);
      if (replay.length > 0) return { activity, paid: replay, playerIds: [] as number[] };

      const facts = new ActivityFactsRepository(trx);
      const claims = await repo.claims(playerId, [activity.id]);
      const player = await facts.player(playerId);
      const blocked = this.blocked(activity, claims, player?.firstRechargeAt ?? null);
      if (blocked === 'recharge') throw fail('FIRST_RECHARGE_REQUIRED', `activity ${activity.id} is for players who have deposited`);
      if (blocked === 'limit') throw fail('NO_REWARD', `activity ${activity.id} allows ${activity.perPlayerLimit} claims`);
      const evaluation = await this.evaluate(activity, playerId, claims, facts, now);
      let due = evaluation.due;
      if (due.length === 0) throw fail('NO_REWARD', evaluation.whyNot ?? 'nothing to claim');
      if (activity.perPlayerLimit !== null) due = due.slice(0, activity.perPlayerLimit - claims.length);

      const engine = engineOf(activity.type);
      const paid: ClaimRow[] = [];
      const playerIds = new Set<number>();
      for (const item of due) {
        const claim = {
          activity_id: activity.id,
          player_id: playerId,
          period: item.period,
          step: item.step ?? 0,
          request_id: input.requestId,
          currency: activity.currency,
          amount: item.amount,
        };
        // A concurrent claim of the same period commits first; this one then finds it and pays nothing.
        if (!(await repo.insertClaim(claim))) continue;
        if (!(await repo.spendBudget(activity.id, item.amount))) throw fail('NO_REWARD', `activity ${activity.id} has spent its budget`);
        const credit = await this.bonus.credit(trx, {
          playerId,
          bonusType: activity.type as BonusRecordTypeCode,
          source: engine.source,
          sourceRef: `${activity.id}:${item.period}`,
          currency: activity.currency,
          amount: item.amount,
          ...(activity.wageringMultiplier === null ? {} : { multiplier: activity.wageringMultiplier }),
        });
        for (const id of credit.playerIds) playerIds.add(id);
        paid.push({ ...claim, created_at: now });
      }
      if (paid.length === 0) {
        const same = await repo.claimsOfRequest(playerId, activity.id, input.requestId);
        if (same.length > 0) return { activity, paid: same, playerIds: [] as number[] };
        throw fail('NO_REWARD', `activity ${activity.id}: this period was already claimed`);
      }
      return { activity, paid, playerIds: [...playerIds] };
    });
    if (result.playerIds.length > 0) await this.announce?.changed(result.playerIds);
    const amount = result.paid.reduce((sum, c) => sum + BigInt(c.amount), 0n);
    return {
      activityId: result.activity.id,
      bonusType: result.activity.type,
      reward: { amount: formatMicro(amount), currency: result.activity.currency },
      balances: await playerBalancesView(this.db, playerId),
    };
  }

  /** How many open activities the player could claim now: the Events tab's badge. */
  async claimableCount(playerId: number): Promise<number> {
    return (await this.playerData(playerId, {})).filter((s) => s.canParticipate).length;
  }

  private open(now: Date = this.clock()): Activity[] {
    return this.catalogue.all().filter((a) => isOpen(a, now));
  }

  private evaluate(activity: Activity, playerId: number, claims: ClaimRow[], facts: ActivityFactsRepository, now: Date): Promise<Evaluation> {
    return engineOf(activity.type as ActivityType).evaluate({
      activity: activity as Parameters<ActivityEngineAny['evaluate']>[0]['activity'],
      playerId,
      now,
      facts,
      claims,
    });
  }

  /** Why the player may not claim regardless of what was earned. */
  private blocked(activity: Activity, claims: ClaimRow[], firstRechargeAt: Date | null): 'recharge' | 'limit' | undefined {
    if (activity.requiresRecharge && firstRechargeAt === null) return 'recharge';
    if (activity.perPlayerLimit !== null && claims.length >= activity.perPlayerLimit) return 'limit';
    return undefined;
  }
}
