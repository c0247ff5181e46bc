import type { Player } from '@lobby/contract';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_PATH } from '../../lib/navigation';
import { signIn } from '../../state/session';
import { loadTexts, renderScreen, resetApp, router } from '../../testing/screen';
import InfoScreen, { type InfoKind } from './InfoScreen';

vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

beforeAll(async () => {
  await loadTexts('en_US');
});
beforeEach(resetApp);

describe("screens of the player's own records: /siteMessage", () => {
  it.each<InfoKind>(['siteMessage'])('asks a visitor on %s to log in, as the bet records do', async (kind) => {
    const screen = await renderScreen(<InfoScreen kind={kind} />);
    expect(screen.byTestId(`${kind}-visitor`)!.textContent).toMatch(/^Log in to /);
    await screen.click(`${kind}-visitor-login`);
    expect(router.push).toHaveBeenCalledWith(LOGIN_PATH);
  });

  it('shows a logged-in player the screen itself', async () => {
    signIn('token', { id: 1 } as unknown as Player);
    const screen = await renderScreen(<InfoScreen kind="siteMessage" />);
    expect(screen.byTestId('siteMessage-visitor')).toBeNull();
    expect(screen.byTestId('empty-state')!.textContent).toContain('No messages');
  });

  it('leaves screens anyone may read as they are', async () => {
    const screen = await renderScreen(<InfoScreen kind="withdrawAccounts" />);
    expect(screen.byTestId('withdrawAccounts-visitor')).toBeNull();
  });
});
