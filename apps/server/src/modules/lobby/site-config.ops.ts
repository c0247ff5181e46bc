import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail } from '../../http/app-error.ts';
import { opsTokenGuard } from '../../http/ops-guard.ts';
import { SITE_SCOPE } from './catalogue.ts';
import type { LobbyService } from './lobby.service.ts';

/** A link a player's phone may open: a web page, or a path on this server (an APK served beside the app). */
const link = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https:\/\/[^\s"'<>]+$/i.test(value) || /^\/(?!\/)[^\s"'<>]*$/.test(value), 'an https address or a path on this server');

/** The site settings operators change here, each validated whole; other keys keep their seeded values. */
export const SITE_SETTINGS = {
  /** The exchanges the buy-crypto guide sends players to. */
  buyCryptoLinks: z
    .array(z.object({ name: z.string().trim().min(1).max(60), url: link, note: z.string().trim().max(120).optional() }).strict())
    .max(12),
  /** What /appDownload offers besides the browser's own install: the Android package and the App Store page. */
  appDownload: z
    .object({
      androidApkUrl: link.nullable(),
      androidVersion: z.string().trim().max(40).nullable().optional(),
      iosAppUrl: link.nullable().optional(),
    })
    .strict(),
} as const;

export type SiteSettingKey = keyof typeof SITE_SETTINGS;
const KEYS = Object.keys(SITE_SETTINGS) as [SiteSettingKey, ...SiteSettingKey[]];

const setBody = z
  .object({
    key: z.enum(KEYS),
    value: z.unknown(),
    by: z.string().trim().min(1).max(100),
  })
  .strict();

/**
 * POST /ops/site/config behind `x-ops-token` (absent without OPS_TOKEN): sets one public site setting.
 * The setting's version moves in the same transaction, so every client's next /v1/notice/configSync
 * carries it; the change is logged with the old and new value and who made it.
 */
export function registerSiteConfigOpsRoutes(app: FastifyInstance, lobby: LobbyService, opsToken: string | undefined) {
  if (!opsToken) return;
  const guard = opsTokenGuard(opsToken);

  app.post('/ops/site/config', async (request) => {
    guard(request);
    const parsed = setBody.safeParse(request.body ?? {});
    if (!parsed.success || !('value' in (request.body as object))) {
      throw fail('INVALID_PARAMETERS', `send {key: ${KEYS.join(' | ')}, value, by}`);
    }
    const { key, by } = parsed.data;
    const value = SITE_SETTINGS[key].safeParse(parsed.data.value);
    if (!value.success) throw fail('INVALID_PARAMETERS', `${key}: ${value.error.issues.map((i) => `${i.path.join('.') || 'value'} ${i.message}`).join('; ')}`);
    const before = (await lobby.syncConfig(SITE_SCOPE, undefined)).items[key] ?? null;
    const version = await lobby.setConfig(SITE_SCOPE, key, value.data);
    request.log.info({ audit: 'site_config', key, old: before, new: value.data, by, at: new Date().toISOString() }, 'site setting changed');
    return { code: 0, msg: 'success', data: { key, value: value.data, version } };
  });
}
