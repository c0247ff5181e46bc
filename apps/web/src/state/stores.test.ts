import { beforeEach, describe, expect, it } from 'vitest';
import type { Player } from '@lobby/contract';
import { clearSession, signIn, TOKEN_STORAGE_KEY, useSession } from './session';
import { detectLanguage, SETTINGS_STORAGE_KEY, useSettings } from './settings';

const player = { id: 1, nickname: 'p', avatar: '01', balances: { usdt: '1', trx: '2' } } as Player;

beforeEach(() => {
  localStorage.clear();
  clearSession();
});

describe('session', () => {
  it('keeps the token in local storage', () => {
    signIn('tok-1', player);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-1');
    expect(useSession.getState().player).toEqual({ id: 1, nickname: 'p', avatar: '01' });
  });

  it('clears token, player, experience state and special-account type on logout', () => {
    signIn('tok-1', player);
    useSession.setState({ experience: { accountType: 1, isSettlement: false }, specialType: 1, bulletin: { id: 1, title: 't', content: 'c' } });
    clearSession();
    const state = useSession.getState();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(state.token).toBeNull();
    expect(state.player).toBeNull();
    expect(state.experience).toBeNull();
    expect(state.specialType).toBeNull();
    expect(state.bulletin).toBeNull();
  });
});

describe('settings', () => {
  it('takes the browser language when the product speaks it, else English', () => {
    expect(detectLanguage(['pt-BR', 'en'])).toBe('pt_BR');
    expect(detectLanguage(['fr-FR', 'zh-TW'])).toBe('zh_TW');
    expect(detectLanguage(['fr-FR'])).toBe('en_US');
    expect(detectLanguage([])).toBe('en_US');
  });

  it('defaults to the dark theme and persists language and theme', () => {
    expect(useSettings.getState().theme).toBe('dark');
    useSettings.getState().setLanguage('ar_EG');
    useSettings.getState().toggleTheme();
    const stored = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!);
    expect(stored.state).toEqual({ language: 'ar_EG', theme: 'light' });
  });
});
