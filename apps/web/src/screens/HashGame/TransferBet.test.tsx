import type { Player } from '@lobby/contract';
import { act } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PopupHost } from '../../components/Overlays';
import { i18n } from '../../i18n';
import { signIn } from '../../state/session';
import { answerEachTest, loadTexts, renderScreen, settle } from '../../testing/screen';
import { hashGameOf } from './hashDisplay';
import { bindingState, TransferBet } from './TransferBet';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

const WALLET = 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9';
const DEPOSIT = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

type Binding = Parameters<typeof bindingState>[0];

const waiting = (): Binding => ({
  id: 4,
  address: WALLET,
  status: 0,
  activation: { toAddress: DEPOSIT, amount: '1', currency: 'TRX', expiresAt: inAnHour() },
  createdAt: new Date().toISOString(),
  activatedAt: null,
});
const inUse = (): Binding => ({ ...waiting(), status: 1, activation: null, activatedAt: new Date().toISOString() });

let bindings: unknown[] = [];
answerEachTest(call, {
  '/v1/player/bet_address/list': () => bindings,
  '/v1/player/bet_address/unbind': () => (bindings = [{ ...inUse(), status: 2 }]),
  '/v1/player/balance/get': () => ({ usdt: '0', trx: '0' }),
});

beforeAll(async () => {
  await loadTexts('en_US', ['hash']);
});

async function render() {
  signIn('token', { id: 1 } as unknown as Player);
  const t = i18n.getFixedT(null, 'hash');
  return renderScreen(
    <>
      <TransferBet t={t} game={undefined} catalogue={hashGameOf(1)!} />
      <PopupHost />
    </>,
  );
}

const text = (view: Awaited<ReturnType<typeof render>>, id: string) => view.byTestId(id)?.textContent ?? '';

describe('the bound wallet on the transfer-bet page', () => {
  it('shows the address in use, its state and how to unbind as soon as the page opens (after a reload too)', async () => {
    bindings = [inUse()];
    const view = await render();
    expect(view.byTestId('transfer-bind')?.dataset.bound).toBe('true');
    expect(view.byTestId('transfer-binding')?.dataset.state).toBe('inUse');
    expect(text(view, 'transfer-binding-address')).toBe(WALLET);
    expect(text(view, 'transfer-binding-state')).toBe('In use');
    expect(text(view, 'transfer-binding')).toContain('To use another wallet, unbind this one first.');
    expect(text(view, 'transfer-binding')).not.toContain('To finish, send');
    // No second binding may be started while one is in use.
    expect(view.byTestId('transfer-bind-link')).toBeNull();
    expect(view.byTestId('transfer-bind-address')).toBeNull();
  });

  it('unbinds after the player confirms, and then offers to bind an address again', async () => {
    bindings = [inUse()];
    const view = await render();
    await view.click('transfer-unbind');
    expect(text(view, 'transfer-unbind-confirm')).toContain('Transfers from it will no longer count as your bets.');
    await view.click('popup-confirm');
    expect(call.mock.calls.some(([spec, body]) => spec.path === '/v1/player/bet_address/unbind' && body.id === 4)).toBe(true);
    expect(view.byTestId('transfer-binding')).toBeNull();
    expect(view.byTestId('transfer-bind-link')).not.toBeNull();
  });

  it('waits for the activation transfer with what to send where, and turns to "In use" by itself once the server says so', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      bindings = [waiting()];
      const view = await render();
      expect(view.byTestId('transfer-binding')?.dataset.state).toBe('waiting');
      expect(text(view, 'transfer-binding')).toContain('To finish, send at least 1.00 TRX from this address');
      expect(text(view, 'transfer-binding-to')).toBe(DEPOSIT);
      bindings = [inUse()];
      await act(async () => vi.advanceTimersByTime(5_000));
      await settle();
      expect(view.byTestId('transfer-binding')?.dataset.state).toBe('inUse');
      expect(text(view, 'transfer-binding')).not.toContain('To finish, send');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a binding’s state', () => {
  it('is waiting inside its window, expired after it, in use or unbound as the server says', () => {
    const expired = waiting();
    expired.activation = { ...expired.activation!, expiresAt: new Date(Date.now() - 1).toISOString() };
    expect(bindingState(waiting())).toBe('waiting');
    expect(bindingState(expired)).toBe('expired');
    expect(bindingState(inUse())).toBe('inUse');
    expect(bindingState({ ...inUse(), status: 2 })).toBe('unbound');
  });
});
