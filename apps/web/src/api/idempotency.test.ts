import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind } from './client';
import { IntentKey } from './idempotency';

const failure = (kind: ApiErrorKind, code?: number) => new ApiError(kind, 'failed', { code, handled: false });

describe('IntentKey', () => {
  it('makes a key in the contract alphabet once per intent', () => {
    const intent = new IntentKey();
    const key = intent.keyFor('USDT|10000000');
    expect(key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(intent.keyFor('USDT|10000000')).toBe(key);
  });

  it('makes a new key when the player changes what they mean to do', () => {
    const intent = new IntentKey();
    const first = intent.keyFor('USDT|10000000');
    expect(intent.keyFor('USDT|20000000')).not.toBe(first);
  });

  it.each(['timeout', 'network', 'http', 'aborted'] as const)('keeps the key after an attempt that ended with %s, so the retry replays it', (kind) => {
    const intent = new IntentKey();
    const first = intent.keyFor('bet');
    intent.failed(failure(kind));
    expect(intent.keyFor('bet')).toBe(first);
  });

  it('makes a new key for the same intent once the server has refused it with a code', () => {
    const intent = new IntentKey();
    const first = intent.keyFor('bet');
    intent.failed(failure('business', 10031));
    expect(intent.keyFor('bet')).not.toBe(first);
  });

  it('makes a new key for the same intent once it has succeeded: the next press is the next withdrawal', () => {
    const intent = new IntentKey();
    const first = intent.keyFor('TRX|5000000|7');
    intent.succeeded();
    expect(intent.keyFor('TRX|5000000|7')).not.toBe(first);
  });

  describe('run', () => {
    it('sends a retry after a timeout with the first key, and the next intent after success with a new one', async () => {
      const intent = new IntentKey();
      const sent: string[] = [];
      await expect(
        intent.run('USDT', async (requestId) => {
          sent.push(requestId);
          throw failure('timeout');
        }),
      ).rejects.toThrow(ApiError);
      const reply = await intent.run('USDT', async (requestId) => {
        sent.push(requestId);
        return 'paid';
      });
      await intent.run('USDT', async (requestId) => {
        sent.push(requestId);
      });
      expect(reply).toBe('paid');
      expect(sent[1]).toBe(sent[0]);
      expect(sent[2]).not.toBe(sent[0]);
    });

    it('passes a refusal on to the caller and forgets its key', async () => {
      const intent = new IntentKey();
      const sent: string[] = [];
      const refuse = async (requestId: string) => {
        sent.push(requestId);
        throw failure('business', 10033);
      };
      await expect(intent.run('claim', refuse)).rejects.toMatchObject({ kind: 'business', code: 10033 });
      await expect(intent.run('claim', refuse)).rejects.toThrow(ApiError);
      expect(sent[1]).not.toBe(sent[0]);
    });
  });
});
