import type { OpsCallDefinition } from './define.ts';
import { authOpsCalls } from './calls/auth.ts';
import { staffOpsCalls } from './calls/staff.ts';
import { auditOpsCalls } from './calls/audit.ts';
import { approvalsOpsCalls } from './calls/approvals.ts';
import { dashboardOpsCalls } from './calls/dashboard.ts';
import { playersOpsCalls } from './calls/players.ts';
import { financeOpsCalls } from './calls/finance.ts';
import { riskOpsCalls } from './calls/risk.ts';
import { activitiesOpsCalls } from './calls/activities.ts';
import { bannersOpsCalls } from './calls/banners.ts';
import { bonusOpsCalls } from './calls/bonus.ts';
import { economyOpsCalls } from './calls/economy.ts';
import { gamesOpsCalls } from './calls/games.ts';
import { hashGamesOpsCalls } from './calls/hash-games.ts';
import { siteOpsCalls } from './calls/site.ts';
import { bulletinsOpsCalls } from './calls/bulletins.ts';
import { mailOpsCalls } from './calls/mail.ts';
import { playerMarksOpsCalls } from './calls/player-marks.ts';
import { referralOpsCalls } from './calls/referral.ts';
import { chatOpsCalls } from './calls/chat.ts';
import { quotasOpsCalls } from './calls/quotas.ts';
import { heldWinsOpsCalls } from './calls/held-wins.ts';
import { withdrawalsOpsCalls } from './calls/withdrawals.ts';
import { ledgerOpsCalls } from './calls/ledger.ts';
import { playerStandingOpsCalls } from './calls/player-standing.ts';
import { queuesOpsCalls } from './calls/queues.ts';
import { sanctionsOpsCalls } from './calls/sanctions.ts';
import { accountSecurityOpsCalls } from './calls/account-security.ts';
import { protectionOpsCalls } from './calls/protection.ts';
import { treasuryOpsCalls } from './calls/treasury.ts';

export * from './define.ts';
export * from './permissions.ts';
export * from './calls/protection.ts';
export * from './calls/common.ts';
export * from './calls/auth.ts';
export * from './calls/staff.ts';
export * from './calls/audit.ts';
export * from './calls/approvals.ts';
export * from './calls/dashboard.ts';
export * from './calls/players.ts';
export * from './calls/finance.ts';
export * from './calls/risk.ts';
export * from './calls/activities.ts';
export * from './calls/banners.ts';
export * from './calls/bonus.ts';
export * from './calls/economy.ts';
export * from './calls/games.ts';
export * from './calls/hash-games.ts';
export * from './calls/site.ts';
export * from './calls/bulletins.ts';
export * from './calls/mail.ts';
export * from './calls/player-marks.ts';
export * from './calls/referral.ts';
export * from './calls/chat.ts';
export * from './calls/quotas.ts';
export * from './calls/held-wins.ts';
export * from './calls/withdrawals.ts';
export * from './calls/ledger.ts';
export * from './calls/player-standing.ts';
export * from './calls/queues.ts';
export * from './calls/sanctions.ts';
export * from './calls/account-security.ts';
export * from './calls/treasury.ts';

/**
 * Every operator call (CONSOLE.md "Operator calls"), grouped by resource as the URL is
 * (`/ops/v1/<resource>/<action>`). One source for the server's routes, the permission matrix, the
 * operator OpenAPI document and CALLS.md.
 */
export const OPS_CALL_GROUPS = {
  auth: authOpsCalls,
  staff: staffOpsCalls,
  audit: auditOpsCalls,
  approvals: approvalsOpsCalls,
  dashboard: dashboardOpsCalls,
  players: playersOpsCalls,
  finance: financeOpsCalls,
  risk: riskOpsCalls,
  activities: activitiesOpsCalls,
  banners: bannersOpsCalls,
  bonus: bonusOpsCalls,
  economy: economyOpsCalls,
  games: gamesOpsCalls,
  hashGames: hashGamesOpsCalls,
  site: siteOpsCalls,
  bulletins: bulletinsOpsCalls,
  mail: mailOpsCalls,
  playerMarks: playerMarksOpsCalls,
  referral: referralOpsCalls,
  chat: chatOpsCalls,
  quotas: quotasOpsCalls,
  heldWins: heldWinsOpsCalls,
  withdrawals: withdrawalsOpsCalls,
  ledger: ledgerOpsCalls,
  playerStanding: playerStandingOpsCalls,
  queues: queuesOpsCalls,
  sanctions: sanctionsOpsCalls,
  accountSecurity: accountSecurityOpsCalls,
  protection: protectionOpsCalls,
  treasury: treasuryOpsCalls,
} as const;

export const ALL_OPS_CALLS: readonly OpsCallDefinition[] = Object.values(OPS_CALL_GROUPS).flatMap((group) =>
  Object.values(group as Record<string, OpsCallDefinition>),
);
