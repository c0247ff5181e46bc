import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { catalogueMessage } from '../api/catalogue';
import { ApiError } from '../api/client';
import { useSettings } from './settings';
import { showToast } from './ui';

/**
 * Failures the client did not already show (feature codes such as a wrong password) become a toast
 * with the catalogue's text for the code.
 */
function reportUnhandled(error: unknown, meta: Record<string, unknown> | undefined): void {
  if (meta?.silent || !(error instanceof ApiError) || error.handled) return;
  if (error.code === undefined) {
    if (error.message) showToast(error.message);
    return;
  }
  void catalogueMessage(error.code, useSettings.getState().language, error.message).then((text) => showToast(text));
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => reportUnhandled(error, query.meta) }),
  mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => reportUnhandled(error, mutation.meta) }),
  defaultOptions: {
    // The API client already retries what is safe to retry.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
