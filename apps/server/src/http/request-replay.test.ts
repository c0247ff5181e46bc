import { ErrorCode } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { RequestReplay } from './request-replay.ts';

type Row = { currency: string; amount: bigint };
const replayOf = (stored: Row | undefined, asked: Row) =>
  new RequestReplay<Row>(
    'exchange',
    'r-1',
    async () => stored,
    (row) => row.currency === asked.currency && row.amount === asked.amount,
  );

describe('RequestReplay', () => {
  it('answers nothing for a new request id', async () => {
    expect(await replayOf(undefined, { currency: 'USDT', amount: 5n }).earlier()).toBeUndefined();
  });

  it("answers the first request's row to the same request sent again", async () => {
    const first = { currency: 'USDT', amount: 5n };
    expect(await replayOf(first, { currency: 'USDT', amount: 5n }).earlier()).toBe(first);
    expect(await replayOf(first, { currency: 'USDT', amount: 5n }).winner()).toBe(first);
  });

  it('refuses another request under a used id with INVALID_PARAMETERS, never answering the other one', async () => {
    const refusal = await replayOf({ currency: 'USDT', amount: 5n }, { currency: 'TRX', amount: 5n })
      .earlier()
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe(ErrorCode.INVALID_PARAMETERS);
    expect((refusal as AppError).detail).toContain('r-1 was already used for a different exchange');
  });

  it('fails plainly when the copy that took the id has vanished', async () => {
    const failure = await replayOf(undefined, { currency: 'USDT', amount: 5n })
      .winner()
      .catch((error: unknown) => error);
    expect((failure as AppError).code).toBe(ErrorCode.FAILURE);
  });
});
