import { ErrorCode } from '@lobby/contract';
import { endSession } from '../api';
import { useSession } from './session';

/**
 * The app's one websocket (`/v1/ws`): public channels (`round:<gameId>`, `results:<gameId>`) and,
 * once authenticated with the session token, the player's private events on channel `player`
 * (`balance`, `bet`, ...). Screens subscribe while mounted; the socket reconnects with back-off and
 * replays its subscriptions and authentication, so a dropped connection heals without the screen.
 * Polling calls keep working without it: screens use `isRealtimeConnected` to poll less while it is up.
 * When the server says the session ended (`{op:'session', code}`: logged out, replaced by another
 * login, expired or password reset) the app ends it as it would for the same code from a call.
 */

export type RealtimeHandler = (data: unknown, event: string) => void;
export type StatusListener = (connected: boolean) => void;

interface Frame {
  channel?: unknown;
  event?: unknown;
  data?: unknown;
  op?: unknown;
  ok?: unknown;
  code?: unknown;
  msg?: unknown;
}

const PING_MS = 25_000;
const MAX_BACKOFF_MS = 30_000;

const channelHandlers = new Map<string, Set<RealtimeHandler>>();
const playerHandlers = new Map<string, Set<RealtimeHandler>>();
const statusListeners = new Set<StatusListener>();

let socket: WebSocket | null = null;
let connected = false;
let wanted = false;
let attempts = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let pingTimer: ReturnType<typeof setInterval> | undefined;
let authedToken: string | null = null;
/**
 * Until the server answers the latest auth, a `session` frame may still be about the session the
 * socket had before (a login on this device ends the previous one): only an answered auth counts.
 */
let authAnswered = false;

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/v1/ws`;
}

function send(message: object): void {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function setConnected(next: boolean): void {
  if (connected === next) return;
  connected = next;
  for (const listener of statusListeners) listener(next);
}

function authenticate(): void {
  const { token } = useSession.getState();
  authedToken = token;
  authAnswered = false;
  if (token) send({ op: 'auth', token });
}

function dispatch(handlers: Set<RealtimeHandler> | undefined, data: unknown, event: string): void {
  if (!handlers) return;
  for (const handler of [...handlers]) {
    try {
      handler(data, event);
    } catch (error) {
      // One screen's faulty handler must not starve the others of the same event.
      console.error(error);
    }
  }
}

function onMessage(raw: MessageEvent): void {
  let frame: Frame;
  try {
    frame = JSON.parse(String(raw.data)) as Frame;
  } catch {
    return;
  }
  if (frame.op === 'auth' && frame.ok === true) {
    authAnswered = true;
    return;
  }
  if (frame.op === 'session') {
    onSessionEnded(frame);
    return;
  }
  if (typeof frame.channel !== 'string' || typeof frame.event !== 'string') return;
  if (frame.channel === 'player') {
    dispatch(playerHandlers.get(frame.event), frame.data, frame.event);
    dispatch(playerHandlers.get('*'), frame.data, frame.event);
    return;
  }
  dispatch(channelHandlers.get(frame.channel), frame.data, frame.event);
}

function onSessionEnded(frame: Frame): void {
  if (!authAnswered || authedToken === null || authedToken !== useSession.getState().token) return;
  authAnswered = false;
  const code = typeof frame.code === 'number' ? frame.code : ErrorCode.TOKEN_MISMATCH;
  const message = typeof frame.msg === 'string' ? frame.msg : undefined;
  if (code === ErrorCode.LOGGED_IN_ELSEWHERE) endSession('elsewhere', code, message);
  else if (code === ErrorCode.TOKEN_EXPIRED) endSession('expired', code);
  else endSession('unauthorized');
}

function scheduleReconnect(): void {
  if (!wanted || reconnectTimer) return;
  const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempts);
  attempts += 1;
  reconnectTimer = setTimeout(() => {
    reconnectTimer = undefined;
    open();
  }, delay);
}

function open(): void {
  if (socket || typeof WebSocket === 'undefined') return;
  let next: WebSocket;
  try {
    next = new WebSocket(socketUrl());
  } catch {
    scheduleReconnect();
    return;
  }
  socket = next;
  next.onopen = () => {
    attempts = 0;
    setConnected(true);
    authenticate();
    for (const channel of channelHandlers.keys()) send({ op: 'subscribe', channel });
    clearInterval(pingTimer);
    pingTimer = setInterval(() => send({ op: 'ping' }), PING_MS);
  };
  next.onmessage = onMessage;
  next.onclose = () => {
    if (socket !== next) return;
    socket = null;
    clearInterval(pingTimer);
    setConnected(false);
    scheduleReconnect();
  };
  // Errors are followed by close, which handles the reconnect.
  next.onerror = () => undefined;
}

/** Opens the socket if it is not open yet; safe to call from every screen that wants live data. */
export function connectRealtime(): void {
  wanted = true;
  open();
}

/** Closes the socket and stops reconnecting (tests, or an app going to the background). */
export function disconnectRealtime(): void {
  wanted = false;
  clearTimeout(reconnectTimer);
  reconnectTimer = undefined;
  const current = socket;
  socket = null;
  clearInterval(pingTimer);
  current?.close();
  setConnected(false);
}

/** Follows a public channel; the returned function stops following it. */
export function subscribe(channel: string, handler: RealtimeHandler): () => void {
  connectRealtime();
  let handlers = channelHandlers.get(channel);
  if (!handlers) {
    handlers = new Set();
    channelHandlers.set(channel, handlers);
    send({ op: 'subscribe', channel });
  }
  handlers.add(handler);
  return () => {
    const set = channelHandlers.get(channel);
    if (!set?.delete(handler) || set.size > 0) return;
    channelHandlers.delete(channel);
    send({ op: 'unsubscribe', channel });
  };
}

/** Listens for one private event of the signed-in player (`'*'` for all); returns the unsubscribe. */
export function onPlayerEvent(event: string, handler: RealtimeHandler): () => void {
  connectRealtime();
  let handlers = playerHandlers.get(event);
  if (!handlers) {
    handlers = new Set();
    playerHandlers.set(event, handlers);
  }
  handlers.add(handler);
  return () => {
    const set = playerHandlers.get(event);
    set?.delete(handler);
    if (set?.size === 0) playerHandlers.delete(event);
  };
}

export function isRealtimeConnected(): boolean {
  return connected;
}

export function onRealtimeStatus(listener: StatusListener): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

// A new token authenticates the open socket. After a logout the socket is replaced rather than
// waiting for the server's word, so the old player's events stop at once.
useSession.subscribe((state) => {
  if (state.token === authedToken || !socket) return;
  if (state.token) {
    authenticate();
    return;
  }
  authedToken = null;
  const stale = socket;
  socket = null;
  clearInterval(pingTimer);
  stale.close();
  setConnected(false);
  if (wanted) open();
});
