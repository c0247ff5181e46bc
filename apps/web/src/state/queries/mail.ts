import type { CallResponse, mailCalls } from '@lobby/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { useSession } from '../session';
import { useSettings } from '../settings';
import { mailKeys } from './keys';
import type { UnreadMail } from './mailUnread';

export { mailKeys } from './keys';
export { BROADCAST_SPREAD_MS, reaches, readBroadcast, useUnreadMail, type BroadcastHint, type UnreadMail } from './mailUnread';

export type MailPage = CallResponse<typeof mailCalls.mailData>;
export type Mail = MailPage['list'][number];
export interface MailCategory {
  id: number;
  name: string;
}

export const MAIL_PAGE_SIZE = 20;
const quiet = { silent: true } as const;

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
