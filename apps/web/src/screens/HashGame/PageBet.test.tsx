import { ErrorCode, type Player } from '@lobby/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { PopupHost } from '../../components/Overlays';
import { i18n } from '../../i18n';
import { applyBalances } from '../../state/queries/balances';
import { signIn } from '../../state/session';
import { useUi } from '../../state/ui';
import { answerEachTest, loadTexts, renderScreen, router, type Rendered } from '../../testing/screen';
import { hashGameOf } from './hashDisplay';
import { PageBet } from './PageBet';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

const ROUND = 5_000;
/** `...34a80` (GAMES.md public check): banker 3+4+10 → 7, player 10+8+0 → 8. */
const DECIDED_BLOCK = `${'0'.repeat(59)}34a80`;

function player(usdt: string): Player {
  return { id: 1, account: 'bull', balances: { usdt, trx: '0' } } as unknown as Player;
}

const round = () => ({
  gameId: 3,
  kind: 'bull',
  period: 1,
  blocksPerRound: 1,
  round: ROUND,
  closesAt: new Date(Date.now() + 60_000).toISOString(),
  secondsToClose: 60,
  head: { height: ROUND - 2, blockId: `${'0'.repeat(60)}1388`, time: new Date().toISOString() },
  levels: [
    {
      level: 0,
      currency: 'USDT',
      min: '1',
      max: '1000',
      odds: [
        { area: 'banker', odds: '1.95' },
        { area: 'player', odds: '1.95' },
      ],
    },
  ],
  serverTime: new Date().toISOString(),
});

/** A banker stake of 1 on the round the player side won 8 to 7: 1 − 1 × 8 / 10 comes back. */
const settledBankerBet = {
  id: 11,
  gameId: 3,
  round: ROUND - 1,
  area: 'banker',
  amount: '1',
  currency: 'USDT',
  level: 0,
  odds: '1.95',
  status: 6,
  payoutAmount: '0.2',
  profitAmount: '-0.8',
  source: 'page',
  txId: null,
  fromAddress: null,
  payoutTxId: null,
  createdAt: new Date().toISOString(),
  settledAt: new Date().toISOString(),
};

let balance = '5';
let betReply: () => Promise<unknown> = () => Promise.reject(new Error('no bet expected'));

beforeAll(async () => {
  await loadTexts('en_US', ['hash']);
});

answerEachTest(call, {
  '/v1/player/load': () => player(balance),
  '/v1/hashGame/round': round,
  '/v1/hashGame/results': () => [
    {
      gameId: 3,
      round: ROUND - 1,
      blockId: DECIDED_BLOCK,
      time: new Date().toISOString(),
      working: { kind: 'bull', lastDigit: null, lastFive: '34a80', sum: null, bankerPoints: 7, playerPoints: 8, winningAreas: ['player'] },
    },
  ],
  '/v1/hashGame/myBets': () => [settledBankerBet],
  '/v1/hashGame/bet': () => betReply(),
});

async function openBull(usdt: string): Promise<Rendered> {
  balance = usdt;
  signIn('token', player(usdt));
  return renderScreen(
    <>
      <PageBet
        t={i18n.getFixedT('en_US', 'hash')}
        gameId={3}
        catalogue={hashGameOf(3)!}
        game={undefined}
        currency="USDT"
        onCurrency={() => undefined}
        level={0}
        onLevel={() => undefined}
      />
      <PopupHost />
    </>,
    (client) => applyBalances(client, { usdt, trx: '0' }),
  );
}

const betCalls = () => call.mock.calls.filter(([spec]) => spec.path === '/v1/hashGame/bet');

describe('the bull bet panel', () => {
  it('says the sides pay by points instead of quoting fixed odds', async () => {
    const { byTestId } = await openBull('100');
    for (const side of ['banker', 'player']) {
      expect(byTestId(`hash-area-${side}`)!.textContent).toContain('Pays by points');
      expect(byTestId(`hash-area-${side}`)!.textContent).not.toContain('×');
    }
  });

  it("shows a settled bet with both hands' points and what came back, also on a loss", async () => {
    const { byTestId } = await openBull('100');
    const hands = byTestId('hash-my-bet-hands')!;
    expect([hands.dataset.banker, hands.dataset.player]).toEqual(['7', '8']);
    expect(hands.textContent).toBe('Banker 7 · Player 8');
    expect(byTestId('hash-my-bet-returned')!.textContent).toBe('Returned 0.20 USDT');
    expect(byTestId('hash-my-bet-row')!.textContent).not.toContain('×1.95');
  });
});

describe('a stake the balance cannot cover', () => {
  it('offers a deposit leading to the recharge screen, without asking the server', async () => {
    const { byTestId, click, type } = await openBull('5');
    await click('hash-area-banker');
    await type('hash-amount', '50');
    expect(byTestId('hash-bet-submit')!.hasAttribute('disabled')).toBe(false);
    await click('hash-bet-submit');
    expect(betCalls()).toHaveLength(0);
    expect(byTestId('insufficient-funds')!.textContent).toContain('Balance not enough');
    await click('popup-confirm');
    expect(router.push).toHaveBeenCalledWith('/trade/Recharge');
  });

  it('offers the same deposit when the server refuses the bet with 21002, instead of a toast', async () => {
    betReply = () => Promise.reject(new ApiError('business', 'Insufficient balance', { code: ErrorCode.INSUFFICIENT_BALANCE, handled: false }));
    const { byTestId, click } = await openBull('5');
    await click('hash-area-player');
    await click('hash-bet-submit');
    expect(betCalls()).toHaveLength(1);
    expect(byTestId('insufficient-funds')).not.toBeNull();
    expect(useUi.getState().toast).toBeNull();
    await click('popup-cancel');
    expect(router.push).not.toHaveBeenCalled();
    expect(byTestId('insufficient-funds')).toBeNull();
  });
});
