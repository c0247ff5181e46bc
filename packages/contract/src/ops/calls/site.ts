import { z } from 'zod';
import { countryCode } from '../../countries.ts';
import { CustomerServiceKind } from '../../enums.ts';
import { LANGUAGES } from '../../locales.ts';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';

/** A link a player's phone may open: a web page, or a path on this server (an APK served beside the app). */
const link = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https:\/\/[^\s"'<>]+$/i.test(value) || /^\/(?!\/)[^\s"'<>]*$/.test(value), 'an https address or a path on this server');

/** The public site settings operators change, each validated whole; other keys keep their seeded values. */
export const SITE_SETTINGS = {
  /** The exchanges the buy-crypto guide sends players to. */
  buyCryptoLinks: z.array(z.object({ name: z.string().trim().min(1).max(60), url: link, note: z.string().trim().max(120).optional() }).strict()).max(12),
  /** What /appDownload offers besides the browser's own install: the Android package and the App Store page. */
  appDownload: z
    .object({
      androidApkUrl: link.nullable(),
      androidVersion: z.string().trim().max(40).nullable().optional(),
      iosAppUrl: link.nullable().optional(),
    })
    .strict(),
} as const;

/** Most customer-service contacts the service screen lists. */
export const CUSTOMER_SERVICE_MAX = 20;

/** One customer-service contact as operators set it; the player app opens a path in the app and anything else as an outside page. */
export const customerServiceContact = z.strictObject({
  kind: z.enum(CustomerServiceKind),
  /** The name per language; English is required and stands in for a language without its own. */
  name: z.partialRecord(z.enum(LANGUAGES), z.string().trim().min(1).max(60)).refine((names) => names.en_US !== undefined, 'en_US is required'),
  url: link,
  enabled: z.boolean(),
});

const customerServiceList = z.object({
  list: z.array(customerServiceContact.extend({ id: z.number().int(), sort: z.number().int() })),
});

/** PROTECTION.md "Jurisdictions": the countries requests are refused from, as operators set them. */
const blockedCountries = z.object({
  countries: z.array(z.string()).describe('ISO 3166-1 alpha-2 codes, sorted'),
});

export type SiteSettingKey = keyof typeof SITE_SETTINGS;

const settingOf = <K extends SiteSettingKey>(key: K) => opsBody({ key: z.literal(key), value: SITE_SETTINGS[key] });
const settingSet = <K extends SiteSettingKey>(key: K) =>
  z.object({ key: z.literal(key), value: SITE_SETTINGS[key], version: z.number().int().describe("The site configuration's version now") });

/** The site configuration players' apps read through /v1/notice/configSync. */
export const siteOpsCalls = {
  settings: defineOpsCall({
    path: '/ops/v1/site/settings',
    access: 'site.config',
    audit: 'read',
    summary: 'The public site settings operators change, as players receive them now, with the configuration version',
    request: opsBody({}),
    response: z.object({
      version: z.number().int(),
      items: z.object({ buyCryptoLinks: SITE_SETTINGS.buyCryptoLinks, appDownload: SITE_SETTINGS.appDownload.partial() }),
    }),
  }),
  config: defineOpsCall({
    path: '/ops/v1/site/config',
    access: 'site.config',
    audit: 'change',
    summary: "Sets one public site setting; the setting's version moves with it, so every client's next configSync carries it",
    request: z.discriminatedUnion('key', [settingOf('buyCryptoLinks'), settingOf('appDownload')]),
    response: z.discriminatedUnion('key', [settingSet('buyCryptoLinks'), settingSet('appDownload')]).describe('The setting as stored'),
  }),
  customerService: defineOpsCall({
    path: '/ops/v1/site/customerService',
    access: 'site.config',
    audit: 'read',
    summary: 'Every customer-service contact in the order players see them (disabled ones included, marked), with ids',
    request: opsBody({}),
    response: customerServiceList,
  }),
  setCustomerService: defineOpsCall({
    path: '/ops/v1/site/setCustomerService',
    access: 'site.config',
    audit: 'change',
    summary: "Replaces the customer-service contacts with this list, in this order; players' service screen shows it at once",
    request: opsBody({
      list: z
        .array(customerServiceContact)
        .min(1)
        .max(CUSTOMER_SERVICE_MAX)
        .describe('At least one contact: switch them all off to show none (an empty table is filled with the starting contacts at the next start)'),
    }),
    response: customerServiceList,
  }),
  blockedCountries: defineOpsCall({
    path: '/ops/v1/site/blockedCountries',
    access: 'site.config',
    audit: 'read',
    summary: 'The countries (ISO 3166-1 alpha-2) whose requests are refused registration, sign-in, deposit addresses, bets and game entry',
    request: opsBody({}),
    response: blockedCountries,
  }),
  setBlockedCountries: defineOpsCall({
    path: '/ops/v1/site/setBlockedCountries',
    access: 'site.config',
    audit: 'change',
    summary:
      'Replaces the blocked countries with this list (known ISO 3166-1 alpha-2 codes; empty blocks none); every instance refuses requests from them at once. Withdrawals stay open',
    request: opsBody({ countries: z.array(countryCode).max(300) }),
    response: blockedCountries,
  }),
} as const satisfies Record<string, OpsCallDefinition>;
