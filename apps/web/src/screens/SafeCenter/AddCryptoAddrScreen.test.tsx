import { ErrorCode, type Player } from '@lobby/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { signIn } from '../../state/session';
import { answerEachTest, loadTexts, renderScreen } from '../../testing/screen';
import AddCryptoAddrScreen from './AddCryptoAddrScreen';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

// Well formed, so only the server can refuse it: its checksum fails, or it is one of the site's own.
const REFUSED_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

answerEachTest(call, {
  '/v1/player/cashout_address/add': () => {
    throw new ApiError('business', 'Invalid TRON address', { code: ErrorCode.INVALID_TRON_ADDRESS, handled: false });
  },
});

async function submitRefusedAddress(): Promise<string | undefined> {
  signIn('token', { id: 1 } as unknown as Player);
  const screen = await renderScreen(<AddCryptoAddrScreen />);
  await screen.type('addr-input', REFUSED_ADDRESS);
  await screen.type('addr-label', 'My wallet');
  await screen.click('addr-submit');
  await vi.waitFor(() => expect(screen.byTestId('addr-error')).not.toBeNull());
  return screen.byTestId('addr-error')!.textContent?.trim();
}

describe('/safeCenter/addCryptoAddr refused with 10052', () => {
  it('says the address is not a valid TRON address or is one of this site, and asks for their own', async () => {
    await loadTexts('en_US', ['trade']);
    expect(await submitRefusedAddress()).toBe("This is not a valid TRON address, or it is an address of this site. Use your own wallet's address.");
  });

  it('says the same in the player language', async () => {
    await loadTexts('zh_CN', ['trade']);
    expect(await submitRefusedAddress()).toBe('这不是有效的 TRON 地址，或是本站的地址。请使用您自己钱包的地址。');
  });
});
