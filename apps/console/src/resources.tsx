import type { ResourceProps } from '@refinedev/core';

/**
 * The console's pages, as Refine resources: each names the call its page reads (`meta.call`), which
 * is all the access control needs to show it or hide it, and the label key of its menu entry. Pages
 * under a parent are grouped in the menu. A live badge counts the open queue where one exists.
 */
const page = (name: string, list: string, call: string, parent?: string, extra: Record<string, unknown> = {}): ResourceProps => ({
  name,
  list,
  meta: { call, label: `nav.${name}`, ...(parent ? { parent } : {}), ...extra },
});

const group = (name: string): ResourceProps => ({ name, meta: { label: `nav.${name}` } });

export const RESOURCES: ResourceProps[] = [
  page('dashboard', '/', 'dashboard.figures'),
  page('players', '/players', 'players.search', undefined, { show: '/players/:id' }),
  group('finance'),
  page('withdrawals', '/finance/withdrawals', 'finance.withdrawalQueue', 'finance', { queue: 'withdrawalsToReview' }),
  page('payments', '/finance/payments', 'finance.payments', 'finance'),
  page('heldWins', '/finance/held-wins', 'heldWins.list', 'finance', { queue: 'heldWins' }),
  page('approvals', '/finance/approvals', 'approvals.list', 'finance', { queue: 'approvalsToDecide' }),
  group('support'),
  page('chats', '/support/chats', 'chat.conversations', 'support', { queue: 'unansweredChats' }),
  page('mail', '/support/mail', 'mail.sent', 'support'),
  page('bulletins', '/support/bulletins', 'bulletins.list', 'support'),
  group('marketing'),
  page('activities', '/marketing/activities', 'activities.list', 'marketing'),
  page('banners', '/marketing/banners', 'banners.list', 'marketing'),
  page('economy', '/marketing/economy', 'economy.settings', 'marketing'),
  group('games'),
  page('catalogue', '/games/catalogue', 'games.categories', 'games'),
  // Its own entry: a member may hold games.hash without games.catalogue.
  page('hashGames', '/games/hash', 'hashGames.state', 'games'),
  group('risk'),
  page('linked', '/risk/linked', 'risk.linkedAccounts', 'risk'),
  page('exclusionLinks', '/risk/exclusion-links', 'protection.links', 'risk', { queue: 'exclusionLinksToReview' }),
  page('bigWinners', '/risk/big-winners', 'risk.bigWinners', 'risk'),
  page('referralReviews', '/risk/referrals', 'referral.reviews', 'risk'),
  page('sanctions', '/risk/sanctions', 'sanctions.lists', 'risk'),
  group('treasury'),
  page('reconciliation', '/treasury/reconciliation', 'treasury.reconciliation', 'treasury'),
  page('sweeps', '/treasury/sweeps', 'treasury.sweeps', 'treasury'),
  group('settings'),
  page('site', '/settings/site', 'site.config', 'settings'),
  // In the menu for those who may change the settings: Settings stays out of a finance or support member's menu.
  page('protectionSettings', '/settings/protection', 'protection.setSettings', 'settings'),
  page('staff', '/settings/staff', 'staff.list', 'settings'),
  page('keys', '/settings/keys', 'staff.keys', 'settings'),
  page('audit', '/settings/audit', 'audit.list', 'settings'),
];
