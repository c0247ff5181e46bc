import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAndroid, isIos, promptInstall, startPwa, usePwa, type BeforeInstallPromptEvent } from './pwa';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const PIXEL = 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

function installOffer(outcome: 'accepted' | 'dismissed'): BeforeInstallPromptEvent & { prompt: ReturnType<typeof vi.fn> } {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  return event;
}

afterEach(() => usePwa.setState({ installEvent: null, installed: false }));

describe('the installable web app (lib/pwa)', () => {
  it("tells iPhone and iPad, which install only from Safari's Share menu, from Android", () => {
    expect(isIos(IPHONE, 5)).toBe(true);
    expect(isIos(IPAD_AS_MAC, 5)).toBe(true);
    expect(isIos(IPAD_AS_MAC, 0)).toBe(false);
    expect(isIos(PIXEL, 5)).toBe(false);
    expect(isAndroid(PIXEL)).toBe(true);
    expect(isAndroid(IPHONE)).toBe(false);
  });

  it("keeps the browser's install offer for the download screen and registers no service worker outside production", async () => {
    const register = vi.fn(async () => ({}));
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register, addEventListener: vi.fn() } });
    startPwa(false);
    const offer = installOffer('accepted');
    window.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    expect(usePwa.getState().installEvent).toBe(offer);
    expect(register).not.toHaveBeenCalled();

    expect(await promptInstall()).toBe(true);
    expect(offer.prompt).toHaveBeenCalledOnce();
    expect(usePwa.getState()).toEqual({ installEvent: null, installed: true });
  });

  it('forgets an offer the player dismissed, as the browser does', async () => {
    usePwa.setState({ installEvent: installOffer('dismissed') });
    expect(await promptInstall()).toBe(false);
    expect(usePwa.getState()).toEqual({ installEvent: null, installed: false });
    expect(await promptInstall()).toBe(false);
  });
});
