import type { Timesheet, TimesheetStatus } from '@contract/timesheets';
import { addDays } from '@contract/zoned-time';
import { AlertTriangle, ChevronLeft, ChevronRight, Lock } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { formatBalance, formatDate, formatDuration } from '@/lib/format';
import { useApproveWeek, useReopenWeek, useTimesheet, useWithdrawWeek } from './api';
import { DayEntry } from './day-entry';
import { DayOffRows } from './day-off';
import { RejectDialog } from './reject-dialog';
import { SubmitWeek } from './submit-week';

const statusView: Record<TimesheetStatus, { label: string; variant: BadgeVariant }> = {
  open: { label: 'Open', variant: 'gray' },
  submitted: { label: 'Submitted', variant: 'blue' },
  approved: { label: 'Approved', variant: 'green' },
  rejected: { label: 'Rejected', variant: 'red' },
};

const weekday = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });

function notify(title: string) {
  return {
    onSuccess: () => toast({ title }),
    onError: (error: Error) =>
      toast({ variant: 'destructive', title: 'That did not work', description: error.message }),
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
  const sheet = useTimesheet(week, userId);
  const data = sheet.data;
  return (
    <div className="grid min-w-0 gap-6 [&>*]:min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous week"
            onClick={() => onWeek(addDays(week, -7))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <h2 className="min-w-0 text-base font-semibold tabular-nums sm:text-lg" data-testid="week-title">
            {data ? `${formatDate(data.weekStart)} – ${formatDate(data.weekEnd)}` : 'Week'}
          </h2>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next week"
            onClick={() => onWeek(addDays(week, 7))}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
        {data && (
          <Badge variant={statusView[data.status].variant} data-testid="sheet-status">
            {statusView[data.status].label}
          </Badge>
        )}
      </div>
      {!data ? <Skeleton className="h-96" /> : <SheetBody sheet={data} />}
    </div>
  );
}

function SheetBody({ sheet }: { sheet: Timesheet }) {
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
          <p className="font-medium">Rejected by {sheet.decidedBy ?? 'a reviewer'}</p>
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
            This week is locked:{' '}
            {sheet.status === 'approved'
              ? `approved by ${sheet.decidedBy ?? 'a reviewer'}`
              : 'submitted for approval'}
            .{' '}
            {own &&
              (sheet.status === 'submitted'
                ? 'Its entries cannot be changed: withdraw the week to change them.'
                : 'Its entries cannot be changed: ask an admin to reopen the week to change them.')}
          </span>
        </p>
      )}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5 [&>*]:min-w-0">
        <Figure label="Tracked" value={formatDuration(sheet.totals.trackedSeconds)} />
        <Figure label="Attended" value={formatDuration(sheet.totals.attendedSeconds)} />
        <Figure
          label="Expected"
          value={formatDuration(sheet.totals.expectedSeconds)}
          // docs/product/time-off.md#counting: the server already took holidays and leave off.
          hint={sheet.days.some((d) => d.off.length > 0) ? 'holidays and leave not owed' : undefined}
          testId="expected"
        />
        <Figure label="Difference" value={formatBalance(sheet.totals.differenceSeconds)} />
        <Figure
          label="Overtime"
          value={formatBalance(sheet.overtime.monthSeconds)}
          hint={`this month so far · ${formatBalance(sheet.overtime.approvedSeconds)} over approved weeks`}
          testId="overtime"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        {own && <SubmitWeek sheet={sheet} />}
        {sheet.can.withdraw && (
          <Button
            variant="outline"
            disabled={withdraw.isPending}
            onClick={() => withdraw.mutate({ params: { id } }, notify('Week Withdrawn'))}
          >
            Withdraw
          </Button>
        )}
        {sheet.can.decide && (
          <>
            <Button
              disabled={approve.isPending}
              onClick={() => approve.mutate({ params: { id } }, notify('Week Approved'))}
            >
              Approve
            </Button>
            <Button variant="outline" onClick={() => setRejecting(true)}>
              Reject
            </Button>
          </>
        )}
        {sheet.can.reopen && (
          <Button
            variant="outline"
            disabled={reopen.isPending}
            onClick={() => reopen.mutate({ params: { id } }, notify('Week Reopened'))}
          >
            Reopen
          </Button>
        )}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Days</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-3">
          <p className="text-xs text-muted-foreground">
            A gap: attendance and tracked time differ by more than 15 minutes. An overlap: entries share time,
            which counts once.
          </p>
          <ul className="flex flex-col divide-y" aria-label="Days of the week">
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
                        <AlertTriangle aria-hidden /> Overlap
                      </Badge>
                    )}
                    {day.gap && (
                      <Badge variant="amber">
                        <AlertTriangle aria-hidden /> Gap
                      </Badge>
                    )}
                  </div>
                </div>
                <DayOffRows off={day.off} />
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                  <Cell label="Tracked" value={formatDuration(day.trackedSeconds)} />
                  <Cell label="Attended" value={formatDuration(day.attendedSeconds)} />
                  <Cell label="Expected" value={formatDuration(day.expectedSeconds)} />
                  <Cell label="Difference" value={formatBalance(day.differenceSeconds)} />
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

function Cell({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
