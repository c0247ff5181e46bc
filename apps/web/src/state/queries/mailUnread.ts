import type { CallResponse, MAIL_EVENT, mailCalls } from '@lobby/contract';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { onPlayerEvent } from '../realtime';
import { useSession } from '../session';
import { mailKeys } from './keys';

// The unread badge shows on the lobby's tab bar: this file holds only what it needs, so the lobby
// does not download the inbox's lists and actions (mail.ts) with it.

export type UnreadMail = CallResponse<typeof mailCalls.newMail>;

/** After a broadcast every signed-in client asks for its count; spread over this long, they do not all ask at once. */
export const BROADCAST_SPREAD_MS = 3_000;
const quiet = { silent: true } as const;
/**
 * The contract's event name, checked against it by type: importing the value would bring the mail
 * calls' zod schemas, and zod with them, into the lobby, where the unread badge shows.
 */
const MAIL_PUSH: typeof MAIL_EVENT = 'mail';

/** A broadcast's audience as the `mail` push carries it. */
export interface BroadcastHint {
  id: number;
  sentAt: number;
  vipMin: number | null;
  vipMax: number | null;
  registeredSince: number | null;
}

const level = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);
const time = (value: unknown) => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? Date.parse(value) : null);

export function readBroadcast(value: unknown): BroadcastHint | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const hint = value as Record<string, unknown>;
  const sentAt = time(hint.sentAt);
  if (sentAt === null || typeof hint.id !== 'number') return undefined;
  return { id: hint.id, sentAt, vipMin: level(hint.vipMin), vipMax: level(hint.vipMax), registeredSince: time(hint.registeredSince) };
}

/** Broadcasts already counted, per query client: every mounted badge hears the push, one counts it. */
const counted = new WeakMap<QueryClient, Set<number>>();
function firstHearing(client: QueryClient, id: number): boolean {
  let ids = counted.get(client);
  if (!ids) {
    ids = new Set();
    counted.set(client, ids);
  }
  if (ids.has(id)) return false;
  ids.add(id);
  return true;
}

/** Whether a broadcast reaches this player, by the rule the server lists messages with. */
export function reaches(hint: BroadcastHint, player: { vipLevel: number; createdAt: string }): boolean {
  const registeredAt = Date.parse(player.createdAt);
  return (
    hint.sentAt >= registeredAt &&
    (hint.vipMin === null || player.vipLevel >= hint.vipMin) &&
    (hint.vipMax === null || player.vipLevel <= hint.vipMax) &&
    (hint.registeredSince === null || registeredAt >= hint.registeredSince)
  );
}

/** The unread count and newest unread message, kept live by the `mail` pushes of the player's socket. */
export function useUnreadMail() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onPlayerEvent(MAIL_PUSH, (data) => {
      const unread = (data as { unread?: unknown } | null)?.unread;
      if (typeof unread === 'number' && Number.isInteger(unread) && unread >= 0) {
        // A message to this player alone, or a read on another device: the count is exact already.
        client.setQueryData<UnreadMail>(mailKeys.unread(), (old) => ({ unread, latest: unread === 0 ? null : (old?.latest ?? null) }));
        void client.invalidateQueries({ queryKey: [...mailKeys.all, 'list'] });
        void client.invalidateQueries({ queryKey: [...mailKeys.all, 'detail'] });
        return;
      }
      const broadcast = readBroadcast((data as { broadcast?: unknown } | null)?.broadcast);
      const player = useSession.getState().player;
      if (broadcast && player && client.getQueryData(mailKeys.unread())) {
        // Every signed-in player hears a broadcast: each counts it from its own profile, and the server is not asked a million times.
        if (!reaches(broadcast, player) || !firstHearing(client, broadcast.id)) return;
        client.setQueryData<UnreadMail>(mailKeys.unread(), (old) => (old ? { ...old, unread: old.unread + 1 } : old));
        void client.invalidateQueries({ queryKey: [...mailKeys.all, 'list'] });
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(() => void client.invalidateQueries({ queryKey: mailKeys.all }), Math.random() * BROADCAST_SPREAD_MS);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [client, token]);
  return useQuery({
    queryKey: mailKeys.unread(),
    queryFn: ({ signal }) => api.call(calls.mail.newMail, {}, { ...quiet, signal }),
    enabled: token !== null,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    meta: quiet,
  });
}
