import { ErrorCode, type ErrorCodeName, type ErrorCodeValue } from '@lobby/contract';

/**
 * A business error: answered as HTTP 200 with the catalogue code and its message in the caller's
 * language. `detail` is for logs and for the message of input errors; it never carries secrets.
 */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCodeValue,
    public readonly detail?: string,
    public readonly httpStatus = 200,
    /** Values of the message's `{name}` placeholders (e.g. the amount left to wager). */
    public readonly params?: Record<string, string>,
    /** What the client needs beyond the message, e.g. which limit refused a bet and when it resets. */
    public readonly data?: Record<string, unknown>,
  ) {
    super(detail ?? `error ${code}`);
  }
}

/** The one way to raise a catalogue error: `fail('ACCOUNT_EXISTS')`. */
export function fail(name: ErrorCodeName, detail?: string, params?: Record<string, string>, data?: Record<string, unknown>): AppError {
  return new AppError(ErrorCode[name], detail, 200, params, data);
}

/** HTTP 401: no token, or a token the server does not know. The client logs out. */
export class UnauthorizedError extends Error {
  constructor() {
    super('unauthorized');
  }
}
