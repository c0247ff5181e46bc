import { beforeAll, describe, expect, it, vi } from 'vitest';
import { answerEachTest, loadTexts, renderSignedIn, type Rendered } from '../../testing/screen';
import { HomeHeader } from '../Home/HomeHeader';
import WalletScreen from './WalletScreen';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

// 1,100 USDT: 1,000 of cash and a 100 bonus with 750 of 1,000 still to wager; TRX all cash.
const HELD = { usdt: '1100', trx: '30', cash: { usdt: '1000', trx: '30' }, bonus: { usdt: '100', trx: '0' } };

answerEachTest(call, {
  '/v1/player/balance/get': () => HELD,
  '/v1/player/balance/sync_and_get': () => [{ wallet: 'main', name: 'Lobby', usdtBalance: '1100', trxBalance: '30' }],
  '/v1/bank/currency_exchange/config': () => ({ enabled: false, pairs: [], quotedAt: new Date().toISOString() }),
  '/v1/bonus/wagering': () => [
    { currency: 'USDT', outstanding: '750', required: '1000', wagered: '250', cash: '1000', bonus: '100', experience: false, guardsCash: false },
    { currency: 'TRX', outstanding: '0', required: '0', wagered: '0', cash: '30', bonus: '0', experience: false, guardsCash: false },
  ],
});

beforeAll(async () => {
  await loadTexts('en_US', ['trade', 'bonus']);
});

const text = (screen: Rendered, id: string) => screen.byTestId(id)?.textContent?.trim();

describe('/walletShow with a bonus', () => {
  it('shows each balance with its cash and bonus apart, and the bonus locked with its wagering and forfeit', async () => {
    const screen = await renderSignedIn(<WalletScreen />, HELD);
    expect(text(screen, 'wallet-balance-usdt')).toBe('1,100.00');
    expect(text(screen, 'wallet-split-usdt')).toBe('Cash 1,000.00Bonus 100.00');
    // All cash: no split to show.
    expect(screen.byTestId('wallet-split-trx')).toBeNull();
    expect(text(screen, 'wallet-bonus-usdt-cash')).toBe('1,000.00 USDT');
    expect(text(screen, 'wallet-bonus-usdt-bonus')).toBe('100.00 USDT');
    expect(text(screen, 'wallet-bonus-usdt-wagered')).toBe('250.00 / 1,000.00 USDT');
    expect(screen.byTestId('wallet-bonus-usdt-forfeit')).not.toBeNull();
    expect(screen.byTestId('wallet-bonus-trx')).toBeNull();
  });
});

describe('the lobby header’s balance chip', () => {
  it('shows what may be staked, with the bonus inside it named underneath', async () => {
    const screen = await renderSignedIn(<HomeHeader />, HELD);
    const chip = screen.byTestId('home-balance')!;
    expect(chip.textContent).toContain('1,100.00');
    expect(text(screen, 'home-balance-bonus')).toBe('100.00');
    expect(chip.getAttribute('aria-label')).toBe('1,100.00 USDT, of which 100.00 bonus');
  });

  it('shows the total alone when it is all cash', async () => {
    const screen = await renderSignedIn(<HomeHeader />, { usdt: '5', trx: '0' });
    expect(screen.byTestId('home-balance')!.textContent).toContain('5.00');
    expect(screen.byTestId('home-balance-bonus')).toBeNull();
    expect(screen.byTestId('home-balance')!.getAttribute('aria-label')).toBeNull();
  });
});
