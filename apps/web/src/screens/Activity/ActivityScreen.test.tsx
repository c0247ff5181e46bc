import { BonusType } from '@lobby/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityConf, ActivityState } from '../../state/queries/activity';
import type { BonusRecord } from '../../state/queries/bonus';
import { setNavigator } from '../../lib/navigation';
import { useUi } from '../../state/ui';
import { answerEachTest, loadTexts, renderScreen, renderSignedIn, settle, type Rendered } from '../../testing/screen';
import ActivityBonusScreen from './ActivityBonusScreen';
import ActivityDetailScreen from './ActivityDetailScreen';
import { ActivityBadge, ActivityNotice } from './ActivityNotice';
import ActivityScreen from './ActivityScreen';
import { activityStatus, countdownParts } from './parts';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const conf = (id: number, bonusType: ActivityConf['bonusType'], title: string, extra: Partial<ActivityConf> = {}): ActivityConf => ({
  id,
  bonusType,
  title,
  summary: `${title} summary`,
  content: '<p>Read the <b>rules</b>.</p>',
  imageUrl: null,
  sort: id,
  startAt: iso(Date.now() - 24 * HOUR),
  endAt: null,
  manual: true,
  requiresRecharge: false,
  rules: {},
  wageringMultiplier: 5,
  ...extra,
});

const state = (activityId: number, bonusType: ActivityState['bonusType'], extra: Partial<ActivityState> = {}): ActivityState => ({
  activityId,
  bonusType,
  participated: false,
  canParticipate: false,
  progress: null,
  pendingReward: '0',
  currency: 'USDT',
  lastParticipatedAt: null,
  ...extra,
});

let confs: ActivityConf[] = [];
let states: ActivityState[] = [];
let records: BonusRecord[] = [];

function defaults() {
  confs = [
    conf(6, BonusType.REGISTER_REWARD, 'Register reward', { wageringMultiplier: 10 }),
    conf(2, BonusType.FIRST_RECHARGE, 'First deposit bonus', { requiresRecharge: true, endAt: iso(Date.now() + 7 * 24 * HOUR) }),
    conf(5, BonusType.HASH_TASK, 'Hash task', {
      rules: {
        gameIds: [1],
        tasks: [
          { kind: 'rounds', target: 20, reward: '0.5' },
          { kind: 'turnover', target: '100', reward: '0.5' },
        ],
      },
    }),
    conf(4, BonusType.BETTING_REBATE, 'Betting rebate', { manual: false }),
    conf(9, BonusType.SIGN_IN, 'Old sign-in', { endAt: iso(Date.now() - HOUR) }),
  ];
  states = [
    state(6, BonusType.REGISTER_REWARD, { canParticipate: true, pendingReward: '1' }),
    state(2, BonusType.FIRST_RECHARGE),
    state(5, BonusType.HASH_TASK, { progress: { current: '7', target: '20' } }),
    state(4, BonusType.BETTING_REBATE, { progress: { current: '250', target: '1000' } }),
  ];
  records = [];
}
beforeEach(defaults);

const lastBody = (path: string) => call.mock.calls.filter(([spec]) => spec.path === path).at(-1)?.[1];

answerEachTest(call, {
  '/v1/activity/configSync': () => ({ version: 1, changed: true, confs }),
  '/v1/activity/playerData': () => states,
  '/v1/activity/participate': () => {
    const { activityId } = lastBody('/v1/activity/participate') as { activityId: number };
    const paid = states.find((s) => s.activityId === activityId)!;
    const reward = paid.pendingReward === '0' ? null : { amount: paid.pendingReward, currency: paid.currency };
    states = states.map((s) =>
      s.activityId === activityId ? { ...s, participated: true, canParticipate: false, pendingReward: '0', lastParticipatedAt: new Date().toISOString() } : s,
    );
    return { activityId, bonusType: paid.bonusType, reward, balances: { usdt: '21', trx: '0' } };
  },
  '/v1/reportForm/activityForm': () => {
    const { page, pageSize, bonusType } = lastBody('/v1/reportForm/activityForm') as { page: number; pageSize: number; bonusType?: number };
    const matching = records.filter((r) => bonusType === undefined || r.bonusType === bonusType);
    return { list: matching.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total: matching.length };
  },
  '/v1/player/balance/get': () => ({ usdt: '20', trx: '0' }),
});

beforeAll(async () => {
  await loadTexts('en_US', ['activity', 'vip', 'trade']);
});

const text = (screen: Rendered, id: string) => screen.byTestId(id)?.textContent?.trim();
/** The words as read, without the marks that keep a figure left to right inside Arabic. */
const plain = (screen: Rendered, id: string) => text(screen, id)?.replace(/[\u2066-\u2069]/g, '');
const cards = (screen: Rendered) => [...screen.container.querySelectorAll<HTMLElement>('[data-testid="activity-card"]')];
const participations = () => call.mock.calls.filter(([spec]) => spec.path === '/v1/activity/participate');

describe('/activity', () => {
  it('lists the running activities in the operator’s order, each with where the player stands', async () => {
    const screen = await renderSignedIn(<ActivityScreen />, { usdt: '20', trx: '0' });
    expect(cards(screen).map((c) => c.dataset.id)).toEqual(['2', '4', '5', '6']);
    expect(cards(screen).map((c) => c.dataset.status)).toEqual(['locked', 'auto', 'open', 'claimable']);
    expect(text(screen, 'activity-status-6')).toBe('\u20661.00 USDT\u2069 to claim');
    expect(text(screen, 'activity-status-2')).toBe('Not available yet');
    expect(text(screen, 'activity-status-4')).toBe('Paid automatically');
    expect(screen.byTestId('activity-progress-5')?.dataset.value).toBe('350');
    expect(screen.byTestId('activity-claim-2')).toBeNull();
    expect(screen.byTestId('activity-open-6')?.getAttribute('href')).toBe('/ActivityDetail?id=6');
  });

  it('states the multiplier and the amount to wager on a card before its claim button is tapped', async () => {
    const screen = await renderSignedIn(<ActivityScreen />, { usdt: '20', trx: '0' });
    expect(text(screen, 'activity-terms-6')).toBe('Wager 10×: \u206610.00 USDT\u2069 to wager before it becomes cash');
    expect(participations()).toHaveLength(0);
    // Nothing to claim, nothing to state.
    expect(screen.byTestId('activity-terms-5')).toBeNull();
  });

  it('claims a reward from its card once, credits it and shows it claimed', async () => {
    const screen = await renderSignedIn(<ActivityScreen />, { usdt: '20', trx: '0' });
    await screen.click('activity-claim-6');
    expect(participations()).toHaveLength(1);
    expect(participations()[0][1]).toMatchObject({ activityId: 6, requestId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(useUi.getState().toast).toMatchObject({ kind: 'success', text: '\u20661.00 USDT\u2069 added to your balance' });
    expect(screen.byTestId('activity-claim-6')).toBeNull();
    expect(text(screen, 'activity-status-6')).toBe('Claimed');
  });

  it('says honestly that nothing runs when every activity has ended', async () => {
    confs = [conf(9, BonusType.SIGN_IN, 'Old sign-in', { endAt: iso(Date.now() - HOUR) })];
    const screen = await renderSignedIn(<ActivityScreen />, { usdt: '20', trx: '0' });
    expect(text(screen, 'activity-empty')).toContain('No events right now');
    expect(screen.byTestId('activity-bonus')?.getAttribute('href')).toBe('/activity/activityBonus');
  });

  it('asks a visitor to log in and asks the server nothing', async () => {
    const screen = await renderScreen(<ActivityScreen />);
    expect(screen.byTestId('activity-visitor')).not.toBeNull();
    expect(call).not.toHaveBeenCalled();
  });
});

function At({ path }: { path: string }) {
  const navigate = useNavigate();
  useEffect(() => navigate(path), [navigate, path]);
  return null;
}

/** The detail screen as opened from a card: the route's query names the activity. */
const detail = (id: number) => (
  <>
    <At path={`/ActivityDetail?id=${id}`} />
    <ActivityDetailScreen />
  </>
);

describe('/ActivityDetail', () => {
  it('counts down to the end of the window and shows the period', async () => {
    const end = Date.now() + 26 * HOUR + 3 * 60_000 + 4_500;
    confs = [conf(2, BonusType.FIRST_RECHARGE, 'First deposit bonus', { endAt: iso(end) })];
    states = [state(2, BonusType.FIRST_RECHARGE, { canParticipate: true, pendingReward: '50' })];
    const screen = await renderSignedIn(detail(2), { usdt: '20', trx: '0' });
    expect(text(screen, 'activity-detail-title')).toBe('First deposit bonus');
    expect(text(screen, 'activity-countdown')).toMatch(/^1d02:03:0[34]$/);
    expect(text(screen, 'activity-detail-reward')).toBe('50.00 USDT');
    await screen.click('activity-detail-claim');
    expect(participations()[0][1]).toMatchObject({ activityId: 2 });
    expect(screen.byTestId('activity-detail-claim')).toBeNull();
    expect(text(screen, 'activity-detail-status')).toBe('Claimed');
  });

  it('states the wagering before the claim button: the multiplier and the amount, or paid as cash', async () => {
    confs = [
      conf(2, BonusType.FIRST_RECHARGE, 'First deposit bonus', { wageringMultiplier: 10 }),
      conf(7, BonusType.LOSS_REBATE, 'Loss rebate', { wageringMultiplier: 0 }),
    ];
    states = [
      state(2, BonusType.FIRST_RECHARGE, { canParticipate: true, pendingReward: '50' }),
      state(7, BonusType.LOSS_REBATE, { canParticipate: true, pendingReward: '3.5' }),
    ];
    let screen = await renderSignedIn(detail(2), { usdt: '20', trx: '0' });
    const terms = screen.byTestId('activity-detail-terms')!;
    expect(terms.textContent).toBe('Wager 10×: \u2066500.00 USDT\u2069 to wager before it becomes cash');
    // Read before the tap: the line comes before the button.
    expect(terms.compareDocumentPosition(screen.byTestId('activity-detail-claim')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    screen = await renderSignedIn(detail(7), { usdt: '20', trx: '0' });
    expect(text(screen, 'activity-detail-terms')).toBe('Paid as cash');
  });

  it('shows what the player did against the rule: rounds as a count, amounts in the currency, a tick once met, and leads a player without a deposit to deposit', async () => {
    const midnight = Date.now() + 3 * HOUR + 25 * 60_000 + 10_500;
    states = states.map((s) => (s.activityId === 5 ? { ...s, periodEndsAt: iso(midnight) } : s));
    let screen = await renderSignedIn(detail(5), { usdt: '20', trx: '0' });
    expect(plain(screen, 'activity-detail-progress')).toBe('7 / 20 rounds');
    expect(text(screen, 'activity-period-countdown')).toMatch(/^03:25:1[01]$/);
    expect(screen.byTestId('activity-detail-bar')?.dataset.value).toBe('350');
    expect(screen.byTestId('activity-detail-permanent')).not.toBeNull();
    // The rounds task done, the hash task shows its turnover task.
    states = states.map((s) => (s.activityId === 5 ? { ...s, progress: { current: '42.5', target: '100' } } : s));
    screen = await renderSignedIn(detail(5), { usdt: '20', trx: '0' });
    expect(plain(screen, 'activity-detail-progress')).toBe('42.5 / 100 USDT');
    // Past the target the figure is what was played, with a tick; the bar is full.
    states = states.map((s) => (s.activityId === 5 ? { ...s, progress: { current: '21', target: '20' } } : s));
    screen = await renderSignedIn(detail(5), { usdt: '20', trx: '0' });
    expect(plain(screen, 'activity-detail-progress')).toBe('21 / 20 rounds ✓');
    screen = await renderSignedIn(detail(4), { usdt: '20', trx: '0' });
    expect(plain(screen, 'activity-detail-progress')).toBe('250 / 1,000 USDT');
    expect(text(screen, 'activity-detail-rules')).toContain('Rewards are credited to your balance automatically.');
    screen = await renderSignedIn(detail(2), { usdt: '20', trx: '0' });
    expect(screen.byTestId('activity-detail-deposit')).not.toBeNull();
  });

  it('reads a claimed register reward as the bound e-mail and a first deposit as the amount deposited, not the target twice', async () => {
    states = states.map((s) =>
      s.activityId === 6
        ? { ...s, canParticipate: false, participated: true, pendingReward: '0', progress: { current: '0.000001', target: '0.000001' } }
        : s.activityId === 2
          ? { ...s, progress: { current: '3000', target: '10' } }
          : s,
    );
    let screen = await renderSignedIn(detail(6), { usdt: '20', trx: '0' });
    expect(plain(screen, 'activity-detail-progress')).toBe('E-mail bound ✓');
    screen = await renderSignedIn(detail(2), { usdt: '3000', trx: '0' });
    expect(plain(screen, 'activity-detail-progress')).toBe('3,000 / 10 USDT deposited ✓');
    states = states.map((s) =>
      s.activityId === 6
        ? { ...s, progress: { current: '0', target: '0.000001' } }
        : s.activityId === 2
          ? { ...s, progress: { current: '4.5', target: '10' } }
          : s,
    );
    screen = await renderSignedIn(detail(6), { usdt: '20', trx: '0' });
    expect(plain(screen, 'activity-detail-progress')).toBe('Bind an e-mail to qualify');
    screen = await renderSignedIn(detail(2), { usdt: '4.5', trx: '0' });
    expect(plain(screen, 'activity-detail-progress')).toBe('4.5 / 10 USDT deposited');
  });

  it('renders the rules as text only: no script, link or handler survives', async () => {
    confs = [
      conf(6, BonusType.REGISTER_REWARD, 'Register reward', {
        content: '<p onclick="x()">Bind <a href="javascript:x()">e-mail</a></p><script>steal()</script><ul><li>1 USDT</li></ul>',
      }),
    ];
    const screen = await renderSignedIn(detail(6), { usdt: '20', trx: '0' });
    const rules = screen.byTestId('activity-detail-content')!;
    expect(rules.textContent).toBe('Bind e-mail1 USDT');
    expect(rules.querySelector('script, a, [onclick]')).toBeNull();
    expect(rules.querySelector('li')?.textContent).toBe('1 USDT');
  });

  it('sets out the numbers of the rules: the streak, the tiers, the tasks', async () => {
    confs = [
      ...confs,
      conf(1, BonusType.SIGN_IN, 'Daily sign-in', { rules: { dailyTurnover: '10', rewards: ['0.1', '0.2', '2'] } }),
      conf(3, BonusType.LOSS_REBATE, 'Loss rebate', { rules: { percent: 5, minLoss: '50', cap: null } }),
    ];
    const rows = (screen: Rendered, id: string) => [...screen.byTestId(id)!.querySelectorAll('tbody tr')].map((row) => row.textContent);
    let screen = await renderSignedIn(detail(1), { usdt: '20', trx: '0' });
    expect(rows(screen, 'activity-figures-days')).toEqual(['Day 10.10 USDT', 'Day 20.20 USDT', 'Day 32.00 USDT']);
    expect(text(screen, 'activity-detail-rules')).toContain('A day counts once your valid bets that day reach \u206610.00 USDT\u2069');
    screen = await renderSignedIn(detail(5), { usdt: '20', trx: '0' });
    expect(rows(screen, 'activity-figures-tasks')).toEqual(['Play 20 hash rounds0.50 USDT', 'Bet \u2066100.00 USDT\u2069 on hash games0.50 USDT']);
    screen = await renderSignedIn(detail(3), { usdt: '20', trx: '0' });
    expect(text(screen, 'activity-figures-loss')).toBe("5% of the previous day's net loss on all games, when it reaches \u206650.00 USDT\u2069.");
    expect(text(screen, 'activity-detail-rules')).not.toContain('At most');
  });

  it('says an unknown or ended activity is not available', async () => {
    const screen = await renderSignedIn(detail(77), { usdt: '20', trx: '0' });
    expect(screen.byTestId('activity-detail-missing')).not.toBeNull();
  });
});

const bonus = (id: number, bonusType: BonusRecord['bonusType'], amount: string): BonusRecord => ({
  id,
  activityId: bonusType <= 7 ? bonusType : null,
  bonusType,
  title: bonusType <= 7 ? `Activity ${bonusType}` : '',
  amount,
  currency: 'USDT',
  wageringAdded: amount,
  createdAt: '2026-11-20T10:00:00.000Z',
});

describe('/activity/activityBonus', () => {
  it('lists the activities’ bonuses only, passing over pages of VIP gifts and rebates', async () => {
    records = [
      ...Array.from({ length: 25 }, (_, i) => bonus(100 - i, 8, '1')),
      bonus(50, BonusType.HASH_TASK, '0.5'),
      bonus(49, BonusType.FIRST_RECHARGE, '50'),
      bonus(48, BonusType.REGISTER_REWARD, '1'),
    ];
    const screen = await renderSignedIn(<ActivityBonusScreen />, { usdt: '20', trx: '0' });
    const rows = [...screen.container.querySelectorAll<HTMLElement>('[data-testid="bonus-row"]')];
    expect(rows.map((r) => r.dataset.type)).toEqual(['5', '2', '6']);
    expect(rows[1].querySelector('b')?.textContent).toBe('First deposit');
    expect(text(screen, 'activity-bonus-end')).toBe("That's everything");
  });

  it('filters by activity type through the server, and says what to do when there is none', async () => {
    records = [bonus(50, BonusType.HASH_TASK, '0.5'), bonus(49, BonusType.FIRST_RECHARGE, '50')];
    const screen = await renderSignedIn(<ActivityBonusScreen />, { usdt: '20', trx: '0' });
    await screen.click(`activity-bonus-type-${BonusType.FIRST_RECHARGE}`);
    expect(lastBody('/v1/reportForm/activityForm')).toMatchObject({ bonusType: BonusType.FIRST_RECHARGE, page: 1 });
    expect([...screen.container.querySelectorAll<HTMLElement>('[data-testid="bonus-row"]')].map((r) => r.dataset.id)).toEqual(['49']);
    await screen.click(`activity-bonus-type-${BonusType.SIGN_IN}`);
    expect(text(screen, 'activity-bonus-empty')).toContain('No event bonus yet');
  });
});

describe('the lobby’s activity popup and the Events tab badge', () => {
  const lobby = (path: string) => (
    <>
      <At path={path} />
      <ActivityNotice />
      <ActivityBadge />
    </>
  );

  beforeEach(() => localStorage.clear());

  it('announces a newly claimable reward once, on the lobby, and claims it from its one button', async () => {
    let screen = await renderSignedIn(lobby('/home'), { usdt: '20', trx: '0' });
    await settle();
    expect(text(screen, 'tab-activity-badge')).toBe('1');
    const popup = screen.byTestId('activity-popup')!;
    expect(popup.dataset.kind).toBe('activity');
    expect(popup.textContent).toContain('Register reward: \u20661.00 USDT\u2069 is ready to claim.');
    expect(popup.textContent).toContain('Wager 10×: \u206610.00 USDT\u2069 to wager before it becomes cash');
    expect(popup.querySelectorAll('button')).toHaveLength(3); // the close cross, the button and the details link
    await screen.click('popup-confirm');
    expect(participations()).toHaveLength(1);
    expect(screen.byTestId('tab-activity-badge')).toBeNull();

    // Shown before: not again, even with the reward still unclaimed.
    states = states.map((s) => (s.activityId === 6 ? { ...s, canParticipate: true, pendingReward: '1', lastParticipatedAt: null } : s));
    localStorage.setItem('lobby.activity.announced', JSON.stringify(['1:6:-']));
    screen = await renderSignedIn(lobby('/home'), { usdt: '20', trx: '0' });
    await settle();
    expect(screen.byTestId('activity-popup')).toBeNull();
  });

  it('names several new rewards in one popup whose button opens the Events tab', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    states = states.map((s) => (s.activityId === 2 ? { ...s, canParticipate: true, pendingReward: '60' } : s));
    const screen = await renderSignedIn(lobby('/home'), { usdt: '20', trx: '0' });
    await settle();
    expect(text(screen, 'tab-activity-badge')).toBe('2');
    expect(screen.byTestId('activity-popup')?.textContent).toContain('2 bonuses are ready to claim: First deposit bonus and Register reward.');
    await screen.click('popup-confirm');
    expect(navigate).toHaveBeenCalledWith('/activity', undefined);
    expect(participations()).toHaveLength(0);
    setNavigator(undefined);
  });

  it('stays quiet away from the lobby', async () => {
    const screen = await renderSignedIn(lobby('/vip'), { usdt: '20', trx: '0' });
    await settle();
    expect(screen.byTestId('activity-popup')).toBeNull();
    expect(text(screen, 'tab-activity-badge')).toBe('1');
  });
});

describe('an activity’s status and countdown', () => {
  it('puts a reward to claim before everything but the window', () => {
    const now = Date.now();
    const c = conf(1, BonusType.SIGN_IN, 'Sign-in', { endAt: iso(now + HOUR) });
    const claimable = state(1, BonusType.SIGN_IN, { canParticipate: true, pendingReward: '0.1' });
    expect(activityStatus(c, claimable, now)).toBe('claimable');
    expect(activityStatus(c, claimable, now + HOUR)).toBe('ended');
    expect(activityStatus({ ...c, startAt: iso(now + 1000) }, claimable, now)).toBe('upcoming');
    expect(activityStatus(c, { ...claimable, pendingReward: '0' }, now)).toBe('joinable');
    expect(activityStatus(c, { ...claimable, canParticipate: false, participated: true }, now)).toBe('claimed');
  });

  it('counts days, then hours, minutes and seconds, and stops at zero', () => {
    expect(countdownParts(1_000 + 2 * 86_400_000 + 3_600_000 + 61_000, 1_000)).toEqual({ days: 2, time: '01:01:01' });
    expect(countdownParts(0, 5_000)).toEqual({ days: 0, time: '00:00:00' });
  });
});
