import { GameType } from '@lobby/contract';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RebateClaim, RebateSummary } from '../../state/queries/rebate';
import type { VipRebateRate } from '../../state/queries/vip';
import { useUi } from '../../state/ui';
import { answerEachTest, loadTexts, renderScreen, renderSignedIn, type Rendered } from '../../testing/screen';
import RebateInfoScreen from './RebateInfoScreen';
import RebateScreen from './RebateScreen';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

const CLAIM: RebateClaim = {
  id: 7,
  currency: 'USDT',
  amount: '1.234567',
  byGameType: [
    { gameType: GameType.HASH, amount: '1.000000' },
    { gameType: GameType.SLOT, amount: '0.234567' },
  ],
  createdAt: '2026-11-20T10:00:00.000Z',
};

function summaryWith(usdtAccrued: string, claims: RebateClaim[]): RebateSummary {
  return {
    currencies: [
      {
        currency: 'TRX',
        accrued: '0.004',
        claimable: false,
        minClaim: '0.01',
        totalAccrued: '0.004',
        totalClaimed: '0',
        byGameType: [{ gameType: GameType.HASH, accrued: '0.004', totalAccrued: '0.004' }],
      },
      {
        currency: 'USDT',
        accrued: usdtAccrued,
        claimable: usdtAccrued !== '0',
        minClaim: '0.01',
        totalAccrued: '2.469134',
        totalClaimed: claims.length ? '2.469134' : '1.234567',
        byGameType: [
          { gameType: GameType.HASH, accrued: usdtAccrued === '0' ? '0' : '1', totalAccrued: '2' },
          { gameType: GameType.SLOT, accrued: usdtAccrued === '0' ? '0' : '0.234567', totalAccrued: '0.469134' },
        ],
      },
    ],
    lastClaim: claims[0] ?? null,
  };
}

let claims: RebateClaim[] = [];
let summary = summaryWith('1.234567', claims);

const HASH_RATES = ['0.5', '0.55', '0.6'];
const SLOT_RATES = ['0.4', '0.45', '0.5'];
const RATES: VipRebateRate[] = [0, 1, 2].map((vipLevel) => ({
  vipLevel,
  rates: [
    { gameType: GameType.HASH, rate: HASH_RATES[vipLevel] },
    { gameType: GameType.SLOT, rate: SLOT_RATES[vipLevel] },
  ],
}));

beforeAll(async () => {
  await loadTexts('en_US', ['vip', 'trade']);
});

answerEachTest(call, {
  '/v1/rebate/summary': () => summary,
  '/v1/rebate/history': () => ({ list: claims, page: 1, pageSize: 20, total: claims.length }),
  '/v1/rebate/claim': () => {
    claims = [{ ...CLAIM, id: 8 }];
    summary = summaryWith('0', claims);
    return { claim: claims[0], wageringAdded: '1.234567', balances: { usdt: '11.234567', trx: '0' } };
  },
  '/v1/vip/queryVipReturnProfitConf': () => RATES,
  '/v1/vip/queryVipDetail': () => ({ vipLevel: 1 }),
  '/v1/player/balance/get': () => ({ usdt: '10', trx: '0' }),
  '/v1/bonus/terms': () => ({ multipliers: { rebate: 1, referral: 2, vipLevelGift: 3, vipMonthGift: 0, activity: 5 } }),
});

beforeEach(() => {
  claims = [];
  summary = summaryWith('1.234567', claims);
});

const text = (screen: Rendered, id: string) => screen.byTestId(id)?.textContent?.trim();
const claimCalls = () => call.mock.calls.filter(([spec]) => spec.path === '/v1/rebate/claim');

describe('/newFanshui', () => {
  it('shows what has accrued per currency and game type, to the micro-unit', async () => {
    const screen = await renderSignedIn(<RebateScreen />, { usdt: '10', trx: '0' });
    expect(text(screen, 'rebate-accrued-USDT')).toBe('1.234567 USDT');
    expect(text(screen, `rebate-USDT-type-${GameType.SLOT}`)).toBe('Slots0.234567 USDT');
    // USDT comes first whatever order the server lists them in.
    const cards = [...screen.container.querySelectorAll('[data-testid="rebate-USDT"], [data-testid="rebate-TRX"]')];
    expect(cards.map((card) => card.getAttribute('data-testid'))).toEqual(['rebate-USDT', 'rebate-TRX']);
    expect(screen.byTestId('rebate-history-empty')).not.toBeNull();
  });

  it('keeps the claim closed below 0.01 and says so', async () => {
    const screen = await renderSignedIn(<RebateScreen />, { usdt: '10', trx: '0' });
    expect((screen.byTestId('rebate-claim-TRX') as HTMLButtonElement).disabled).toBe(true);
    expect(text(screen, 'rebate-minimum-TRX')).toBe('Claimable from 0.01 TRX');
    expect(screen.byTestId('rebate-minimum-USDT')).toBeNull();
  });

  it('states the multiplier and the amount to wager beside the claim, before it is tapped', async () => {
    const screen = await renderSignedIn(<RebateScreen />, { usdt: '10', trx: '0' });
    expect(text(screen, 'rebate-terms-USDT')).toBe('Wager 1×: \u20661.234567 USDT\u2069 to wager before it becomes cash');
    expect(screen.byTestId('rebate-terms-TRX')).toBeNull();
    expect(claimCalls()).toHaveLength(0);
  });

  it('claims a currency once with a request id, then shows the claim and nothing left to claim', async () => {
    const screen = await renderSignedIn(<RebateScreen />, { usdt: '10', trx: '0' });
    await screen.click('rebate-claim-USDT');
    expect(claimCalls()).toHaveLength(1);
    expect(claimCalls()[0][1]).toMatchObject({ currency: 'USDT', requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,}$/) });
    expect(useUi.getState().toast?.text).toBe('\u20661.234567\u2069 USDT rebate added to your balance');
    expect(text(screen, 'rebate-accrued-USDT')).toBe('0.00 USDT');
    expect((screen.byTestId('rebate-claim-USDT') as HTMLButtonElement).disabled).toBe(true);
    const row = screen.byTestId('rebate-history-row');
    expect(row?.textContent).toContain('Hash · Slots');
    expect(row?.textContent).toContain('1.234567 USDT');
  });

  it('asks a visitor to log in', async () => {
    const screen = await renderScreen(<RebateScreen />);
    expect(screen.byTestId('rebate-visitor')).not.toBeNull();
    expect(call).not.toHaveBeenCalled();
  });
});

describe('/newFanshuiInfo', () => {
  it('lists the rate of every level for the chosen game type, the player’s level marked', async () => {
    const screen = await renderSignedIn(<RebateInfoScreen />, { usdt: '10', trx: '0' });
    const rate = (level: number) => screen.byTestId(`rebate-rate-${level}`)?.querySelector('td')?.textContent;
    expect([0, 1, 2].map(rate)).toEqual(['0.5%', '0.55%', '0.6%']);
    expect(screen.byTestId('rebate-rate-1')?.getAttribute('aria-current')).toBe('true');
    await screen.click(`rebate-rates-type-${GameType.SLOT}`);
    expect([0, 1, 2].map(rate)).toEqual(['0.4%', '0.45%', '0.5%']);
  });
});
