import type { HomeData, Language } from '@lobby/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { CLIENT_VERSION, getPromotionChannel } from '../../config/app';
import { useSettings } from '../settings';

export const homeKeys = {
  all: ['app', 'home'] as const,
  lobby: (language: string, clientVersion: string, channel: string) => [...homeKeys.all, { language, clientVersion, channel }] as const,
};

/** The lobby: navigation, vendors and the game lists. Failures are silent; the lobby just stays empty. */
export function homeQuery(language: Language) {
  const channel = getPromotionChannel();
  return queryOptions({
    queryKey: homeKeys.lobby(language, CLIENT_VERSION, channel),
    queryFn: ({ signal }): Promise<HomeData> =>
      api.call(calls.app.home, { language, clientVersion: CLIENT_VERSION, promotionChannel: channel }, { silent: true, signal }),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

export function useHomeData() {
  const language = useSettings((s) => s.language);
  return useQuery(homeQuery(language));
}
