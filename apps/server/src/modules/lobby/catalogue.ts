import { GameType, NavId, SELF_DEVELOPED_MANUFACTURER, type Language } from '@lobby/contract';
import {
  areasOf,
  defaultGameConfig,
  defaultOddsOf,
  formatOdds,
  HASH_GAMES,
  LEVELS,
  type HashKind,
  type PeriodCode,
} from '@lobby/hash-games';
import { tronAddressFromSeed } from './tron-address.ts';

/**
 * The catalogue a fresh lobby starts with. It is written once into empty tables (see seed.ts); from
 * then on the tables are the truth and operators change them there.
 */

export const HASH_AGGREGATOR = SELF_DEVELOPED_MANUFACTURER;
// The spec's self-developed test is "manufacturer BITG"; the vendor is shown to players as HASH GAME.
export const HASH_MANUFACTURER = SELF_DEVELOPED_MANUFACTURER;
export const THIRD_PARTY_AGGREGATOR = 'GAMEHUB';

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
  const ordered = [...HASH_GAMES].sort(
    (a, b) => PERIOD_ORDER.indexOf(a.period) - PERIOD_ORDER.indexOf(b.period) || a.id - b.id,
  );
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

export const MANUFACTURERS: readonly ManufacturerSeed[] = [
  { abbr: HASH_MANUFACTURER, name: 'HASH GAME' },
  { abbr: 'PG', name: 'PG Soft' },
  { abbr: 'JILI', name: 'JILI' },
  { abbr: 'PP', name: 'Pragmatic Play' },
  { abbr: 'EVO', name: 'Evolution' },
  { abbr: 'SPRIBE', name: 'Spribe' },
  { abbr: 'TURBO', name: 'Turbo Games' },
  { abbr: 'BGAMING', name: 'BGaming' },
  { abbr: 'JDB', name: 'JDB' },
  { abbr: 'FC', name: 'Fa Chai' },
  { abbr: 'CQ9', name: 'CQ9' },
  { abbr: 'SEXY', name: 'AE Sexy' },
  { abbr: 'DG', name: 'Dream Gaming' },
  { abbr: 'KY', name: 'Kaiyuan' },
  { abbr: 'V8', name: 'V8 Poker' },
  { abbr: 'SABA', name: 'SABA Sports' },
  { abbr: 'BTI', name: 'BTi' },
  { abbr: 'IM', name: 'IM Sports' },
  { abbr: 'FB', name: 'FB Sports' },
];

/** [manufacturer, game code, Chinese name, English name, flags: h hot, n new] */
type Entry = readonly [string, string, string, string, string?];

const THIRD_PARTY: Record<number, readonly Entry[]> = {
  [GameType.CRYPTO]: [
    ['SPRIBE', 'aviator', '飞行员', 'Aviator', 'h'],
    ['TURBO', 'crash-x', '崩盘X', 'Crash X', 'h'],
    ['SPRIBE', 'mines', '扫雷', 'Mines', 'h'],
    ['SPRIBE', 'plinko', '弹珠', 'Plinko'],
    ['TURBO', 'limbo-rider', '极限骑手', 'Limbo Rider'],
    ['SPRIBE', 'dice', '骰子', 'Dice'],
    ['BGAMING', 'space-xy', '太空XY', 'Space XY', 'n'],
    ['SPRIBE', 'hilo', '高低', 'Hi-Lo'],
    ['TURBO', 'dice-twice', '双倍骰子', 'Dice Twice'],
    ['SPRIBE', 'goal', '射门', 'Goal'],
    ['TURBO', 'javelin-x', '标枪X', 'Javelin X', 'n'],
    ['SPRIBE', 'keno', '基诺', 'Keno'],
    ['BGAMING', 'plinko-xy', '弹珠XY', 'Plinko XY'],
    ['TURBO', 'bubbles', '泡泡', 'Bubbles'],
    ['SPRIBE', 'mini-roulette', '迷你轮盘', 'Mini Roulette'],
    ['TURBO', 'hamsta', '仓鼠快跑', 'Hamsta'],
    ['SPRIBE', 'hotline', '热线', 'Hotline'],
    ['BGAMING', 'heads-tails', '正反面', 'Heads & Tails'],
    ['TURBO', 'towers', '宝塔', 'Towers'],
    ['SPRIBE', 'balloon', '气球', 'Balloon', 'n'],
    ['TURBO', 'fury-stairs', '狂暴阶梯', 'Fury Stairs'],
    ['BGAMING', 'minesweeper-xy', '扫雷XY', 'Minesweeper XY'],
  ],
  [GameType.SLOT]: [
    ['PG', 'fortune-tiger', '金虎', 'Fortune Tiger', 'h'],
    ['PP', 'gates-of-olympus', '奥林匹斯之门', 'Gates of Olympus', 'h'],
    ['JILI', 'super-ace', '超级王牌', 'Super Ace', 'h'],
    ['PG', 'mahjong-ways', '麻将胡了', 'Mahjong Ways', 'h'],
    ['PP', 'sweet-bonanza', '甜蜜大富翁', 'Sweet Bonanza'],
    ['JILI', 'fortune-gems', '财富宝石', 'Fortune Gems'],
    ['PG', 'mahjong-ways-2', '麻将胡了2', 'Mahjong Ways 2'],
    ['PG', 'fortune-rabbit', '金兔', 'Fortune Rabbit', 'n'],
    ['PP', 'starlight-princess', '星光公主', 'Starlight Princess'],
    ['JILI', 'money-coming', '钱来了', 'Money Coming'],
    ['PG', 'lucky-neko', '招财猫', 'Lucky Neko'],
    ['PP', 'sugar-rush', '糖果冲刺', 'Sugar Rush'],
    ['JILI', 'golden-empire', '黄金帝国', 'Golden Empire'],
    ['PG', 'treasures-of-aztec', '寻宝黄金城', 'Treasures of Aztec'],
    ['PP', 'the-dog-house', '狗狗之家', 'The Dog House'],
    ['JILI', 'boxing-king', '拳王', 'Boxing King'],
    ['PG', 'wild-bandito', '亡灵大盗', 'Wild Bandito'],
    ['PP', 'big-bass-bonanza', '大鲈鱼宝藏', 'Big Bass Bonanza'],
    ['PG', 'fortune-ox', '金牛', 'Fortune Ox'],
    ['JILI', 'crazy-777', '疯狂777', 'Crazy 777'],
    ['PG', 'caishen-wins', '财神到', 'Caishen Wins'],
    ['PP', 'gates-of-olympus-1000', '奥林匹斯之门1000', 'Gates of Olympus 1000', 'n'],
    ['PG', 'dragon-hatch', '寻龙探宝', 'Dragon Hatch'],
    ['JILI', 'fortune-gems-3', '财富宝石3', 'Fortune Gems 3', 'n'],
  ],
  [GameType.FISH]: [
    ['JILI', 'royal-fishing', '皇家捕鱼', 'Royal Fishing', 'h'],
    ['JDB', 'fishing-yilufa', '一路发捕鱼', 'Fishing YiLuFa', 'h'],
    ['JILI', 'jackpot-fishing', '奖池捕鱼', 'Jackpot Fishing'],
    ['FC', 'bao-chuan-fishing', '宝船捕鱼', 'Bao Chuan Fishing'],
    ['CQ9', 'paradise', '天天捕鱼', 'Paradise'],
    ['JDB', 'dragon-fishing', '龙王捕鱼', 'Dragon Fishing'],
    ['JILI', 'dinosaur-tycoon', '恐龙大亨', 'Dinosaur Tycoon'],
    ['FC', 'star-hunter', '星际猎人', 'Star Hunter', 'n'],
    ['JILI', 'happy-fishing', '欢乐捕鱼', 'Happy Fishing'],
    ['JDB', 'fishing-disco', '迪斯科捕鱼', 'Fishing Disco'],
    ['CQ9', 'one-shot-fishing', '一炮捕鱼', 'One Shot Fishing'],
    ['JILI', 'boom-legend', '爆炸传奇', 'Boom Legend'],
    ['JDB', 'cai-shen-fishing', '财神捕鱼', 'Cai Shen Fishing'],
    ['FC', 'fiery-crab-king', '火焰蟹王', 'Fiery Crab King'],
    ['JILI', 'mega-fishing', '超级捕鱼', 'Mega Fishing'],
    ['CQ9', 'golden-toad-fishing', '金蟾捕鱼', 'Golden Toad Fishing'],
    ['JDB', 'dragon-master', '龙王至尊', 'Dragon Master'],
    ['JILI', 'dragon-fortune', '龙王财富', 'Dragon Fortune'],
    ['FC', 'lucky-fishing', '好运捕鱼', 'Lucky Fishing'],
    ['CQ9', 'fishing-war', '捕鱼大战', 'Fishing War'],
    ['JDB', 'fishing-legend', '捕鱼传说', 'Fishing Legend'],
    ['JILI', 'all-star-fishing', '全明星捕鱼', 'All-star Fishing', 'n'],
  ],
  [GameType.LIVE]: [
    ['EVO', 'lightning-roulette', '闪电轮盘', 'Lightning Roulette', 'h'],
    ['EVO', 'crazy-time', '疯狂时刻', 'Crazy Time', 'h'],
    ['SEXY', 'baccarat', '性感百家乐', 'Sexy Baccarat', 'h'],
    ['EVO', 'lightning-baccarat', '闪电百家乐', 'Lightning Baccarat'],
    ['PP', 'mega-wheel', '超级转盘', 'Mega Wheel'],
    ['DG', 'classic-baccarat', '经典百家乐', 'Classic Baccarat'],
    ['EVO', 'monopoly-live', '大富翁', 'Monopoly Live'],
    ['EVO', 'speed-baccarat', '极速百家乐', 'Speed Baccarat'],
    ['PP', 'powerup-roulette', '能量轮盘', 'PowerUp Roulette', 'n'],
    ['SEXY', 'dragon-tiger', '性感龙虎', 'Sexy Dragon Tiger'],
    ['EVO', 'dream-catcher', '捕梦网', 'Dream Catcher'],
    ['DG', 'bull-bull', '斗牛', 'Bull Bull'],
    ['EVO', 'infinite-blackjack', '无限21点', 'Infinite Blackjack'],
    ['PP', 'mega-roulette', '超级轮盘', 'Mega Roulette'],
    ['SEXY', 'roulette', '性感轮盘', 'Sexy Roulette'],
    ['EVO', 'dragon-tiger', '龙虎', 'Dragon Tiger'],
    ['PP', 'sweet-bonanza-candyland', '甜蜜糖果乐园', 'Sweet Bonanza CandyLand'],
    ['EVO', 'funky-time', '放克时刻', 'Funky Time', 'n'],
    ['DG', 'sic-bo', '骰宝', 'Sic Bo'],
    ['SEXY', 'sic-bo', '性感骰宝', 'Sexy Sic Bo'],
    ['EVO', 'lightning-dice', '闪电骰子', 'Lightning Dice'],
    ['PP', 'mega-sic-bo', '超级骰宝', 'Mega Sic Bo'],
  ],
  [GameType.POKER]: [
    ['KY', 'texas-holdem', '德州扑克', "Texas Hold'em", 'h'],
    ['KY', 'doudizhu', '斗地主', 'Fight the Landlord', 'h'],
    ['KY', 'banker-bull', '抢庄牛牛', 'Banker Bull', 'h'],
    ['JILI', 'rummy', '拉米', 'Rummy'],
    ['KY', 'zha-jin-hua', '炸金花', 'Three Card Brag'],
    ['V8', 'rush-holdem', '极速德州', "Rush Hold'em", 'n'],
    ['KY', 'two-player-mahjong', '二人麻将', 'Two-player Mahjong'],
    ['JILI', 'teen-patti', '印度三张牌', 'Teen Patti'],
    ['KY', 'blackjack', '21点', 'Blackjack'],
    ['V8', 'bull-showdown', '看牌抢庄牛牛', 'Bull Showdown'],
    ['KY', 'pai-gow', '牌九', 'Pai Gow'],
    ['JILI', 'andar-bahar', '内外', 'Andar Bahar'],
    ['KY', 'thirteen-cards', '十三水', 'Thirteen Cards'],
    ['V8', 'sichuan-mahjong', '血战到底', 'Sichuan Mahjong'],
    ['KY', 'sam-gong', '三公', 'Sam Gong'],
    ['JILI', 'tongits-go', '通吉斯', 'Tongits Go', 'n'],
    ['KY', 'run-fast', '跑得快', 'Run Fast'],
    ['V8', 'baccarat-party', '百人百家乐', 'Baccarat Party'],
    ['KY', 'red-vs-black', '红黑大战', 'Red vs Black'],
    ['JILI', 'pusoy-go', '普索伊', 'Pusoy Go'],
    ['KY', 'dragon-vs-tiger', '龙虎斗', 'Dragon vs Tiger'],
    ['JILI', 'callbreak', '叫牌', 'Callbreak'],
  ],
  [GameType.SPORT]: [
    ['SABA', 'sports', '沙巴体育', 'SABA Sports', 'h'],
    ['BTI', 'sports', 'BTi体育', 'BTi Sports', 'h'],
    ['IM', 'sports', 'IM体育', 'IM Sports'],
    ['FB', 'sports', 'FB体育', 'FB Sports', 'n'],
    ['SABA', 'football', '沙巴足球', 'SABA Football'],
    ['SABA', 'basketball', '沙巴篮球', 'SABA Basketball'],
    ['IM', 'esports', 'IM电竞', 'IM eSports', 'n'],
    ['BTI', 'football', 'BTi足球', 'BTi Football'],
    ['SABA', 'esports', '沙巴电竞', 'SABA eSports'],
    ['BTI', 'basketball', 'BTi篮球', 'BTi Basketball'],
    ['SABA', 'tennis', '沙巴网球', 'SABA Tennis'],
    ['FB', 'football', 'FB足球', 'FB Football'],
    ['SABA', 'virtual-sports', '沙巴虚拟体育', 'SABA Virtual Sports'],
    ['BTI', 'esports', 'BTi电竞', 'BTi eSports'],
    ['IM', 'football', 'IM足球', 'IM Football'],
    ['SABA', 'cricket', '沙巴板球', 'SABA Cricket'],
    ['FB', 'basketball', 'FB篮球', 'FB Basketball'],
    ['BTI', 'ice-hockey', 'BTi冰球', 'BTi Ice Hockey'],
    ['IM', 'baseball', 'IM棒球', 'IM Baseball'],
    ['SABA', 'number-game', '沙巴数字游戏', 'SABA Number Game'],
    ['BTI', 'volleyball', 'BTi排球', 'BTi Volleyball'],
    ['IM', 'table-tennis', 'IM乒乓球', 'IM Table Tennis'],
  ],
};

/**
 * Third-party games: ids are the game type times 1000 plus the position, so they never meet the hash
 * ids (all below 1000) and an id tells its category at a glance. Sort follows the listed order, which
 * puts each category's best-known titles first.
 */
export function thirdPartyGameSeeds(): GameSeed[] {
  return Object.entries(THIRD_PARTY).flatMap(([type, entries]) =>
    entries.map(([manufacturer, code, zh, en, flags = ''], index) => {
      const id = Number(type) * 1000 + index + 1;
      return {
        id,
        game_type: Number(type),
        aggregator: THIRD_PARTY_AGGREGATOR,
        manufacturer,
        game_code: code,
        name_zh: zh,
        name_en: en,
        logo_zh: logoPath(id, 'zh'),
        logo_en: logoPath(id, 'en'),
        sort: (index + 1) * 10,
        is_hot: flags.includes('h'),
        is_new: flags.includes('n'),
        period: null,
        reward_rate: null,
        requires_login: true,
      };
    }),
  );
}

export function gameSeeds(): GameSeed[] {
  return [...hashGameSeeds(), ...thirdPartyGameSeeds()];
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
