import { GameType } from '@lobby/contract';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReferralMember, ReferralSummary } from '../../state/queries/referral';
import { useUi } from '../../state/ui';
import { answerEachTest, loadTexts, renderScreen, renderSignedIn, type Rendered } from '../../testing/screen';
import PromotionScreen, { ppmPercent } from './PromotionScreen';
import ProxyPartnerScreen from './ProxyPartnerScreen';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));
// The poster is drawn on a canvas, which the test DOM does not have.
vi.mock('./poster', () => ({ drawPoster: vi.fn(async () => new Blob(['png'])), savePoster: vi.fn(async () => 'downloaded') }));
const copied = vi.fn(async (_text: string) => true);
vi.mock('../../lib/clipboard', () => ({ copyText: (text: string) => copied(text) }));

function summaryWith(claimable: string): ReferralSummary {
  return {
    inviteCode: 'AB12CD',
    invitePath: '/register?inviteCode=AB12CD',
    hasInviter: false,
    commissions: [
      { currency: 'TRX', today: '0', total: '0.004', claimed: '0', claimable: '0.004', underReview: '0', canClaim: false, minClaim: '0.01' },
      {
        currency: 'USDT',
        today: '0.03',
        total: '1.230001',
        claimed: claimable === '0' ? '1.230001' : '0',
        claimable,
        underReview: '3',
        canClaim: claimable !== '0',
        minClaim: '0.01',
      },
    ],
    team: [
      { level: 1, members: 2, newToday: 1 },
      { level: 2, members: 1, newToday: 0 },
      { level: 3, members: 0, newToday: 0 },
    ],
    teamTotal: 3,
    rates: [
      { level: 1, gameType: GameType.HASH, ratePpm: 3000 },
      { level: 1, gameType: GameType.SLOT, ratePpm: 3000 },
      { level: 2, gameType: GameType.HASH, ratePpm: 1000 },
      { level: 3, gameType: GameType.HASH, ratePpm: 500 },
    ],
  };
}

const MEMBERS: ReferralMember[] = Array.from({ length: 25 }, (_, index) => ({
  name: `pl***${String(index).padStart(2, '0')}`,
  level: index < 20 ? 1 : 2,
  joinedAt: '2026-11-20T10:00:00.000Z',
  validTurnover: { usdt: index === 0 ? '150.5' : '0', trx: '0' },
}));

let summary = summaryWith('1.230001');

answerEachTest(call, {
  '/v1/referral/summary': () => summary,
  '/v1/referral/claim': () => {
    summary = summaryWith('0');
    return { currency: 'USDT', amount: '1.230001', wageringAdded: '1.230001', balances: { usdt: '11.230001', trx: '0' } };
  },
  '/v1/referral/members': () => {
    const request = call.mock.calls.filter(([spec]) => spec.path === '/v1/referral/members').at(-1)![1] as { page: number; pageSize: number; level?: number };
    const matching = MEMBERS.filter((member) => !request.level || member.level === request.level);
    const start = (request.page - 1) * request.pageSize;
    return { list: matching.slice(start, start + request.pageSize), total: matching.length, page: request.page, pageSize: request.pageSize };
  },
  '/v1/player/balance/get': () => ({ usdt: '10', trx: '0' }),
  '/v1/bonus/terms': () => ({ multipliers: { rebate: 1, referral: 2, vipLevelGift: 1, vipMonthGift: 1, activity: 5 } }),
});

beforeAll(async () => {
  await loadTexts('en_US', ['referral', 'trade', 'vip']);
});

beforeEach(() => {
  summary = summaryWith('1.230001');
  copied.mockClear();
});

const text = (screen: Rendered, id: string) => screen.byTestId(id)?.textContent?.trim();
const claims = () => call.mock.calls.filter(([spec]) => spec.path === '/v1/referral/claim');

describe('/promotion', () => {
  it('states the multiplier and the amount to wager beside the commission claim, before it is tapped', async () => {
    const screen = await renderSignedIn(<PromotionScreen />, { usdt: '10', trx: '0' });
    expect(text(screen, 'commission-terms-USDT')).toBe('Wager 2×: \u20662.460002 USDT\u2069 to wager before it becomes cash');
    expect(screen.byTestId('commission-terms-TRX')).toBeNull();
    expect(claims()).toHaveLength(0);
  });

  it('shows the invite code and a registration link on this site that carries it', async () => {
    const screen = await renderSignedIn(<PromotionScreen />, { usdt: '10', trx: '0' });
    expect(text(screen, 'promotion-code')).toBe('AB12CD');
    expect(text(screen, 'promotion-link')).toBe(`${window.location.origin}/register?inviteCode=AB12CD`);
    await screen.click('promotion-copy-link');
    expect(copied).toHaveBeenCalledWith(`${window.location.origin}/register?inviteCode=AB12CD`);
    expect(useUi.getState().toast?.text).toBe('Invite link copied');
  });

  it('opens each share target with the prepared message and the link', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const screen = await renderSignedIn(<PromotionScreen />, { usdt: '10', trx: '0' });
    const link = encodeURIComponent(`${window.location.origin}/register?inviteCode=AB12CD`);
    expect(text(screen, 'promotion-share-message')).toContain('invite code AB12CD');
    await screen.click('promotion-share-telegram');
    expect(open.mock.calls[0][0]).toMatch(new RegExp(`^https://t\\.me/share/url\\?url=${link.replace(/[.%]/g, '\\$&')}&text=Join%20me`));
    await screen.click('promotion-share-line');
    expect(open.mock.calls[1][0]).toContain('https://line.me/R/share?text=');
    // Instagram has no share address: the message is copied for the player to paste with the poster.
    await screen.click('promotion-share-instagram');
    expect(open).toHaveBeenCalledTimes(2);
    expect(copied.mock.calls.at(-1)![0]).toMatch(/AB12CD:\n.*\/register\?inviteCode=AB12CD$/);
    open.mockRestore();
  });

  it("shows today's and all-time commission to the micro-unit and claims it once", async () => {
    const screen = await renderSignedIn(<PromotionScreen />, { usdt: '10', trx: '0' });
    expect(text(screen, 'commission-today-USDT')).toBe('0.03 USDT');
    expect(text(screen, 'commission-total-USDT')).toBe('1.230001 USDT');
    // Held commission is shown as under review, never why; none held shows nothing.
    expect(text(screen, 'commission-under-review-USDT')).toBe('3.00 USDT');
    expect(screen.byTestId('commission-under-review-TRX')).toBeNull();
    expect((screen.byTestId('commission-claim-TRX') as HTMLButtonElement).disabled).toBe(true);
    expect(text(screen, 'commission-minimum-TRX')).toBe('Claimable from \u20660.01\u2069 TRX');
    await screen.click('commission-claim-USDT');
    expect(claims()).toHaveLength(1);
    expect(claims()[0][1]).toMatchObject({ currency: 'USDT', requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,}$/) });
    expect(useUi.getState().toast?.text).toBe('\u20661.230001\u2069 USDT commission added to your balance');
    expect(text(screen, 'commission-claimable-USDT')).toBe('0.00 USDT');
    expect((screen.byTestId('commission-claim-USDT') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the team by level and the rates in percent', async () => {
    const screen = await renderSignedIn(<PromotionScreen />, { usdt: '10', trx: '0' });
    expect(text(screen, 'promotion-team-total')).toBe('3');
    expect(text(screen, 'promotion-team-level-1')).toBe('Level 12\u2066+1\u2069 today');
    expect(text(screen, 'promotion-rate-1')).toBe('Level 10.3%');
    expect(text(screen, 'promotion-rate-3')).toBe('Level 30.05%');
    expect(screen.byTestId('promotion-performance-link')?.getAttribute('href')).toMatch(/^\/performance\/details\/1\/0\/USDT\/\d{4}-\d{2}-\d{2}$/);
  });

  it('asks a visitor to log in and calls nothing', async () => {
    const screen = await renderScreen(<PromotionScreen />);
    expect(screen.byTestId('promotion-visitor')).not.toBeNull();
    expect(call).not.toHaveBeenCalled();
  });

  it('writes rates exactly', () => {
    expect([3000, 1000, 500, 1, 0].map(ppmPercent)).toEqual(['0.3%', '0.1%', '0.05%', '0.0001%', '0%']);
  });
});

describe('/proxyPartner', () => {
  it('lists members with masked names and turnover, 20 at a time', async () => {
    const screen = await renderSignedIn(<ProxyPartnerScreen />, { usdt: '10', trx: '0' });
    const rows = () => screen.container.querySelectorAll('[data-testid="team-member"]');
    expect(rows()).toHaveLength(20);
    expect(rows()[0].querySelector('[data-testid="team-member-name"]')?.textContent).toBe('pl***00');
    expect(rows()[0].querySelector('[data-testid="team-member-turnover"]')?.textContent).toBe('150.50 USDT · 0.00 TRX');
    await screen.click('team-members-more');
    expect(rows()).toHaveLength(25);
    expect(screen.byTestId('team-members-more')).toBeNull();
  });

  it('filters by level', async () => {
    const screen = await renderSignedIn(<ProxyPartnerScreen />, { usdt: '10', trx: '0' });
    expect(text(screen, 'team-filter-2')).toBe('L2 (1)');
    await screen.click('team-filter-2');
    const rows = screen.container.querySelectorAll('[data-testid="team-member"]');
    expect([...rows].map((row) => row.getAttribute('data-level'))).toEqual(['2', '2', '2', '2', '2']);
  });

  it('says how to grow a team that is empty', async () => {
    const members = MEMBERS.splice(0);
    try {
      const screen = await renderSignedIn(<ProxyPartnerScreen />, { usdt: '10', trx: '0' });
      expect(text(screen, 'team-members-empty')).toContain('Share your invite link');
    } finally {
      MEMBERS.push(...members);
    }
  });
});
