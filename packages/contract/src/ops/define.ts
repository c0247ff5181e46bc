import type { z } from 'zod';
import { body, refuseUnstorableTextIn } from '../calls/define.ts';
import type { Permission } from './permissions.ts';

/**
 * Who may make an operator call:
 * - `public`: nobody is signed in yet (the sign-in steps);
 * - `staff`: any signed-in staff member or key, whatever its permissions (who am I, sign out);
 * - a permission: only a staff member or key holding it.
 */
export type OpsAccess = 'public' | 'staff' | Permission;

/**
 * What the audit keeps of a call. Every call leaves a record; `change` also keeps what was sent
 * (secrets masked) and `pii` marks a view of a player's personal data.
 */
export type OpsAuditKind = 'read' | 'pii' | 'change';

export interface OpsCallDefinition<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: `/ops/v1/${string}/${string}`;
  access: OpsAccess;
  summary: string;
  audit: OpsAuditKind;
  /** Moves money or rights: asks a staff session for a TOTP code given within the last five minutes. */
  stepUp?: boolean;
  request: Req;
  response: Res;
}

export function defineOpsCall<Req extends z.ZodType, Res extends z.ZodType>(call: OpsCallDefinition<Req, Res>): OpsCallDefinition<Req, Res> {
  return { ...call, request: call.request.superRefine(refuseUnstorableTextIn) };
}

/** Operator bodies reject unknown fields too: an old `by` field is an error, not a silent no-op. */
export const opsBody = body;

export type OpsCallParsedRequest<C extends OpsCallDefinition> = z.output<C['request']>;
export type OpsCallRequest<C extends OpsCallDefinition> = z.input<C['request']>;
export type OpsCallResponse<C extends OpsCallDefinition> = z.infer<C['response']>;
