import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { opsCall, type Response } from '../api/opsClient.ts';
import { consoleSocket, RESOURCES_OF_EVENT } from './live.tsx';

export type QueueCounts = Partial<Response<'queues', 'counts'>>;

/**
 * The open queues the signed-in member works (only those their permissions show), read again at
 * once when the console socket says one of them changed, and every minute besides.
 */
export function useQueueCounts(): QueueCounts {
  const query = useQuery({
    queryKey: ['ops', 'queues', 'counts'],
    queryFn: () => opsCall<Response<'queues', 'counts'>>('/ops/v1/queues/counts'),
    refetchInterval: 60_000,
  });
  const { refetch } = query;
  useEffect(
    () =>
      consoleSocket.subscribe((frame) => {
        if ((RESOURCES_OF_EVENT[frame.event] ?? []).some((resource) => ['chats', 'withdrawals', 'heldWins', 'approvals'].includes(resource))) void refetch();
      }),
    [refetch],
  );
  return query.data ?? {};
}
