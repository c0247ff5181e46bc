import { useRef } from 'react';
import { newRequestId } from '../../lib/requestId';

/**
 * The idempotency key of one intended money movement. It stays the same while the form says the same
 * thing, so pressing the button again after a timeout replays the first request instead of moving
 * the money twice; a changed form, or a request that has been answered, gets a new key.
 */
export function useRequestKey(fingerprint: string): { key: string; renew(): void } {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  if (!current.current || current.current.fingerprint !== fingerprint) {
    current.current = { fingerprint, key: newRequestId() };
  }
  return {
    key: current.current.key,
    renew: () => {
      current.current = { fingerprint, key: newRequestId() };
    },
  };
}
