import type { CallResponse, MAIL_EVENT, mailCalls } from '@lobby/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { onPlayerEvent } from '../realtime';
import { useSession } from '../session';
import { useSettings } from '../settings';
import { mailKeys } from './keys';

export { mailKeys } from './keys';

export type MailPage = CallResponse<typeof mailCalls.mailData>;
export type Mail = MailPage['list'][number];
export type UnreadMail = CallResponse<typeof mailCalls.newMail>;
export interface MailCategory {
  id: number;
  name: string;
}

export const MAIL_PAGE_SIZE = 20;
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
  if (!ids) counted.set(client, (ids = new Set()));
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

/** The inbox, newest first, a page at a time; all messages or only the unread ones. */
export function useMailList(unreadOnly: boolean) {
  const token = useSession((s) => s.token);
  const language = useSettings((s) => s.language);
  return useInfiniteQuery({
    queryKey: [...mailKeys.list({ unreadOnly }), language],
    queryFn: ({ pageParam, signal }) =>
      api.call(calls.mail.mailData, { page: pageParam, pageSize: MAIL_PAGE_SIZE, language, ...(unreadOnly ? { unreadOnly } : {}) }, { ...quiet, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total && last.list.length > 0 ? last.page + 1 : undefined),
    enabled: token !== null,
    meta: quiet,
  });
}

/** One message for the detail screen; null when it is not (or no longer) in the player's inbox. */
export function useMail(id: number) {
  const token = useSession((s) => s.token);
  const language = useSettings((s) => s.language);
  return useQuery({
    queryKey: [...mailKeys.detail(id), language],
    queryFn: async ({ signal }) => (await api.call(calls.mail.mailData, { id, page: 1, pageSize: 1, language }, { ...quiet, signal })).list[0] ?? null,
    enabled: token !== null && Number.isSafeInteger(id) && id > 0,
    meta: quiet,
  });
}

/** The site-mail categories with their names in the reader's language. Public. */
export function useMailCategories() {
  const language = useSettings((s) => s.language);
  return useQuery({
    queryKey: mailKeys.categories(language),
    queryFn: async ({ signal }): Promise<MailCategory[]> => {
      const config = await api.call(calls.notice.mailConfigSync, { language }, { ...quiet, signal });
      const categories = (config.items as { categories?: unknown }).categories;
      if (!Array.isArray(categories)) return [];
      return categories.flatMap((c: { id?: unknown; name?: Record<string, unknown> }) =>
        typeof c?.id === 'number' ? [{ id: c.id, name: String(c.name?.[language] ?? c.name?.en_US ?? '') }] : [],
      );
    },
    staleTime: 30 * 60_000,
    meta: quiet,
  });
}

/** Marks messages read in every copy held, and takes the server's count for the badge. */
function afterRead(client: QueryClient, ids: number[] | 'all', unread: number): void {
  const read = (mail: Mail) => (ids === 'all' || ids.includes(mail.id) ? { ...mail, isRead: true } : mail);
  client.setQueryData<UnreadMail>(mailKeys.unread(), (old) => ({ unread, latest: unread === 0 ? null : (old?.latest ?? null) }));
  client.setQueriesData<InfiniteData<MailPage>>({ queryKey: [...mailKeys.all, 'list'] }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, list: page.list.map(read) })) } : data,
  );
  client.setQueriesData<Mail | null>({ queryKey: [...mailKeys.all, 'detail'] }, (mail) => (mail ? read(mail) : mail));
  void client.invalidateQueries({ queryKey: mailKeys.unread() });
}

export function useReadMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | 'all') => api.call(calls.mail.readMail, ids === 'all' ? { all: true } : { ids }, { silent: ids !== 'all' }),
    onSuccess: (reply, ids) => afterRead(client, ids, reply.unread),
  });
}

export function useDeleteMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(calls.mail.deleteMail, { ids: [id] }, { loading: true }),
    onSuccess: (reply, id) => {
      client.setQueryData<UnreadMail>(mailKeys.unread(), (old) => ({ unread: reply.unread, latest: reply.unread === 0 ? null : (old?.latest ?? null) }));
      client.setQueriesData<InfiniteData<MailPage>>({ queryKey: [...mailKeys.all, 'list'] }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, total: page.total - 1, list: page.list.filter((mail) => mail.id !== id) })) } : data,
      );
      client.setQueriesData<Mail | null>({ queryKey: mailKeys.detail(id) }, null);
      void client.invalidateQueries({ queryKey: mailKeys.all });
    },
  });
}
