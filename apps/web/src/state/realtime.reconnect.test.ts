import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Stands in for the browser's WebSocket: records what the client sends and lets the test play the server. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];

  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({});
  }

  /** The server accepts the connection. */
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.({});
  }

  /** The server pushes a frame; a closed socket hears nothing more, as in browsers. */
  push(frame: object) {
    if (this.readyState !== FakeSocket.OPEN) return;
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  /** The connection drops (server restart, network change). */
  drop() {
    this.onerror?.({});
    this.close();
  }

  static last(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }
}

type Realtime = typeof import('./realtime');
type Session = typeof import('./session');

let realtime: Realtime;
let session: Session;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.all = [];
  localStorage.clear();
  // The client is one per app: each test gets a fresh module, and so a fresh socket.
  vi.resetModules();
  session = await import('./session');
  realtime = await import('./realtime');
  // An ended session sends the player to the login screen; jsdom cannot navigate.
  (await import('../lib/navigation')).setNavigator(() => undefined);
});

afterEach(() => {
  realtime.disconnectRealtime();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('realtime client', () => {
  it('opens one socket to /v1/ws on the page host, authenticates with the session token and follows channels', () => {
    session.useSession.setState({ token: 'token-a' });
    const balance = vi.fn();
    const round = vi.fn();
    realtime.onPlayerEvent('balance', balance);
    realtime.subscribe('round:1', round);
    expect(FakeSocket.all).toHaveLength(1);
    const socket = FakeSocket.last();
    expect(socket.url).toBe(`ws://${window.location.host}/v1/ws`);

    socket.accept();
    expect(socket.sent).toEqual([
      { op: 'auth', token: 'token-a' },
      { op: 'subscribe', channel: 'round:1' },
    ]);
    expect(realtime.isRealtimeConnected()).toBe(true);

    socket.push({ channel: 'player', event: 'balance', data: { usdt: '5', trx: '0' } });
    socket.push({ channel: 'round:1', event: 'result', data: { height: 7 } });
    socket.push({ channel: 'round:2', event: 'result', data: { height: 8 } });
    expect(balance).toHaveBeenCalledWith({ usdt: '5', trx: '0' }, 'balance');
    expect(round).toHaveBeenCalledTimes(1);
    expect(round).toHaveBeenCalledWith({ height: 7 }, 'result');
  });

  it('ignores frames that are not events, and one failing handler does not stop the others', () => {
    session.useSession.setState({ token: 'token-a' });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const good = vi.fn();
    realtime.onPlayerEvent('balance', () => {
      throw new Error('boom');
    });
    realtime.onPlayerEvent('balance', good);
    const socket = FakeSocket.last();
    socket.accept();
    socket.onmessage?.({ data: 'not json' });
    socket.push({ op: 'pong' });
    socket.push({ channel: 'player', event: 'balance', data: { usdt: '1', trx: '2' } });
    expect(good).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('reconnects with growing delays and, once back, authenticates and subscribes again', () => {
    session.useSession.setState({ token: 'token-a' });
    const balance = vi.fn();
    realtime.onPlayerEvent('balance', balance);
    realtime.subscribe('results:5', vi.fn());
    FakeSocket.last().accept();

    FakeSocket.last().drop();
    expect(realtime.isRealtimeConnected()).toBe(false);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);

    // The second attempt fails before opening: the next wait is twice as long.
    FakeSocket.last().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);

    const socket = FakeSocket.last();
    socket.accept();
    expect(socket.sent).toEqual([
      { op: 'auth', token: 'token-a' },
      { op: 'subscribe', channel: 'results:5' },
    ]);
    socket.push({ channel: 'player', event: 'balance', data: { usdt: '9', trx: '0' } });
    expect(balance).toHaveBeenCalledTimes(1);

    // A connection that worked resets the delay.
    socket.drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('never waits more than 30 s between attempts', () => {
    realtime.onPlayerEvent('balance', vi.fn());
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const before = FakeSocket.all.length;
      FakeSocket.last().drop();
      vi.advanceTimersByTime(30_000);
      expect(FakeSocket.all).toHaveLength(before + 1);
    }
  });

  it('authenticates the open socket when the player signs in', () => {
    realtime.onPlayerEvent('balance', vi.fn());
    const socket = FakeSocket.last();
    socket.accept();
    expect(socket.sent).toEqual([]);
    session.useSession.setState({ token: 'token-b' });
    expect(socket.sent).toEqual([{ op: 'auth', token: 'token-b' }]);
  });

  it("replaces the socket after a logout, so the old player's events stop", () => {
    session.useSession.setState({ token: 'token-a' });
    const balance = vi.fn();
    realtime.onPlayerEvent('balance', balance);
    const first = FakeSocket.last();
    first.accept();

    session.clearSession();
    expect(first.readyState).toBe(FakeSocket.CLOSED);
    expect(FakeSocket.all).toHaveLength(2);
    const second = FakeSocket.last();
    second.accept();
    expect(second.sent).toEqual([]);
    first.push({ channel: 'player', event: 'balance', data: { usdt: '1', trx: '1' } });
    expect(balance).not.toHaveBeenCalled();
  });

  it('ends the session when the server says another login replaced it (10032), and stops its events', () => {
    session.useSession.setState({ token: 'token-a' });
    const balance = vi.fn();
    realtime.onPlayerEvent('balance', balance);
    const first = FakeSocket.last();
    first.accept();
    first.push({ op: 'auth', ok: true });

    first.push({ op: 'session', code: 10032, msg: 'logged in elsewhere' });
    expect(session.useSession.getState().token).toBeNull();
    expect(first.readyState).toBe(FakeSocket.CLOSED);
    const second = FakeSocket.last();
    second.accept();
    expect(second.sent).toEqual([]);
  });

  it('ends the session when the server says it expired (10008) or was logged out (10009)', () => {
    for (const code of [10008, 10009]) {
      session.useSession.setState({ token: `token-${code}` });
      realtime.onPlayerEvent('balance', vi.fn());
      const socket = FakeSocket.last();
      if (socket.readyState !== FakeSocket.OPEN) socket.accept();
      socket.push({ op: 'auth', ok: true });
      socket.push({ op: 'session', code, msg: '' });
      expect(session.useSession.getState().token, String(code)).toBeNull();
    }
  });

  it('ignores the end of the previous session while the auth of a new token is unanswered', () => {
    session.useSession.setState({ token: 'token-a' });
    realtime.onPlayerEvent('balance', vi.fn());
    const socket = FakeSocket.last();
    socket.accept();
    socket.push({ op: 'auth', ok: true });

    // Signing in again on this device ends the old session; the server may say so before it answers.
    session.useSession.setState({ token: 'token-b' });
    expect(socket.sent).toContainEqual({ op: 'auth', token: 'token-b' });
    socket.push({ op: 'session', code: 10032, msg: '' });
    expect(session.useSession.getState().token).toBe('token-b');

    socket.push({ op: 'auth', ok: true });
    socket.push({ op: 'session', code: 10008, msg: '' });
    expect(session.useSession.getState().token).toBeNull();
  });

  it('stops listening when asked, and stops reconnecting once disconnected', () => {
    const handler = vi.fn();
    const stop = realtime.subscribe('round:3', handler);
    const socket = FakeSocket.last();
    socket.accept();
    stop();
    expect(socket.sent).toContainEqual({ op: 'unsubscribe', channel: 'round:3' });
    socket.push({ channel: 'round:3', event: 'result', data: {} });
    expect(handler).not.toHaveBeenCalled();

    realtime.disconnectRealtime();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
