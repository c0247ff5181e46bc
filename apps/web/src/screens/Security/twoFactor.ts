import { ErrorCode } from '@lobby/contract';
import { create } from 'zustand';
import { ApiError } from '../../api/client';

/** Why the code is asked: the prompt names the action. */
export type TwoFactorReason = 'signIn' | 'withdraw' | 'address' | 'password' | 'email' | 'fundPassword' | 'manage';

interface PromptRequest {
  /** A new number per question, so a second prompt starts empty. */
  id: number;
  reason: TwoFactorReason;
  /** The code given last time was wrong or used already. */
  wrong: boolean;
  resolve(code: string | null): void;
}

export const useTwoFactorPrompt = create<{ request: PromptRequest | null }>(() => ({ request: null }));

/** Opens the code prompt (TwoFactorPromptHost) and settles with the code, or null when the player cancels. */
let asked = 0;

export function askTwoFactorCode(reason: TwoFactorReason, wrong = false): Promise<string | null> {
  return new Promise((resolve) => {
    useTwoFactorPrompt.getState().request?.resolve(null);
    useTwoFactorPrompt.setState({
      request: {
        id: ++asked,
        reason,
        wrong,
        resolve: (code) => {
          useTwoFactorPrompt.setState({ request: null });
          resolve(code);
        },
      },
    });
  });
}

const asksForCode = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.code === ErrorCode.TWO_FACTOR_REQUIRED || error.code === ErrorCode.TWO_FACTOR_CODE_WRONG);

/**
 * Runs a guarded call; when the server asks for a two-factor code (10065) or says the one given was
 * wrong (10057), the prompt asks the player and the call runs again with it. Cancelling ends with the
 * server's refusal, marked as told so the screen shows nothing more.
 */
export async function withTwoFactor<T>(reason: TwoFactorReason, run: (twoFactorCode: string | undefined) => Promise<T>): Promise<T> {
  let code: string | undefined;
  for (;;) {
    try {
      return await run(code);
    } catch (error) {
      if (!asksForCode(error)) throw error;
      const given = await askTwoFactorCode(reason, code !== undefined || error.code === ErrorCode.TWO_FACTOR_CODE_WRONG);
      if (given === null) throw new ApiError('business', error.message, { code: error.code, data: error.details.data, handled: true });
      code = given;
    }
  }
}

/** The body with the code added when there is one. */
export const withCode = <B extends object>(body: B, twoFactorCode: string | undefined): B => (twoFactorCode ? { ...body, twoFactorCode } : body);
