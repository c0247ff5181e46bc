import type { Player } from '@lobby/contract';
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../state/session';
import { useSettings } from '../../state/settings';
import { answerEachTest, loadTexts, renderScreen, resetApp, type Rendered } from '../../testing/screen';
import AutoBetScreen from './AutoBetScreen';
import { defaultForm, readForm, STOP_LOSS_STAKES, withStake } from './autoBetForm';

const call = vi.fn();
vi.mock('../../api', () => ({ api: { call: (...args: unknown[]) => call(...args) }, endSession: vi.fn() }));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

// The server names auto-bet games in Chinese or English only.
const game = (gameId: number, kind: string, name: string) => ({ gameId, kind, name, areas: ['small', 'big'], levels: [] });

beforeAll(async () => {
  await loadTexts('pt_BR', ['autobet']);
  useSettings.setState({ language: 'pt_BR' });
});

answerEachTest(call, {
  '/v1/auto_bet/game_list': () => [game(1, 'bigSmall', 'Hash Big/Small 3s'), game(53, 'bull', 'Hash Bull 9s')],
  '/v1/auto_bet/player_status': () => ({ isOpen: false, simulate: false, gameId: null, gameLevel: null }),
  '/v1/auto_bet/strategy': () => ({ currentData: null, wakeUpData: null }),
  '/v1/auto_bet/start': () => ({}),
});

describe('/autoBet game list', () => {
  it("names the games in the player's language, as home does", async () => {
    signIn('token', { id: 1 } as unknown as Player);
    const screen = await renderScreen(<AutoBetScreen />);
    const options = [...screen.byTestId('autobet-strategy-game')!.querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toEqual(['Hash Maior-Menor', 'Touro 9 seg']);
  });
});

const select = async (screen: Rendered, id: string, value: string) => {
  const element = screen.byTestId(id) as HTMLSelectElement;
  await act(async () => {
    element.value = value;
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
};
const value = (screen: Rendered, id: string) => (screen.byTestId(id) as HTMLInputElement | HTMLSelectElement).value;
const started = () => call.mock.calls.filter(([spec]) => spec.path === '/v1/auto_bet/start').map(([, body]) => body);

describe('/autoBet strategy editor', () => {
  beforeEach(() => localStorage.clear());

  it('starts safe: a flat stake of 1, every round, simulated, stopped after 5 stakes lost; every field is labelled on screen', async () => {
    signIn('token', { id: 7 } as unknown as Player);
    const screen = await renderScreen(<AutoBetScreen />);
    expect(value(screen, 'autobet-strategy-progression')).toBe('flat');
    expect(value(screen, 'autobet-strategy-amount')).toBe('1');
    expect(value(screen, 'autobet-strategy-stoplose')).toBe(String(STOP_LOSS_STAKES));
    expect(value(screen, 'autobet-strategy-interval')).toBe('1');
    expect((screen.byTestId('autobet-simulate') as HTMLInputElement).checked).toBe(true);
    // Each select has a visible label beside its value, like the text fields.
    for (const select of screen.container.querySelectorAll('select')) {
      const label = select.closest('.field')?.querySelector('.field__label');
      expect(label?.textContent, select.dataset.testid).toBe(select.getAttribute('aria-label'));
    }
    for (const input of screen.container.querySelectorAll('.field input')) expect(screen.container.querySelector(`label[for="${input.id}"]`)).not.toBeNull();
    await screen.click('autobet-strategy-start');
    expect(started()).toEqual([
      expect.objectContaining({
        simulate: true,
        interval: 1,
        stopLoseAmount: '5',
        strategy: expect.objectContaining({ progression: 'flat', details: [{ area: 'small', amount: '1' }] }),
      }),
    ]);
  });

  it('opens with the values the player last used, after a reload, and a second player on the device starts from the safe ones', async () => {
    signIn('token', { id: 7 } as unknown as Player);
    let screen = await renderScreen(<AutoBetScreen />);
    await select(screen, 'autobet-strategy-progression', 'martingale');
    await select(screen, 'autobet-strategy-area', 'big');
    await screen.type('autobet-strategy-amount', '2.5');
    await screen.type('autobet-strategy-stoplose', '20');
    await screen.type('autobet-strategy-interval', '3');
    await screen.click('autobet-simulate');
    screen.unmount();

    screen = await renderScreen(<AutoBetScreen />);
    expect(value(screen, 'autobet-strategy-progression')).toBe('martingale');
    expect(value(screen, 'autobet-strategy-area')).toBe('big');
    expect(value(screen, 'autobet-strategy-amount')).toBe('2.5');
    expect(value(screen, 'autobet-strategy-stoplose')).toBe('20');
    expect(value(screen, 'autobet-strategy-interval')).toBe('3');
    expect((screen.byTestId('autobet-simulate') as HTMLInputElement).checked).toBe(false);

    resetApp();
    signIn('token-2', { id: 8 } as unknown as Player);
    screen = await renderScreen(<AutoBetScreen />);
    expect(value(screen, 'autobet-strategy-progression')).toBe('flat');
    expect(value(screen, 'autobet-strategy-amount')).toBe('1');
    expect((screen.byTestId('autobet-simulate') as HTMLInputElement).checked).toBe(true);
  });

  it('keeps the stops a few stakes away when the stake changes, until the player sets them', () => {
    let form = withStake(defaultForm(1), '20');
    expect([form.stopLose, form.stopWin]).toEqual(['100', '200']);
    form = withStake({ ...form, stopLose: '30' }, '2.5');
    expect([form.stopLose, form.stopWin]).toEqual(['30', '25']);
    expect(withStake(form, '').stopWin).toBe('25');
  });

  it('reads nothing it cannot use from the stored values', () => {
    localStorage.setItem('lobby.autobet.form.9', JSON.stringify({ gameId: 1, progression: 'all-in', stopLose: 5, simulate: 'yes', area: 'moon' }));
    expect(readForm(9)).toMatchObject({ progression: 'flat', stopLose: '5', simulate: true, area: '' });
    localStorage.setItem('lobby.autobet.form.9', '{broken');
    expect(readForm(9)).toBeNull();
  });
});
