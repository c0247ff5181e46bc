/** Business constants and limits of SPEC section 9. */
export const REQUEST_TIMEOUT_MS = 15_000;
export const REQUEST_RETRIES = 3;
export const HEARTBEAT_INTERVAL_MS = 30_000;
export const AUTO_BET_POLL_MS = 2_000;
export const AUTO_BET_LAST_OPERATIONS = 5;
export const LOADING_OVERLAY_DELAY_MS = 300;
export const LOADING_OVERLAY_AUTO_HIDE_MS = 5_000;
export const LAUNCH_SCREEN_HIDE_MS = 1_000;
export const TOAST_DURATION_MS = 2_000;
export const EXPERIENCE_DEBOUNCE_MS = 2_000;

export const AUTO_BET_DEFAULTS = { interval: 1, stopWinAmount: 10_000, stopLoseAmount: 10_000 } as const;

/** Experience-gold thresholds, in whole USDT. */
export const EXPERIENCE_USE_LIMIT_USDT = 3;
export const EXPERIENCE_WITHDRAW_FROM_USDT = 100;

export const DEFAULT_HASH_ODDS = '1.95';
export const GAME_LIST_CAP = 19;
export const GAME_CURRENCY = 'USD';
export const DEFAULT_VOLUME = 0.99;
export const DEFAULT_THEME = 'dark';

export const MONEY_DISPLAY_DECIMALS = 2;
export const LOG_DISPLAY_DECIMALS = 3;

export const DESIGN_WIDTH = 750;
export const MAX_LAYOUT_WIDTH = 430;

export const DEFAULT_DOMAIN_CHANNEL = 'common';
export const DEFAULT_PROMOTION_CHANNEL = 'Organic';
export const DEFAULT_TIMEZONE = 'Asia/Shanghai';

/** Avatars are numbered two-digit images: 01 .. AVATAR_COUNT. */
export const AVATAR_COUNT = 20;

export const SHARE_TARGETS = ['telegram', 'whatsapp', 'twitter', 'instagram', 'facebook', 'line'] as const;

/** Money is held as integer micro-units: 6 decimals for TRX and USDT alike. */
export const MONEY_DECIMALS = 6;
export const MICRO_PER_UNIT = 1_000_000n;
