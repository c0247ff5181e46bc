import type { Player } from '@lobby/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../state/session';
import { useSettings } from '../../state/settings';
import { answerEachTest, loadTexts, renderScreen } from '../../testing/screen';
import AutoBetScreen from './AutoBetScreen';

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
});

describe('/autoBet game list', () => {
  it("names the games in the player's language, as home does", async () => {
    signIn('token', { id: 1 } as unknown as Player);
    const screen = await renderScreen(<AutoBetScreen />);
    const options = [...screen.byTestId('autobet-strategy-game')!.querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toEqual(['Hash Maior-Menor', 'Touro 9 seg']);
  });
});
