import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { calls } from '../../api/calls';

export const regionKeys = {
  current: () => ['app', 'region'] as const,
};

/** The country the server sees this device in, and whether the service is offered there (asked once per start). */
export function useRegionQuery() {
  return useQuery({
    queryKey: regionKeys.current(),
    queryFn: ({ signal }) => api.call(calls.app.region, {}, { silent: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
}
