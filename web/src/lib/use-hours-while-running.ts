import { timersApi } from '@contract/timers';
import { useApiQuery } from './api';
import { useNow } from './use-now';

/**
 * Hours tracked today that keep counting while the user's timer runs: the server's figure, which
 * included the running timer up to the moment it was read (`readAt`), plus the time since then.
 * Re-renders every 30 s while a timer runs (one decimal is six minutes).
 */
export function useHoursWhileRunning(hours: number | undefined, readAt: number): number | undefined {
  const running = useApiQuery(timersApi.active, {}).data?.isActive ?? false;
  const now = useNow(30_000, running).getTime();
  if (hours === undefined || !running) return hours;
  return hours + Math.max(0, now - readAt) / 3_600_000;
}
