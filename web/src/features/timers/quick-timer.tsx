import { GENERAL_WORK, type StartTimerBody, startTimerBody } from '@contract/timers';
import { Play, Square, Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, Form, TextField, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatElapsed } from '@/lib/format';
import { useActiveTimer, useElapsedSeconds, useStartTimer, useStopTimer } from './api';

/** The dashboard's Quick Timer: a timer with just a description (docs/product/time-tracking.md). */
export function QuickTimer() {
  const { t } = useTranslation('time');
  const active = useActiveTimer();
  const timer = active.data?.timer ?? null;
  const elapsed = useElapsedSeconds(timer?.startTime);
  const stop = useStopTimer();

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Timer className="size-4 text-primary" aria-hidden /> {t('timer.quick.title')}
        </CardTitle>
        <CardDescription>{t('timer.quick.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div
          className="font-mono text-3xl font-semibold tabular-nums"
          role="timer"
          aria-label={t('timer.elapsed')}
        >
          {formatElapsed(elapsed)}
        </div>
        {active.isLoading ? (
          <Skeleton className="h-9 w-full" />
        ) : timer ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="min-w-0 max-w-full truncate text-sm text-muted-foreground">
              {timer.task ?? timer.description}
              {timer.project ? ` · ${timer.project}` : ''}
            </p>
            <Button
              variant="destructive"
              onClick={() => stop.mutate({ body: { timerId: timer.id } })}
              disabled={stop.isPending}
            >
              <Square aria-hidden /> {t('timer.stop')}
            </Button>
          </div>
        ) : (
          <QuickStartForm />
        )}
      </CardContent>
    </Card>
  );
}

/** Only a description: blank starts 'General Work'. */
function QuickStartForm() {
  const { t } = useTranslation('time');
  const start = useStartTimer();
  const form = useZodForm(startTimerBody, { defaultValues: { description: '' } });
  const submit = ({ description }: StartTimerBody) =>
    start.mutate(
      { body: { description: description || GENERAL_WORK } },
      { onSuccess: () => form.reset(), onError: (error) => applyServerErrors(form, error) },
    );
  return (
    <Form form={form} onSubmit={submit} idPrefix="quick-timer" className="gap-2 sm:flex-row sm:items-end">
      <TextField
        name="description"
        label={t('timer.current.description')}
        hideLabel
        className="flex-1"
        placeholder={t('timer.current.placeholder')}
        maxLength={500}
      />
      <Button type="submit" disabled={start.isPending}>
        <Play aria-hidden /> {t('timer.start')}
      </Button>
    </Form>
  );
}
