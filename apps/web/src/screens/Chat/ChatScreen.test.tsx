import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Player } from '@lobby/contract';
import { signIn } from '../../state/session';
import { contiguousEnd, mergeMessages, type ChatMessage } from '../../state/queries/chat';
import { pushPlayerEvent, resetFakeRealtime, setRealtimeConnected } from '../../testing/realtime';
import { loadTexts, renderScreen, resetApp, settle, type Rendered } from '../../testing/screen';
import { CHAT_NS } from './useChatT';
import ChatScreen from './ChatScreen';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

vi.mock('../../state/realtime', () => import('../../testing/realtime').then((m) => m.fakeRealtime));
const push = async (event: string, data: unknown) => {
  await act(async () => pushPlayerEvent(event, data));
  await settle();
};
const setConnected = async (next: boolean) => {
  await act(async () => setRealtimeConnected(next));
  await settle();
};

let seqTime = 0;
const message = (seq: number, sender: 'player' | 'operator', text: string): ChatMessage => ({
  id: 1000 + seq,
  seq,
  sender,
  operatorName: sender === 'operator' ? 'Ann' : null,
  clientMsgId: `client-${seq}-0000`,
  text,
  imageUrl: null,
  createdAt: new Date(Date.UTC(2026, 0, 1, 10, 0, ++seqTime)).toISOString(),
});

/** The server's conversation as the fake answers it: history pages and sends. */
let stored: ChatMessage[] = [];
const historyCalls: Record<string, unknown>[] = [];
let failSends = 0;
let widget: unknown = null;

function serve(spec: { path: string }, body: Record<string, any>) {
  switch (spec.path) {
    case '/v1/chat/history': {
      historyCalls.push(body);
      const after = body.afterSeq as number | undefined;
      const list = after !== undefined ? stored.filter((m) => m.seq > after) : stored.slice(-(body.limit ?? 30));
      return Promise.resolve({
        conversationId: stored.length ? 7 : null,
        status: stored.length ? 'open' : null,
        lastSeq: stored.length,
        operatorReadSeq: 0,
        list,
        hasMore: false,
      });
    }
    case '/v1/chat/send': {
      if (failSends > 0) {
        failSends -= 1;
        return Promise.reject(Object.assign(new Error('network'), { details: { handled: false } }));
      }
      const existing = stored.find((m) => m.clientMsgId === body.clientMsgId);
      if (existing) return Promise.resolve(existing);
      const created = { ...message(stored.length + 1, 'player', body.text), clientMsgId: body.clientMsgId };
      stored.push(created);
      return Promise.resolve(created);
    }
    case '/v1/chat/widget':
      return Promise.resolve(widget);
    case '/v1/chat/read':
    case '/v1/chat/typing':
      return Promise.resolve(null);
    default:
      return Promise.reject(new Error(`unexpected call ${spec.path}`));
  }
}

beforeAll(async () => {
  await loadTexts('en_US', [CHAT_NS]);
});

beforeEach(() => {
  resetApp();
  resetFakeRealtime({ connected: true });
  stored = [];
  historyCalls.length = 0;
  failSends = 0;
  widget = null;
  call.mockReset();
  call.mockImplementation(serve);
  signIn('token', { id: 1 } as unknown as Player);
});

const shown = (screen: Rendered) =>
  [...screen.container.querySelectorAll('[data-testid="chat-message"]')].map(
    (el) => `${el.getAttribute('data-seq')}:${el.querySelector('.chat-bubble__text')?.textContent}`,
  );

async function typeText(screen: Rendered, value: string) {
  const input = screen.byTestId('chat-input') as HTMLTextAreaElement;
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(input, value);
  await act(async () => input.dispatchEvent(new Event('input', { bubbles: true })));
  await settle();
}

describe('/chat', () => {
  it('says why the conversation is empty and what to do, then sends the typed message', async () => {
    const screen = await renderScreen(<ChatScreen />);
    expect(screen.byTestId('chat-empty')!.textContent).toContain('Write your question below');
    await typeText(screen, 'Where is my deposit?');
    expect(call.mock.calls.some(([spec, body]) => spec.path === '/v1/chat/typing' && body.typing === true)).toBe(true);
    await screen.click('chat-send');
    const send = call.mock.calls.find(([spec]) => spec.path === '/v1/chat/send')!;
    expect(send[1]).toEqual({ clientMsgId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/), text: 'Where is my deposit?' });
    expect(shown(screen)).toEqual(['1:Where is my deposit?']);
    expect((screen.byTestId('chat-input') as HTMLTextAreaElement).value).toBe('');
  });

  it('shows a pushed answer once however often it is pushed, and fills a skipped number from the server', async () => {
    stored = [message(1, 'player', 'hello')];
    const screen = await renderScreen(<ChatScreen />);
    expect(shown(screen)).toEqual(['1:hello']);
    stored.push(message(2, 'operator', 'hi, how can I help?'));
    await push('chat.message', stored[1]);
    await push('chat.message', stored[1]);
    expect(shown(screen)).toEqual(['1:hello', '2:hi, how can I help?']);
    expect(screen.container.querySelector('[data-seq="2"] .chat-bubble__who')!.textContent).toBe('Ann');

    // Number 3 never reached the socket; number 4 did: the screen asks for what followed 2.
    stored.push(message(3, 'operator', 'one moment'), message(4, 'operator', 'done'));
    await push('chat.message', stored[3]);
    expect(historyCalls.at(-1)).toEqual({ afterSeq: 2, limit: 100 });
    expect(shown(screen)).toEqual(['1:hello', '2:hi, how can I help?', '3:one moment', '4:done']);
  });

  it("marks the player's messages read when the operator reads them", async () => {
    stored = [message(1, 'player', 'hello'), message(2, 'player', 'anyone?')];
    const screen = await renderScreen(<ChatScreen />);
    expect(screen.container.querySelectorAll('.chat-bubble__read')).toHaveLength(0);
    await push('chat.read', { seq: 2 });
    expect(screen.container.querySelectorAll('.chat-bubble__read')).toHaveLength(2);
  });

  it('catches up from the last message it holds when the socket comes back', async () => {
    stored = [message(1, 'player', 'hello')];
    const screen = await renderScreen(<ChatScreen />);
    await setConnected(false);
    expect(screen.byTestId('chat-reconnecting')).not.toBeNull();
    stored.push(message(2, 'operator', 'answered while you were away'));
    await setConnected(true);
    expect(screen.byTestId('chat-reconnecting')).toBeNull();
    expect(historyCalls.at(-1)).toEqual({ afterSeq: 1, limit: 100 });
    expect(shown(screen)).toEqual(['1:hello', '2:answered while you were away']);
  });

  it('keeps a message that could not be sent and retries it with the same client id, storing it once', async () => {
    failSends = 1;
    const screen = await renderScreen(<ChatScreen />);
    await typeText(screen, 'are you there?');
    await screen.click('chat-send');
    expect(screen.byTestId('chat-outgoing')!.getAttribute('data-state')).toBe('failed');
    await screen.click('chat-retry');
    const ids = call.mock.calls.filter(([spec]) => spec.path === '/v1/chat/send').map(([, body]) => body.clientMsgId);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(screen.byTestId('chat-outgoing')).toBeNull();
    expect(shown(screen)).toEqual(['1:are you there?']);
  });

  it('refuses an image over 2 MB or of another type before uploading it', async () => {
    const screen = await renderScreen(<ChatScreen />);
    const input = screen.byTestId('chat-file') as HTMLInputElement;
    const choose = async (file: File) => {
      Object.defineProperty(input, 'files', { value: [file], configurable: true });
      await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
      await settle();
    };
    await choose(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(screen.byTestId('chat-image-problem')!.textContent).toBe('The image is larger than 2 MB.');
    await choose(new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    expect(screen.byTestId('chat-image-problem')!.textContent).toBe('Send a PNG, JPEG, WebP or GIF image.');
    expect(call.mock.calls.some(([spec]) => spec.path === '/v1/chat/sendImage')).toBe(false);
  });

  it("shows the operator typing until the answer arrives, the player's message read, and a closed conversation", async () => {
    stored = [message(1, 'player', 'hello')];
    const screen = await renderScreen(<ChatScreen />);
    await push('chat.typing', { typing: true });
    expect(screen.byTestId('chat-typing')!.textContent).toBe('Support is typing…');
    stored.push(message(2, 'operator', 'here'));
    await push('chat.message', stored[1]);
    expect(screen.byTestId('chat-typing')).toBeNull();
    expect(screen.container.querySelector('[data-seq="1"] .chat-bubble__read')).not.toBeNull();
    await push('chat.status', { status: 'closed' });
    expect(screen.byTestId('chat-closed')!.textContent).toContain('closed');
  });
});

describe("/chat with the operator's Chatwoot widget", () => {
  it('loads the widget from its server and hands it the identity the server signed', async () => {
    widget = {
      provider: 'chatwoot',
      baseUrl: 'https://chat.example.com/',
      websiteToken: 'website-token-123',
      identifier: 'player-1',
      identifierHash: 'a'.repeat(64),
      name: 'Lucky',
    };
    const setUser = vi.fn();
    const screen = await renderScreen(<ChatScreen />);
    const script = document.head.querySelector<HTMLScriptElement>('script[src="https://chat.example.com/packs/js/sdk.js"]');
    expect(script).not.toBeNull();
    expect(screen.byTestId('chat-live')).not.toBeNull();
    expect((screen.byTestId('chat-live-open') as HTMLButtonElement).disabled).toBe(true);
    const w = window as unknown as { chatwootSDK: unknown; $chatwoot: unknown };
    w.chatwootSDK = { run: vi.fn() };
    w.$chatwoot = { setUser, toggle: vi.fn() };
    await act(async () => {
      script!.onload?.(new Event('load'));
      window.dispatchEvent(new Event('chatwoot:ready'));
    });
    await settle();
    expect(setUser).toHaveBeenCalledWith('player-1', { name: 'Lucky', identifier_hash: 'a'.repeat(64) });
    expect((screen.byTestId('chat-live-open') as HTMLButtonElement).disabled).toBe(false);
    // Our own conversation stays available beside it.
    expect(screen.byTestId('chat-composer')).not.toBeNull();
  });
});

describe('merging messages', () => {
  it('keeps one message per number, oldest first, and finds the end of the run without gaps', () => {
    const [a, b, c, d] = [1, 2, 3, 5].map((seq) => message(seq, 'player', `m${seq}`));
    const merged = mergeMessages([c, a], [b, a, d]);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3, 5]);
    expect(contiguousEnd(merged)).toBe(3);
    expect(contiguousEnd([])).toBe(0);
  });
});
