import type { Player } from '@lobby/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProtectionState } from '../../state/queries/protection';
import { signIn } from '../../state/session';
import { useUi } from '../../state/ui';
import { answerEachTest, loadTexts, renderScreen, settle } from '../../testing/screen';
import { LimitOffer } from './LimitOffer';
import ResponsibleGamingScreen from './ResponsibleGamingScreen';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

const HOUR = 3_600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

let state: ProtectionState;
const base = (): ProtectionState => ({
  limits: [],
  realityCheckMinutes: 60,
  pause: null,
  held: [],
  limitOfferAnswered: { registration: false, firstDeposit: false },
});

beforeAll(async () => {
  await loadTexts('en_US', ['protection']);
});

answerEachTest(call, {
  '/v1/player/protection/get': () => state,
  '/v1/player/protection/limit_confirm': () => {
    state = { ...state, limits: state.limits.map((l) => ({ ...l, amount: l.pending?.amount ?? l.amount, pending: null })) };
    return state;
  },
  '/v1/player/protection/return_request': () => {
    state = { ...state, pause: state.pause && { ...state.pause, returnRequestedAt: iso(0), endsAt: iso(7 * 24 * HOUR) } };
    return state;
  },
  '/v1/player/protection/held_return': () => {
    state = { ...state, held: [] };
    return state;
  },
  '/v1/player/protection/offer_answer': (body: { moment: 'registration' | 'firstDeposit' }) => {
    state = { ...state, limitOfferAnswered: { ...state.limitOfferAnswered, [body.moment]: true } };
    return state;
  },
});

const sent = (path: string) => call.mock.calls.filter(([spec]) => spec.path === path).map(([, body]) => body);

async function page() {
  signIn('token', { id: 1 } as unknown as Player);
  return renderScreen(<ResponsibleGamingScreen />);
}

describe('the responsible-gaming page', () => {
  it('offers Confirm on a raise only once its cooling-off has passed, and shows the raised limit after', async () => {
    state = {
      ...base(),
      limits: [
        { kind: 'deposit', period: 'day', amount: '100', used: '40', resetsAt: iso(5 * HOUR), pending: { amount: '300', readyAt: iso(-60_000) } },
        { kind: 'deposit', period: 'week', amount: '500', used: '0', resetsAt: iso(50 * HOUR), pending: { amount: null, readyAt: iso(20 * HOUR) } },
      ],
    };
    const screen = await page();
    expect(screen.byTestId('rg-limit-amount-deposit-day')?.textContent).toBe('100.00 USDT');
    expect(screen.byTestId('rg-limit-used-deposit-day')?.textContent).toMatch(/^Used \u206640\.00\u2069 of \u2066100\.00 USDT\u2069Resets /);
    expect(screen.byTestId('rg-limit-pending-deposit-day')?.textContent).toMatch(/^Raise to \u2066300\.00 USDT\u2069 ready to confirm/);
    // The removal asked a while ago still waits: no Confirm, its time said.
    expect(screen.byTestId('rg-limit-pending-deposit-week')?.textContent).toMatch(/^Removal pending until /);
    expect(screen.byTestId('rg-limit-confirm-deposit-week')).toBeNull();
    expect(screen.byTestId('rg-limit-cancel-deposit-week')).not.toBeNull();

    await screen.click('rg-limit-confirm-deposit-day');
    expect(sent('/v1/player/protection/limit_confirm')).toEqual([{ kind: 'deposit', period: 'day' }]);
    expect(screen.byTestId('rg-limit-amount-deposit-day')?.textContent).toBe('300.00 USDT');
    expect(screen.byTestId('rg-limit-pending-deposit-day')).toBeNull();
  });

  it('shows a self-exclusion whose period is over with the way back, and the cooling-off once asked', async () => {
    state = { ...base(), pause: { kind: 'self_exclusion', since: iso(-200 * 24 * HOUR), until: iso(-HOUR), returnRequestedAt: null, endsAt: null } };
    const screen = await page();
    expect(screen.byTestId('rg-pause')?.getAttribute('data-kind')).toBe('self_exclusion');
    // No new time-out or self-exclusion while one runs.
    expect(screen.byTestId('rg-timeout')).toBeNull();
    expect(screen.byTestId('rg-exclusion')).toBeNull();
    await screen.click('rg-pause-ask');
    expect(useUi.getState().popups.at(-1)?.testId).toBe('rg-return-confirm');
    useUi.getState().popups.at(-1)?.resolve(true);
    await settle();
    expect(sent('/v1/player/protection/return_request')).toEqual([{}]);
    expect(screen.byTestId('rg-pause-asked')?.textContent).toMatch(/^You asked to come back\. Your account opens on /);
    expect(screen.byTestId('rg-pause-ask')).toBeNull();
  });

  it('does not offer the way back before an indefinite self-exclusion has run 6 months', async () => {
    state = { ...base(), pause: { kind: 'self_exclusion', since: iso(-30 * 24 * HOUR), until: null, returnRequestedAt: null, endsAt: null } };
    const screen = await page();
    expect(screen.byTestId('rg-pause-until')?.textContent).toBe('Self-excluded indefinitely');
    expect(screen.byTestId('rg-pause-ask')).toBeNull();
  });

  it('sends a held deposit back with a request id, after asking', async () => {
    state = { ...base(), held: [{ currency: 'USDT', amount: '25.5' }] };
    const screen = await page();
    expect(screen.byTestId('rg-held-USDT')?.textContent).toContain('25.50 USDT');
    await screen.click('rg-held-send-USDT');
    useUi.getState().popups.at(-1)?.resolve(true);
    await settle();
    const [body] = sent('/v1/player/protection/held_return') as { currency: string; requestId: string }[];
    expect(body?.currency).toBe('USDT');
    expect(body?.requestId).toMatch(/\S{8,}/);
    expect(screen.byTestId('rg-held')).toBeNull();
  });
});

describe('the limit offer', () => {
  it('is answered by "not now" and then not shown again', async () => {
    state = base();
    signIn('token', { id: 1 } as unknown as Player);
    const screen = await renderScreen(<LimitOffer moment="firstDeposit" />);
    expect(screen.byTestId('limit-offer-firstDeposit')).not.toBeNull();
    await screen.click('limit-offer-skip');
    expect(sent('/v1/player/protection/offer_answer')).toEqual([{ moment: 'firstDeposit' }]);
    expect(screen.byTestId('limit-offer-firstDeposit')).toBeNull();
  });

  it('is not shown once answered', async () => {
    state = { ...base(), limitOfferAnswered: { registration: true, firstDeposit: false } };
    signIn('token', { id: 1 } as unknown as Player);
    const screen = await renderScreen(<LimitOffer moment="registration" />);
    expect(screen.byTestId('limit-offer-registration')).toBeNull();
  });
});
