import { GameType } from '@lobby/contract';

/**
 * Aggregators name their categories in free text ("Video Slots", "Live Baccarat", "Table Games",
 * "Fishing Games", "Virtual Sports", "Scratch Cards", "老虎机", "Caça-níqueis"), each in its own words.
 * A category is read for its meaning: the first rule one of whose word stems occurs in it decides its
 * game type. The order matters: "Live Baccarat" is live before it is a table game, "Virtual Sports"
 * is sport, "Scratch Cards" is a mini game before "card" makes it a table game, "Fishing Slots" is
 * fish. An operator's rule for a category wins over all of this (game_category_rules).
 */
const MEANINGS: readonly { gameType: number; stems: readonly string[] }[] = [
  {
    gameType: GameType.LIVE,
    stems: ['live', 'dealer', 'croupier', 'game show', 'ao vivo', 'en vivo', 'truc tiep', 'langsung', 'สด', 'คาสิโนสด', '真人', '视讯', '視訊', 'مباشر'],
  },
  {
    gameType: GameType.SPORT,
    stems: [
      'sport',
      'esport',
      'virtual',
      'football',
      'soccer',
      'racing',
      'horse',
      'cricket',
      'basket',
      'tennis',
      'esporte',
      'futebol',
      'the thao',
      'bong da',
      'olahraga',
      'กีฬา',
      'ฟุตบอล',
      '体育',
      '體育',
      '电竞',
      '電競',
      'رياض',
      'كرة',
    ],
  },
  {
    gameType: GameType.FISH,
    stems: ['fish', 'shoot', 'pesca', 'peixe', 'ban ca', 'ikan', 'ปลา', '捕鱼', '捕魚', 'صيد', 'سمك'],
  },
  {
    gameType: GameType.MINI,
    stems: [
      'scratch',
      'lotter',
      'lotto',
      'keno',
      'bingo',
      'instant',
      'mini',
      'arcade',
      'casual',
      'raspadinha',
      'loteria',
      'xo so',
      'cao',
      'undian',
      'หวย',
      'ลอตเตอรี่',
      '彩票',
      '刮刮',
      '小游戏',
      '小遊戲',
      'يانصيب',
      'بينغو',
    ],
  },
  {
    gameType: GameType.CRYPTO,
    stems: [
      'crash',
      'crypto',
      'original',
      'plinko',
      'mines',
      'dice',
      'limbo',
      'hash',
      'aviator',
      'provably',
      'cripto',
      'kripto',
      'คริปโต',
      '哈希',
      '加密',
      '区块链',
      '區塊鏈',
      'كريبتو',
    ],
  },
  {
    gameType: GameType.POKER,
    stems: [
      'poker',
      'table',
      'card',
      'board',
      'blackjack',
      'roulette',
      'baccarat',
      'hold',
      'sic bo',
      'teen patti',
      'andar',
      'dragon tiger',
      'mesa',
      'cartas',
      'bai',
      'meja',
      'kartu',
      'ไพ่',
      'โป๊กเกอร์',
      'บาคาร่า',
      '棋牌',
      '扑克',
      '撲克',
      '百家乐',
      '百家樂',
      'بوكر',
      'ورق',
      'طاولة',
    ],
  },
  {
    gameType: GameType.SLOT,
    stems: [
      'slot',
      'reel',
      'megaways',
      'jackpot',
      'pokie',
      'fruit',
      'caca',
      'nique',
      'tragamoneda',
      'quay',
      'no hu',
      'สล็อต',
      '老虎机',
      '老虎機',
      '电子',
      '電子',
      'سلوت',
    ],
  },
];

/** Where a game whose category nobody has mapped is shown: slots are what most of an unknown list is. */
export const DEFAULT_GAME_TYPE = GameType.SLOT;

/**
 * A category's key: what two spellings of one category share. Case, accents, punctuation and repeated
 * spaces are dropped ("Video-Slots", "video slots " and "VIDEO SLOTS" are one category).
 */
export function categoryKey(category: string): string {
  return category
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .slice(0, 100);
}

/** The game type a category means, or null when none of its words is known. */
export function gameTypeByMeaning(category: string): number | null {
  const key = categoryKey(category);
  if (!key) return null;
  const padded = ` ${key} `;
  for (const meaning of NORMALISED_MEANINGS) {
    if (meaning.stems.some((stem) => (isLatin(stem) ? padded.includes(` ${stem}`) : key.includes(stem)))) return meaning.gameType;
  }
  return null;
}

// Stems are compared as keys are (Thai vowel signs and Arabic marks dropped alike).
const NORMALISED_MEANINGS = MEANINGS.map((meaning) => ({ ...meaning, stems: meaning.stems.map(categoryKey) }));

/** Latin stems match at the start of a word ("card" in "cards", not in "scorecard"); others anywhere. */
function isLatin(stem: string): boolean {
  return /^[a-z0-9 ]+$/.test(stem);
}

/** An operator's decision about one category: shown as a game type, or hidden. */
export interface CategoryRule {
  key: string;
  gameType: number | null;
  hidden: boolean;
}

/**
 * How one category is shown: the operator's rule when there is one, else its meaning, else the default
 * type (and then it is `unmapped`, which operators see in their list).
 */
export function resolveCategory(category: string, rules: ReadonlyMap<string, CategoryRule>): { gameType: number; hidden: boolean; unmapped: boolean } {
  const rule = rules.get(categoryKey(category));
  const meaning = gameTypeByMeaning(category);
  if (rule?.gameType != null) return { gameType: rule.gameType, hidden: rule.hidden, unmapped: false };
  return { gameType: meaning ?? DEFAULT_GAME_TYPE, hidden: rule?.hidden ?? false, unmapped: meaning === null && !rule?.hidden };
}
