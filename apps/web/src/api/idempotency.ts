import { useRef } from 'react';
import { newRequestId } from '../lib/requestId';
import { ApiError } from './client';

/**
 * Whether the server has said for certain what became of a request: it was done, or refused with a
 * catalogue code. After a timeout, a dropped connection or a failed gateway it may or may not have
 * been applied, and only replaying the same key finds out without moving the money twice.
 */
function answered(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'business';
}

/**
 * The idempotency key (`requestId`) of one thing the player means to do with money: a withdrawal of
 * this amount to this address, this bet on this round, a claim. Asking again for the same intent
 * after an unanswered attempt gives the same key, so the server returns the first request's outcome
 * instead of applying it twice; once the server has answered, or the intent changes, the next attempt
 * gets a new key.
 */
export class IntentKey {
  private current: { intent: string; key: string } | null = null;

  /** The key for this intent; `intent` is any text that tells one intent from another. */
  keyFor(intent: string): string {
    if (this.current?.intent !== intent) this.current = { intent, key: newRequestId() };
    return this.current.key;
  }

  /** The request succeeded: the next attempt is a new intent even if it reads the same. */
  succeeded(): void {
    this.current = null;
  }

  /** The request failed: its key is kept only if the server may have applied it without saying so. */
  failed(error: unknown): void {
    if (answered(error)) this.current = null;
  }

  /** Sends one attempt of `intent` with its key, and keeps or drops the key by the outcome. */
  async run<T>(intent: string, send: (requestId: string) => Promise<T>): Promise<T> {
    const requestId = this.keyFor(intent);
    try {
      const reply = await send(requestId);
      this.succeeded();
      return reply;
    } catch (error) {
      this.failed(error);
      throw error;
    }
  }
}

/** An {@link IntentKey} that lives as long as the component asking for it. */
export function useIntentKey(): IntentKey {
  const intentKey = useRef<IntentKey | null>(null);
  if (!intentKey.current) intentKey.current = new IntentKey();
  return intentKey.current;
}
