import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUND_PASSWORD, newWallet, requestId, startWalletTestApp, type TestPlayer, type WalletTestApp } from '../modules/wallet/test-support.ts';
import type { DomainEvents, StaffEventName } from './domain-events.ts';

// What the console's socket forwards is published where it happens: these tests hear it on the application's bus.
let t: WalletTestApp;
beforeAll(async () => {
  t = await startWalletTestApp({ WITHDRAWAL_USDT_REVIEW: '100' });
});
afterAll(async () => {
  await t?.close();
});

/** Every `event` the application publishes while `during` runs. */
async function heard<K extends StaffEventName>(event: K, during: () => Promise<unknown>): Promise<DomainEvents[K][]> {
  const payloads: DomainEvents[K][] = [];
  const off = t.app.bus.subscribe(event, (payload) => void payloads.push(payload));
  try {
    await during();
  } finally {
    off();
  }
  return payloads;
}

describe('staff events', () => {
  let player: TestPlayer;

  it('announces a deposit as seen while it confirms and as credited once', async () => {
    player = await t.player();
    const settings = t.app.services.wallet.settings.deposit;
    const configured = settings.confirmations;
    settings.confirmations = 2;
    try {
      const seen = await heard('deposit.seen', () => t.deposit(player, { usdt: '300' }));
      expect(seen).toEqual([
        { depositId: expect.any(String), playerId: player.playerId, currency: 'USDT', amount: '300', txId: expect.any(String), confirmations: 1, needed: 2 },
      ]);
      const credited = await heard('deposit.credited', () => t.scanDeposits(1));
      expect(credited).toEqual([{ depositId: seen[0]!.depositId, playerId: player.playerId, currency: 'USDT', amount: '300', txId: seen[0]!.txId }]);
    } finally {
      settings.confirmations = configured;
    }
  });

  it('announces the status a withdrawal enters: waiting for review above the threshold, queued below it, rejected', async () => {
    const submit = (amount: string) =>
      t.call(
        '/v1/bank/cashout/submit',
        { requestId: requestId(), currency: 'USDT', fundPassword: FUND_PASSWORD, amount, address: newWallet().address },
        { token: player.token },
      );
    const states = await heard('withdrawal.state', async () => {
      const large = await submit('150');
      expect(large.code).toBe(0);
      expect((await submit('20')).code).toBe(0);
      await t.app.services.wallet.withdrawals.review(BigInt(large.data.record.id), false);
    });
    expect(states.map(({ playerId, currency, amount, status }) => ({ playerId, currency, amount, status }))).toEqual([
      { playerId: player.playerId, currency: 'USDT', amount: '150', status: 'pending_review' },
      { playerId: player.playerId, currency: 'USDT', amount: '20', status: 'queued' },
      { playerId: player.playerId, currency: 'USDT', amount: '150', status: 'rejected' },
    ]);
  });

  it('announces a support message once, a retried send not again', async () => {
    const clientMsgId = `m-${randomUUID()}`;
    const messages = await heard('chat.message', async () => {
      expect((await t.call('/v1/chat/send', { clientMsgId, text: 'where is my deposit?' }, { token: player.token })).code).toBe(0);
      expect((await t.call('/v1/chat/send', { clientMsgId, text: 'where is my deposit?' }, { token: player.token })).code).toBe(0);
    });
    expect(messages).toEqual([{ conversationId: expect.any(Number), playerId: player.playerId, seq: 1, sender: 'player' }]);
  });
});
