import { catalogueCodeOf, ErrorCode, type OpsCallDefinition, type OpsCallParsedRequest, type Permission } from '@lobby/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { AppError, UnauthorizedError } from './app-error.ts';
import type { RouteOptions } from './rpc.ts';

/** Who makes an operator call: a signed-in staff member, or an API key acting under its own name. */
export interface StaffActor {
  kind: 'staff' | 'key';
  /** staff_members.id or staff_api_keys.id. */
  id: number;
  /** The login name, or the key's name: what the audit shows. */
  name: string;
  permissions: ReadonlySet<Permission>;
  /** For a staff session: when its holder last gave a TOTP code (sign-in or step-up). */
  verifiedAt: Date | null;
  /** For a staff session: its id, so sign-out and step-up know which one. */
  sessionId: string | null;
}

/**
 * Finds the actor behind a request: null when it carries no credential at all; throws
 * UnauthorizedError when it carries one that is unknown, expired, disabled or missing its CSRF token.
 */
export interface OpsAuthenticator {
  authenticate(request: FastifyRequest): Promise<StaffActor | null>;
}

/** One audit record as the call helper hands it over; the audit log adds the time and the chain. */
export interface OpsAuditEntry {
  actor: StaffActor | null;
  /** The call's path. */
  action: string;
  /** What was acted on, e.g. `player:100012`; null when the call has no single target. */
  target: string | null;
  kind: 'read' | 'pii' | 'change';
  /** 0 on success, else the catalogue code the caller was answered. */
  code: number;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string;
  userAgent: string | null;
}

export interface OpsAuditSink {
  record(entry: OpsAuditEntry): Promise<void>;
}

/** What a handler may add to its call's audit record: the target, the state before and after, a reason. */
export interface OpsAuditNote {
  target?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

export interface OpsCallContext<C extends OpsCallDefinition> {
  body: OpsCallParsedRequest<C>;
  /** Set on every call but `public` ones. */
  actor: C['access'] extends 'public' ? StaffActor | null : StaffActor;
  ip: string;
  userAgent: string | null;
  audit: OpsAuditNote;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type OpsCallHandler<C extends OpsCallDefinition> = (ctx: OpsCallContext<C>) => Promise<unknown>;

export interface OpsRouteOptions extends RouteOptions {
  /** For a call whose body carries a picture: more than the site-wide body limit. */
  bodyLimit?: number;
}

/** How long a TOTP code given at sign-in or step-up counts as fresh for a step-up call. */
export const STEP_UP_WINDOW_MS = 5 * 60_000;

/** Fields whose values never reach the audit record. */
const SECRET_FIELDS = /password|secret|totp|token|recovery|apikey|^code$/i;

/**
 * The one way to register an operator call (CONSOLE.md "Operator calls"): POST only; authenticate the
 * staff session or key; check the permission the contract declares (HTTP 403, code 10055) and, for
 * step-up calls, a fresh TOTP code (10056); validate the body with the contract's schema; run the
 * handler; answer the envelope; and leave one audit record whatever the outcome, refusals included.
 */
export class OpsRegistrar {
  constructor(
    private readonly http: FastifyInstance,
    private readonly authenticator: OpsAuthenticator,
    private readonly audit: OpsAuditSink,
    private readonly now: () => number = Date.now,
  ) {}

  register<C extends OpsCallDefinition>(call: C, handler: OpsCallHandler<C>, options: OpsRouteOptions = {}): void {
    // A call taking a large body (a picture) admits its caller before a byte of the body is read.
    const admitted = new WeakMap<FastifyRequest, StaffActor | null>();
    const admitBeforeBody = async (request: FastifyRequest) => {
      let actor: StaffActor | null = null;
      try {
        actor = await this.authenticate(call, request);
        this.authorize(call, actor);
        admitted.set(request, actor);
      } catch (error) {
        const userAgent = typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 300) : null;
        await this.audit.record({
          actor,
          action: call.path,
          target: null,
          kind: call.audit,
          code: codeOf(error),
          before: null,
          after: null,
          reason: null,
          ip: request.ip,
          userAgent,
        });
        throw error;
      }
    };
    const routeOptions: RouteShorthandOptions = {
      config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
      ...(options.bodyLimit ? { bodyLimit: options.bodyLimit, onRequest: admitBeforeBody } : {}),
    };
    this.http.post(call.path, routeOptions, async (request, reply) => {
      const userAgent = typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 300) : null;
      const note: OpsAuditNote = {};
      let actor: StaffActor | null = null;
      let code = 0;
      try {
        actor = admitted.has(request) ? admitted.get(request)! : await this.authenticate(call, request);
        this.authorize(call, actor);
        const parsed = call.request.safeParse(request.body === undefined ? {} : request.body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const where = issue?.path.length ? issue.path.join('.') : 'body';
          throw new AppError(catalogueCodeOf(parsed.error.issues) ?? ErrorCode.INVALID_PARAMETERS, `${where}: ${issue?.message ?? 'invalid'}`);
        }
        const body = parsed.data as Record<string, unknown>;
        if (call.audit === 'change' && note.after === undefined) note.after = masked(body);
        note.target ??= targetOf(body);
        note.reason ??= typeof body.reason === 'string' ? body.reason : null;
        const data = await handler({
          body: parsed.data as OpsCallParsedRequest<C>,
          actor: actor as OpsCallContext<C>['actor'],
          ip: request.ip,
          userAgent,
          audit: note,
          request,
          reply,
        });
        return { code: 0, msg: 'success', data: data ?? null };
      } catch (error) {
        code = codeOf(error);
        throw error;
      } finally {
        await this.audit.record({
          actor,
          action: call.path,
          target: note.target ?? null,
          kind: call.audit,
          code,
          before: note.before ?? null,
          after: code === 0 ? (note.after ?? null) : null,
          reason: note.reason ?? null,
          ip: request.ip,
          userAgent,
        });
      }
    });
  }

  /**
   * The caller of a signed-in call. The sign-in steps look at no credential: a cookie left over from an
   * ended session must not stand between its holder and signing in again.
   */
  private authenticate(call: OpsCallDefinition, request: FastifyRequest): Promise<StaffActor | null> {
    return call.access === 'public' ? Promise.resolve(null) : this.authenticator.authenticate(request);
  }

  private authorize(call: OpsCallDefinition, actor: StaffActor | null): void {
    if (call.access === 'public') return;
    if (!actor) throw new UnauthorizedError();
    if (call.access !== 'staff' && !actor.permissions.has(call.access)) {
      throw new AppError(ErrorCode.PERMISSION_DENIED, `${call.path} needs ${call.access}`, 403);
    }
    // A key was created with a step-up by an owner and acts under its own name; a person steps up.
    if (call.stepUp && actor.kind === 'staff' && (!actor.verifiedAt || this.now() - actor.verifiedAt.getTime() > STEP_UP_WINDOW_MS)) {
      throw new AppError(ErrorCode.STEP_UP_REQUIRED, `${call.path} wants a TOTP code given within five minutes`, 403);
    }
  }
}

function codeOf(error: unknown): number {
  return error instanceof AppError ? error.code : error instanceof UnauthorizedError ? ErrorCode.TOKEN_MISMATCH : ErrorCode.EXCEPTION;
}

function targetOf(body: Record<string, unknown>): string | null {
  if (typeof body.playerId === 'number') return `player:${body.playerId}`;
  if (typeof body.staffId === 'number') return `staff:${body.staffId}`;
  if (typeof body.id === 'number' || typeof body.id === 'string') return String(body.id);
  return null;
}

/** The body as the audit keeps it: secrets replaced by a mark, long text cut. */
export function masked(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (typeof value === 'string') return value.length > 2_000 ? `${value.slice(0, 2_000)}…` : value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Array.isArray(value)) return value.slice(0, 200).map((item) => masked(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_FIELDS.test(key) ? '[secret]' : masked(item, depth + 1)]));
  }
  return value;
}
