import { ErrorCode, type HomeData, type Player } from '@lobby/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { loadCatalogue } from '../../api/catalogue';
import { LOGIN_PATH } from '../../lib/navigation';
import { visibleCategories } from '../../lib/games';
import { signIn } from '../../state/session';
import { useUi } from '../../state/ui';
import { answerEachTest, loadTexts, renderScreen, renderSignedIn, router, type Rendered } from '../../testing/screen';
import { readThirdGame } from '../Webview/thirdGame';
import { CategoryPage } from './CategoryPage';
import { HomeBlocks } from './HomeBlocks';
import { useEnterGame } from './useEnterGame';
import { DEMO_SLOT, DEMO_SLOT_URL } from '../Webview/demoSlot.fixture';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

const HOME: HomeData = {
  navbar: [{ id: 10, status: 1 }],
  manufacturers: [{ abbr: 'DEMO', name: 'Demo Studio' }],
  imageUrl: null,
  showBadges: false,
  hashGames: [],
  cryptoGames: [],
  fishGames: [],
  liveGames: [],
  pokerGames: [],
  slotGames: [DEMO_SLOT],
  sportGames: [],
};

// What the server says about the player, changed by each test.
let experience = { accountType: 0, isSettlement: false, hasUnsettledOrders: false };
let special = 0;
let enterReply: () => unknown = () => ({ url: DEMO_SLOT_URL });

answerEachTest(call, {
  '/v1/player_mark/experience_gold/info': () => ({ ...experience, grantedAmount: '10', useLimit: '3', withdrawFrom: '100' }),
  '/v1/player_mark/special_invited_account/info': () => ({ accountType: special, markedAt: null }),
  '/v1/thirdGame/enter': () => enterReply(),
});

let catalogue: Awaited<ReturnType<typeof loadCatalogue>>;
let clock = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  await loadTexts('en_US');
  catalogue = await loadCatalogue('en_US');
});
beforeEach(() => {
  experience = { accountType: 0, isSettlement: false, hasUnsettledOrders: false };
  special = 0;
  enterReply = () => ({ url: DEMO_SLOT_URL });
  sessionStorage.clear();
  // The experience state is asked at most every 2 s: each test starts well after the one before.
  vi.useFakeTimers({ toFake: ['Date'] });
  clock += 60_000;
  vi.setSystemTime(clock);
});
afterAll(() => {
  vi.useRealTimers();
});

function Lobby({ view }: { view: 'home' | 'category' }) {
  const enterGame = useEnterGame();
  const categories = visibleCategories(HOME.navbar);
  return view === 'home' ? (
    <HomeBlocks home={HOME} categories={categories} loading={false} language="en_US" onAll={() => {}} onOpen={enterGame} />
  ) : (
    <CategoryPage home={HOME} category={categories[1]} language="en_US" onOpen={enterGame} />
  );
}

const enters = () => call.mock.calls.filter(([spec]) => spec.path === '/v1/thirdGame/enter');
const popup = (testId: string) => useUi.getState().popups.find((p) => p.testId === testId);

async function tapSlot(screen: Rendered): Promise<void> {
  await screen.click(`game-tile-${DEMO_SLOT.id}`);
}

describe('a third-party game tile on Home and its category page', () => {
  it('sends a visitor to log in without opening a session', async () => {
    const screen = await renderScreen(<Lobby view="home" />);
    await tapSlot(screen);
    expect(router.push).toHaveBeenCalledWith(LOGIN_PATH);
    expect(enters()).toHaveLength(0);
  });

  it.each(['home', 'category'] as const)('enters the game from the %s view: stores it with its launch address and opens /webview', async (view) => {
    const screen = await renderSignedIn(<Lobby view={view} />, { usdt: '50', trx: '0' });
    await tapSlot(screen);
    expect(enters()).toHaveLength(1);
    expect(enters()[0][1]).toMatchObject({
      aggregator: 'hub88',
      manufacturer: 'DEMO',
      gameCode: 'demo_lucky_sevens',
      gameType: 10,
      gameId: 41,
      language: 'en_US',
      currency: 'USD',
    });
    expect(readThirdGame()).toEqual({ game: DEMO_SLOT, url: DEMO_SLOT_URL });
    expect(router.push).toHaveBeenCalledWith('/webview');
  });

  it('offers the first deposit on 30007 and opens the recharge screen from the popup', async () => {
    enterReply = () => {
      throw new ApiError('business', 'first recharge', { code: ErrorCode.FIRST_RECHARGE_REQUIRED, handled: false });
    };
    const screen = await renderSignedIn(<Lobby view="home" />, { usdt: '0', trx: '0' });
    await tapSlot(screen);
    const prompt = screen.byTestId('first-recharge-popup')!;
    expect(prompt.textContent).toContain(catalogue.errors[ErrorCode.FIRST_RECHARGE_REQUIRED]);
    expect(screen.byTestId('popup-confirm')!.textContent).toBe('Deposit now');
    await screen.click('popup-confirm');
    expect(router.push).toHaveBeenCalledWith('/trade/Recharge');
    expect(router.push).not.toHaveBeenCalledWith('/webview');
    expect(readThirdGame()).toBeNull();
  });

  it('stays on the lobby when the player declines the deposit', async () => {
    enterReply = () => {
      throw new ApiError('business', 'first recharge', { code: ErrorCode.FIRST_RECHARGE_REQUIRED, handled: false });
    };
    const screen = await renderSignedIn(<Lobby view="home" />, { usdt: '0', trx: '0' });
    await tapSlot(screen);
    await screen.click('popup-cancel');
    expect(router.push).not.toHaveBeenCalled();
  });

  it("shows another refusal's text for its code", async () => {
    enterReply = () => {
      throw new ApiError('business', 'server words', { code: ErrorCode.GAME_NOT_FOUND, handled: false });
    };
    const screen = await renderSignedIn(<Lobby view="home" />, { usdt: '50', trx: '0' });
    await tapSlot(screen);
    expect(useUi.getState().toast?.text).toBe(catalogue.errors[ErrorCode.GAME_NOT_FOUND]);
    expect(router.push).not.toHaveBeenCalled();
  });
});

describe('a special-invite account (type 1) tapping a third-party game', () => {
  beforeEach(() => {
    special = 1;
  });

  it('is asked to confirm that the account becomes a normal one, and cancelling opens nothing', async () => {
    const screen = await renderSignedIn(<Lobby view="home" />, { usdt: '50', trx: '0' });
    await tapSlot(screen);
    const confirm = screen.byTestId('special-invite-confirm')!;
    expect(confirm.textContent).toContain('becomes a normal account for good');
    expect(screen.byTestId('popup-confirm')!.textContent).toBe('Continue');
    expect(screen.byTestId('popup-cancel')!.textContent).toBe('Cancel');
    await screen.click('popup-cancel');
    expect(enters()).toHaveLength(0);
    expect(router.push).not.toHaveBeenCalled();
  });

  it('enters the game once the player continues', async () => {
    const screen = await renderSignedIn(<Lobby view="home" />, { usdt: '50', trx: '0' });
    await tapSlot(screen);
    await screen.click('popup-confirm');
    expect(enters()).toHaveLength(1);
    expect(router.push).toHaveBeenCalledWith('/webview');
  });

  it('opens the special invite rules from the popup without entering', async () => {
    const screen = await renderSignedIn(<Lobby view="home" />, { usdt: '50', trx: '0' });
    await tapSlot(screen);
    expect(screen.byTestId('special-invite-rules-link')!.textContent).toBe('Special invite rules');
    await screen.click('special-invite-rules-link');
    expect(router.push).toHaveBeenCalledWith('/SpecialInviteRule');
    expect(enters()).toHaveLength(0);
    expect(popup('special-invite-confirm')).toBeUndefined();
  });
});

describe('an experience account (type 1, not settled) tapping a third-party game', () => {
  beforeEach(() => {
    experience = { accountType: 1, isSettlement: false, hasUnsettledOrders: false };
  });

  it('is told in a popup that the experience gold is not used up while 3 USDT or more is left', async () => {
    const screen = await renderSignedIn(<Lobby view="home" />, { usdt: '3', trx: '0' });
    await tapSlot(screen);
    expect(screen.byTestId('experience-limit-popup')!.textContent).toContain(catalogue.experience.goldNotUsedUp);
    await screen.click('popup-confirm');
    expect(enters()).toHaveLength(0);
    expect(router.push).not.toHaveBeenCalled();
  });

  it('opens the experience rules from the popup', async () => {
    const screen = await renderSignedIn(<Lobby view="home" />, { usdt: '9.5', trx: '0' });
    await tapSlot(screen);
    expect(screen.byTestId('experience-rules-link')!.textContent).toBe('Experience account rules');
    await screen.click('experience-rules-link');
    expect(router.push).toHaveBeenCalledWith('/userProfile/ExperienceRule');
    expect(enters()).toHaveLength(0);
  });

  it('is told to wait while an order is unsettled', async () => {
    experience.hasUnsettledOrders = true;
    const screen = await renderSignedIn(<Lobby view="home" />, { usdt: '1', trx: '0' });
    await tapSlot(screen);
    expect(screen.byTestId('experience-limit-popup')!.textContent).toContain(catalogue.experience.unsettledOrders);
    expect(enters()).toHaveLength(0);
  });

  it('goes on to the server below 3 USDT with nothing unsettled', async () => {
    const screen = await renderSignedIn(<Lobby view="home" />, { usdt: '2.99', trx: '0' });
    await tapSlot(screen);
    expect(enters()).toHaveLength(1);
  });

  it('is not restricted once the experience is settled', async () => {
    experience = { accountType: 2, isSettlement: true, hasUnsettledOrders: false };
    signIn('token', { id: 1 } as unknown as Player);
    const screen = await renderSignedIn(<Lobby view="home" />, { usdt: '80', trx: '0' });
    await tapSlot(screen);
    expect(enters()).toHaveLength(1);
  });
});
