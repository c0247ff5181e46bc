import { siteOpsCalls } from '@lobby/contract';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { SITE_SCOPE } from './catalogue.ts';
import type { LobbyService } from './lobby.service.ts';

/**
 * The site configuration's operator calls: reads the settings operators change, and sets one public setting (validated whole by the contract).
 * Customer-service contacts live in their own table and are replaced as a whole list.
 * The setting's version moves in the same transaction, so every client's next /v1/notice/configSync
 * carries it; the audit keeps the old and the new value.
 */
export function registerSiteConfigOpsRoutes(ops: OpsRegistrar, lobby: LobbyService) {
  ops.register(siteOpsCalls.settings, async () => {
    const { version, items } = await lobby.syncConfig(SITE_SCOPE, undefined);
    return {
      version,
      items: { buyCryptoLinks: (items.buyCryptoLinks ?? []) as never, appDownload: (items.appDownload ?? { androidApkUrl: null }) as never },
    };
  });
  ops.register(siteOpsCalls.config, async ({ body, audit }) => {
    const { key, value } = body;
    audit.target = `site:${key}`;
    audit.before = (await lobby.syncConfig(SITE_SCOPE, undefined)).items[key] ?? null;
    const version = await lobby.setConfig(SITE_SCOPE, key, value);
    audit.after = value;
    return { key, value, version };
  });
  ops.register(siteOpsCalls.customerService, async () => ({ list: await lobby.customerServiceContacts() }));
  ops.register(siteOpsCalls.setCustomerService, async ({ body, audit }) => {
    audit.target = 'site:customerService';
    audit.before = await lobby.customerServiceContacts();
    await lobby.setCustomerService(body.list);
    const list = await lobby.customerServiceContacts();
    audit.after = list;
    return { list };
  });
}
