import { ErrorCode, type Permission } from '@lobby/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError, fail } from '../../http/app-error.ts';
import type { StaffActor } from '../../http/ops-call.ts';
import { underSavepoint } from '../../money/ledger.repo.ts';
import { jsonb } from '../audit/audit-log.ts';
import type { ApprovalRequestsTable, AuditTables } from '../audit/tables.ts';

export type ApprovalRequest = Selectable<ApprovalRequestsTable>;
export type ApprovalStatus = ApprovalRequest['status'];

/** What an approved action's executor is given besides its payload. */
export interface ApprovalContext {
  /** The deciding transaction: what the executor writes commits with the decision, or not at all. */
  trx: Db;
  request: ApprovalRequest;
  decidedBy: StaffActor;
  /** Runs once the decision committed (a balance push, a session end); its failure changes nothing. */
  afterCommit(work: () => Promise<void>): void;
}

/**
 * A kind of action that needs a second person, registered by the module that owns the action
 * (balance adjustments, withdrawals above a threshold, held wins, role grants, API keys).
 */
export interface ApprovalKind<P> {
  /** What the person deciding must hold, besides the decide call's own permission. */
  permission: Permission;
  /** Checks and normalizes a payload when the request is made; throws an AppError to refuse it. */
  prepare?(payload: P, db: Db): Promise<P>;
  /** Performs the approved action inside the deciding transaction; its answer is kept as the result. */
  execute(payload: P, context: ApprovalContext): Promise<unknown>;
}

export interface ApprovalListFilter {
  status?: ApprovalStatus;
  kind?: string;
  page: number;
  pageSize: number;
}

/**
 * Four eyes (CONSOLE.md "Roles and permissions"): one person asks for an action and another decides
 * it. The requester can never decide (10058); a decision is one conditional update of a pending
 * request, so of two racing decisions exactly one applies and the other is answered 10059; an
 * approval runs the kind's executor in the same transaction, under a savepoint, so an executor that
 * fails leaves nothing behind but the request marked failed with its reason.
 */
export class Approvals {
  private readonly db: Kysely<Database & AuditTables>;
  private readonly kinds = new Map<string, ApprovalKind<any>>();

  /** `events` tells the console who may decide that a request was filed or closed ('approval.changed'). */
  constructor(
    private readonly database: Db,
    private readonly events?: Pick<EventBus, 'publish'>,
  ) {
    this.db = database.withTables<AuditTables>();
  }

  private announce(request: ApprovalRequest): void {
    const definition = this.kinds.get(request.kind);
    if (!this.events || !definition) return;
    void this.events
      .publish('approval.changed', { requestId: Number(request.id), kind: request.kind, status: request.status, permission: definition.permission })
      .catch(() => undefined);
  }

  /** Pending requests `actor` may decide: of the kinds their permissions reach, made by someone else. */
  async countDecidable(actor: StaffActor): Promise<number> {
    const kinds = this.decidableKinds(actor);
    if (kinds.length === 0) return 0;
    const row = await this.db
      .selectFrom('approval_requests')
      .select((select) => select.fn.countAll<string>().as('n'))
      .where('status', '=', 'pending')
      .where('kind', 'in', kinds)
      .where((where) => where.not(where.and([where('requested_by_kind', '=', actor.kind), where('requested_by_id', '=', BigInt(actor.id))])))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  register<P>(kind: string, definition: ApprovalKind<P>): void {
    if (this.kinds.has(kind)) throw new Error(`approval kind ${kind} is registered twice`);
    this.kinds.set(kind, definition);
  }

  /** The registered kinds whose requests `actor` may decide. */
  decidableKinds(actor: StaffActor): string[] {
    return [...this.kinds].filter(([, definition]) => actor.permissions.has(definition.permission)).map(([kind]) => kind);
  }

  async request<P>(kind: string, payload: P, actor: StaffActor, reason: string): Promise<ApprovalRequest> {
    const definition = this.kindOf(kind) as ApprovalKind<P>;
    const prepared = definition.prepare ? await definition.prepare(payload, this.database) : payload;
    const filed = await this.db
      .insertInto('approval_requests')
      .values({
        kind,
        payload: jsonb(prepared),
        reason,
        requested_by_kind: actor.kind,
        requested_by_id: BigInt(actor.id),
        requested_by_name: actor.name,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    this.announce(filed);
    return filed;
  }

  /**
   * Approves or rejects a pending request. An approval whose executor throws commits the request as
   * failed, with the error as its result, and then throws that error to the caller.
   */
  async decide(id: number, actor: StaffActor, approve: boolean, reason: string): Promise<ApprovalRequest> {
    const afterCommit: (() => Promise<void>)[] = [];
    const outcome = await this.database.transaction().execute(async (trx) => {
      const pending = await this.find(id, trx);
      if (await this.samePerson(trx, pending, actor)) throw fail('SECOND_PERSON_REQUIRED', `request ${id} was made by ${pending.requested_by_name}`);
      const definition = this.kindOf(pending.kind);
      if (!actor.permissions.has(definition.permission)) {
        throw new AppError(ErrorCode.PERMISSION_DENIED, `deciding a ${pending.kind} request needs ${definition.permission}`, 403);
      }
      const decided = await this.closePending(trx, pending, approve ? 'approved' : 'rejected', actor, reason);
      if (!approve) return { request: decided, error: null };

      try {
        const result = await underSavepoint(trx, 'approval_execute', () =>
          definition.execute(decided.payload, { trx, request: decided, decidedBy: actor, afterCommit: (work) => afterCommit.push(work) }),
        );
        return { request: await this.settle(trx, id, 'approved', result ?? null), error: null };
      } catch (error) {
        afterCommit.length = 0;
        const code = error instanceof AppError ? error.code : ErrorCode.EXCEPTION;
        const message = error instanceof Error ? error.message : String(error);
        return { request: await this.settle(trx, id, 'failed', { error: { code, message } }), error };
      }
    });
    this.announce(outcome.request);
    if (outcome.error) throw outcome.error;
    for (const work of afterCommit) await work().catch(() => undefined);
    return outcome.request;
  }

  /** The requester takes back a request still pending. */
  async withdraw(id: number, actor: StaffActor, reason: string | null): Promise<ApprovalRequest> {
    const withdrawn = await this.database.transaction().execute(async (trx) => {
      const pending = await this.find(id, trx);
      if (!isRequester(pending, actor)) throw new AppError(ErrorCode.PERMISSION_DENIED, `only ${pending.requested_by_name} may withdraw request ${id}`, 403);
      return this.closePending(trx, pending, 'withdrawn', actor, reason);
    });
    this.announce(withdrawn);
    return withdrawn;
  }

  /**
   * Requests of the kinds `actor` may decide, and those `actor` made: pending first (oldest first,
   * as a queue is worked), then the rest newest first.
   */
  async list(actor: StaffActor, filter: ApprovalListFilter): Promise<{ list: ApprovalRequest[]; total: number }> {
    const kinds = this.decidableKinds(actor);
    let query = this.db
      .selectFrom('approval_requests')
      .where((where) =>
        where.or([
          ...(kinds.length ? [where('kind', 'in', kinds)] : []),
          where.and([where('requested_by_kind', '=', actor.kind), where('requested_by_id', '=', BigInt(actor.id))]),
        ]),
      );
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.kind) query = query.where('kind', '=', filter.kind);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy(sql`status = 'pending'`, 'desc')
        .orderBy(sql`case when status = 'pending' then id else -id end`)
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize)
        .execute(),
      query.select((select) => select.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: rows, total: Number(count.n) };
  }

  async get(id: number): Promise<ApprovalRequest> {
    return this.find(id, this.database);
  }

  private async find(id: number, db: Db): Promise<ApprovalRequest> {
    const request = await db.withTables<AuditTables>().selectFrom('approval_requests').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
    if (!request) throw fail('INVALID_PARAMETERS', `no approval request ${id}`);
    return request;
  }

  private kindOf(kind: string): ApprovalKind<unknown> {
    const definition = this.kinds.get(kind);
    if (!definition) throw fail('INVALID_PARAMETERS', `no approval kind ${kind}`);
    return definition;
  }

  /**
   * Moves a pending request to `status` in one conditional update: of two racing decisions exactly
   * one finds it pending, and the other is answered 10059.
   */
  private async closePending(trx: Db, pending: ApprovalRequest, status: 'approved' | 'rejected' | 'withdrawn', actor: StaffActor, reason: string | null) {
    const closed = await trx
      .withTables<AuditTables>()
      .updateTable('approval_requests')
      .set({
        status,
        decided_by_kind: actor.kind,
        decided_by_id: BigInt(actor.id),
        decided_by_name: actor.name,
        decided_at: sql<Date>`now()`,
        decision_reason: reason,
      })
      .where('id', '=', pending.id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!closed) throw fail('REQUEST_ALREADY_DECIDED', `request ${pending.id} is ${pending.status}`);
    return closed;
  }

  /**
   * Whether `actor` is the person who made the request: the same staff member or key, or a key and
   * the staff member who created it (a key is its creator's hand, so it cannot be their second pair
   * of eyes).
   */
  private async samePerson(trx: Db, request: ApprovalRequest, actor: StaffActor): Promise<boolean> {
    if (isRequester(request, actor)) return true;
    if (request.requested_by_kind === actor.kind) return false;
    const requester = await personBehind(trx, request.requested_by_kind, request.requested_by_id);
    const decider = await personBehind(trx, actor.kind, BigInt(actor.id));
    return requester !== null && requester === decider;
  }

  private settle(trx: Db, id: number, status: 'approved' | 'failed', result: unknown): Promise<ApprovalRequest> {
    return trx
      .withTables<AuditTables>()
      .updateTable('approval_requests')
      .set({ status, result: jsonb(result) })
      .where('id', '=', BigInt(id))
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}

function isRequester(request: ApprovalRequest, actor: StaffActor): boolean {
  return request.requested_by_kind === actor.kind && request.requested_by_id === BigInt(actor.id);
}

/** The staff member acting: the member, or whoever created the key (null for a key made from the command line). */
async function personBehind(db: Db, kind: 'staff' | 'key', id: bigint): Promise<bigint | null> {
  if (kind === 'staff') return id;
  const { rows } = await sql<{ created_by: bigint | null }>`select created_by from staff_api_keys where id = ${id}`.execute(db);
  return rows[0]?.created_by ?? null;
}
