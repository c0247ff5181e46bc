import { formatMicro, parseMicro } from '@lobby/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convert, effectiveRate } from './exchange.service.ts';
import { parseRational } from './settings.ts';
import { FUND_PASSWORD, newWallet, startWalletTestApp, type TestPlayer, type WalletTestApp } from './test-support.ts';

// Random sequences of deposits, withdrawals, exchanges and transfers, each step a batch sent at
// once (some requests twice with one requestId). After every step the ledger check passes and
// every balance is exactly what the answered requests say it should be.

type Currency = 'USDT' | 'TRX';
type Op =
  | { kind: 'deposit'; player: number; currency: Currency; micro: bigint }
  | { kind: 'withdraw'; player: number; currency: Currency; micro: bigint; twice: boolean }
  | { kind: 'exchange'; player: number; from: Currency; micro: bigint; twice: boolean }
  | { kind: 'transfer'; player: number; currency: Currency; micro: bigint; twice: boolean };

// Players 0-2 are ordinary, 3 is a merchant: transfers go between the merchant and the others.
const PLAYERS = 4;
const MERCHANT = 3;
const currency = fc.constantFrom<Currency>('USDT', 'TRX');
const amount = (min: number, max: number) => fc.integer({ min, max }).map((units) => BigInt(units) * 10_000n);
const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), player, currency, micro: amount(100, 5_000) }),
  fc.record({ kind: fc.constant('withdraw' as const), player, currency, micro: amount(100, 2_000), twice: fc.boolean() }),
  fc.record({ kind: fc.constant('exchange' as const), player, from: currency, micro: amount(400, 2_000), twice: fc.boolean() }),
  fc.record({ kind: fc.constant('transfer' as const), player, currency, micro: amount(1, 2_000), twice: fc.boolean() }),
);

let t: WalletTestApp;
beforeAll(async () => {
  t = await startWalletTestApp({ WITHDRAWAL_USDT_REVIEW: '1000000', WITHDRAWAL_TRX_REVIEW: '1000000' });
  t.fundHotWallet({ trx: '10000000', usdt: '10000000' });
});
afterAll(async () => {
  await t?.close();
});

const MID = parseRational('4');

describe('the wallet under random concurrent use', () => {
  it('keeps the ledger consistent and every balance equal to what the answers add up to', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 }), async (steps) => {
        const players: TestPlayer[] = await Promise.all(Array.from({ length: PLAYERS }, () => t.player()));
        await t.app.database.db.updateTable('players').set({ user_type: 1 }).where('id', '=', players[MERCHANT].playerId).execute();
        const expected = players.map(() => ({ USDT: 0n, TRX: 0n }));
        const addresses = await Promise.all(players.map((p) => t.depositAddress(p)));
        const sentTo = new Map<string, { currency: Currency; micro: bigint }>();

        for (const step of steps) {
          const requests: Promise<void>[] = [];
          for (const o of step) {
            const who = players[o.player];
            if (o.kind === 'deposit') {
              t.app.chain.devnet!.faucet(addresses[o.player], o.currency === 'USDT' ? { usdt: o.micro } : { trx: o.micro });
              expected[o.player][o.currency] += o.micro;
              continue;
            }
            const requestId = crypto.randomUUID();
            const to = newWallet().address;
            const receiver = o.player === MERCHANT ? players[Number((o.micro / 10_000n) % 3n)] : players[MERCHANT];
            const send = (): Promise<{ code: number; data: any }> => {
              if (o.kind === 'withdraw') {
                return t.call(
                  '/v1/bank/cashout/submit',
                  { requestId, currency: o.currency, amount: formatMicro(o.micro), address: to, fundPassword: FUND_PASSWORD },
                  { token: who.token },
                );
              }
              if (o.kind === 'exchange') {
                return t.call(
                  '/v1/bank/currency_exchange/submit',
                  { requestId, from: o.from, to: o.from === 'USDT' ? 'TRX' : 'USDT', amount: formatMicro(o.micro) },
                  { token: who.token },
                );
              }
              return t.call(
                '/v1/bank/transfer/submit',
                { requestId, receiverId: receiver.playerId, currency: o.currency, amount: formatMicro(o.micro), fundPassword: FUND_PASSWORD },
                { token: who.token },
              );
            };
            requests.push(
              (async () => {
                const replies = await Promise.all(o.twice ? [send(), send()] : [send()]);
                for (const r of replies) expect([0, 21002]).toContain(r.code);
                const accepted = replies.filter((r) => r.code === 0);
                if (accepted.length === 0) return;
                // However many copies were accepted, they are one record: the money moved once.
                expect(new Set(accepted.map((r) => r.data.record.id)).size).toBe(1);
                const reply = accepted[0];
                if (o.kind === 'withdraw') {
                  expected[o.player][o.currency] -= o.micro;
                  sentTo.set(to, { currency: o.currency, micro: o.micro });
                } else if (o.kind === 'exchange') {
                  const target: Currency = o.from === 'USDT' ? 'TRX' : 'USDT';
                  const received = convert(o.micro, effectiveRate(MID, 100, o.from));
                  expect(parseMicro(reply.data.record.toAmount)).toBe(received);
                  expected[o.player][o.from] -= o.micro;
                  expected[o.player][target] += received;
                } else {
                  expected[o.player][o.currency] -= o.micro;
                  expected[players.indexOf(receiver)][o.currency] += o.micro;
                }
              })(),
            );
          }
          await Promise.all(requests);
          await t.scanDeposits(1);
          await t.processWithdrawals();
          await t.expectLedgerOk();
          for (let i = 0; i < PLAYERS; i++) {
            expect(await t.balances(players[i])).toEqual({
              usdt: formatMicro(expected[i].USDT),
              trx: formatMicro(expected[i].TRX),
              cash: { usdt: formatMicro(expected[i].USDT), trx: formatMicro(expected[i].TRX) },
              bonus: { usdt: '0', trx: '0' },
            });
          }
        }
        // Every accepted withdrawal reached its address once; nothing is left set aside.
        for (const [address, sent] of sentTo) {
          const onChain = t.chainBalance(address);
          expect(sent.currency === 'USDT' ? onChain.usdt : onChain.trx).toBe(sent.micro);
        }
        expect(await t.app.services.ledger.balance({ kind: 'withdrawal_pending' }, 'USDT')).toBe(0n);
        expect(await t.app.services.ledger.balance({ kind: 'withdrawal_pending' }, 'TRX')).toBe(0n);
      }),
      { numRuns: 6 },
    );
  });
});
