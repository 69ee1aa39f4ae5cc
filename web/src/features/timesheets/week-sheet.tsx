import type { Timesheet, TimesheetStatus } from '@contract/timesheets';
import { addDays } from '@contract/zoned-time';
import { AlertTriangle, ChevronLeft, ChevronRight, Lock } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { formatBalance, formatDate, formatDuration, formatLocale, formatWeekOf } from '@/lib/format';
import { useApproveWeek, useReopenWeek, useTimesheet, useWithdrawWeek } from './api';
import { DayEntry } from './day-entry';
import { DayOffRows } from './day-off';
import { RejectDialog } from './reject-dialog';
import { SubmitWeek } from './submit-week';

const statusVariant: Record<TimesheetStatus, BadgeVariant> = {
  open: 'gray',
  submitted: 'blue',
  approved: 'green',
  rejected: 'red',
};

/** 'Monday' for a 'YYYY-MM-DD' calendar day, in the person's language (no zone shifts it). */
const weekday = (date: string) =>
  new Intl.DateTimeFormat(formatLocale(), { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

function notify(title: string, t: TFunction) {
  return {
    onSuccess: () => toast({ title }),
    onError: (error: Error) =>
      toast({ variant: 'destructive', title: t('timesheets:actions.failed'), description: error.message }),
  };
}

/**
 * One person's week (docs/product/timesheets.md#week): per day tracked, attended, expected and the
 * difference, the entries in the person's own zone, gaps and overlaps; the actions allowed.
 */
export function WeekSheet({
  week,
  userId,
  onWeek,
}: {
  week: string;
  userId?: string;
  onWeek: (week: string) => void;
}) {
  const { t } = useTranslation('timesheets');
  const sheet = useTimesheet(week, userId);
  const data = sheet.data;
  return (
    <div className="grid min-w-0 gap-6 [&>*]:min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label={t('week.previous')}
            onClick={() => onWeek(addDays(week, -7))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <h2 className="min-w-0 text-base font-semibold tabular-nums sm:text-lg" data-testid="week-title">
            {data ? t('week.of', { day: formatWeekOf(data.weekStart) }) : t('week.placeholder')}
          </h2>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('week.next')}
            onClick={() => onWeek(addDays(week, 7))}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
        {data && (
          <Badge variant={statusVariant[data.status]} data-testid="sheet-status">
            {t(`status.${data.status}`)}
          </Badge>
        )}
      </div>
      {!data ? <Skeleton className="h-96" /> : <SheetBody sheet={data} />}
    </div>
  );
}

function SheetBody({ sheet }: { sheet: Timesheet }) {
  const { t } = useTranslation('timesheets');
  const { user } = useCurrentUser();
  const own = sheet.userId === user?.id;
  const withdraw = useWithdrawWeek();
  const approve = useApproveWeek();
  const reopen = useReopenWeek();
  const [rejecting, setRejecting] = useState(false);
  const id = sheet.id ?? '';
  return (
    <>
      {sheet.status === 'rejected' && sheet.comment && (
        <div
          role="status"
          className="rounded-md border border-danger-border bg-danger-soft p-3 text-sm text-danger-foreground"
        >
          <p className="font-medium">
            {t('sheet.rejectedBy', { name: sheet.decidedBy ?? t('sheet.aReviewer') })}
          </p>
          <p className="whitespace-pre-wrap" data-testid="reject-comment">
            {sheet.comment}
          </p>
        </div>
      )}
      {/* docs/product/timesheets.md#lock: the entries cannot change, and (to their owner) how they can again. */}
      {sheet.locked && (
        <p className="flex items-start gap-2 text-sm text-subtle-foreground" data-testid="locked-note">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {sheet.status === 'approved'
              ? t('sheet.lockedApproved', { name: sheet.decidedBy ?? t('sheet.aReviewer') })
              : t('sheet.lockedSubmitted')}
            {own && ` ${sheet.status === 'submitted' ? t('sheet.lockedWithdraw') : t('sheet.lockedReopen')}`}
          </span>
        </p>
      )}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5 [&>*]:min-w-0">
        <Figure
          label={t('sheet.tracked')}
          value={formatDuration(sheet.totals.trackedSeconds)}
          // docs/product/billing.md#billable-time-on-the-timesheet: the server's share, from the same ledger.
          hint={t('sheet.billableOf', { billable: formatDuration(sheet.totals.billableSeconds) })}
          testId="tracked"
        />
        <Figure label={t('sheet.attended')} value={formatDuration(sheet.totals.attendedSeconds)} />
        <Figure
          label={t('sheet.expected')}
          value={formatDuration(sheet.totals.expectedSeconds)}
          // docs/product/time-off.md#counting: the server already took holidays and leave off.
          hint={sheet.days.some((d) => d.off.length > 0) ? t('sheet.expectedHint') : undefined}
          testId="expected"
        />
        <Figure label={t('sheet.difference')} value={formatBalance(sheet.totals.differenceSeconds)} />
        <Figure
          label={t('sheet.overtime')}
          value={formatBalance(sheet.overtime.monthSeconds)}
          hint={t('sheet.overtimeHint', { approved: formatBalance(sheet.overtime.approvedSeconds) })}
          testId="overtime"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        {own && <SubmitWeek sheet={sheet} />}
        {sheet.can.withdraw && (
          <Button
            variant="outline"
            disabled={withdraw.isPending}
            onClick={() => withdraw.mutate({ params: { id } }, notify(t('actions.withdrawn'), t))}
          >
            {t('actions.withdraw')}
          </Button>
        )}
        {sheet.can.decide && (
          <>
            <Button
              disabled={approve.isPending}
              onClick={() => approve.mutate({ params: { id } }, notify(t('actions.approved'), t))}
            >
              {t('common:actions.approve')}
            </Button>
            <Button variant="outline" onClick={() => setRejecting(true)}>
              {t('common:actions.reject')}
            </Button>
          </>
        )}
        {sheet.can.reopen && (
          <Button
            variant="outline"
            disabled={reopen.isPending}
            onClick={() => reopen.mutate({ params: { id } }, notify(t('actions.reopened'), t))}
          >
            {t('actions.reopen')}
          </Button>
        )}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('sheet.days')}</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-3">
          <p className="text-xs text-muted-foreground">{t('sheet.legend')}</p>
          <ul className="flex flex-col divide-y" aria-label={t('sheet.daysLabel')}>
            {sheet.days.map((day) => (
              <li
                key={day.date}
                className="grid min-w-0 grid-cols-1 gap-2 py-3 [&>*]:min-w-0"
                data-testid="sheet-day"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-medium">
                    {weekday(day.date)}{' '}
                    <span className="text-sm font-normal text-muted-foreground">{formatDate(day.date)}</span>
                  </h3>
                  <div className="flex flex-wrap gap-1.5">
                    {day.overlap && (
                      <Badge variant="amber" data-testid="day-overlap">
                        <AlertTriangle aria-hidden /> {t('sheet.overlap')}
                      </Badge>
                    )}
                    {day.gap && (
                      <Badge variant="amber">
                        <AlertTriangle aria-hidden /> {t('sheet.gap')}
                      </Badge>
                    )}
                  </div>
                </div>
                <DayOffRows off={day.off} />
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
                  <Cell label={t('sheet.tracked')} value={formatDuration(day.trackedSeconds)} />
                  <Cell
                    label={t('sheet.billable')}
                    value={formatDuration(day.billableSeconds)}
                    testId="day-billable"
                  />
                  <Cell label={t('sheet.attended')} value={formatDuration(day.attendedSeconds)} />
                  <Cell label={t('sheet.expected')} value={formatDuration(day.expectedSeconds)} />
                  <Cell label={t('sheet.difference')} value={formatBalance(day.differenceSeconds)} />
                </dl>
                {day.entries.length > 0 && (
                  <ul className="grid grid-cols-1 gap-1 text-sm text-subtle-foreground">
                    {day.entries.map((e) => (
                      <DayEntry key={e.id} entry={e} timeZone={sheet.timeZone} />
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      {sheet.id && (
        <RejectDialog
          sheet={rejecting ? { id: sheet.id, userName: sheet.userName, weekStart: sheet.weekStart } : null}
          onClose={() => setRejecting(false)}
        />
      )}
    </>
  );
}

function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <Card className="min-w-0 p-4" data-testid={testId}>
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <p className="text-lg font-semibold tabular-nums">{value}</p>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
}

function Cell({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex flex-wrap gap-x-1" data-testid={testId}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="whitespace-nowrap font-medium tabular-nums">{value}</dd>
    </div>
  );
}
