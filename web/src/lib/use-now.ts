import { useEffect, useState } from 'react';

/**
 * The current time, re-rendering every `everyMs` while `ticking` (clocks tick every second), and
 * frozen otherwise so an idle screen does no work.
 */
export function useNow(everyMs = 1000, ticking = true): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!ticking) return;
    setNow(new Date());
    const id = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(id);
  }, [ticking, everyMs]);
  return now;
}
