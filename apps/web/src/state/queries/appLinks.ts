import { useSiteConfig } from './siteConfig';

/**
 * The operator's links for the help and download screens, from the public site configuration
 * (`buyCryptoLinks`, `appDownload`; set with POST /ops/v1/site/config). Entries that are neither web links
 * nor paths on this server are left out rather than shown broken.
 */
export interface ExternalLink {
  name: string;
  url: string;
  note?: string;
}

export interface AppDownloadConfig {
  /** The Android package (APK) players may download. */
  androidApkUrl: string | null;
  androidVersion: string | null;
  /** The App Store page, when the iOS shell is published there. */
  iosAppUrl: string | null;
}

const webLink = (value: unknown): string | null =>
  typeof value === 'string' && (/^https?:\/\/[^\s"'<>]+$/i.test(value) || /^\/(?!\/)[^\s"'<>]*$/.test(value)) ? value : null;

export function readBuyCryptoLinks(items: Record<string, unknown> | undefined): ExternalLink[] {
  const list = items?.buyCryptoLinks;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    const { name, url, note } = (entry ?? {}) as Record<string, unknown>;
    const href = webLink(url);
    return typeof name === 'string' && name.trim() && href ? [{ name: name.trim(), url: href, ...(typeof note === 'string' && note ? { note } : {}) }] : [];
  });
}

export function readAppDownload(items: Record<string, unknown> | undefined): AppDownloadConfig {
  const value = (items?.appDownload ?? {}) as Record<string, unknown>;
  return {
    androidApkUrl: webLink(value.androidApkUrl),
    androidVersion: typeof value.androidVersion === 'string' && value.androidVersion ? value.androidVersion : null,
    iosAppUrl: webLink(value.iosAppUrl),
  };
}

export function useBuyCryptoLinks() {
  const config = useSiteConfig();
  return { ...config, links: readBuyCryptoLinks(config.data?.items as Record<string, unknown> | undefined) };
}

export function useAppDownload() {
  const config = useSiteConfig();
  return { ...config, app: readAppDownload(config.data?.items as Record<string, unknown> | undefined) };
}
