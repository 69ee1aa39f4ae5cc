import { type StartTimerBody, startTimerBody } from '@contract/timers';
import { Play, Square } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  applyServerErrors,
  BillableField,
  BillableToggle,
  Form,
  SelectField,
  TextField,
  useZodForm,
} from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatClock, formatElapsed } from '@/lib/format';
import { useProjectOptions } from '@/lib/use-project-options';
import { useProjectBilling } from '@/lib/use-project-billing';
import { useActiveTimer, useElapsedSeconds, useStartTimer, useStopTimer, useUpdateTimer } from './api';

/**
 * The tracker's 'Current Timer' card: idle form or the running timer with Stop Timer
 * (docs/product/time-tracking.md); its start in the person's own zone (`timeZone`).
 */
export function CurrentTimerCard({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('time');
  const active = useActiveTimer();
  const timer = active.data?.timer ?? null;
  const elapsed = useElapsedSeconds(timer?.startTime);

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle level={2}>{t('timer.current.title')}</CardTitle>
        {timer && (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-medium text-success-foreground">
            <span className="size-2 animate-pulse rounded-full bg-success" aria-hidden />
            {t('timer.current.running')}
          </span>
        )}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5 md:grid-cols-[auto_minmax(0,1fr)] md:items-center md:gap-8">
        <div
          className="font-mono text-4xl font-semibold tabular-nums tracking-tight text-foreground sm:text-5xl"
          role="timer"
          aria-label={t('timer.elapsed')}
        >
          {formatElapsed(elapsed)}
        </div>
        {active.isLoading ? (
          <Skeleton className="h-20 w-full" />
        ) : timer ? (
          <RunningTimer
            project={timer.project ?? t('noProject')}
            description={timer.task ?? timer.description}
            startTime={timer.startTime}
            timeZone={timeZone}
            timerId={timer.id}
            billable={timer.billable}
          />
        ) : (
          <IdleTimerForm />
        )}
      </CardContent>
    </Card>
  );
}

function RunningTimer(props: {
  project: string;
  description: string;
  startTime: string;
  timeZone: string;
  timerId: string;
  billable: boolean;
}) {
  const { t } = useTranslation('time');
  const stop = useStopTimer();
  const update = useUpdateTimer();
  return (
    <div
      className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="running-timer"
    >
      <dl className="grid min-w-0 grid-cols-1 gap-1 text-sm">
        <div className="flex gap-2">
          <dt className="sr-only">{t('timer.current.project')}</dt>
          <dd className="truncate-wide font-semibold text-foreground" data-testid="timer-project">
            {props.project}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="sr-only">{t('timer.current.description')}</dt>
          <dd className="truncate-wide text-muted-foreground">{props.description}</dd>
        </div>
        <div className="flex gap-1 text-muted-foreground">
          <dt>{t('timer.current.startedAt')}</dt>
          <dd className="font-medium tabular-nums text-foreground" data-testid="timer-started">
            {formatClock(props.startTime, props.timeZone)}
          </dd>
        </div>
      </dl>
      <div className="flex items-center gap-2">
        {/* switched while it runs: the entry it becomes keeps the choice */}
        <BillableToggle
          pressed={update.isPending ? !!update.variables?.body.billable : props.billable}
          onPressedChange={(billable) => update.mutate({ body: { billable } })}
          disabled={update.isPending}
        />
        <Button
          variant="destructive"
          className="flex-1 sm:flex-none"
          onClick={() => stop.mutate({ body: { timerId: props.timerId } })}
          disabled={stop.isPending}
        >
          <Square aria-hidden /> {t('timer.stop')}
        </Button>
      </div>
    </div>
  );
}

function IdleTimerForm() {
  const { t } = useTranslation('time');
  const projects = useProjectOptions();
  const start = useStartTimer();
  const form = useZodForm(startTimerBody, { defaultValues: { projectId: undefined, description: '' } });
  const projectId = useWatch({ control: form.control, name: 'projectId' });
  const options = (projects.data ?? []).filter((p) => p.status !== 'cancelled');

  const billing = useProjectBilling(projectId);
  const submit = ({ projectId, description, billable }: StartTimerBody) =>
    start.mutate(
      { body: { projectId, description: description || undefined, billable } },
      {
        onSuccess: () => form.reset({ projectId, description: '', billable: undefined }),
        onError: (error) => applyServerErrors(form, error),
      },
    );

  return (
    <Form
      form={form}
      onSubmit={submit}
      idPrefix="timer"
      className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_1fr_auto_auto] sm:items-end"
    >
      <SelectField
        name="projectId"
        label={t('timer.current.project')}
        placeholder={
          projects.isLoading ? t('timer.current.loadingProjects') : t('timer.current.projectPlaceholder')
        }
        emptyText={t('timer.current.noProjects')}
        options={options.map((p) => ({ value: p.id, label: p.name }))}
      />
      <TextField
        name="description"
        label={t('timer.current.description')}
        placeholder={t('timer.current.placeholder')}
        maxLength={500}
      />
      <BillableField name="billable" projectDefault={billing.data?.billable ?? false} />
      <Button type="submit" disabled={!projectId || start.isPending}>
        <Play aria-hidden /> {t('timer.start')}
      </Button>
    </Form>
  );
}
