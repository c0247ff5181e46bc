import { GameType, NavId, SELF_DEVELOPED_MANUFACTURER, type Language } from '@lobby/contract';
import { areasOf, defaultGameConfig, defaultOddsOf, formatOdds, HASH_GAMES, LEVELS, type HashKind, type PeriodCode } from '@lobby/hash-games';
import { tronAddressFromSeed } from './tron-address.ts';

/**
 * The catalogue a fresh lobby starts with. It is written once into empty tables (see seed.ts); from
 * then on the tables are the truth and operators change them there.
 */

export const HASH_AGGREGATOR = SELF_DEVELOPED_MANUFACTURER;
// The spec's self-developed test is "manufacturer BITG"; the vendor is shown to players as HASH GAME.
export const HASH_MANUFACTURER = SELF_DEVELOPED_MANUFACTURER;

export const logoPath = (gameId: number, variant: 'zh' | 'en') => `/static/games/${gameId}-${variant}.svg`;

export interface GameSeed {
  id: number;
  game_type: number;
  aggregator: string;
  manufacturer: string;
  game_code: string;
  name_zh: string;
  name_en: string;
  logo_zh: string;
  logo_en: string;
  sort: number;
  is_hot: boolean;
  is_new: boolean;
  period: number | null;
  reward_rate: string | null;
  requires_login: boolean;
}

const KIND_NAMES: Record<HashKind, { zh: string; en: string; short: string }> = {
  bigSmall: { zh: '哈希大小', en: 'Hash Big-Small', short: 'Big-Small' },
  oddEven: { zh: '哈希单双', en: 'Hash Odd-Even', short: 'Odd-Even' },
  bull: { zh: '哈希牛牛', en: 'Hash Bull', short: 'Bull' },
  bankerPlayer: { zh: '哈希庄闲', en: 'Hash Banker-Player', short: 'Banker-Player' },
  luckyTen: { zh: '哈希幸运十', en: 'Hash Lucky Ten', short: 'Lucky Ten' },
  bigSmallSum: { zh: '和值大小', en: 'Sum Big-Small', short: 'Sum Big-Small' },
  oddEvenSum: { zh: '和值单双', en: 'Sum Odd-Even', short: 'Sum Odd-Even' },
};

/** Round-length labels, as the hash page's type selector names them. */
export const PERIOD_LABELS: Record<PeriodCode, { zh: string; en: string }> = {
  1: { zh: '3秒', en: '3s' },
  4: { zh: '9秒', en: '9s' },
  5: { zh: '30秒', en: '30s' },
  2: { zh: '1分', en: '1min' },
  3: { zh: '3分', en: '3min' },
};

// Shortest rounds first: the 3-second transfer games lead the hash list and the home block.
const PERIOD_ORDER: readonly PeriodCode[] = [1, 4, 5, 2, 3];

export function hashGameName(kind: HashKind, period: PeriodCode): { zh: string; en: string } {
  const names = KIND_NAMES[kind];
  if (period === 1) return { zh: names.zh, en: names.en };
  const label = PERIOD_LABELS[period];
  return { zh: `${label.zh}${names.zh}`, en: `${label.en} ${names.short}` };
}

/** The headline odds of a kind: a single pick for lucky ten, otherwise either main side. */
export function headlineOdds(kind: HashKind): string {
  return formatOdds(defaultOddsOf(kind, areasOf(kind)[0]));
}

export function hashGameSeeds(): GameSeed[] {
  const ordered = [...HASH_GAMES].sort((a, b) => PERIOD_ORDER.indexOf(a.period) - PERIOD_ORDER.indexOf(b.period) || a.id - b.id);
  return ordered.map((game, index) => {
    const name = hashGameName(game.kind, game.period);
    return {
      id: game.id,
      game_type: GameType.HASH,
      aggregator: HASH_AGGREGATOR,
      manufacturer: HASH_MANUFACTURER,
      game_code: `${game.kind}_${PERIOD_LABELS[game.period].en}`,
      name_zh: name.zh,
      name_en: name.en,
      logo_zh: logoPath(game.id, 'zh'),
      logo_en: logoPath(game.id, 'en'),
      sort: index + 1,
      is_hot: game.id === 1 || game.id === 3 || game.id === 51,
      is_new: game.period === 5,
      period: game.period,
      reward_rate: headlineOdds(game.kind),
      requires_login: game.loginRequired,
    };
  });
}

export interface TransferAddressSeed {
  game_id: number;
  level: number;
  address: string;
  trx_min: bigint;
  trx_max: bigint;
  usdt_min: bigint;
  usdt_max: bigint;
}

/** One receiving address per transfer game (1-7) and level, with the level's stake limits. */
export function transferAddressSeeds(): TransferAddressSeed[] {
  return HASH_GAMES.filter((game) => game.transferBet).flatMap((game) =>
    LEVELS.map((level) => {
      const { limits } = defaultGameConfig(game.id, level);
      return {
        game_id: game.id,
        level,
        address: tronAddressFromSeed(`lobby/transfer-bet/game/${game.id}/level/${level}`),
        trx_min: limits.TRX.min,
        trx_max: limits.TRX.max,
        usdt_min: limits.USDT.min,
        usdt_max: limits.USDT.max,
      };
    }),
  );
}

export interface ManufacturerSeed {
  abbr: string;
  name: string;
}

/** Only the in-house vendor is written at start; third-party manufacturers come with the aggregator's games. */
export const MANUFACTURERS: readonly ManufacturerSeed[] = [{ abbr: HASH_MANUFACTURER, name: 'HASH GAME' }];

/** Third-party games are not seeded: they come from the aggregator's list (see aggregator-catalogue.ts). */
export function gameSeeds(): GameSeed[] {
  return hashGameSeeds();
}

/** Every category enabled, in the order the navigation bar shows them. */
export const NAVBAR: readonly { nav_id: number; status: number; sort: number }[] = [
  NavId.HOME,
  NavId.HASH,
  NavId.SLOT,
  NavId.LIVE,
  NavId.CRYPTO,
  NavId.FISH,
  NavId.POKER,
  NavId.SPORT,
].map((nav_id, sort) => ({ nav_id, status: 1, sort }));

type Names = Record<Language, string>;

export const CUSTOMER_SERVICE: readonly { kind: string; name: Names; url: string; sort: number }[] = [
  {
    kind: 'online',
    url: '/chat',
    sort: 1,
    name: {
      zh_CN: '在线客服',
      zh_TW: '線上客服',
      en_US: 'Online support',
      pt_BR: 'Suporte online',
      vi_VN: 'Hỗ trợ trực tuyến',
      id_ID: 'Layanan online',
      th_TH: 'ฝ่ายบริการออนไลน์',
      ar_EG: 'الدعم المباشر',
    },
  },
  {
    kind: 'telegram',
    url: 'https://t.me/hashlobby_service',
    sort: 2,
    name: {
      zh_CN: 'Telegram 客服',
      zh_TW: 'Telegram 客服',
      en_US: 'Telegram',
      pt_BR: 'Telegram',
      vi_VN: 'Telegram',
      id_ID: 'Telegram',
      th_TH: 'Telegram',
      ar_EG: 'تيليجرام',
    },
  },
  {
    kind: 'whatsapp',
    url: 'https://wa.me/message/HASHLOBBY',
    sort: 3,
    name: {
      zh_CN: 'WhatsApp 客服',
      zh_TW: 'WhatsApp 客服',
      en_US: 'WhatsApp',
      pt_BR: 'WhatsApp',
      vi_VN: 'WhatsApp',
      id_ID: 'WhatsApp',
      th_TH: 'WhatsApp',
      ar_EG: 'واتساب',
    },
  },
];

export const SITE_SCOPE = 'site';
export const MAIL_SCOPE = 'mail';

/** Public site settings returned by /v1/notice/configSync. */
export const SITE_CONFIG: Record<string, unknown> = {
  badgesEnabled: true,
  // Operators list ISO 3166-1 alpha-2 codes here to refuse play from those jurisdictions.
  jurisdiction: { blockedCountries: [] },
  // Exchanges the buy-crypto guide sends players to, and the app packages /appDownload offers; set
  // with POST /ops/v1/site/config. No Android package is published until the operator builds and hosts one.
  buyCryptoLinks: [
    { name: 'Binance', url: 'https://www.binance.com/en/buy-sell-crypto' },
    { name: 'OKX', url: 'https://www.okx.com/buy-crypto' },
    { name: 'HTX', url: 'https://www.htx.com/en-us/fiat-crypto/' },
  ],
  appDownload: { androidApkUrl: null, androidVersion: null, iosAppUrl: null },
  links: {
    helpCenter: '/helpCenter',
    tutorial: '/tutorial',
    graphicTutorial: '/graphicTutorial',
    tronIntroduce: '/tronIntroduce',
    appDownload: '/appDownload',
    buyCrypto: '/buyCrypto',
    chat: '/chat',
    explorer: {
      transaction: 'https://tronscan.org/#/transaction/{id}',
      block: 'https://tronscan.org/#/block/{id}',
      address: 'https://tronscan.org/#/address/{id}',
    },
  },
};

/** Site-message settings returned by /v1/notice/mailConfigSync; category ids are what mails carry. */
export const MAIL_CONFIG: Record<string, unknown> = {
  pollIntervalSeconds: 30,
  categories: [
    {
      id: 1,
      key: 'system',
      name: {
        zh_CN: '系统通知',
        zh_TW: '系統通知',
        en_US: 'System',
        pt_BR: 'Sistema',
        vi_VN: 'Hệ thống',
        id_ID: 'Sistem',
        th_TH: 'ระบบ',
        ar_EG: 'النظام',
      },
    },
    {
      id: 2,
      key: 'activity',
      name: {
        zh_CN: '活动消息',
        zh_TW: '活動消息',
        en_US: 'Promotions',
        pt_BR: 'Promoções',
        vi_VN: 'Khuyến mãi',
        id_ID: 'Promosi',
        th_TH: 'โปรโมชั่น',
        ar_EG: 'العروض',
      },
    },
    {
      id: 3,
      key: 'wallet',
      name: {
        zh_CN: '资金变动',
        zh_TW: '資金變動',
        en_US: 'Wallet',
        pt_BR: 'Carteira',
        vi_VN: 'Ví',
        id_ID: 'Dompet',
        th_TH: 'กระเป๋าเงิน',
        ar_EG: 'المحفظة',
      },
    },
    {
      id: 4,
      key: 'account',
      name: {
        zh_CN: '账户安全',
        zh_TW: '帳戶安全',
        en_US: 'Account',
        pt_BR: 'Conta',
        vi_VN: 'Tài khoản',
        id_ID: 'Akun',
        th_TH: 'บัญชี',
        ar_EG: 'الحساب',
      },
    },
  ],
};
