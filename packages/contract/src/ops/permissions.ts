/**
 * What a staff member or an API key may do, one fine-grained name per capability (CONSOLE.md "Roles
 * and permissions"). Every operator call names the one it needs next to its schema; roles are named
 * sets of these that an owner edits, shipped with the defaults below.
 */
export const PERMISSIONS = [
  'dashboard.read',
  'players.read',
  'players.pii',
  'players.freeze',
  'players.security',
  'players.marks',
  'finance.read',
  'finance.export',
  'finance.withdrawals.review',
  'finance.adjust.request',
  'finance.adjust.approve',
  'finance.held-wins',
  'support.chat',
  'support.mail',
  'support.bulletin',
  'support.quotas',
  'marketing.activities',
  'marketing.banners',
  'marketing.referral',
  'economy.settings',
  'games.catalogue',
  'games.hash',
  'risk.read',
  'risk.decide',
  'treasury.read',
  'treasury.operate',
  'site.config',
  'staff.manage',
  'staff.keys',
  'audit.read',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const SHIPPED_ROLES = ['owner', 'admin', 'finance', 'support', 'marketing', 'risk', 'analyst'] as const;
export type ShippedRole = (typeof SHIPPED_ROLES)[number];

const everything = [...PERMISSIONS];

/**
 * The shipped roles. Only the owner holds `staff.keys` (CONSOLE.md: an owner creates keys); the
 * analyst reads figures and nothing personal.
 */
export const SHIPPED_ROLE_PERMISSIONS: Record<ShippedRole, readonly Permission[]> = {
  owner: everything,
  admin: everything.filter((permission) => permission !== 'staff.keys'),
  finance: [
    'dashboard.read',
    'players.read',
    'players.pii',
    'finance.read',
    'finance.export',
    'finance.withdrawals.review',
    'finance.adjust.request',
    'finance.adjust.approve',
    'finance.held-wins',
    'risk.read',
    'treasury.read',
  ],
  support: ['players.read', 'players.pii', 'support.chat', 'support.mail', 'support.bulletin'],
  marketing: ['dashboard.read', 'marketing.activities', 'marketing.banners', 'marketing.referral', 'support.mail', 'support.bulletin', 'games.catalogue'],
  risk: [
    'dashboard.read',
    'players.read',
    'players.pii',
    'players.freeze',
    'players.security',
    'risk.read',
    'risk.decide',
    'marketing.referral',
    'finance.read',
  ],
  analyst: ['dashboard.read', 'finance.read', 'risk.read', 'treasury.read'],
};

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}
