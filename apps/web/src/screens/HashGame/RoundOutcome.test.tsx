import { BetStatus, type Player } from '@lobby/contract';
import type { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { applyBalances } from '../../state/queries/balances';
import { hashPlayerKeys } from '../../state/queries/hash-game';
import { signIn } from '../../state/session';
import { answerEachTest, loadTexts, renderScreen, settle, type Rendered } from '../../testing/screen';
import { hashGameOf, tenthsOf } from './hashDisplay';
import { newlySettled, useOutcome, type SettlingBet } from './outcome';
import { PageBet } from './PageBet';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

const ROUND = 7_000;

/** A 3-second big/small round (game 1) closing in 2.35 s. */
const round = () => ({
  gameId: 1,
  kind: 'bigSmall',
  period: 1,
  blocksPerRound: 1,
  round: ROUND,
  closesAt: new Date(Date.now() + 2_350).toISOString(),
  secondsToClose: 3,
  head: { height: ROUND - 2, blockId: `${'0'.repeat(60)}1b58`, time: new Date().toISOString() },
  levels: [
    {
      level: 0,
      currency: 'USDT',
      min: '1',
      max: '1000',
      odds: [
        { area: 'big', odds: '1.95' },
        { area: 'small', odds: '1.95' },
      ],
    },
  ],
  serverTime: new Date().toISOString(),
});

const bet = (
  id: number,
  status: number,
  amount: string,
  payout: string | null,
  profit: string | null,
  currency = 'USDT',
): SettlingBet & Record<string, unknown> => ({
  id,
  gameId: 1,
  round: ROUND - 1,
  area: 'big',
  amount,
  currency,
  level: 0,
  odds: '1.95',
  status,
  payoutAmount: payout,
  profitAmount: profit,
  source: 'page',
  txId: null,
  fromAddress: null,
  payoutTxId: null,
  createdAt: new Date().toISOString(),
  settledAt: null,
});

let bets: unknown[] = [];
answerEachTest(call, {
  '/v1/hashGame/round': round,
  '/v1/hashGame/results': () => [],
  '/v1/hashGame/myBets': () => bets,
});

beforeAll(async () => {
  await loadTexts('en_US', ['hash']);
});
beforeEach(() => {
  localStorage.clear();
  useOutcome.setState({ latest: null, sound: false });
});

let client: QueryClient;

async function open(): Promise<Rendered> {
  signIn('token', { id: 1 } as unknown as Player);
  const view = await renderScreen(
    <PageBet
      t={i18n.getFixedT('en_US', 'hash')}
      gameId={1}
      catalogue={hashGameOf(1)!}
      game={undefined}
      currency="USDT"
      onCurrency={() => undefined}
      level={0}
      onLevel={() => undefined}
    />,
    (c) => {
      client = c;
      applyBalances(c, { usdt: '100', trx: '0' });
    },
  );
  await settle(10);
  return view;
}

/** The player's bets as the socket's settlement push leaves them, and the balance it raised. */
async function settleRound(next: unknown[], usdt: string) {
  await act(async () => {
    client.setQueryData(hashPlayerKeys.myBets(1), next);
    applyBalances(client, { usdt, trx: '0' });
  });
  await settle();
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

describe('the moment a round the player bet on settles', () => {
  it('shows what it won, what came back and the balance now, and a tap sends it away', async () => {
    bets = [bet(1, BetStatus.UNSETTLED, '10', null, null)];
    const view = await open();
    expect(view.byTestId('hash-outcome')).toBeNull();
    await settleRound([bet(1, BetStatus.SETTLED_WIN, '10', '19.5', '9.5')], '109.5');
    const banner = view.byTestId('hash-outcome')!;
    expect(banner.dataset.tone).toBe('win');
    expect(plain(view.byTestId('hash-outcome-amount')?.textContent)).toBe('+9.50 USDT');
    expect(plain(view.byTestId('hash-outcome-detail')?.textContent)).toBe('Returned 19.50 USDT · Balance 109.50 USDT');
    expect(banner.textContent).toContain(`Round #${ROUND - 1}: you won`);
    await view.click('hash-outcome');
    expect(view.byTestId('hash-outcome')).toBeNull();
  });

  it('shows a loss as the stake lost, and leaves by itself after a few seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    try {
      bets = [bet(2, BetStatus.UNSETTLED, '5', null, null)];
      const view = await open();
      await settleRound([bet(2, BetStatus.SETTLED_LOSE, '5', '0', '-5')], '95');
      expect(view.byTestId('hash-outcome')?.dataset.tone).toBe('lose');
      expect(plain(view.byTestId('hash-outcome-amount')?.textContent)).toBe('\u22125.00 USDT');
      await act(async () => vi.advanceTimersByTime(3_000));
      expect(view.byTestId('hash-outcome')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says nothing about bets already settled when the page opened', async () => {
    bets = [bet(3, BetStatus.SETTLED_WIN, '10', '19.5', '9.5')];
    const view = await open();
    await settleRound([...bets], '100');
    expect(view.byTestId('hash-outcome')).toBeNull();
  });

  it('keeps sound off until the player turns it on, and remembers the choice', async () => {
    const view = await open();
    expect(view.byTestId('hash-sound')?.dataset.on).toBe('false');
    expect(view.byTestId('hash-sound')?.getAttribute('aria-pressed')).toBe('false');
    await view.click('hash-sound');
    expect(view.byTestId('hash-sound')?.dataset.on).toBe('true');
    expect(JSON.parse(localStorage.getItem('lobby.hash.outcome') ?? '{}').state.sound).toBe(true);
  });
});

describe('the countdown of a 3-second round', () => {
  it('counts in tenths of a second', async () => {
    const view = await open();
    const countdown = view.byTestId('hash-countdown')!;
    expect(countdown.dataset.tenths).toBe('true');
    expect(countdown.textContent).toMatch(/^[0-2]\.\d s$/);
  });

  it('rounds up like the whole seconds do', () => {
    expect(tenthsOf(2_350)).toBe('2.4');
    expect(tenthsOf(3_000)).toBe('3.0');
    expect(tenthsOf(10)).toBe('0.1');
  });
});

describe('the marks on a block id', () => {
  it('are explained on demand: the crossed-out letters are skipped, the highlighted digit decides', async () => {
    const view = await open();
    const explain = view.byTestId('hash-explain') as HTMLDetailsElement;
    expect(explain.open).toBe(false);
    expect(view.byTestId('hash-explain-toggle')?.textContent).toBe('How to read the hash');
    expect(view.byTestId('hash-explain-skipped')?.textContent).toContain('Crossed-out letters are skipped');
    expect(explain.querySelector('.hash-tail__skipped')?.textContent).toBe('fa');
  });
});

describe('what a round came to', () => {
  it('sums the bets that just settled, per round and currency', () => {
    const before = new Map([
      [1, BetStatus.UNSETTLED],
      [2, BetStatus.UNSETTLED],
      [3, BetStatus.UNSETTLED],
    ]);
    const outcomes = newlySettled(before, [
      bet(1, BetStatus.SETTLED_WIN, '10', '19.5', '9.5'),
      bet(2, BetStatus.SETTLED_LOSE, '4', '0', '-4'),
      bet(3, BetStatus.UNSETTLED, '1', null, null),
      bet(4, BetStatus.SETTLED_WIN, '1', '1.95', '0.95'),
    ]);
    expect(outcomes).toEqual([
      { key: `${ROUND - 1}:USDT`, round: ROUND - 1, currency: 'USDT', bets: 2, stake: 14_000_000n, payout: 19_500_000n, profit: 5_500_000n, tone: 'win' },
    ]);
  });

  it('is a draw when the stake came back', () => {
    const [outcome] = newlySettled(new Map([[1, BetStatus.UNSETTLED]]), [bet(1, BetStatus.SETTLED_DRAW, '10', '10', '0', 'TRX')]);
    expect(outcome).toMatchObject({ currency: 'TRX', profit: 0n, payout: 10_000_000n, tone: 'draw' });
  });
});
