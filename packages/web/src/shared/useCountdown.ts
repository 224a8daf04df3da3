import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left before something may happen again (resending a verification code). `start(n)`
 * counts down from n to 0 once a second; it stops by itself, and on unmount.
 */
export function useCountdown(): { left: number; start(seconds: number): void } {
  const [left, setLeft] = useState(0);
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const start = useCallback((seconds: number) => setLeft(Math.max(0, Math.ceil(seconds))), []);
  return { left, start };
}
