import { dashboardApi } from '@contract/dashboard';
import { tasksApi } from '@contract/tasks';
import { timeEntriesApi } from '@contract/time-entries';
import { timersApi } from '@contract/timers';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { apiKey, call, refresh, useApiMutation, useApiQuery } from '@/lib/api';
import { formatDuration } from '@/lib/format';
import { queryClient } from '@/lib/query-client';
import { useNow } from '@/lib/use-now';

/** The poll interval of the active timer on the task screen. */
export const ACTIVE_TIMER_POLL_MS = 2000;

// Reads a timer change touches: the tracker's entries and stats, the dashboard, task time spent.
const refreshAfterTimerChange = () =>
  refresh(timersApi.active, timeEntriesApi.list, dashboardApi.stats, tasksApi.listMine, tasksApi.list);

// Other tabs of this browser hear about a start or stop at once, without polling the server.
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('workbench-timer');
channel?.addEventListener('message', () => void refreshAfterTimerChange());

function timerChanged() {
  void refreshAfterTimerChange();
  channel?.postMessage('changed');
}

/** The running timer (survives reloads: it lives on the server). `poll` refetches every 2 s. */
export const useActiveTimer = (options: { poll?: boolean } = {}) =>
  useApiQuery(timersApi.active, {}, { refetchInterval: options.poll ? ACTIVE_TIMER_POLL_MS : false });

export function useStartTimer() {
  const { t } = useTranslation('time');
  return useApiMutation(timersApi.start, {
    onSuccess: (timer) => {
      queryClient.setQueryData(apiKey(timersApi.active, {}), { isActive: true, timer });
      timerChanged();
      toast({ title: t('timer.started'), description: timer.task ?? timer.description });
    },
    onError: (error) => {
      timerChanged();
      toast({ title: t('timer.startFailed'), description: error.message, variant: 'destructive' });
    },
  });
}

/** Switches the running timer billable or not; the card shows the server's answer. */
export function useUpdateTimer() {
  const { t } = useTranslation('time');
  return useApiMutation(timersApi.update, {
    onSuccess: (timer) => {
      queryClient.setQueryData(apiKey(timersApi.active, {}), { isActive: true, timer });
      timerChanged();
    },
    onError: (error) => {
      timerChanged();
      toast({ title: t('timer.switchFailed'), description: error.message, variant: 'destructive' });
    },
  });
}

/**
 * Under a minute, a stopped timer is more often an accident (T pressed twice) than work: its toast
 * offers to discard the entry (docs/product/time-tracking.md#stopping-a-timer). Longer ones are deleted from
 * the list, as any entry.
 */
export const ACCIDENTAL_SECONDS = 60;

export function useStopTimer() {
  const { t } = useTranslation('time');
  const discard = async (entryId: string) => {
    try {
      await call(timeEntriesApi.remove, { params: { id: entryId } });
      timerChanged();
      toast({ title: t('timer.discarded') });
    } catch (error) {
      toast({
        title: t('timer.discardFailed'),
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  };
  return useApiMutation(timersApi.stop, {
    onSuccess: (entry) => {
      queryClient.setQueryData(apiKey(timersApi.active, {}), { isActive: false, timer: null });
      timerChanged();
      toast({
        title: t('timer.stopped'),
        description: t('timer.logged', { duration: formatDuration(entry.duration) }),
        ...(entry.duration < ACCIDENTAL_SECONDS && {
          action: {
            label: t('timer.discard'),
            altText: t('timer.discardAlt'),
            onClick: () => void discard(entry.id),
          },
        }),
      });
    },
    onError: (error) => {
      timerChanged();
      toast({ title: t('timer.stopFailed'), description: error.message, variant: 'destructive' });
    },
  });
}

/** Seconds since `startIso`, re-rendering every second while `startIso` is set (1 s clocks). */
export function useElapsedSeconds(startIso: string | null | undefined): number {
  const now = useNow(1000, Boolean(startIso)).getTime();
  if (!startIso) return 0;
  return Math.max(0, Math.floor((now - Date.parse(startIso)) / 1000));
}
