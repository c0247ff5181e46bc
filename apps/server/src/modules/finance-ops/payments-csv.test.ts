import { describe, expect, it } from 'vitest';
import type { PaymentRow } from './finance-ops.repo.ts';
import { fixedMoney, paymentsCsv } from './payments-csv.ts';

const row = (changes: Partial<PaymentRow>): PaymentRow => ({
  id: '7',
  player_id: 100001,
  currency: 'USDT',
  amount: '12500000',
  fee: '0',
  status: 'credited',
  address: null,
  tx_id: null,
  counterparty_id: null,
  to_currency: null,
  to_amount: null,
  created_at: new Date('2026-11-01T08:00:00.000Z'),
  completed_at: null,
  ...changes,
});

describe('fixedMoney', () => {
  it('writes every amount with all 6 decimals', () => {
    expect([0n, 1n, 12_500_000n, -3_000_001n, 10n ** 18n].map(fixedMoney)).toEqual(['0.000000', '0.000001', '12.500000', '-3.000001', '1000000000000.000000']);
  });
});

describe('paymentsCsv', () => {
  it('is a header and one CRLF line per row, empty fields for nothing', () => {
    expect(paymentsCsv('deposit', [row({})], (address) => address)).toBe(
      'kind,id,playerId,currency,amount,fee,status,address,txId,counterpartyId,toCurrency,toAmount,createdAt,completedAt\r\n' +
        'deposit,7,100001,USDT,12.500000,0.000000,credited,,,,,,2026-11-01T08:00:00.000Z,\r\n',
    );
  });

  it('quotes separators and quotes, and never hands a spreadsheet a formula', () => {
    const [, line] = paymentsCsv('withdrawal', [row({ address: 'a,"b"', tx_id: '=HYPERLINK("x")' })], (address) => address).split('\r\n');
    expect(line).toContain(',"a,""b""",');
    expect(line).toContain(`,"'=HYPERLINK(""x"")",`);
  });
});
