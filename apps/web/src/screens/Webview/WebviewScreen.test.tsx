import { act } from 'react';
import { Link } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBalances, type BalancesIn } from '../../state/queries/balances';
import { answerEachTest, loadTexts, renderScreen, renderSignedIn, router, settle, type Rendered } from '../../testing/screen';
import { readThirdGame, storeThirdGame } from './thirdGame';
import WebviewScreen, { GAME_LOAD_TIMEOUT_MS } from './WebviewScreen';
import { DEMO_SLOT, DEMO_SLOT_URL } from './demoSlot.fixture';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

/** The balances after the last win, as the server answers the exit. */
const AFTER_GAME = { usdt: '57.25', trx: '3' };

answerEachTest(call, {
  '/v1/thirdGame/exit': () => ({ balances: AFTER_GAME }),
  '/v1/player/balance/get': () => ({ usdt: '50', trx: '3' }),
});

beforeAll(async () => {
  await loadTexts('en_US', ['bonus']);
});
beforeEach(async () => {
  // The game of the test before closes its session a moment after its page went away: not this test's.
  await new Promise((resolve) => setTimeout(resolve, 0));
  call.mockClear();
  sessionStorage.clear();
  router.back.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The lobby's balance as any screen reads it, beside the game. */
function LobbyBalance() {
  const { data } = useBalances();
  return <span data-testid="lobby-usdt">{data?.usdt}</span>;
}

const exits = () => call.mock.calls.filter(([spec]) => spec.path === '/v1/thirdGame/exit');

async function openGame(extra?: React.ReactNode, held: BalancesIn = { usdt: '50', trx: '3' }): Promise<Rendered> {
  storeThirdGame({ game: DEMO_SLOT, url: DEMO_SLOT_URL });
  return renderSignedIn(
    <>
      <WebviewScreen />
      <LobbyBalance />
      {extra}
    </>,
    held,
  );
}

describe('/webview with a game entered from the lobby', () => {
  it('shows the game full screen in a sandboxed frame of its own origin, under its name', async () => {
    const screen = await openGame();
    expect(screen.byTestId('screen-title')!.textContent).toBe('Lucky Sevens');
    const frame = screen.byTestId('webview-frame') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(DEMO_SLOT_URL);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(frame.getAttribute('allow')).toBe('autoplay http://127.0.0.1:8091; fullscreen http://127.0.0.1:8091');
    expect(screen.byTestId('webview-back')!.querySelector('.flip-rtl')).not.toBeNull();
  });

  it('says the game is loading until its page has loaded', async () => {
    const screen = await openGame();
    expect(screen.byTestId('webview-loading')!.querySelector('p')!.textContent).toBe('Opening the game…');
    await act(async () => screen.byTestId('webview-frame')!.dispatchEvent(new Event('load')));
    expect(screen.byTestId('webview-loading')).toBeNull();
  });

  it('tells while the game opens what it will see of the wallet: cash and bonus together', async () => {
    const screen = await openGame(undefined, { usdt: '50', trx: '0', cash: { usdt: '40', trx: '0' }, bonus: { usdt: '10', trx: '0' } });
    await vi.waitFor(() => expect(screen.byTestId('webview-balance')).not.toBeNull());
    expect(screen.byTestId('webview-balance')!.textContent).toBe('The game sees \u206650.00 USDT\u2069 (\u206640.00\u2069 cash + \u206610.00\u2069 bonus)');
  });

  it('closes the session on the back button and puts the balances after the last win into the lobby', async () => {
    const screen = await openGame();
    expect(screen.byTestId('lobby-usdt')!.textContent).toBe('50');
    await screen.click('webview-back');
    expect(exits()).toHaveLength(1);
    expect(exits()[0][1]).toEqual({ gameId: 41 });
    expect(screen.byTestId('lobby-usdt')!.textContent).toBe('57.25');
    expect(router.push).toHaveBeenCalledWith('/home', 'back', 'replace');
    expect(readThirdGame()).toBeNull();
  });

  it('closes the session once when the route changes another way, and stops showing the game', async () => {
    const screen = await openGame(
      <Link to="/walletShow" data-testid="elsewhere">
        wallet
      </Link>,
    );
    await screen.click('elsewhere');
    expect(exits()).toHaveLength(1);
    expect(screen.byTestId('lobby-usdt')!.textContent).toBe('57.25');
    expect(screen.byTestId('webview-frame')).toBeNull();
    screen.unmount();
    await settle();
    expect(exits()).toHaveLength(1);
  });

  it('closes the session when the page goes away', async () => {
    const screen = await openGame();
    screen.unmount();
    await settle();
    expect(exits()).toHaveLength(1);
    expect(readThirdGame()).toBeNull();
  });

  it("leaves when the game's own frame asks for the lobby, and ignores the same message from elsewhere", async () => {
    const screen = await openGame();
    const frame = screen.byTestId('webview-frame') as HTMLIFrameElement;
    const message = (origin: string, source: Window | null) =>
      act(async () => window.dispatchEvent(new MessageEvent('message', { data: { source: 'demo-aggregator', type: 'lobby' }, origin, source })));
    await message('http://evil.example', frame.contentWindow);
    await message('http://127.0.0.1:8091', window);
    await settle();
    expect(exits()).toHaveLength(0);
    await message('http://127.0.0.1:8091', frame.contentWindow);
    await settle();
    expect(exits()).toHaveLength(1);
    expect(router.push).toHaveBeenCalledWith('/home', 'back', 'replace');
  });

  it('leaves when the game followed its lobby URL inside the frame, whose page of the app asks for the lobby', async () => {
    const screen = await openGame();
    const frame = screen.byTestId('webview-frame') as HTMLIFrameElement;
    await act(async () =>
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'lobby' }, origin: window.location.origin, source: frame.contentWindow })),
    );
    await settle();
    expect(exits()).toHaveLength(1);
    expect(router.push).toHaveBeenCalledWith('/home', 'back', 'replace');
  });

  it('takes the whole screen on request, the bar giving way to one button that brings it back', async () => {
    const screen = await openGame();
    expect(screen.byTestId('webview-unfull')).toBeNull();
    await screen.click('webview-full');
    expect(screen.byTestId('screen-webview')!.className).toContain('webview--full');
    await screen.click('webview-unfull');
    expect(screen.byTestId('screen-webview')!.className).not.toContain('webview--full');
    expect(exits()).toHaveLength(0);
  });

  it('asks the lobby balances again when the game says its balance moved', async () => {
    const screen = await openGame();
    const frame = screen.byTestId('webview-frame') as HTMLIFrameElement;
    call.mockImplementation((spec: { path: string }) => Promise.resolve(spec.path === '/v1/player/balance/get' ? { usdt: '48.5', trx: '3' } : null));
    await act(async () =>
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'balance', balance: 4_850_000 }, origin: 'http://127.0.0.1:8091', source: frame.contentWindow }),
      ),
    );
    await settle();
    expect(screen.byTestId('lobby-usdt')!.textContent).toBe('48.5');
  });

  it('asks the balances again when the exit answer is lost', async () => {
    const screen = await openGame();
    call.mockImplementation((spec: { path: string }) =>
      spec.path === '/v1/thirdGame/exit' ? Promise.reject(new Error('network')) : Promise.resolve({ usdt: '61', trx: '3' }),
    );
    await screen.click('webview-back');
    expect(screen.byTestId('lobby-usdt')!.textContent).toBe('61');
  });
});

describe('/webview when the game cannot be shown', () => {
  it('says so when the game has not loaded in time, and tries again on request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const screen = await openGame();
    await act(async () => {
      vi.advanceTimersByTime(GAME_LOAD_TIMEOUT_MS + 1);
    });
    expect(screen.byTestId('webview-failed')!.textContent).toContain('The game could not load');
    expect(screen.byTestId('webview-frame')).toBeNull();
    await screen.click('webview-retry');
    expect(screen.byTestId('webview-frame')).not.toBeNull();
    expect(screen.byTestId('webview-loading')).not.toBeNull();
  });

  it('says so when the device goes offline while the game loads', async () => {
    const screen = await openGame();
    await act(async () => window.dispatchEvent(new Event('offline')));
    expect(screen.byTestId('webview-failed')).not.toBeNull();
  });

  it('never frames a launch address that is not a web address', async () => {
    storeThirdGame({ game: DEMO_SLOT, url: 'javascript:alert(1)' });
    const screen = await renderSignedIn(<WebviewScreen />, { usdt: '50', trx: '3' });
    expect(screen.byTestId('webview-frame')).toBeNull();
    expect(screen.byTestId('webview-failed')).not.toBeNull();
    expect(screen.byTestId('webview-retry')).toBeNull();
  });

  it('after a reload without a stored game, says there is none and leads back to Home', async () => {
    const screen = await renderScreen(<WebviewScreen />);
    expect(screen.byTestId('webview-no-game')!.textContent).toContain('No game open');
    expect(screen.byTestId('webview-frame')).toBeNull();
    await screen.click('webview-home');
    expect(router.push).toHaveBeenCalledWith('/home', 'root', 'replace');
    expect(exits()).toHaveLength(0);
  });
});
