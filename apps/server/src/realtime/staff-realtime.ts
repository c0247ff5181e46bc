import websocket from '@fastify/websocket';
import type { Permission } from '@lobby/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { STAFF_EVENTS, type DomainEvents, type StaffEventName } from '../events/domain-events.ts';
import type { EventBus } from '../events/event-bus.ts';
import { startHeartbeat } from './limits.ts';

/** Close codes of the console socket: not signed in, or signed out (session ended, staff disabled) while open. */
export const STAFF_SOCKET_REFUSED = 4401;
export const STAFF_SOCKET_SIGNED_OUT = 4403;

/** The permission a staff member needs to receive each console event; an alert names its own audience. */
export function permissionFor<K extends StaffEventName>(event: K, payload: DomainEvents[K]): Permission {
  switch (event) {
    case 'chat.message':
    case 'chat.assigned':
      return 'support.chat';
    case 'withdrawal.state':
      return 'finance.withdrawals.review';
    case 'deposit.seen':
    case 'deposit.credited':
      return 'finance.read';
    case 'win.held':
      return 'finance.held-wins';
    default:
      // An alert and a four-eyes request name their own audience.
      return (payload as DomainEvents['alert'] | DomainEvents['approval.changed']).permission;
  }
}

/** Who holds a console socket: a staff member and what they may see now. */
export interface StaffSocketHolder {
  /** staff_members.id */
  id: number;
  permissions: ReadonlySet<Permission>;
}

export interface StaffRealtimeOptions<H extends StaffSocketHolder> {
  /** Defaults to `/ops/v1/ws`. */
  path?: string;
  /** Who opens the socket, from its upgrade request (the console's session cookie); null refuses it. */
  authenticate(request: FastifyRequest): Promise<H | null>;
  /** The holder as they stand now (permissions changed), or null once their session ended or they were disabled. */
  refresh(holder: H): Promise<H | null>;
  /** Every socket's holder is refreshed this often; a `staff.session.ended` refreshes that member's at once. */
  recheckMs: number;
  /** A socket that misses one ping round is dropped. */
  heartbeatMs: number;
}

interface StaffClient<H> {
  socket: WebSocket;
  holder: H;
  answeredPing: boolean;
}

/**
 * The console's live feed, `GET /ops/v1/ws`: once its upgrade request authenticates, the socket receives
 * `{op: 'ready'}`, then `{channel: 'staff', event, data}` for every event of `STAFF_EVENTS` (new chat messages, withdrawal
 * states, deposits, held wins, alerts) its holder has the permission for, from whichever instance
 * published it. Clients send only `{op: 'ping'}` (answered `{op: 'pong'}`). A holder whose session
 * ends is closed with `STAFF_SOCKET_SIGNED_OUT`, at once on every instance when `staff.session.ended`
 * is published, else at the next re-check.
 */
export async function registerStaffRealtime<H extends StaffSocketHolder>(app: FastifyInstance, bus: EventBus, options: StaffRealtimeOptions<H>): Promise<void> {
  // The player socket registers the plugin too; it is registered once per server.
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: 4096 } });

  const clients = new Set<StaffClient<H>>();
  const send = (client: StaffClient<H>, frame: string) => {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(frame);
  };

  const refresh = async (targets: Iterable<StaffClient<H>>) => {
    for (const client of [...targets]) {
      let holder: H | null;
      try {
        holder = await options.refresh(client.holder);
      } catch (error) {
        // The next re-check tries again; the socket keeps what it may see until then.
        app.log.warn({ err: error, staffId: client.holder.id }, 'could not re-check a console socket');
        continue;
      }
      if (holder) client.holder = holder;
      else client.socket.close(STAFF_SOCKET_SIGNED_OUT, 'signed out');
    }
  };

  const offs = STAFF_EVENTS.map((event) =>
    bus.subscribe(event, (payload) => {
      const needed = permissionFor(event, payload);
      const frame = JSON.stringify({ channel: 'staff', event, data: payload });
      for (const client of clients) if (client.holder.permissions.has(needed)) send(client, frame);
    }),
  );
  offs.push(
    bus.subscribe('staff.session.ended', ({ staffId }) => {
      void refresh([...clients].filter((client) => client.holder.id === staffId));
    }),
  );
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    void refresh(clients).finally(() => (sweeping = false));
  }, options.recheckMs);
  const heartbeat = startHeartbeat(clients, options.heartbeatMs);
  app.addHook('onClose', async () => {
    for (const off of offs) off();
    clearInterval(sweep);
    clearInterval(heartbeat);
  });

  app.get(options.path ?? '/ops/v1/ws', { websocket: true }, (socket, request) => {
    // Frames that arrive while the holder is looked up are answered once it is known.
    const early: unknown[] = [];
    let client: StaffClient<H> | undefined;
    const answer = (raw: unknown) => {
      let message: { op?: unknown } | null = null;
      try {
        message = JSON.parse(String(raw));
      } catch {
        // Not JSON: nothing to answer.
      }
      if (client && message?.op === 'ping') send(client, JSON.stringify({ op: 'pong' }));
    };
    socket.on('message', (raw) => (client ? answer(raw) : early.push(raw)));
    socket.on('close', () => client && clients.delete(client));
    void options
      .authenticate(request)
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'console socket not authenticated');
        return null;
      })
      .then((holder) => {
        if (!holder) return socket.close(STAFF_SOCKET_REFUSED, 'not signed in');
        if (socket.readyState !== socket.OPEN) return;
        client = { socket, holder, answeredPing: true };
        clients.add(client);
        socket.on('pong', () => (client!.answeredPing = true));
        send(client, JSON.stringify({ op: 'ready' }));
        for (const raw of early.splice(0)) answer(raw);
      });
  });
}
