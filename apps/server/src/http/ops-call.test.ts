import { describe, expect, it } from 'vitest';
import { masked } from './ops-call.ts';

describe('masked: what the audit keeps of a body', () => {
  it('hides secrets by field name at any depth and keeps the rest', () => {
    expect(masked({ login: 'ann', password: 'correct horse battery', nested: { recoveryCode: 'abcd', code: '123456', currency: 'USDT' } })).toEqual({
      login: 'ann',
      password: '[secret]',
      nested: { recoveryCode: '[secret]', code: '[secret]', currency: 'USDT' },
    });
  });

  it('writes dates as ISO text and big integers as decimal text, so they survive JSON', () => {
    expect(masked({ startAt: new Date('2026-11-27T10:00:00Z'), amount: 12_000_000n, bad: new Date(Number.NaN) })).toEqual({
      startAt: '2026-11-27T10:00:00.000Z',
      amount: '12000000',
      bad: null,
    });
  });

  it('cuts long text and long lists', () => {
    const kept = masked({ text: 'x'.repeat(5_000), list: Array.from({ length: 500 }, (_, i) => i) }) as { text: string; list: number[] };
    expect(kept.text).toHaveLength(2_001);
    expect(kept.list).toHaveLength(200);
  });
});
