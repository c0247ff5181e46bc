import { useEffect, useState } from 'react';

/** Seconds left before another verification code may be requested. */
export function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return { left, start: (seconds: number) => setLeft(Math.max(1, Math.round(seconds))) };
}
