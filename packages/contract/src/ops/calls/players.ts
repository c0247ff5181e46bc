import { z } from 'zod';
import { currency, entityId, gameTypeCode, isoTime, paged, pageFields } from '../../calls/common.ts';
import { moneyString } from '../../money.ts';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';

/**
 * What a player's personal data looks like to a caller without `players.pii`: e-mails as
 * `a***@example.com`, addresses cut to their ends, IP addresses without their host part.
 */
const personal = (what: string) => z.string().describe(`${what}; masked unless the caller holds players.pii`);

const playerTarget = { playerId: entityId };

export const playerSummary = z.object({
  playerId: entityId,
  account: z.string().nullable(),
  nickname: z.string(),
  email: personal('E-mail').nullable(),
  status: z.number().int().describe('0 active, 1 frozen'),
  vipLevel: z.number().int().min(0),
  registeredAt: isoTime,
  matched: z
    .enum(['id', 'account', 'email', 'depositAddress', 'betAddress', 'ip'])
    .describe('What the query matched; ip: an address the player registered or signed in from'),
});

export const playerBalance = z.object({
  currency,
  cash: moneyString,
  bonus: moneyString,
  wageringOutstanding: moneyString.describe('Valid turnover still needed before the bonus money becomes cash'),
  wageringRequired: moneyString,
  bonusAtStake: moneyString.describe('Bonus parts of open bets'),
  experienceGold: z.boolean().describe('The bonus money is experience gold: never released'),
});

export const playerPage = z.object({
  playerId: entityId,
  account: z.string().nullable(),
  nickname: z.string(),
  email: personal('E-mail').nullable(),
  status: z.number().int().describe('0 active, 1 frozen'),
  userType: z.number().int().describe('0 normal, 1 business'),
  experienceType: z.number().int().describe('0 none, 1 experience account, 2 was one'),
  specialInviteType: z.number().int(),
  vipLevel: z.number().int().min(0),
  xp: moneyString.describe('Experience points (USDT of valid turnover)'),
  inviterId: entityId.nullable(),
  language: z.string().nullable(),
  registeredAt: isoTime,
  registerIp: personal('Address registered from'),
  lastLoginIp: personal('Address of the last sign-in').nullable(),
  lastSignInAt: isoTime.nullable(),
  firstDepositAt: isoTime.nullable(),
  depositAddress: personal('Deposit address').nullable(),
  betAddresses: z.array(personal('Bound bet address')),
  balances: z.array(playerBalance),
  openChat: z.boolean().describe('A support conversation is waiting for an answer'),
  personalDataShown: z.boolean().describe('Whether the personal fields are whole (the caller holds players.pii)'),
});

export const playerLedgerEntry = z.object({
  id: z.string(),
  at: isoTime,
  kind: z.string().describe("The transfer's kind: deposit, withdrawal, bet, hash_payout, bonus, bonus_release, ..."),
  account: z.enum(['cash', 'bonus']),
  currency,
  amount: moneyString.describe('Signed: negative leaves the player'),
  reference: z.string().nullable(),
});

export const playerBet = z.object({
  kind: z.enum(['hash', 'third']),
  id: z.string(),
  gameType: gameTypeCode,
  game: z.string().describe('Hash game id, or the third-party game code'),
  currency: z.string(),
  stake: moneyString,
  payout: moneyString.nullable().describe('Null while open'),
  bets: z.number().int().min(1).describe('Bets in the row: 1 for a hash bet, the round’s bets for a third-party round'),
  placedAt: isoTime,
  settledAt: isoTime.nullable(),
});

export const playerPayment = z.object({
  kind: z.enum(['deposit', 'withdrawal']),
  id: z.string(),
  currency,
  amount: moneyString,
  fee: moneyString,
  status: z.string(),
  address: personal('The paying address (deposits) or the receiving address (withdrawals)'),
  txId: z.string().nullable(),
  createdAt: isoTime,
  completedAt: isoTime.nullable(),
});

export const playerSession = z.object({
  id: z.string(),
  createdAt: isoTime,
  expiresAt: isoTime,
  endedAt: isoTime.nullable(),
  endReason: z.string().nullable(),
  loginIp: personal('Address signed in from'),
  clientIp: personal('Address the client reported').nullable(),
  device: z.string().nullable(),
  country: z.string().nullable().describe('ISO 3166-1 alpha-2 of the sign-in address (offline IP database); null when private or unknown'),
  open: z.boolean(),
});

export const playerReferral = z.object({
  inviter: z.object({ playerId: entityId, account: z.string().nullable(), nickname: z.string() }).nullable(),
  ancestors: z.array(z.object({ level: z.number().int().min(1).max(3), playerId: entityId })),
  team: z.object({ level1: z.number().int().min(0), level2: z.number().int().min(0), level3: z.number().int().min(0) }),
  review: z.object({ matched: z.string(), status: z.string(), flaggedAt: isoTime }).nullable().describe('Self-referral review of this player’s invitation'),
  members: paged(z.object({ playerId: entityId, level: z.number().int().min(1).max(3), nickname: z.string(), joinedAt: isoTime })),
});

export const NOTE_MAX = 2000;

export const playerNote = z.object({
  id: entityId,
  playerId: entityId,
  body: z.string(),
  author: z.object({ kind: z.enum(['staff', 'key']), id: entityId, name: z.string().describe('Login name or key name when written') }),
  createdAt: isoTime,
});

export const playersOpsCalls = {
  search: defineOpsCall({
    path: '/ops/v1/players/search',
    access: 'players.read',
    audit: 'pii',
    summary:
      'Find players by id, account, e-mail, deposit address or bound bet address (exact; an account also by its first 3 or more characters), or, with players.pii, by an address registered or signed in from; newest first; e-mails masked without players.pii',
    request: opsBody({ query: z.string().trim().min(1).max(100), ...pageFields }),
    response: paged(playerSummary),
  }),
  get: defineOpsCall({
    path: '/ops/v1/players/get',
    access: 'players.read',
    audit: 'pii',
    summary:
      "A player's page: status, marks, VIP, balances cash and bonus per currency with wagering, registration and last sign-in; personal data masked without players.pii",
    request: opsBody(playerTarget),
    response: playerPage,
  }),
  ledger: defineOpsCall({
    path: '/ops/v1/players/ledger',
    access: 'players.read',
    audit: 'read',
    summary: "The player's ledger entries (cash and bonus), newest first",
    request: opsBody({ ...playerTarget, currency: currency.optional(), ...pageFields }),
    response: paged(playerLedgerEntry),
  }),
  bets: defineOpsCall({
    path: '/ops/v1/players/bets',
    access: 'players.read',
    audit: 'read',
    summary: "The player's hash bets or third-party rounds, newest first",
    request: opsBody({ ...playerTarget, kind: z.enum(['hash', 'third']).default('hash'), ...pageFields }),
    response: paged(playerBet),
  }),
  payments: defineOpsCall({
    path: '/ops/v1/players/payments',
    access: 'players.read',
    audit: 'pii',
    summary: "The player's deposits or withdrawals, newest first; addresses masked without players.pii",
    request: opsBody({ ...playerTarget, kind: z.enum(['deposit', 'withdrawal']).default('deposit'), ...pageFields }),
    response: paged(playerPayment),
  }),
  sessions: defineOpsCall({
    path: '/ops/v1/players/sessions',
    access: 'players.read',
    audit: 'pii',
    summary: "The player's sign-ins, newest first, with address and device; addresses masked without players.pii",
    request: opsBody({ ...playerTarget, ...pageFields }),
    response: paged(playerSession),
  }),
  referral: defineOpsCall({
    path: '/ops/v1/players/referral',
    access: 'players.read',
    audit: 'read',
    summary: "The player's inviter and ancestors, team sizes per level, self-referral review, and a page of the team, newest first",
    request: opsBody({ ...playerTarget, ...pageFields }),
    response: playerReferral,
  }),
  notes: defineOpsCall({
    path: '/ops/v1/players/notes',
    access: 'players.read',
    audit: 'read',
    summary: 'Staff notes on the player, newest first; paged by id: pass nextBeforeId as beforeId for the next page',
    request: opsBody({
      ...playerTarget,
      beforeId: entityId.optional().describe('Notes with a smaller id: the nextBeforeId of the previous page'),
      limit: z.number().int().min(1).max(200).default(50),
    }),
    response: z.object({
      list: z.array(playerNote),
      nextBeforeId: z.number().int().nullable().describe('Pass as beforeId for the next page; null on the last'),
    }),
  }),
  addNote: defineOpsCall({
    path: '/ops/v1/players/addNote',
    access: 'players.read',
    audit: 'change',
    summary: 'Adds a staff note to the player, written by the caller; notes are never edited: a correction is a new note',
    request: opsBody({ ...playerTarget, body: z.string().trim().min(1).max(NOTE_MAX) }),
    response: z.object({ note: playerNote }),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
