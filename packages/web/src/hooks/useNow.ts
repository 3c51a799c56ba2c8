import { useEffect, useState } from 'react';

/** The time now, renewed every `intervalMs`, so relative times ('over 5 minuten') stay true. */
export function useNow(now: () => number, intervalMs = 30_000): number {
  const [time, setTime] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setTime(now()), intervalMs);
    return () => clearInterval(timer);
  }, [now, intervalMs]);
  return time;
}
