import type { LiveProvider } from '@refinedev/core';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { csrf } from '../api/opsClient.ts';

/** A frame of the console socket (`/ops/v1/ws`): a staff event the holder's permissions let them see. */
export interface StaffFrame {
  channel: 'staff';
  event: string;
  data: Record<string, unknown>;
}

type Listener = (frame: StaffFrame) => void;

/** The resources whose lists each staff event makes stale. */
export const RESOURCES_OF_EVENT: Record<string, string[]> = {
  'chat.message': ['chats'],
  'chat.assigned': ['chats'],
  'withdrawal.state': ['withdrawals', 'payments'],
  'deposit.seen': ['payments'],
  'deposit.credited': ['payments'],
  'win.held': ['heldWins'],
  'approval.changed': ['approvals'],
  alert: ['alerts'],
};

/**
 * One socket per tab to the console's live feed, reopened with a growing pause when it drops (a
 * deploy, a network change); it carries the session cookie and the CSRF token in its URL.
 */
class ConsoleSocket {
  private socket: WebSocket | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly stateListeners = new Set<(open: boolean) => void>();
  private retryMs = 1000;
  private ping: ReturnType<typeof setInterval> | null = null;
  private stopped = true;
  open = false;

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.socket?.close();
    this.socket = null;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onState(listener: (open: boolean) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  private setOpen(open: boolean) {
    this.open = open;
    for (const listener of this.stateListeners) listener(open);
  }

  private connect(): void {
    const token = csrf.get();
    if (this.stopped || !token) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ops/v1/ws?csrf=${encodeURIComponent(token)}`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onmessage = (message) => {
      let frame: { op?: string; channel?: string };
      try {
        frame = JSON.parse(String(message.data));
      } catch {
        return;
      }
      if (frame.op === 'ready') {
        this.retryMs = 1000;
        this.setOpen(true);
      }
      if (frame.channel === 'staff') for (const listener of this.listeners) listener(frame as StaffFrame);
    };
    socket.onopen = () => {
      this.ping = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify({ op: 'ping' })), 20_000);
    };
    socket.onclose = () => {
      if (this.ping) clearInterval(this.ping);
      this.setOpen(false);
      if (this.socket === socket) this.socket = null;
      if (this.stopped) return;
      setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 30_000);
    };
  }
}

export const consoleSocket = new ConsoleSocket();

/** Refine's live provider: a list with `liveMode: 'auto'` is read again when an event touches its resource. */
export const liveProvider: LiveProvider = {
  subscribe: ({ channel, callback }) => {
    const resource = channel.replace(/^resources\//, '');
    return consoleSocket.subscribe((frame) => {
      if ((RESOURCES_OF_EVENT[frame.event] ?? []).includes(resource)) {
        callback({ channel, type: frame.event, payload: frame.data, date: new Date() });
      }
    });
  },
  unsubscribe: (unsubscribe: () => void) => unsubscribe(),
};

const LiveContext = createContext<{ open: boolean; version: number; last: StaffFrame | null }>({ open: false, version: 0, last: null });

/** Opens the socket while signed in, and tells screens whether it is connected and what last arrived. */
export function LiveFeed({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; version: number; last: StaffFrame | null }>({ open: consoleSocket.open, version: 0, last: null });
  useEffect(() => {
    consoleSocket.start();
    const offState = consoleSocket.onState((open) => setState((previous) => ({ ...previous, open })));
    const offFrames = consoleSocket.subscribe((frame) => setState((previous) => ({ ...previous, version: previous.version + 1, last: frame })));
    return () => {
      offState();
      offFrames();
      consoleSocket.stop();
    };
  }, []);
  return <LiveContext.Provider value={state}>{children}</LiveContext.Provider>;
}

export function useLive() {
  return useContext(LiveContext);
}
