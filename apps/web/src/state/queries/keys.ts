import type { RecordsFilter } from './bank';

/**
 * Query keys shared across resources. Everything of the signed-in player starts with 'player', so a
 * logout drops it in one go; the public site's data starts with 'app'.
 */
export const playerKeys = {
  all: ['player'] as const,
  profile: () => [...playerKeys.all, 'load'] as const,
};

export const walletKeys = {
  all: [...playerKeys.all, 'wallet'] as const,
  display: () => [...walletKeys.all, 'display'] as const,
  /** The player's lobby balances: the one place they are held (state/queries/balances). */
  balances: () => [...walletKeys.all, 'balances'] as const,
  addresses: () => [...walletKeys.all, 'addresses'] as const,
  accounts: () => [...walletKeys.all, 'accounts'] as const,
};

export const bankKeys = {
  all: [...playerKeys.all, 'bank'] as const,
  deposit: () => [...bankKeys.all, 'deposit'] as const,
  cashoutConfig: () => [...bankKeys.all, 'cashoutConfig'] as const,
  exchangeConfig: () => [...bankKeys.all, 'exchangeConfig'] as const,
  records: (filter?: RecordsFilter) => (filter ? ([...bankKeys.all, 'records', filter] as const) : ([...bankKeys.all, 'records'] as const)),
  record: (type: string, id: number) => [...bankKeys.all, 'record', type, id] as const,
};

export const siteConfigKeys = {
  /** The public site configuration (`notice/configSync`), one copy whatever screen asks. */
  config: (language: string) => ['app', 'siteConfig', language] as const,
};

export const vipKeys = {
  /** The signed-in player's level, progress and gift states. */
  detail: () => [...playerKeys.all, 'vip', 'detail'] as const,
  /** The public ladder and rebate rates, per language (level names are translated by the server). */
  levels: (language: string) => ['app', 'vip', 'levels', language] as const,
  rates: (language: string) => ['app', 'vip', 'rates', language] as const,
};

export const rebateKeys = {
  all: [...playerKeys.all, 'rebate'] as const,
  summary: () => [...rebateKeys.all, 'summary'] as const,
  history: () => [...rebateKeys.all, 'history'] as const,
};

export const bonusKeys = {
  all: [...playerKeys.all, 'bonus'] as const,
  /** Outstanding wagering per currency, as the Withdraw screen shows it. */
  wagering: () => [...bonusKeys.all, 'wagering'] as const,
  /** The wagering multipliers of the claims that are not activities' (public). */
  terms: () => ['app', 'bonus', 'terms'] as const,
  records: (bonusType?: number) => (bonusType === undefined ? ([...bonusKeys.all, 'records'] as const) : ([...bonusKeys.all, 'records', bonusType] as const)),
};

export const reportKeys = {
  all: [...playerKeys.all, 'report'] as const,
  winOrLose: (currency: string, lastDay: number) => [...reportKeys.all, 'winOrLose', currency, lastDay] as const,
  summary: (currency: string, lastDay: number) => [...reportKeys.all, 'summary', currency, lastDay] as const,
  detail: (currency: string, lastDay: number, gameType: number) => [...reportKeys.all, 'detail', currency, lastDay, gameType] as const,
};

export const referralKeys = {
  all: [...playerKeys.all, 'referral'] as const,
  /** Invite code, commission per currency and team size by level. */
  summary: () => [...referralKeys.all, 'summary'] as const,
  /** 0 stands for every level. */
  members: (level: number) => [...referralKeys.all, 'members', level] as const,
  performance: (filter: object) => [...referralKeys.all, 'performance', filter] as const,
};

export const activityKeys = {
  all: [...playerKeys.all, 'activity'] as const,
  /** The activities offered, as the server words them in one language. */
  confs: (language: string) => [...activityKeys.all, 'confs', language] as const,
  /** The player's standing in every current activity: one copy for the list, the detail, the badge and the lobby popup. */
  playerData: () => [...activityKeys.all, 'playerData'] as const,
};

export const chatKeys = {
  all: [...playerKeys.all, 'chat'] as const,
  /** The player's support conversation, merged by message number from pages, pushes and catch-ups. */
  conversation: () => [...chatKeys.all, 'conversation'] as const,
  widget: () => [...chatKeys.all, 'widget'] as const,
};

export const mailKeys = {
  all: [...playerKeys.all, 'mail'] as const,
  /** Unread count and newest unread message: the badge's one copy. */
  unread: () => [...mailKeys.all, 'unread'] as const,
  list: (filter: { unreadOnly?: boolean }) => [...mailKeys.all, 'list', filter] as const,
  detail: (id: number) => [...mailKeys.all, 'detail', id] as const,
  /** Site-mail categories with their names (`notice/mailConfigSync`), public. */
  categories: (language: string) => ['app', 'mailConfig', language] as const,
};
