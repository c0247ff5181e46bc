import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { CLIENT_VERSION, getPromotionChannel } from '../../config/app';
import { useSettings } from '../settings';

export const bannerKeys = {
  all: ['app', 'banner'] as const,
  list: (language: string, channel: string) => [...bannerKeys.all, { language, channel }] as const,
};

/** Banners exist only when the home data says so (it carries imageUrl); otherwise nothing is asked. */
export function useBanners(enabled: boolean) {
  const language = useSettings((s) => s.language);
  const channel = getPromotionChannel();
  return useQuery({
    queryKey: bannerKeys.list(language, channel),
    queryFn: ({ signal }) => api.call(calls.app.queryBanner, { clientVersion: CLIENT_VERSION, promotionChannel: channel, language }, { silent: true, signal }),
    enabled,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}
