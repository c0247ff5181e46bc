import { bankCalls, formatMicro, walletCalls, withdrawalsOpsCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { registerCall } from '../../http/rpc.ts';
import { approvalRequestView } from '../approvals/approvals.routes.ts';
import type { Approvals } from '../approvals/approvals.service.ts';
import type { SessionService } from '../player/session.service.ts';
import { answerExperienceRestrictions } from './experience.ts';
import type { WalletModule } from './wallet.module.ts';
import { approvalNeedsSecondPerson, requestWithdrawalApproval } from './withdrawal-approval.ts';
import type { WithdrawalRow } from './withdrawal.service.ts';

export interface WalletRouteLimits {
  /** Calls that check a password cost a password hash each, and guess the fund PIN. */
  credentialsPerMinute: number;
}

/** The player's wallet calls (SPEC section 7, and the designed bank calls of the contract). */
export async function registerWalletRoutes(http: FastifyInstance, sessions: SessionService, wallet: WalletModule, limits: WalletRouteLimits) {
  const SECRET = { rateLimit: { max: limits.credentialsPerMinute, timeWindow: '1 minute' } };

  await http.register(async (app) => {
    answerExperienceRestrictions(app);

    registerCall(app, sessions, walletCalls.balanceGet, (ctx) => wallet.balances(ctx.session.playerId));
    registerCall(app, sessions, walletCalls.balanceSyncAndGet, async (ctx) => {
      // No game provider holds lobby funds yet, so the main wallet is the only one to list.
      const b = await wallet.balances(ctx.session.playerId);
      return [{ wallet: 'main', name: 'Lobby', trxBalance: b.trx, usdtBalance: b.usdt }];
    });

    registerCall(
      app,
      sessions,
      walletCalls.financePasswordUpdate,
      async (ctx) => {
        await wallet.fundPasswords.update(ctx.session.playerId, ctx.body);
        return null;
      },
      SECRET,
    );

    registerCall(app, sessions, walletCalls.cashoutAddressList, (ctx) => wallet.book.listAddresses(ctx.session.playerId));
    registerCall(app, sessions, walletCalls.cashoutAddressAdd, (ctx) =>
      wallet.book.addAddress(ctx.session.playerId, ctx.body.address, ctx.body.label, ctx.body.twoFactorCode),
    );
    registerCall(app, sessions, walletCalls.cashoutAddressDelete, async (ctx) => {
      await wallet.book.deleteAddress(ctx.session.playerId, ctx.body.id);
      return null;
    });
    registerCall(app, sessions, walletCalls.cashoutAccountGet, (ctx) => wallet.book.listAccounts(ctx.session.playerId, ctx.body.accountType));
    registerCall(app, sessions, walletCalls.cashoutAccountAdd, (ctx) => wallet.book.addAccount(ctx.session.playerId, ctx.body));
    registerCall(app, sessions, walletCalls.cashoutAccountUpdate, (ctx) => wallet.book.updateAccount(ctx.session.playerId, ctx.body));

    registerCall(app, sessions, walletCalls.betAddressList, (ctx) => wallet.betAddresses.list(ctx.session.playerId));
    registerCall(app, sessions, walletCalls.betAddressAdd, (ctx) => wallet.betAddresses.add(ctx.session.playerId, ctx.body.address));
    registerCall(app, sessions, walletCalls.betAddressUnbind, (ctx) => wallet.betAddresses.unbind(ctx.session.playerId, ctx.body.id));
    registerCall(app, sessions, bankCalls.walletActivateConfig, (ctx) => wallet.betAddresses.config(ctx.session.playerId));

    registerCall(app, sessions, bankCalls.depositAddress, (ctx) => wallet.deposits.depositInfo(ctx.session.playerId));
    registerCall(app, sessions, bankCalls.cashoutConfig, (ctx) => wallet.withdrawals.config(ctx.session.playerId));
    registerCall(app, sessions, bankCalls.cashoutSubmit, (ctx) => wallet.withdrawals.submit(ctx.session.playerId, ctx.body), SECRET);
    registerCall(app, sessions, bankCalls.currencyExchangeConfig, async () => wallet.exchange.config());
    registerCall(app, sessions, bankCalls.currencyExchangeSubmit, (ctx) => wallet.exchange.submit(ctx.session.playerId, ctx.body));
    registerCall(app, sessions, bankCalls.transferSubmit, (ctx) => wallet.transfers.submit(ctx.session.playerId, ctx.body), SECRET);
    registerCall(app, sessions, bankCalls.records, (ctx) => wallet.records.list(ctx.session.playerId, ctx.body));
  });
}

/**
 * Operator calls on withdrawals: those not finished yet, and the review of one waiting for it (large
 * amounts): approved it is sent, rejected its amount returns to the player. Approving one at or above
 * the four-eyes threshold only asks a second person (`withdrawal.approve`, decided through the
 * approvals calls); a rejection, which gives the money back, stays one person's.
 */
export function registerWithdrawalOpsRoutes(ops: OpsRegistrar, wallet: WalletModule, approvals: Approvals, db: Db): void {
  ops.register(withdrawalsOpsCalls.open, async () => (await wallet.withdrawals.listOpen()).map(opsView));

  ops.register(withdrawalsOpsCalls.review, async ({ body, actor, audit }) => {
    audit.target = `withdrawal:${body.id}`;
    if (body.approve) {
      const waiting = await wallet.withdrawals.findById(body.id);
      if (waiting && approvalNeedsSecondPerson(waiting, wallet.settings)) {
        const request = await requestWithdrawalApproval(approvals, db, waiting, actor, body.reason);
        audit.after = { approve: true, status: waiting.status, approvalRequest: Number(request.id) };
        return { withdrawal: opsView(waiting), approvalRequest: approvalRequestView(request) };
      }
    }
    const row = await wallet.withdrawals.review(body.id, body.approve);
    audit.after = { approve: body.approve, status: row.status };
    return { withdrawal: opsView(row), approvalRequest: null };
  });
}

function opsView(row: WithdrawalRow) {
  return {
    id: Number(row.id),
    playerId: row.player_id,
    currency: row.currency,
    amount: formatMicro(row.amount),
    fee: formatMicro(row.fee),
    toAddress: row.to_address,
    status: row.status,
    txId: row.tx_id,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}
