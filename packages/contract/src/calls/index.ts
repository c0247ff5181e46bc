import type { CallDefinition } from './define.ts';
import { activityCalls } from './activity.ts';
import { appCalls, keypointCalls, noticeCalls } from './app.ts';
import { autoBetCalls } from './auto-bet.ts';
import { hashGameCalls } from './hash-game.ts';
import { mailCalls } from './mail.ts';
import { playerMarkCalls } from './player-mark.ts';
import { playerCalls } from './player.ts';
import { bonusCalls, rebateCalls } from './rebate.ts';
import { reportCalls } from './report.ts';
import { referralCalls } from './referral.ts';
import { thirdGameCalls } from './third-game.ts';
import { vipCalls } from './vip.ts';
import { bankCalls, walletCalls } from './wallet.ts';
import { chatCalls } from './chat.ts';
import { lobbyCalls } from './lobby.ts';
import { protectionCalls } from './protection.ts';
import { securityCalls } from './security.ts';

export * from './define.ts';
export * from './common.ts';
export * from './player.ts';
export * from './app.ts';
export * from './vip.ts';
export * from './third-game.ts';
export * from './mail.ts';
export * from './activity.ts';
export * from './report.ts';
export * from './referral.ts';
export * from './wallet.ts';
export * from './auto-bet.ts';
export * from './player-mark.ts';
export * from './hash-game.ts';
export * from './rebate.ts';
export * from './chat.ts';
export * from './lobby.ts';
export * from './protection.ts';
export * from './security.ts';

/** Every call of SPEC section 7, grouped as the URL is. One source for server routes, client and OpenAPI. */
export const CALL_GROUPS = {
  player: playerCalls,
  app: appCalls,
  notice: noticeCalls,
  keypoint: keypointCalls,
  vip: vipCalls,
  thirdGame: thirdGameCalls,
  mail: mailCalls,
  activity: activityCalls,
  report: reportCalls,
  // Designed calls: the promotion, proxy partner and performance screens.
  referral: referralCalls,
  // Player-scoped money paths (/v1/player/balance, cashout_*, bet_address, finance_password).
  wallet: walletCalls,
  bank: bankCalls,
  autoBet: autoBetCalls,
  playerMark: playerMarkCalls,
  // Designed calls: the spec's hash-game screens name no calls of their own.
  hashGame: hashGameCalls,
  // Designed calls: the rebate screens and the Withdraw screen's wagering progress.
  rebate: rebateCalls,
  bonus: bonusCalls,
  // Designed calls: the player side of the support chat.
  chat: chatCalls,
  // Designed calls: the lobby's search across categories, favourites and recently played.
  lobby: lobbyCalls,
  // Designed calls: PROTECTION.md's limits, reality checks, time-out and self-exclusion.
  protection: protectionCalls,
  // Designed calls: PROTECTION.md's account security (two-factor, login history).
  security: securityCalls,
} as const;

export const ALL_CALLS: readonly CallDefinition[] = Object.values(CALL_GROUPS).flatMap((group) => Object.values(group) as CallDefinition[]);
