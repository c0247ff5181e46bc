import { formatMicro, type OpsCallParsedRequest, SHIPPED_SANCTION_LISTS, sanctionsOpsCalls } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import type { OpsRegistrar, StaffActor } from '../../http/ops-call.ts';
import type { SanctionHitRow } from './sanctions.repo.ts';
import { parseAddressList, type SanctionsList } from './sanctions-list.ts';

/** Credits a held deposit as the deposit watcher would have, running `also` in the same transaction; false when it was not held. */
export type CreditHeldDeposit = (depositId: bigint, also: (trx: Db) => Promise<void>) => Promise<boolean>;

const DECIDED_STATE = { credit: 'credited', refund: 'refunded', keep: 'kept' } as const;

/** Upload text up to the line limit, with room for the JSON around it. */
const UPLOAD_BODY_LIMIT = 256 * 1024;

export function hitView(hit: SanctionHitRow) {
  return {
    id: Number(hit.id),
    kind: hit.kind,
    state: hit.state,
    playerId: hit.player_id,
    address: hit.address,
    lists: hit.lists,
    currency: hit.currency,
    amount: hit.amount === null ? null : formatMicro(hit.amount),
    reference: hit.reference,
    txId: hit.tx_id,
    decidedBy: hit.decided_by,
    decisionReason: hit.decision_reason,
    decidedAt: hit.decided_at?.toISOString() ?? null,
    createdAt: hit.created_at.toISOString(),
  };
}

/** The operator's side of sanctions screening: the lists, uploads, and decisions on what was held. */
export class SanctionsOps {
  constructor(
    private readonly db: Db,
    private readonly list: SanctionsList,
    /** Filled once the wallet exists. */
    public creditDeposit: CreditHeldDeposit = async () => {
      throw new Error('deposits cannot be credited before the wallet is built');
    },
  ) {}

  private get repo() {
    return this.list.repo;
  }

  async lists() {
    const [counts, total, held] = await Promise.all([this.repo.counts(), this.repo.distinctAddresses(), this.repo.heldCount()]);
    const named = new Set(counts.map((c) => c.list));
    const empty = SHIPPED_SANCTION_LISTS.filter((list) => !named.has(list)).map((list) => ({ list, shipped: 0, uploaded: 0, updated_at: null }));
    return {
      lists: [...counts, ...empty].map((c) => ({
        list: c.list,
        shipped: c.shipped,
        uploaded: c.uploaded,
        total: c.shipped + c.uploaded,
        updatedAt: c.updated_at?.toISOString() ?? null,
      })),
      total,
      held,
    };
  }

  async search(query: OpsCallParsedRequest<typeof sanctionsOpsCalls.search>) {
    const { rows, total } = await this.repo.search(query);
    return {
      list: rows.map((r) => ({ address: r.address, list: r.list, source: r.source, addedAt: r.added_at.toISOString(), addedBy: r.added_by })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** Every line checked before anything is written: one bad line and nothing changes. */
  async upload(input: OpsCallParsedRequest<typeof sanctionsOpsCalls.upload>, actor: StaffActor) {
    const { addresses, errors } = parseAddressList(input.text);
    if (errors.length > 0) {
      const first = errors
        .slice(0, 3)
        .map((e) => `line ${e.line}: ${e.reason}`)
        .join('; ');
      throw fail('INVALID_PARAMETERS', `text: ${errors.length} bad line${errors.length === 1 ? '' : 's'}, nothing was changed (${first})`, undefined, {
        errors: errors.slice(0, 200),
      });
    }
    if (addresses.length === 0 && input.mode === 'add') throw fail('INVALID_PARAMETERS', 'text: no address to add');
    const { added, removed, total } = await this.repo.upload(input.list, addresses, input.mode === 'replace', actor.name);
    await this.list.changed();
    return { list: input.list, added, alreadyListed: addresses.length - added, removed, total };
  }

  async remove(list: string, address: string) {
    const row = await this.repo.remove(list, address);
    if (row?.source === 'shipped') throw fail('INVALID_PARAMETERS', `address: shipped on ${list}; only uploaded addresses can be taken off`);
    if (row) await this.list.changed();
    return { removed: row !== undefined };
  }

  async hits(query: OpsCallParsedRequest<typeof sanctionsOpsCalls.hits>) {
    const { rows, total } = await this.repo.hits(query);
    return { list: rows.map(hitView), total, page: query.page, pageSize: query.pageSize };
  }

  /**
   * Decides a held deposit or transfer bet once: repeating a decision answers the same, another
   * afterwards is refused. A deposit credited goes through the deposit watcher's own crediting; a
   * transfer bet refunded is queued for the payout sender like any refund.
   */
  async decide(id: number, decision: 'credit' | 'refund' | 'keep', actor: StaffActor, reason: string): Promise<{ hit: SanctionHitRow; decidedNow: boolean }> {
    const hit = await this.repo.findHit(id);
    if (!hit) throw fail('INVALID_PARAMETERS', `id: no sanctions hit ${id}`);
    const target = DECIDED_STATE[decision];
    if (hit.state === target) return { hit, decidedNow: false };
    if (hit.state !== 'held')
      throw fail('UPDATE_FAILED', hit.state === 'refused' ? 'this request was refused at once; there is nothing to decide' : `already decided: ${hit.state}`);
    if (hit.kind === 'transfer_bet' && decision === 'credit')
      throw fail('INVALID_PARAMETERS', 'decision: a held transfer bet is refunded or kept, never credited');
    if (hit.kind === 'deposit' && decision === 'refund') throw fail('INVALID_PARAMETERS', 'decision: a held deposit is credited or kept');

    let decided: SanctionHitRow | undefined;
    const close = async (trx: Db) => {
      decided = await this.repo.decideHit(trx, id, target, actor.name, reason);
      if (!decided) throw fail('UPDATE_FAILED', 'decided by someone else meanwhile');
    };
    const reference = hit.reference ?? '';
    if (hit.kind === 'deposit' && decision === 'credit') {
      if (!(await this.creditDeposit(BigInt(reference.slice('deposit:'.length)), close))) return this.settled(id, target);
    } else {
      await this.db.transaction().execute(async (trx) => {
        if (hit.kind === 'deposit' && !(await this.repo.refuseDeposit(trx, BigInt(reference.slice('deposit:'.length))))) {
          throw fail('UPDATE_FAILED', 'the deposit is not held any more');
        }
        if (hit.kind === 'transfer_bet' && decision === 'refund' && !(await this.repo.refundTransfer(trx, reference.slice('tx:'.length)))) {
          throw fail('UPDATE_FAILED', 'the transfer is not held any more');
        }
        await close(trx);
      });
    }
    if (!decided) throw new Error('a decision closed no hit');
    return { hit: decided, decidedNow: true };
  }

  /** After a decision lost a race: the same decision answers as a repeat, another is refused. */
  private async settled(id: number, target: SanctionHitRow['state']) {
    const now = await this.repo.findHit(id);
    if (now?.state === target) return { hit: now, decidedNow: false };
    throw fail('UPDATE_FAILED', `already decided: ${now?.state}`);
  }
}

export function registerSanctionsOpsRoutes(ops: OpsRegistrar, sanctions: SanctionsOps): void {
  ops.register(sanctionsOpsCalls.lists, () => sanctions.lists());
  ops.register(sanctionsOpsCalls.search, ({ body }) => sanctions.search(body));
  ops.register(
    sanctionsOpsCalls.upload,
    async ({ body, actor, audit }) => {
      audit.target = `sanctions:${body.list}`;
      const result = await sanctions.upload(body, actor);
      audit.after = result;
      return result;
    },
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );
  ops.register(sanctionsOpsCalls.remove, async ({ body, audit }) => {
    audit.target = `sanctions:${body.list}:${body.address}`;
    audit.reason = body.reason;
    const result = await sanctions.remove(body.list, body.address);
    audit.after = result;
    return result;
  });
  ops.register(sanctionsOpsCalls.hits, ({ body }) => sanctions.hits(body));
  ops.register(sanctionsOpsCalls.decide, async ({ body, actor, audit }) => {
    audit.target = `sanction-hit:${body.id}`;
    audit.reason = body.reason;
    const { hit, decidedNow } = await sanctions.decide(body.id, body.decision, actor, body.reason);
    audit.after = { state: hit.state, playerId: hit.player_id, reference: hit.reference, decidedNow };
    return { hit: hitView(hit), decidedNow };
  });
}
