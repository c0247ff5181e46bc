import { GiftStatus } from '@lobby/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useUi } from '../../state/ui';
import { answerEachTest, loadTexts, renderScreen, renderSignedIn, type Rendered } from '../../testing/screen';
import type { VipDetail, VipLevelConf } from '../../state/queries/vip';
import VipDetailsScreen from './VipDetailsScreen';
import VipScreen from './VipScreen';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

const THRESHOLDS = ['0', '1000', '5000', '20000', '50000'];
const UP_GIFTS = ['0', '1', '5', '18', '38'];
const MONTH_GIFTS = ['0', '0', '3', '8', '18'];
const LEVELS: VipLevelConf[] = THRESHOLDS.map((requiredBet, vipLevel) => ({
  vipLevel,
  name: `VIP ${vipLevel}`,
  requiredBet,
  requiredDeposit: '0',
  upLevelGift: UP_GIFTS[vipLevel],
  monthGift: MONTH_GIFTS[vipLevel],
  giftCurrency: 'USDT',
  dailyWithdrawCount: 5,
}));

/** A player at VIP 2 who skipped level 1's gift and has 6,250.5 USDT of valid bets. */
function detailAt(overrides: Partial<VipDetail> = {}): VipDetail {
  return {
    vipLevel: 2,
    nextLevel: 3,
    totalBet: '6250.5',
    totalDeposit: '0',
    nextRequiredBet: '20000',
    nextRequiredDeposit: null,
    upLevelGifts: [1, 2, 3, 4].map((vipLevel) => ({
      vipLevel,
      amount: UP_GIFTS[vipLevel],
      currency: 'USDT' as const,
      status: vipLevel === 1 ? GiftStatus.CLAIMABLE : vipLevel === 2 ? GiftStatus.CLAIMED : GiftStatus.LOCKED,
    })),
    monthGift: { amount: '3', currency: 'USDT', status: GiftStatus.LOCKED, nextClaimableAt: null },
    ...overrides,
  };
}

let detail = detailAt();

beforeAll(async () => {
  await loadTexts('en_US', ['vip', 'trade']);
});

answerEachTest(call, {
  '/v1/vip/queryVipDetail': () => detail,
  '/v1/vip/queryVipUpLevelConf': () => LEVELS,
  '/v1/vip/getVipUpLevelGift': () => {
    detail = detailAt({ upLevelGifts: detailAt().upLevelGifts.map((g) => (g.vipLevel === 1 ? { ...g, status: GiftStatus.CLAIMED } : g)) });
    return { amount: '1', currency: 'USDT', balances: { usdt: '11', trx: '0' } };
  },
  '/v1/player/balance/get': () => ({ usdt: '11', trx: '0' }),
  '/v1/bonus/terms': () => ({ multipliers: { rebate: 1, referral: 2, vipLevelGift: 3, vipMonthGift: 0, activity: 5 } }),
});

const text = (screen: Rendered, id: string) => screen.byTestId(id)?.textContent?.trim();
const claims = () => call.mock.calls.filter(([spec]) => spec.path === '/v1/vip/getVipUpLevelGift');

describe('/vip', () => {
  it('shows the level, the valid bets towards the next level and what is left, exactly', async () => {
    detail = detailAt();
    const screen = await renderSignedIn(<VipScreen />, { usdt: '10', trx: '0' });
    expect(text(screen, 'vip-level-badge')).toBe('VIP 2');
    // The server names levels "VIP n", as the badge does: the space says how far the next one is.
    expect(text(screen, 'vip-level-name')).toBe('31.2% of the way to VIP 3');
    expect(text(screen, 'vip-xp')).toBe('6,250.50 USDT / 20,000.00 USDT');
    // 6,250.5 of 20,000 is 312.525 ‰: the bar shows 31.2 %, never rounded up.
    expect(screen.byTestId('vip-xp-bar')?.dataset.value).toBe('312');
    expect(text(screen, 'vip-next')).toBe('\u206613,749.50\u2069 USDT more in valid bets to reach VIP 3');
  });

  it('offers a skipped level’s gift, and claims it once with a request id', async () => {
    detail = detailAt();
    const screen = await renderSignedIn(<VipScreen />, { usdt: '10', trx: '0' });
    expect(screen.byTestId('vip-gift-1')?.dataset.status).toBe(String(GiftStatus.CLAIMABLE));
    expect(text(screen, 'vip-gift-claim-2-status')).toBe('Claimed');
    expect(text(screen, 'vip-gift-claim-3-status')).toBe('Locked');
    await screen.click('vip-gift-claim-1');
    expect(claims()).toHaveLength(1);
    const [, body] = claims()[0];
    expect(body).toMatchObject({ vipLevel: 1, requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,}$/) });
    expect(useUi.getState().toast?.text).toBe('\u20661.00\u2069 USDT added to your balance');
    // The detail is read again: the gift now shows as claimed and cannot be claimed twice.
    expect(screen.byTestId('vip-gift-claim-1')).toBeNull();
    expect(text(screen, 'vip-gift-claim-1-status')).toBe('Claimed');
  });

  it('states what each gift asks to wager before its claim button is tapped: level-up gifts 3×, the monthly gift paid as cash', async () => {
    detail = detailAt({ monthGift: { amount: '3', currency: 'USDT', status: GiftStatus.CLAIMABLE, nextClaimableAt: null } });
    const screen = await renderSignedIn(<VipScreen />, { usdt: '10', trx: '0' });
    expect(text(screen, 'vip-gift-terms-1')).toBe('Wager 3×: \u20663.00 USDT\u2069 to wager before it becomes cash');
    // Only gifts that can be claimed say it.
    expect(screen.byTestId('vip-gift-terms-2')).toBeNull();
    expect(text(screen, 'vip-month-terms')).toBe('Paid as cash');
    expect(claims()).toHaveLength(0);
  });

  it('says when the next monthly gift comes once this month’s is claimed', async () => {
    detail = detailAt({ monthGift: { amount: '3', currency: 'USDT', status: GiftStatus.CLAIMED, nextClaimableAt: '2026-12-01T00:00:00+08:00' } });
    const screen = await renderSignedIn(<VipScreen />, { usdt: '10', trx: '0' });
    expect(text(screen, 'vip-month-claim-status')).toBe('Claimed');
    expect(text(screen, 'vip-month-next')).toMatch(/^Next monthly gift from /);
  });

  it('says the highest level is reached with a full bar', async () => {
    detail = detailAt({ vipLevel: 10, nextLevel: null, nextRequiredBet: null, totalBet: '6000000' });
    const screen = await renderSignedIn(<VipScreen />, { usdt: '10', trx: '0' });
    expect(text(screen, 'vip-next')).toBe('You have reached the highest level');
    expect(screen.byTestId('vip-xp-bar')?.dataset.value).toBe('1000');
  });

  it('asks a visitor to log in and still leads to the ladder', async () => {
    const screen = await renderScreen(<VipScreen />);
    expect(screen.byTestId('vip-visitor')).not.toBeNull();
    expect(screen.byTestId('vip-details-link')).not.toBeNull();
    expect(call.mock.calls.some(([spec]) => spec.path === '/v1/vip/queryVipDetail')).toBe(false);
  });
});

describe('/vip/vipDetails', () => {
  it('lists every level with its valid bets and gifts, the player’s own level marked', async () => {
    detail = detailAt();
    const screen = await renderSignedIn(<VipDetailsScreen />, { usdt: '10', trx: '0' });
    const row = (level: number) => [...(screen.byTestId(`vip-ladder-${level}`)?.querySelectorAll('th, td') ?? [])].map((c) => c.textContent);
    expect(row(0)).toEqual(['VIP 0', '0', '–', '–']);
    expect(row(3)).toEqual(['VIP 3', '20,000', '18', '8']);
    expect(screen.byTestId('vip-ladder-2')?.getAttribute('aria-current')).toBe('true');
    expect(screen.byTestId('vip-ladder-3')?.getAttribute('aria-current')).toBeNull();
  });
});
