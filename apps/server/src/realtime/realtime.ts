import websocket from '@fastify/websocket';
import { ErrorCode, errorMessage, type Language } from '@lobby/contract';
import { isHashGameId } from '@lobby/hash-games';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { PlayerPush, PublicPush } from '../events/domain-events.ts';
import type { EventBus } from '../events/event-bus.ts';
import { AppError, UnauthorizedError } from '../http/app-error.ts';
import { requestLanguage } from '../http/request-context.ts';
import type { SessionService } from '../modules/player/session.service.ts';
import { FailuresPerAddress, startHeartbeat, TokenBucket } from './limits.ts';

/** Public channels anyone may follow: `round:<gameId>` and `results:<gameId>` of a hash game. */
const PUBLIC_CHANNEL = /^(?:round|results):([1-9]\d{0,5})$/;
const MAX_SUBSCRIPTIONS = 64;
/** A socket that fails this many auths is closed: a client with a real token needs one try. */
const MAX_FAILED_AUTHS_PER_SOCKET = 5;
/** The address-wide count of failed auths runs over the same window as failed logins. */
const AUTH_FAILURE_WINDOW_MS = 15 * 60_000;
/** Ids per database read when re-checking every authenticated socket. */
const RECHECK_BATCH = 1000;
/** setTimeout holds at most this; a later expiry is re-armed when the timer fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Close code for a client that broke a rule (RFC 6455 "policy violation"). */
const POLICY_VIOLATION = 1008;

/** Events that carry pushes: `push.public` (to a public channel) and `push.player` (to one player). */
export const PUSH_PUBLIC = 'push.public';
export const PUSH_PLAYER = 'push.player';
/** Pushes to every signed-in socket (`push.players`): news for all players, e.g. a broadcast site mail. */
export const PUSH_ALL_PLAYERS = 'push.players';

export type { PlayerPush, PublicPush };

export interface RealtimeLimits {
  maxSocketsPerIp: number;
  framesPer10s: number;
  authsPerMinute: number;
  authFailuresPerIp: number;
  heartbeatMs: number;
  sessionRecheckMs: number;
}

/** Sends a push from any module; it reaches sockets on every instance through the bus. */
export function pushToChannel(bus: EventBus, push: PublicPush) {
  return bus.publish(PUSH_PUBLIC, push);
}
export function pushToPlayer(bus: EventBus, push: PlayerPush) {
  return bus.publish(PUSH_PLAYER, push);
}
export function pushToAllPlayers(bus: EventBus, push: Omit<PlayerPush, 'playerId'>) {
  return bus.publish(PUSH_ALL_PLAYERS, push);
}

export function isPublicChannel(channel: string): boolean {
  const match = PUBLIC_CHANNEL.exec(channel);
  return match !== null && isHashGameId(Number(match[1]));
}

interface Client {
  socket: WebSocket;
  ip: string;
  language: Language;
  channels: Set<string>;
  /** The session this socket authenticated with; its player's private events reach it while it lasts. */
  session: { sessionId: bigint; playerId: number } | null;
  expiryTimer?: NodeJS.Timeout;
  frames: TokenBucket;
  auths: TokenBucket;
  failedAuths: number;
  /** Numbers auth frames, so an earlier lookup finishing late does not override a later one. */
  authAttempt: number;
  answeredPing: boolean;
}

/**
 * One websocket endpoint, `GET /v1/ws`. Messages are JSON:
 *   client → `{op:'subscribe'|'unsubscribe', channel}`, `{op:'auth', token}`, `{op:'ping'}`
 *   server → `{channel, event, data}`, `{op:'pong'}`, `{op:'error', code}`,
 *            `{op:'session', code, msg}` when the authenticated session ends (10032, 10008, 10009)
 * A socket that authenticates receives its player's private events on channel `player` for as long
 * as that session lasts: a logout, another login, a password reset or expiry, on any instance,
 * stops them and sends the `session` frame.
 */
export async function registerRealtime(app: FastifyInstance, bus: EventBus, sessions: SessionService, limits: RealtimeLimits) {
  await app.register(websocket, { options: { maxPayload: 4096 } });

  const clients = new Set<Client>();
  const byChannel = new Map<string, Set<Client>>();
  const byPlayer = new Map<number, Set<Client>>();
  const socketsPerIp = new Map<string, number>();
  const authFailures = new FailuresPerAddress(limits.authFailuresPerIp, AUTH_FAILURE_WINDOW_MS);
  /** Session ends heard so far: an auth that was in flight during one checks its session again. */
  let endsHeard = 0;

  const add = <K>(map: Map<K, Set<Client>>, key: K, client: Client) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(client);
  };
  const remove = <K>(map: Map<K, Set<Client>>, key: K, client: Client) => {
    const set = map.get(key);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) map.delete(key);
  };
  const send = (client: Client, message: unknown) => {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
  };
  const broadcast = (targets: Set<Client> | undefined, frame: string) => {
    if (!targets) return;
    for (const client of targets) if (client.socket.readyState === client.socket.OPEN) client.socket.send(frame);
  };

  const detach = (client: Client) => {
    clearTimeout(client.expiryTimer);
    if (!client.session) return;
    remove(byPlayer, client.session.playerId, client);
    client.session = null;
  };
  const armExpiry = (client: Client, expiresAt: number) => {
    clearTimeout(client.expiryTimer);
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, expiresAt - Date.now()));
    client.expiryTimer = setTimeout(() => void recheck([client]), delay);
  };
  const attach = (client: Client, session: { sessionId: bigint; playerId: number; expiresAt: number }) => {
    detach(client);
    client.session = { sessionId: session.sessionId, playerId: session.playerId };
    add(byPlayer, session.playerId, client);
    armExpiry(client, session.expiresAt);
  };

  /** Reads the sessions of these sockets from the database and lets go of those that ended. */
  const recheck = async (targets: Iterable<Client>) => {
    const asked = [...targets].flatMap((client) => (client.session ? [{ client, sessionId: client.session.sessionId }] : []));
    if (asked.length === 0) return;
    let standings: Awaited<ReturnType<SessionService['standings']>>;
    try {
      standings = await sessions.standings([...new Set(asked.map((entry) => entry.sessionId))]);
    } catch (error) {
      // The periodic re-check tries again.
      app.log.warn({ err: error }, 'could not re-check websocket sessions');
      return;
    }
    for (const { client, sessionId } of asked) {
      // Authenticated again while the read was out: the new session is the one that counts.
      if (client.session?.sessionId !== sessionId) continue;
      const standing = standings.get(sessionId)!;
      if (standing.endCode === null) {
        armExpiry(client, standing.expiresAt);
        continue;
      }
      detach(client);
      send(client, { op: 'session', code: standing.endCode, msg: errorMessage(standing.endCode, client.language) });
    }
  };
  let sweeping = false;
  const recheckEveryone = async () => {
    // A slow database must not pile sweeps on top of each other.
    if (sweeping) return;
    sweeping = true;
    try {
      const authenticated = [...clients].filter((client) => client.session);
      for (let i = 0; i < authenticated.length; i += RECHECK_BATCH) await recheck(authenticated.slice(i, i + RECHECK_BATCH));
    } finally {
      sweeping = false;
    }
  };

  const offPublic = bus.subscribe(PUSH_PUBLIC, (push) => {
    broadcast(byChannel.get(push.channel), JSON.stringify({ channel: push.channel, event: push.event, data: push.data }));
  });
  const offPlayer = bus.subscribe(PUSH_PLAYER, (push) => {
    broadcast(byPlayer.get(push.playerId), JSON.stringify({ channel: 'player', event: push.event, data: push.data }));
  });
  const offAllPlayers = bus.subscribe(PUSH_ALL_PLAYERS, (push) => {
    const frame = JSON.stringify({ channel: 'player', event: push.event, data: push.data });
    for (const targets of byPlayer.values()) broadcast(targets, frame);
  });
  // A replaced login ends the player's old session while a socket may already follow the new one,
  // so each socket's own session is read again rather than every socket of the player dropped.
  const offEnded = sessions.onEnded((playerId) => {
    endsHeard += 1;
    const targets = byPlayer.get(playerId);
    if (targets) void recheck(targets);
  });
  // An end announced while the bus was down (Redis reconnecting) is caught here at the latest.
  const sweep = setInterval(() => void recheckEveryone(), limits.sessionRecheckMs);
  // A socket that vanished would hold its slot of the per-address cap for good.
  const heartbeat = startHeartbeat(clients, limits.heartbeatMs);
  app.addHook('onClose', async () => {
    offPublic();
    offPlayer();
    offAllPlayers();
    offEnded();
    clearInterval(sweep);
    clearInterval(heartbeat);
    for (const client of clients) clearTimeout(client.expiryTimer);
  });

  const authenticate = async (client: Client, token: string) => {
    // Whatever the outcome, the socket no longer speaks for the session it had.
    detach(client);
    if (authFailures.blocked(client.ip) || !client.auths.take()) return send(client, { op: 'error', code: ErrorCode.IP_LIMIT });
    const endsBefore = endsHeard;
    const attempt = ++client.authAttempt;
    try {
      const session = await sessions.authenticate(token);
      if (client.socket.readyState !== client.socket.OPEN || attempt !== client.authAttempt) return;
      attach(client, session);
      send(client, { op: 'auth', ok: true });
      if (endsHeard !== endsBefore) await recheck([client]);
    } catch (error) {
      if (!(error instanceof AppError || error instanceof UnauthorizedError)) {
        app.log.error({ err: error }, 'websocket auth failed');
        return send(client, { op: 'error', code: ErrorCode.EXCEPTION });
      }
      authFailures.record(client.ip);
      client.failedAuths += 1;
      send(client, { op: 'error', code: error instanceof AppError ? error.code : ErrorCode.TOKEN_MISMATCH });
      if (client.failedAuths >= MAX_FAILED_AUTHS_PER_SOCKET) client.socket.close(POLICY_VIOLATION, 'too many failed auths');
    }
  };

  app.get('/v1/ws', { websocket: true }, (socket, request) => {
    const ip = request.ip;
    const open = socketsPerIp.get(ip) ?? 0;
    if (open >= limits.maxSocketsPerIp) {
      socket.close(POLICY_VIOLATION, 'too many connections');
      return;
    }
    socketsPerIp.set(ip, open + 1);

    const client: Client = {
      socket,
      ip,
      language: requestLanguage(request),
      channels: new Set(),
      session: null,
      frames: new TokenBucket(limits.framesPer10s, 10_000),
      auths: new TokenBucket(limits.authsPerMinute, 60_000),
      failedAuths: 0,
      authAttempt: 0,
      answeredPing: true,
    };
    clients.add(client);
    socket.on('pong', () => (client.answeredPing = true));

    socket.on('message', (raw) => {
      if (socket.readyState !== socket.OPEN) return;
      if (!client.frames.take()) {
        socket.close(POLICY_VIOLATION, 'too many messages');
        return;
      }
      let message: { op?: unknown; channel?: unknown; token?: unknown };
      try {
        message = JSON.parse(String(raw));
      } catch {
        return send(client, { op: 'error', code: ErrorCode.INPUT });
      }
      if (message === null || typeof message !== 'object') return send(client, { op: 'error', code: ErrorCode.INPUT });
      if (message.op === 'ping') return send(client, { op: 'pong' });
      if (message.op === 'auth' && typeof message.token === 'string') return void authenticate(client, message.token);
      if (typeof message.channel !== 'string' || !isPublicChannel(message.channel)) {
        return send(client, { op: 'error', code: ErrorCode.INVALID_PARAMETERS });
      }
      if (message.op === 'subscribe') {
        if (client.channels.size >= MAX_SUBSCRIPTIONS) return send(client, { op: 'error', code: ErrorCode.INVALID_PARAMETERS });
        client.channels.add(message.channel);
        add(byChannel, message.channel, client);
        return send(client, { op: 'subscribed', channel: message.channel });
      }
      if (message.op === 'unsubscribe') {
        client.channels.delete(message.channel);
        remove(byChannel, message.channel, client);
        return send(client, { op: 'unsubscribed', channel: message.channel });
      }
      return send(client, { op: 'error', code: ErrorCode.INVALID_PARAMETERS });
    });

    socket.on('close', () => {
      clients.delete(client);
      for (const channel of client.channels) remove(byChannel, channel, client);
      detach(client);
      const left = (socketsPerIp.get(ip) ?? 1) - 1;
      if (left > 0) socketsPerIp.set(ip, left);
      else socketsPerIp.delete(ip);
    });
  });
}
