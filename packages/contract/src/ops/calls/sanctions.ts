import { z } from 'zod';
import { currency, entityId, isoTime, paged, pageFields } from '../../calls/common.ts';
import { moneyString } from '../../money.ts';
import { defineOpsCall, type OpsCallDefinition, opsBody } from '../define.ts';
import { reasonField } from './common.ts';

/** The lists shipped in the repository (OFAC SDN, TRON addresses named under TRX and under USDT). */
export const SHIPPED_SANCTION_LISTS = ['ofac-trx', 'ofac-usdt'] as const;
export const SANCTION_SOURCES = ['shipped', 'upload'] as const;
/** Where a listed address was met: a withdrawal, a saved withdrawal address, a bet-address binding, a deposit's sender, a transfer bet's sender. */
export const SANCTION_HIT_KINDS = ['withdrawal', 'withdrawal_address', 'bet_address', 'deposit', 'transfer_bet'] as const;
/** refused: the request was refused at once; held: money that arrived waits for a decision; credited, refunded and kept: decided. */
export const SANCTION_HIT_STATES = ['refused', 'held', 'credited', 'refunded', 'kept'] as const;
/** Most lines one upload carries. */
export const SANCTION_UPLOAD_MAX_LINES = 5_000;

export const sanctionListName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'letters, digits and hyphens, 2 to 40')
  .describe(`A list's name: ${SHIPPED_SANCTION_LISTS.join(', ')} as shipped, or an operator's own`);

export const sanctionListCounts = z.object({
  list: z.string(),
  shipped: z.number().int().min(0).describe('Addresses from the file in the repository'),
  uploaded: z.number().int().min(0).describe('Addresses staff uploaded'),
  total: z.number().int().min(0),
  updatedAt: isoTime.nullable().describe('When an address was last added to the list'),
});

export const sanctionEntry = z.object({
  address: z.string(),
  list: z.string(),
  source: z.enum(SANCTION_SOURCES),
  addedAt: isoTime,
  addedBy: z.string().nullable().describe('The staff member or key that uploaded it; null for shipped addresses'),
});

export const sanctionHit = z.object({
  id: entityId,
  kind: z.enum(SANCTION_HIT_KINDS),
  state: z.enum(SANCTION_HIT_STATES),
  playerId: entityId.nullable().describe('Null for a transfer bet from an address no player bound'),
  address: z.string().describe('The listed address'),
  lists: z.array(z.string()).describe('The lists naming it when it was met'),
  currency: currency.nullable(),
  amount: moneyString.nullable(),
  reference: z.string().nullable().describe('deposit:<id> for a held deposit, tx:<txId> for a transfer bet'),
  txId: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: isoTime.nullable(),
  createdAt: isoTime,
});

export const sanctionUploadLineError = z.object({
  line: z.number().int().min(1),
  text: z.string().describe('The line as sent, cut to 80 characters'),
  reason: z.string(),
});

/**
 * Sanctions screening (PROTECTION.md "Sanctions screening"): the sanctioned TRON addresses and what
 * was met with one of them.
 */
export const sanctionsOpsCalls = {
  lists: defineOpsCall({
    path: '/ops/v1/sanctions/lists',
    access: 'risk.read',
    audit: 'read',
    summary: 'Each list of sanctioned addresses with how many are shipped and how many uploaded, and the held items waiting for a decision',
    request: opsBody({}),
    response: z.object({
      lists: z.array(sanctionListCounts),
      total: z.number().int().min(0).describe('Distinct addresses on any list'),
      held: z.number().int().min(0),
    }),
  }),
  search: defineOpsCall({
    path: '/ops/v1/sanctions/search',
    access: 'risk.read',
    audit: 'read',
    summary: 'Listed addresses containing the query (any case), on one list or all, newest first',
    request: opsBody({
      query: z.string().trim().max(64).optional(),
      list: sanctionListName.optional(),
      source: z.enum(SANCTION_SOURCES).optional(),
      ...pageFields,
    }),
    response: paged(sanctionEntry),
  }),
  upload: defineOpsCall({
    path: '/ops/v1/sanctions/upload',
    access: 'risk.decide',
    audit: 'change',
    summary: `Adds the addresses of a text (one TRON base58 address a line; blank lines and lines starting with # skipped; at most ${SANCTION_UPLOAD_MAX_LINES} lines) to a list, or with mode replace puts them in place of the list's uploaded addresses (shipped ones stay). Every line is checked first: one bad line refuses the whole upload (12, data.errors names each bad line) and nothing changes. Applies at once on every instance`,
    request: opsBody({
      list: sanctionListName,
      mode: z.enum(['add', 'replace']).default('add'),
      text: z.string().max(SANCTION_UPLOAD_MAX_LINES * 40),
    }),
    response: z.object({
      list: z.string(),
      added: z.number().int().min(0).describe('Addresses new to the list'),
      alreadyListed: z.number().int().min(0).describe('Addresses of the text the list had already'),
      removed: z.number().int().min(0).describe('Uploaded addresses a replace took off'),
      total: z.number().int().min(0).describe('Addresses on the list now'),
    }),
  }),
  remove: defineOpsCall({
    path: '/ops/v1/sanctions/remove',
    access: 'risk.decide',
    audit: 'change',
    summary: 'Takes an uploaded address off a list (a shipped one cannot be: 12); applies at once on every instance',
    request: opsBody({ list: sanctionListName, address: z.string().trim().min(1).max(64), reason: reasonField }),
    response: z.object({ removed: z.boolean() }),
  }),
  hits: defineOpsCall({
    path: '/ops/v1/sanctions/hits',
    access: 'risk.read',
    audit: 'read',
    summary:
      'What was met with a listed address: refused withdrawals, saved addresses and bindings, and deposits and transfer bets held for review; newest first',
    request: opsBody({
      kind: z.enum(SANCTION_HIT_KINDS).optional(),
      state: z.enum(SANCTION_HIT_STATES).optional(),
      playerId: entityId.max(2_147_483_647).optional(),
      ...pageFields,
    }),
    response: paged(sanctionHit),
  }),
  decide: defineOpsCall({
    path: '/ops/v1/sanctions/decide',
    access: 'risk.decide',
    audit: 'change',
    stepUp: true,
    summary:
      'Decides what a listed address sent: credit credits a held deposit to its player as the deposit watcher would have; refund sends a held transfer bet back to its sender in full (it is never played); keep leaves either refused (the player sees a deposit declined; the coins stay where they arrived). Taken once: repeating it answers the same, another afterwards is refused (10021)',
    request: opsBody({ id: entityId, decision: z.enum(['credit', 'refund', 'keep']), reason: reasonField }),
    response: z.object({ hit: sanctionHit, decidedNow: z.boolean() }),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
