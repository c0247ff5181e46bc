import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { WageringState } from '../../state/queries/bonus';
import { answerEachTest, loadTexts, renderSignedIn, type Rendered } from '../../testing/screen';
import { BonusPanel } from './BonusPanel';
import { GameBalance, SplitLine } from './SplitLine';
import { WagerTerms } from './WagerTerms';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

const LTR = (text: string) => `\u2066${text}\u2069`;

// 900 USDT of cash and a 100 USDT bonus of which 250 of 1,000 is wagered.
const WITH_BONUS = { usdt: '1000', trx: '50', cash: { usdt: '900', trx: '50' }, bonus: { usdt: '100', trx: '0' } };
const AFTER_FORFEIT = { usdt: '900', trx: '50', cash: { usdt: '900', trx: '50' }, bonus: { usdt: '0', trx: '0' } };
const state = (over: Partial<WageringState> & Pick<WageringState, 'currency'>): WageringState => ({
  outstanding: '0',
  required: '0',
  wagered: '0',
  cash: '0',
  bonus: '0',
  experience: false,
  guardsCash: false,
  ...over,
});
let wagering: WageringState[] = [];
let balances: object = WITH_BONUS;

beforeAll(async () => {
  await loadTexts('en_US', ['bonus']);
});

answerEachTest(call, {
  '/v1/bonus/wagering': () => wagering,
  '/v1/player/balance/get': () => balances,
  '/v1/bonus/forfeit': () => {
    balances = AFTER_FORFEIT;
    wagering = [state({ currency: 'USDT', cash: '900' })];
    return { forfeit: { currency: 'USDT', amount: '100', outstanding: '750', createdAt: '2026-11-27T10:00:00.000Z' }, balances: AFTER_FORFEIT };
  },
  '/v1/bonus/terms': () => ({ multipliers: { rebate: 1, referral: 1, vipLevelGift: 1, vipMonthGift: 0, activity: 5 } }),
});

const text = (screen: Rendered, id: string) => screen.byTestId(id)?.textContent?.trim();
const forfeits = () => call.mock.calls.filter(([spec]) => spec.path === '/v1/bonus/forfeit');

async function openPanel(held: object = WITH_BONUS): Promise<Rendered> {
  balances = held;
  return renderSignedIn(<BonusPanel currency="USDT" />, held as typeof WITH_BONUS);
}

describe('cash and bonus apart', () => {
  it('shows the cash as available and the bonus as locked, with the wagering done, required and left', async () => {
    wagering = [state({ currency: 'USDT', outstanding: '750', required: '1000', wagered: '250', cash: '900', bonus: '100' })];
    const screen = await openPanel();
    expect(text(screen, 'bonus-panel-cash')).toBe('900.00 USDT');
    expect(text(screen, 'bonus-panel-bonus')).toBe('100.00 USDT');
    expect(text(screen, 'bonus-panel-wagered')).toBe('250.00 / 1,000.00 USDT');
    expect(screen.byTestId('bonus-panel-bar')?.dataset.value).toBe('250');
    expect(text(screen, 'bonus-panel-left')).toBe(`${LTR('750.00 USDT')} still to wager, then the bonus becomes cash.`);
    expect(screen.byTestId('bonus-panel-guards-cash')).toBeNull();
  });

  it('shows nothing while the currency holds no bonus and owes no wagering', async () => {
    wagering = [state({ currency: 'USDT', cash: '900' })];
    const screen = await openPanel(AFTER_FORFEIT);
    expect(screen.byTestId('bonus-panel')).toBeNull();
  });

  it('says that cash waits too under a requirement from before cash and bonus were apart', async () => {
    wagering = [state({ currency: 'USDT', outstanding: '40', required: '50', wagered: '10', cash: '900', guardsCash: true })];
    const screen = await openPanel(AFTER_FORFEIT);
    expect(text(screen, 'bonus-panel-left')).toBe(`${LTR('40.00 USDT')} still to wager.`);
    expect(text(screen, 'bonus-panel-guards-cash')).toContain('USDT withdrawals, exchanges and transfers wait');
    // No bonus money to give up: no forfeit.
    expect(screen.byTestId('bonus-panel-forfeit')).toBeNull();
  });

  it('names experience gold as such: no progress, no forfeit, and it ends with the experience', async () => {
    wagering = [state({ currency: 'USDT', outstanding: '0', required: '0', bonus: '10', experience: true })];
    const screen = await openPanel({ usdt: '10', trx: '0', cash: { usdt: '0', trx: '0' }, bonus: { usdt: '10', trx: '0' } });
    expect(screen.byTestId('bonus-panel')?.dataset.experience).toBe('true');
    expect(screen.byTestId('bonus-panel')?.textContent).toContain('Experience gold');
    expect(text(screen, 'bonus-panel-experience')).toBe('Experience gold is for play only: it never becomes cash and ends when the experience ends.');
    expect(screen.byTestId('bonus-panel-wagered')).toBeNull();
    expect(screen.byTestId('bonus-panel-forfeit')).toBeNull();
  });
});

describe('/v1/bonus/forfeit from the panel', () => {
  it('says exactly what is given up, then forfeits with a fresh request id and shows the balances after it', async () => {
    wagering = [state({ currency: 'USDT', outstanding: '750', required: '1000', wagered: '250', cash: '900', bonus: '100' })];
    const screen = await openPanel();
    await screen.click('bonus-panel-forfeit');
    const dialog = document.querySelector<HTMLElement>('[data-testid="bonus-forfeit-confirm"]')!;
    expect(dialog.textContent).toContain('Forfeit your USDT bonus?');
    expect(dialog.textContent).toContain(`You give up ${LTR('100.00 USDT')} of bonus money for good.`);
    expect(dialog.textContent).toContain(`The ${LTR('750.00 USDT')} still to wager is dropped.`);
    expect(dialog.textContent).toContain(`Your cash of ${LTR('900.00 USDT')} stays yours.`);
    expect(forfeits()).toHaveLength(0);
    await screen.click('popup-confirm');
    expect(forfeits()).toHaveLength(1);
    const [, body] = forfeits()[0]!;
    expect(body).toMatchObject({ currency: 'USDT' });
    expect(body.requestId).toMatch(/^[0-9a-f]{32}$/);
    await vi.waitFor(() => expect(screen.byTestId('bonus-panel')).toBeNull());
  });

  it('forfeits nothing when the player keeps the bonus', async () => {
    wagering = [state({ currency: 'USDT', outstanding: '750', required: '1000', wagered: '250', cash: '900', bonus: '100' })];
    const screen = await openPanel();
    await screen.click('bonus-panel-forfeit');
    await screen.click('popup-cancel');
    expect(forfeits()).toHaveLength(0);
    expect(text(screen, 'bonus-panel-bonus')).toBe('100.00 USDT');
  });
});

describe('claim terms, read before the tap', () => {
  it('states the multiplier and the amount to wager, or that the claim is paid as cash', async () => {
    const screen = await renderSignedIn(
      <>
        <WagerTerms multiplier={10} amount="100" currency="USDT" testId="ten" />
        <WagerTerms multiplier={0} amount="100" currency="USDT" testId="cash" />
        <WagerTerms multiplier={5} currency="TRX" testId="unknown-amount" />
        <WagerTerms multiplier={undefined} amount="1" currency="USDT" testId="not-loaded" />
      </>,
      WITH_BONUS,
    );
    expect(text(screen, 'ten')).toBe(`Wager 10×: ${LTR('1,000.00 USDT')} to wager before it becomes cash`);
    expect(text(screen, 'cash')).toBe('Paid as cash');
    expect(text(screen, 'unknown-amount')).toBe('Wager 5× the reward before it becomes cash');
    expect(screen.byTestId('not-loaded')).toBeNull();
  });
});

describe('balances elsewhere', () => {
  it('splits a balance into cash and bonus on one line, and only when there is a bonus', async () => {
    const screen = await renderSignedIn(
      <>
        <SplitLine currency="USDT" testId="split-usdt" />
        <SplitLine currency="TRX" testId="split-trx" />
      </>,
      WITH_BONUS,
    );
    expect(text(screen, 'split-usdt')).toBe('Cash 900.00Bonus 100.00');
    expect(screen.byTestId('split-trx')).toBeNull();
  });

  it('tells what a third-party game will see: cash + bonus', async () => {
    const screen = await renderSignedIn(<GameBalance />, WITH_BONUS);
    const lines = [...screen.byTestId('webview-balance')!.querySelectorAll('p')].map((p) => p.textContent);
    expect(lines).toEqual([`The game sees ${LTR('1,000.00 USDT')} (${LTR('900.00')} cash + ${LTR('100.00')} bonus)`, `The game sees ${LTR('50.00 TRX')}`]);
  });
});
