import { treasuryOpsCalls } from '@lobby/contract';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { reconciliationView } from './reconciliation.ts';
import type { TreasuryModule } from './treasury.module.ts';

/** The treasury's operator calls: the reconciliation's latest result and history, and a run on demand. */
export function registerTreasuryOpsRoutes(ops: OpsRegistrar, treasury: TreasuryModule): void {
  ops.register(treasuryOpsCalls.reconciliation, async ({ body }) => {
    const history = (await treasury.reconciler.history(body.limit)).map(reconciliationView);
    return { latest: history[0] ?? null, history };
  });
  ops.register(treasuryOpsCalls.reconcile, async ({ actor, audit }) => {
    const run = reconciliationView(await treasury.reconcileNow(actor.name));
    audit.target = `reconciliation:${run.id}`;
    audit.after = { status: run.status, differences: Object.fromEntries(run.currencies.map((c) => [c.currency, c.difference])), failures: run.failures.length };
    return { run };
  });
}
