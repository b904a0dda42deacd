import { useEffect, useState } from 'react';

/** Seconds left until `until` (epoch ms), ticking once a second; 0 when passed or unset. */
function useSecondsUntil(until: number | undefined): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (until === undefined) return;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === undefined ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** "0:40", "14:05": a wait as a clock shows it. */
export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * After too many failed logins the server says when to try again (429 Retry-After): the page
 * counts down and holds the button until then, so the owner knows the wait is short. `wait` is
 * the seconds left; `rateLimited` starts a wait, `clear` ends it.
 */
export function useLoginWait() {
  const [retryAt, setRetryAt] = useState<number>();
  const wait = useSecondsUntil(retryAt);
  const rateLimited = (seconds: number) => setRetryAt(Date.now() + seconds * 1000);
  return { wait, rateLimited, clear: () => setRetryAt(undefined) };
}
