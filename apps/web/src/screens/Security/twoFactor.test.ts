import { ErrorCode } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { useTwoFactorPrompt, withCode, withTwoFactor } from './twoFactor';

const refusal = (code: number) => new ApiError('business', 'refused', { code, handled: false });

/** Answers the next prompt with `code` (null cancels) once it opens, and tells what it asked. */
function answerNextPrompt(code: string | null): Promise<{ reason: string; wrong: boolean }> {
  return new Promise((resolve) => {
    const stop = useTwoFactorPrompt.subscribe(({ request }) => {
      if (!request) return;
      stop();
      resolve({ reason: request.reason, wrong: request.wrong });
      request.resolve(code);
    });
  });
}

describe('withTwoFactor', () => {
  it('runs the call again with the code the player gives when the server asks for one', async () => {
    const sent: (string | undefined)[] = [];
    const asked = answerNextPrompt('123456');
    const result = await withTwoFactor('withdraw', async (code) => {
      sent.push(code);
      if (!code) throw refusal(ErrorCode.TWO_FACTOR_REQUIRED);
      return 'done';
    });
    expect(result).toBe('done');
    expect(sent).toEqual([undefined, '123456']);
    expect(await asked).toEqual({ reason: 'withdraw', wrong: false });
  });

  it('asks again, saying so, when the code was wrong, and ends with the refusal, told, when cancelled', async () => {
    const first = answerNextPrompt('111111');
    const run = withTwoFactor('signIn', async () => {
      throw refusal(ErrorCode.TWO_FACTOR_CODE_WRONG);
    });
    await first;
    const second = await answerNextPrompt(null);
    expect(second).toEqual({ reason: 'signIn', wrong: true });
    const error = await run.catch((e: ApiError) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([error.code, error.handled]).toEqual([ErrorCode.TWO_FACTOR_CODE_WRONG, true]);
    expect(useTwoFactorPrompt.getState().request).toBeNull();
  });

  it('passes every other failure through untouched', async () => {
    const other = refusal(ErrorCode.FUND_PASSWORD_WRONG);
    await expect(withTwoFactor('withdraw', () => Promise.reject(other))).rejects.toBe(other);
    expect(useTwoFactorPrompt.getState().request).toBeNull();
  });

  it('adds the code to a body only when there is one', () => {
    expect(withCode({ a: 1 }, undefined)).toEqual({ a: 1 });
    expect(withCode({ a: 1 }, '654321')).toEqual({ a: 1, twoFactorCode: '654321' });
  });
});
