import type { ActiveTimer, StartTimerBody, TimerActiveResponse } from '@contract/timers';
import type { TimeEntry } from '@contract/time-entries';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

export const ACTIVE_TIMER_KEY = ['/api/timer/active'] as const;
/** The spec's poll interval for the active timer on the task screen (point 9). */
export const ACTIVE_TIMER_POLL_MS = 2000;

// Reads a timer change touches: the tracker's entries and stats, the dashboard, task time spent.
const AFFECTED_KEYS = [
  ACTIVE_TIMER_KEY,
  ['/api/time-entries'],
  ['/api/dashboard/stats'],
  ['/api/my-tasks'],
  ['/api/tasks'],
];

function refreshAfterTimerChange() {
  for (const queryKey of AFFECTED_KEYS) void queryClient.invalidateQueries({ queryKey });
}

// Other tabs of this browser hear about a start or stop at once, without polling the server.
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('workbench-timer');
channel?.addEventListener('message', refreshAfterTimerChange);

function timerChanged() {
  refreshAfterTimerChange();
  channel?.postMessage('changed');
}

/** The running timer (survives reloads: it lives on the server). `poll` refetches every 2 s. */
export function useActiveTimer(options: { poll?: boolean } = {}) {
  return useQuery<TimerActiveResponse>({
    queryKey: ACTIVE_TIMER_KEY,
    refetchInterval: options.poll ? ACTIVE_TIMER_POLL_MS : false,
  });
}

export function useStartTimer() {
  return useMutation({
    mutationFn: (body: StartTimerBody) => apiRequest<ActiveTimer>('POST', '/api/timer/start', body),
    onSuccess: (timer) => {
      queryClient.setQueryData<TimerActiveResponse>(ACTIVE_TIMER_KEY, { isActive: true, timer });
      timerChanged();
      toast({ title: 'Timer Started', description: timer.task ?? timer.description });
    },
    onError: (error) => {
      timerChanged();
      toast({ title: 'Could not start the timer', description: error.message, variant: 'destructive' });
    },
  });
}

export function useStopTimer() {
  return useMutation({
    mutationFn: (timerId?: string) =>
      apiRequest<TimeEntry>('POST', '/api/timer/stop', timerId ? { timerId } : {}),
    onSuccess: (entry) => {
      queryClient.setQueryData<TimerActiveResponse>(ACTIVE_TIMER_KEY, { isActive: false, timer: null });
      timerChanged();
      toast({ title: 'Timer Stopped', description: `Time logged: ${formatLogged(entry.duration)}` });
    },
    onError: (error) => {
      timerChanged();
      toast({ title: 'Could not stop the timer', description: error.message, variant: 'destructive' });
    },
  });
}

function formatLogged(seconds: number) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h}h ${m}m` : m > 0 ? `${m}m` : `${seconds}s`;
}

/** Projects a tracker timer can be for (the projects feature owns the list; this reads only id and name). */
export type ProjectOption = { id: string; name: string; status: string };

export function useProjectOptions() {
  return useQuery<ProjectOption[]>({ queryKey: ['/api/projects'] });
}

/** The current time, re-rendering every `everyMs` while `ticking`; frozen otherwise. */
function useNow(ticking: boolean, everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [ticking, everyMs]);
  return now;
}

/** Seconds since `startIso`, re-rendering every second while `startIso` is set (spec: 1 s clocks). */
export function useElapsedSeconds(startIso: string | null | undefined): number {
  const now = useNow(Boolean(startIso), 1000);
  if (!startIso) return 0;
  return Math.max(0, Math.floor((now - Date.parse(startIso)) / 1000));
}

/**
 * Hours tracked today that keep counting while the user's timer runs: the server's figure, which
 * included the running timer up to the moment it was read (`readAt`), plus the time since then.
 * Re-renders every 30 s while a timer runs (one decimal is six minutes).
 */
export function useHoursWhileRunning(hours: number | undefined, readAt: number): number | undefined {
  const running = useActiveTimer().data?.isActive ?? false;
  const now = useNow(running, 30_000);
  if (hours === undefined || !running) return hours;
  return hours + Math.max(0, now - readAt) / 3_600_000;
}
