import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { useSettings } from '../settings';

export const customerServiceKeys = {
  all: ['app', 'customerService'] as const,
  config: (language: string) => [...customerServiceKeys.all, language] as const,
};

export function useCustomerService() {
  const language = useSettings((s) => s.language);
  return useQuery({
    queryKey: customerServiceKeys.config(language),
    queryFn: ({ signal }) => api.call(calls.app.customerServiceConfig, { language }, { signal }),
    staleTime: 10 * 60_000,
  });
}
