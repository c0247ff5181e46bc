import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { EventBus } from '../events/event-bus.ts';
import type { SessionService } from '../modules/player/session.service.ts';

/** Public channels anyone may follow; a player's own channel is `player` and needs a token. */
const PUBLIC_CHANNEL = /^(round|results):[a-z0-9_-]{1,32}$/;
const MAX_SUBSCRIPTIONS = 64;

/** Event-bus topics that carry pushes: `push.public` (to a public channel) and `push.player` (to one player). */
export const PUSH_PUBLIC = 'push.public';
export const PUSH_PLAYER = 'push.player';

export interface PublicPush {
  channel: string;
  event: string;
  data: unknown;
}
export interface PlayerPush {
  playerId: number;
  event: string;
  data: unknown;
}

/** Sends a push from any module; it reaches sockets on every instance through the bus. */
export function pushToChannel(bus: EventBus, push: PublicPush) {
  return bus.publish(PUSH_PUBLIC, push);
}
export function pushToPlayer(bus: EventBus, push: PlayerPush) {
  return bus.publish(PUSH_PLAYER, push);
}

/**
 * One websocket endpoint, `GET /v1/ws`. Messages are JSON:
 *   client → `{op:'subscribe'|'unsubscribe', channel}`, `{op:'auth', token}`, `{op:'ping'}`
 *   server → `{channel, event, data}`, `{op:'pong'}`, `{op:'error', code}`
 * A socket that authenticates receives its player's private events on channel `player`.
 */
export async function registerRealtime(app: FastifyInstance, bus: EventBus, sessions: SessionService) {
  await app.register(websocket, { options: { maxPayload: 4096 } });

  const byChannel = new Map<string, Set<WebSocket>>();
  const byPlayer = new Map<number, Set<WebSocket>>();
  const add = <K>(map: Map<K, Set<WebSocket>>, key: K, socket: WebSocket) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(socket);
  };
  const remove = <K>(map: Map<K, Set<WebSocket>>, key: K, socket: WebSocket) => {
    const set = map.get(key);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) map.delete(key);
  };

  const offPublic = bus.subscribe(PUSH_PUBLIC, (push: PublicPush) => {
    const sockets = byChannel.get(push.channel);
    if (!sockets) return;
    const frame = JSON.stringify({ channel: push.channel, event: push.event, data: push.data });
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(frame);
  });
  const offPlayer = bus.subscribe(PUSH_PLAYER, (push: PlayerPush) => {
    const sockets = byPlayer.get(push.playerId);
    if (!sockets) return;
    const frame = JSON.stringify({ channel: 'player', event: push.event, data: push.data });
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(frame);
  });
  app.addHook('onClose', async () => {
    offPublic();
    offPlayer();
  });

  app.get('/v1/ws', { websocket: true }, (socket) => {
    const channels = new Set<string>();
    let playerId: number | null = null;
    const send = (message: unknown) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(message));

    socket.on('message', async (raw) => {
      let message: { op?: unknown; channel?: unknown; token?: unknown };
      try {
        message = JSON.parse(String(raw));
      } catch {
        return send({ op: 'error', code: 4 });
      }
      if (message.op === 'ping') return send({ op: 'pong' });
      if (message.op === 'auth' && typeof message.token === 'string') {
        try {
          const session = await sessions.authenticate(message.token);
          if (playerId !== null) remove(byPlayer, playerId, socket);
          playerId = session.playerId;
          add(byPlayer, playerId, socket);
          return send({ op: 'auth', ok: true });
        } catch (error) {
          return send({ op: 'error', code: (error as { code?: number }).code ?? 10009 });
        }
      }
      if (typeof message.channel !== 'string' || !PUBLIC_CHANNEL.test(message.channel)) return send({ op: 'error', code: 12 });
      if (message.op === 'subscribe') {
        if (channels.size >= MAX_SUBSCRIPTIONS) return send({ op: 'error', code: 12 });
        channels.add(message.channel);
        add(byChannel, message.channel, socket);
        return send({ op: 'subscribed', channel: message.channel });
      }
      if (message.op === 'unsubscribe') {
        channels.delete(message.channel);
        remove(byChannel, message.channel, socket);
        return send({ op: 'unsubscribed', channel: message.channel });
      }
      return send({ op: 'error', code: 12 });
    });

    socket.on('close', () => {
      for (const channel of channels) remove(byChannel, channel, socket);
      if (playerId !== null) remove(byPlayer, playerId, socket);
    });
  });
}
