/**
 * The player's socket replaced by a switchboard a test pushes into, as the server would. Use with
 * `vi.mock('../../state/realtime', () => import('../../testing/realtime').then((m) => m.fakeRealtime))`.
 */

type Handler = (data: unknown, event: string) => void;

const handlers = new Map<string, Set<Handler>>();
const statusListeners = new Set<(connected: boolean) => void>();
let connected = false;

export const fakeRealtime = {
  onPlayerEvent: (event: string, handler: Handler) => {
    if (!handlers.has(event)) handlers.set(event, new Set());
    handlers.get(event)!.add(handler);
    return () => handlers.get(event)?.delete(handler);
  },
  onRealtimeStatus: (listener: (connected: boolean) => void) => {
    statusListeners.add(listener);
    return () => statusListeners.delete(listener);
  },
  connectRealtime: () => undefined,
  isRealtimeConnected: () => connected,
};

/** Delivers a player event to every screen listening for it. */
export function pushPlayerEvent(event: string, data: unknown): void {
  for (const handler of handlers.get(event) ?? []) handler(data, event);
}

/** How many listeners an event has (a screen that left must have removed its own). */
export function listenersOf(event: string): number {
  return handlers.get(event)?.size ?? 0;
}

/** The socket coming up or going down, as its listeners hear it. */
export function setRealtimeConnected(next: boolean): void {
  connected = next;
  for (const listener of statusListeners) listener(next);
}

/** Forgets every listener and sets the socket's state, for a test that starts from scratch. */
export function resetFakeRealtime(options: { connected?: boolean } = {}): void {
  handlers.clear();
  statusListeners.clear();
  connected = options.connected ?? false;
}
