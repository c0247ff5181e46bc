import { BetStatus, type Player } from '@lobby/contract';
import type { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { isBusy, useRoute } from '../state/busy';
import { autoBetKeys } from '../state/queries/auto-bet';
import { signIn, useSession } from '../state/session';
import { showActivityPopup, showConfirm, useUi, type PopupChoice } from '../state/ui';
import { answerEachTest, loadTexts, renderScreen, settle } from '../testing/screen';
import { BulletinBoard, PopupHost } from './Overlays';

const call = vi.fn();
vi.mock('../api', async () => ({
  ApiError: (await import('../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));

let autoBetOpen = false;
answerEachTest(call, {
  '/v1/auto_bet/player_status': () => ({ isOpen: autoBetOpen, simulate: false, gameId: autoBetOpen ? 1 : null, gameLevel: 0 }),
});

beforeAll(async () => {
  await loadTexts('en_US');
});

let client: QueryClient;

async function renderHost(path = '/home', search = '') {
  autoBetOpen = false;
  useRoute.setState({ pathname: path, search });
  signIn('token', { id: 1 } as unknown as Player);
  return renderScreen(
    <>
      <BulletinBoard />
      <PopupHost />
    </>,
    (c) => {
      client = c;
    },
  );
}

const levelUp = () =>
  showConfirm({ title: 'VIP 1 reached!', message: 'Open the VIP club', confirm: 'Open', cancel: 'Later', testId: 'vip-level-up', notice: true });

async function setAutoBet(open: boolean) {
  autoBetOpen = open;
  await act(async () => client.invalidateQueries({ queryKey: autoBetKeys.status() }));
  await settle();
}

describe('closing a popup', () => {
  it('a single-button reward popup closes with its corner cross, as a dismissal (nothing is claimed)', async () => {
    const view = await renderHost();
    let choice: PopupChoice | undefined;
    act(
      () =>
        void showActivityPopup({ title: 'Reward', message: 'Claim 5 USDT', button: 'Claim', testId: 'activity-popup', notice: true }).then((c) => (choice = c)),
    );
    await settle();
    expect(view.byTestId('activity-popup')).not.toBeNull();
    expect(view.byTestId('popup-close')?.getAttribute('aria-label')).toBe('Close');
    await view.click('popup-close');
    expect(view.byTestId('activity-popup')).toBeNull();
    expect(choice).toBe(false);
  });

  it('a tap on the shade closes it; a tap on the popup itself does not', async () => {
    const view = await renderHost();
    let choice: PopupChoice | undefined;
    act(() => void showConfirm({ message: 'Sure?', confirm: 'Yes', cancel: 'No' }).then((c) => (choice = c)));
    await settle();
    await act(async () => view.byTestId('popup')!.click());
    expect(view.byTestId('popup')).not.toBeNull();
    await view.click('popup-backdrop');
    expect(view.byTestId('popup')).toBeNull();
    expect(choice).toBe(false);
  });

  it('the bulletin board closes with its cross or a tap on the shade', async () => {
    const view = await renderHost();
    act(() => useSession.setState({ bulletin: { id: 1, title: 'News', content: 'Maintenance tonight' } }));
    await settle();
    await view.click('popup-close');
    expect(view.byTestId('bulletin')).toBeNull();
    act(() => useSession.setState({ bulletin: { id: 2, title: 'News', content: 'Again' } }));
    await settle();
    await view.click('popup-backdrop');
    expect(useSession.getState().bulletin).toBeNull();
  });
});

describe('notices while the player is busy', () => {
  it('a level-up during an auto-bet waits behind a bell and shows when the run stops', async () => {
    const view = await renderHost();
    await setAutoBet(true);
    act(() => void levelUp());
    await settle();
    expect(view.byTestId('vip-level-up')).toBeNull();
    expect(view.byTestId('notice-queue')?.dataset.count).toBe('1');
    await setAutoBet(false);
    expect(view.byTestId('vip-level-up')).not.toBeNull();
    expect(view.byTestId('notice-queue')).toBeNull();
  });

  it('a popup the player asked for (a confirmation) is not held back', async () => {
    const view = await renderHost();
    await setAutoBet(true);
    act(() => void showConfirm({ message: 'Stop the auto-bet?', confirm: 'Stop', cancel: 'Keep' }));
    await settle();
    expect(view.byTestId('popup')).not.toBeNull();
  });

  it('the bell shows the held notices at once when the player taps it', async () => {
    const view = await renderHost();
    await setAutoBet(true);
    act(() => void levelUp());
    act(() => useSession.setState({ bulletin: { id: 3, title: 'News', content: 'Tonight' } }));
    await settle();
    expect(view.byTestId('bulletin')).toBeNull();
    expect(view.byTestId('notice-queue')?.dataset.count).toBe('2');
    await view.click('notice-queue');
    expect(view.byTestId('vip-level-up')).not.toBeNull();
  });

  it('on a hash game a notice waits while a bet is unsettled, and shows once it is settled', async () => {
    const view = await renderHost('/hashGame', '?gameId=1');
    act(() => client.setQueryData(['player', 'hashGame', 'myBets', 1], [{ id: 9, status: BetStatus.UNSETTLED }]));
    act(() => void levelUp());
    await settle();
    expect(view.byTestId('vip-level-up')).toBeNull();
    expect(view.byTestId('notice-queue')).not.toBeNull();
    act(() => client.setQueryData(['player', 'hashGame', 'myBets', 1], [{ id: 9, status: BetStatus.SETTLED_WIN }]));
    await settle();
    expect(view.byTestId('vip-level-up')).not.toBeNull();
    act(() => useUi.getState().popups.at(-1)?.resolve(false));
  });
});

describe('when the player counts as busy', () => {
  const route = (pathname: string, search = '') => ({ pathname, search });
  it('inside a third-party game, during an auto-bet anywhere, and on a hash game with an open bet', () => {
    expect(isBusy(route('/webview', '?id=3'), false, () => false)).toBe(true);
    expect(isBusy(route('/home'), true, () => false)).toBe(true);
    expect(isBusy(route('/hashGame', '?gameId=101'), false, (id) => id === 101)).toBe(true);
  });
  it('not in the lobby, the wallet, or on a hash game without an open bet', () => {
    expect(isBusy(route('/home'), false, () => true)).toBe(false);
    expect(isBusy(route('/trade/Recharge'), false, () => true)).toBe(false);
    expect(isBusy(route('/hashGame', '?gameId=101'), false, () => false)).toBe(false);
  });
});
