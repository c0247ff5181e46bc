/** Enums and codes of SPEC section 3. Numeric values are part of the wire format. */

export const Currency = { USDT: 'USDT', TRX: 'TRX' } as const;
export const CURRENCIES = ['USDT', 'TRX'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

export const LoginKind = { ACCOUNT: 1, EMAIL: 2 } as const;

export const SpecialInviteType = { NOT_SPECIAL: 0, SPECIAL: 1, WAS_SPECIAL: 2 } as const;
export const ExperienceType = { NONE: 0, EXPERIENCE: 1, WAS_EXPERIENCE: 2 } as const;
export const UserType = { NORMAL: 0, BUSINESS: 1 } as const;

export const GameType = {
  NONE: 0,
  HASH: 1,
  CRYPTO: 2,
  SLOT: 10,
  FISH: 11,
  LIVE: 12,
  POKER: 13,
  SPORT: 14,
  MINI: 15,
} as const;
export type GameTypeCode = (typeof GameType)[keyof typeof GameType];

/** Category navigation ids of SPEC section 2 (home is not a game type). */
export const NavId = { HOME: 0, HASH: 1, CRYPTO: 2, SLOT: 10, FISH: 11, LIVE: 12, POKER: 13, SPORT: 14 } as const;
export const NAV_IDS = [0, 1, 2, 10, 11, 12, 13, 14] as const;
export type NavIdCode = (typeof NAV_IDS)[number];

/** Round period codes: the value is the code, the comment the round length. */
export const RoundPeriod = {
  THREE_SECONDS: 1,
  ONE_MINUTE: 2,
  THREE_MINUTES: 3,
  NINE_SECONDS: 4,
  THIRTY_SECONDS: 5,
} as const;
export type RoundPeriodCode = (typeof RoundPeriod)[keyof typeof RoundPeriod];

export const HASH_GAME_IDS = [1, 2, 3, 4, 5, 6, 7, 51, 52, 53, 54, 55, 101, 102, 103, 104, 105, 301, 302, 303, 401, 402] as const;
export type HashGameId = (typeof HASH_GAME_IDS)[number];
/** Hash games that visitors may never play (SPEC section 3). */
export const LOGIN_ONLY_HASH_GAME_IDS: readonly number[] = [103, 104, 105, 303];

/** Hash card level: index into transferBetAddress / transferBetLimit. */
export const BetLevel = { BEGINNER: 0, INTERMEDIATE: 1 } as const;

export const WalletBetAddressStatus = { IN_USE: 1 } as const;
/** A binding's whole life: 1 is the spec's; 0 waiting for its activation transfer and 2 unbound are our design. */
export const BetAddressStatus = { PENDING: 0, ...WalletBetAddressStatus, UNBOUND: 2 } as const;

export const AutoBetWakeUpType = { LOSE: 0, WIN: 1, EVERY: 2, NONE: 3 } as const;
export const AutoBetStopReason = {
  STOP_LOSS: 1,
  TAKE_PROFIT: 2,
  BET_OVER_LIMIT: 3,
  INSUFFICIENT_BALANCE: 4,
  STRATEGY_FINISHED: 5,
  /** Our design (PROTECTION.md): a loss or wager limit was reached, or a time-out or self-exclusion began. */
  PLAYER_PROTECTION: 6,
  /** Our design (PROTECTION.md "Jurisdictions"): the country the run was started from was blocked. */
  REGION_BLOCKED: 7,
} as const;

export const BetStatus = {
  UNKNOWN: 0,
  UNSETTLED: 1,
  USER_CANCELLED: 2,
  SYSTEM_CANCELLED: 3,
  SETTLED_DRAW: 4,
  SETTLED_WIN: 5,
  SETTLED_LOSE: 6,
  RESETTLED_DRAW: 7,
  RESETTLED_WIN: 8,
  RESETTLED_LOSE: 9,
} as const;
export type BetStatusCode = (typeof BetStatus)[keyof typeof BetStatus];

export const BonusType = {
  SIGN_IN: 1,
  FIRST_RECHARGE: 2,
  INVITATION: 3,
  BETTING_REBATE: 4,
  HASH_TASK: 5,
  REGISTER_REWARD: 6,
  LOSS_REBATE: 7,
} as const;

/** The type of a bonus record: an activity's bonus type, or one of the bonuses that are no activity. */
export const BonusRecordType = { ...BonusType, VIP_LEVEL_GIFT: 8, VIP_MONTH_GIFT: 9, REBATE: 10, REFERRAL_COMMISSION: 11 } as const;

/** Cashout bank account types; the spec names two, the other two are ours (pix, e-wallet). */
export const CashoutAccountType = { BLOCKCHAIN: 1, CURRENCY: 2, PIX: 3, EWALLET: 4 } as const;

export const CustomerServiceKind = ['online', 'whatsapp', 'telegram', 'official', 'skype'] as const;
export type CustomerServiceKindName = (typeof CustomerServiceKind)[number];

export const KeypointKind = { MAIN_PAGE: 1, REGISTER_PAGE: 2 } as const;

export const Theme = ['dark', 'light'] as const;
export type ThemeName = (typeof Theme)[number];

/** Deployment environments of SPEC section 9. */
export const Environment = { TEST: 0, INTERNAL: 1, PREVIEW: 2, OFFICIAL: 3 } as const;

/** Self-developed games carry no gameType or this manufacturer (SPEC section 5). */
export const SELF_DEVELOPED_MANUFACTURER = 'BITG';
