import type { Schedule } from '@contract/schedules';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useResetSchedule } from './api';

/**
 * Whose schedule the person follows (their own, their team's default, the organisation's), and for
 * admins, while it is their own, the way back to the default (docs/product/teams.md#team-default-schedules).
 */
export function ScheduleSource({ schedule, canReset }: { schedule: Schedule; canReset: boolean }) {
  const { t } = useTranslation('teams');
  const reset = useResetSchedule();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm">
      <p data-testid="schedule-source">
        {t('schedule.source', { source: schedule.source, team: schedule.team?.name ?? '' })}
      </p>
      {canReset && schedule.source === 'own' && (
        <Button
          variant="outline"
          size="sm"
          title={t('schedule.useDefaultHint')}
          disabled={reset.isPending}
          onClick={() =>
            reset.mutate(
              { params: { id: schedule.userId } },
              {
                onSuccess: () => toast({ title: t('schedule.defaultRestored') }),
                onError: (error) =>
                  toast({ variant: 'destructive', title: t('schedule.failed'), description: error.message }),
              },
            )
          }
        >
          {t('schedule.useDefault')}
        </Button>
      )}
    </div>
  );
}
