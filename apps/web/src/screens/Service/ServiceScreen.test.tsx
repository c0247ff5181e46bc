import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTexts, renderScreen, resetApp, router } from '../../testing/screen';
import ServiceScreen, { kindBesideName } from './ServiceScreen';

const call = vi.fn();
vi.mock('../../api', () => ({ api: { call: (...args: unknown[]) => call(...args) }, endSession: vi.fn() }));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

beforeAll(async () => {
  await loadTexts('en_US');
});

beforeEach(() => {
  resetApp();
  call.mockReset();
});

describe('/detail/service', () => {
  it('names each contact once, with its kind only where the name does not say it', async () => {
    call.mockResolvedValue([
      { kind: 'online', name: 'Online support', url: 'https://chat.example.com' },
      { kind: 'whatsapp', name: 'WhatsApp', url: 'https://wa.me/1' },
      { kind: 'telegram', name: 'Night desk', url: 'https://t.me/desk' },
    ]);
    const screen = await renderScreen(<ServiceScreen />);
    const row = (kind: string) => screen.byTestId(`service-${kind}`)!;
    expect(row('online').textContent).toBe('Online support');
    expect(row('whatsapp').textContent).toBe('WhatsApp');
    expect(row('telegram').textContent).toBe('Night deskTelegram');
  });

  it('opens the online support in the app at /chat and outside contacts in a new window', async () => {
    call.mockResolvedValue([
      { kind: 'online', name: 'Online support', url: '/chat' },
      { kind: 'telegram', name: 'Telegram', url: 'https://t.me/desk' },
    ]);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const screen = await renderScreen(<ServiceScreen />);
    await screen.click('service-online');
    expect(router.push).toHaveBeenCalledWith('/chat');
    expect(open).not.toHaveBeenCalled();
    await screen.click('service-telegram');
    expect(open).toHaveBeenCalledWith('https://t.me/desk', '_blank', 'noopener');
    open.mockRestore();
  });

  it('compares names and kinds regardless of case and of what follows the kind', () => {
    expect(kindBesideName('Telegram 客服', 'Telegram')).toBeUndefined();
    expect(kindBesideName('whatsapp', 'WhatsApp')).toBeUndefined();
    expect(kindBesideName('在线客服', '在线客服')).toBeUndefined();
    expect(kindBesideName('Night desk', 'Telegram')).toBe('Telegram');
  });
});
