import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { useSettings } from '../settings';
import { siteConfigKeys } from './keys';

export { siteConfigKeys } from './keys';

type SiteLinks = { explorer?: { block?: unknown; transaction?: unknown } };

/** The public site configuration (SPEC section 9): asked once per language, however many screens read it. */
export function useSiteConfig() {
  const language = useSettings((s) => s.language);
  return useQuery({
    queryKey: siteConfigKeys.config(language),
    queryFn: ({ signal }) => api.call(calls.notice.configSync, { language }, { silent: true, signal }),
    staleTime: 30 * 60_000,
    meta: { silent: true },
  });
}

/** The block explorer's link templates from the site configuration, when it carries any. */
export function useExplorerLinks(): SiteLinks['explorer'] {
  const { data } = useSiteConfig();
  return (data?.items as { links?: SiteLinks } | undefined)?.links?.explorer;
}
