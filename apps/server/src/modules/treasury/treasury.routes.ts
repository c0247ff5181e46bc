import { ErrorCode, formatMicro, treasuryOpsCalls } from '@lobby/contract';
import { AppError, fail } from '../../http/app-error.ts';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { reconciliationView } from './reconciliation.ts';
import { storeHotCold } from './sweeps/sweep-settings.ts';
import { actionView, cycleView, hotColdView, sweepView, topupView } from './sweeps/sweep-views.ts';
import type { TreasuryModule } from './treasury.module.ts';

/**
 * The treasury's operator calls: the reconciliation's latest result and history and a run on demand;
 * the sweeps, the hot wallet against its floor and target and its top-up requests, a cycle on
 * demand, and the hot/cold settings.
 */
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

  const sweeper = treasury.sweeps.sweeper;
  ops.register(treasuryOpsCalls.sweeps, async ({ body }) => {
    const settings = await sweeper.settings();
    const hot = sweeper.hotWalletAddress;
    const [sweeps, actions, topups, cycles, balances] = await Promise.all([
      sweeper.repo.recentSweeps(body.limit),
      sweeper.repo.recentActions(body.limit),
      sweeper.repo.openTopups(),
      sweeper.repo.cycles(20),
      sweeper.hotBalances().catch(() => null),
    ]);
    return {
      hotWallet: { address: hot, balances: balances && { USDT: formatted(balances.USDT), TRX: formatted(balances.TRX) } },
      coldAddress: settings.coldAddress,
      energyStrategy: settings.energyStrategy,
      signer: sweeper.signerConfigured ? ('online' as const) : ('offline' as const),
      settings: { ...hotColdView(settings), updatedBy: settings.updatedBy, updatedAt: settings.updatedAt?.toISOString() ?? null },
      sweeps: sweeps.map(sweepView),
      actions: actions.map(actionView),
      topups: topups.map((row) => topupView(row, hot)),
      cycles: cycles.map(cycleView),
    };
  });
  ops.register(treasuryOpsCalls.sweep, async ({ actor, audit }) => {
    const summary = await treasury.sweeps.sweepNow(actor.name);
    if (!summary) throw new AppError(ErrorCode.FAILURE, 'another server instance is running the sweep cycles; try again in a moment', 409);
    const cycle = await sweeper.repo.cycle(summary.cycleId);
    audit.target = `sweep-cycle:${summary.cycleId}`;
    audit.after = cycle.summary;
    return { cycle: cycleView(cycle) };
  });
  ops.register(treasuryOpsCalls.topupTransaction, async ({ audit, body }) => {
    const request = await sweeper.repo.openTopupById(BigInt(body.id));
    if (!request) throw fail('CONFIG_NOT_FOUND', `no open top-up request #${body.id}`);
    const settings = await sweeper.settings();
    if (!settings.coldAddress) throw fail('CONFIG_NOT_FOUND', 'no cold address is configured (TREASURY_SWEEP_COLD_ADDRESS)');
    const chain = sweeper.chain;
    const head = await chain.head();
    const hot = sweeper.hotWalletAddress;
    // fee_limit is a ceiling, not a charge: the transfer burns only the energy it uses.
    const built =
      request.currency === 'TRX'
        ? chain.trxTransfer(head, TOPUP_LIFETIME_MS, settings.coldAddress, hot, request.amount)
        : chain.usdtTransfer(head, TOPUP_LIFETIME_MS, settings.coldAddress, hot, request.amount, settings.maxFeeLimit);
    const tx = chain.forHolders(built, body.permissionId);
    audit.target = `treasury-topup:${request.id}`;
    audit.after = { txId: tx.txId, permissionId: body.permissionId };
    return {
      txId: tx.txId,
      rawDataHex: tx.rawDataHex,
      rawData: JSON.parse(JSON.stringify(tx.raw, (_key, value) => (typeof value === 'bigint' ? Number(value) : value))) as Record<string, unknown>,
      from: settings.coldAddress,
      to: hot,
      currency: request.currency,
      amount: formatMicro(request.amount),
      expiresAt: new Date(Number(tx.expiration)).toISOString(),
    };
  });
  ops.register(treasuryOpsCalls.setHotCold, async ({ actor, audit, body }) => {
    const before = await sweeper.settings();
    await sweeper.repo.storeSettings(storeHotCold(body), actor.name);
    audit.target = 'treasury:hot-cold';
    audit.before = hotColdView(before);
    audit.after = hotColdView(body);
    return { settings: hotColdView(body) };
  });
}

/** A top-up for people to sign: a day, the longest the chain accepts a transaction ahead. */
const TOPUP_LIFETIME_MS = 24 * 3_600_000 - 60_000;

function formatted(micro: bigint): string {
  return formatMicro(micro);
}
