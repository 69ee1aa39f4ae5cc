import { type Schedule, scheduleForm, weekdayNames } from '@contract/schedules';
import type { Team } from '@contract/teams';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, Form, TimeZoneField, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { usePeople, usePutSchedule, useSchedule, useTeams } from './api';
import { ScheduleSource } from './schedule-source';
import { dayKey, hoursOf, minutesOf, WeekHoursFields } from './week-hours-fields';

const selectClass =
  'h-9 w-full rounded-md border border-input bg-card px-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:w-72';

/** Whose schedules the caller can open: admins anyone, managers themselves and the people of the teams they manage. */
function usePeopleInView(isAdmin: boolean, selfId: string, selfName: string, teams: Team[] | undefined) {
  const { t } = useTranslation('teams');
  const people = usePeople(isAdmin);
  return useMemo(() => {
    if (isAdmin) return people.data?.map((p) => ({ id: p.id, name: p.name })) ?? [];
    const byId = new Map([[selfId, t('schedule.self', { name: selfName })]]);
    for (const team of teams ?? []) {
      const managed = team.members.some((m) => m.userId === selfId && m.role === 'manager');
      if (managed) for (const m of team.members) if (!byId.has(m.userId)) byId.set(m.userId, m.name);
    }
    return [...byId].map(([id, name]) => ({ id, name }));
  }, [isAdmin, people.data, selfId, selfName, teams, t]);
}

/** Work schedules: admins edit anyone's; managers read their members'; everyone reads their own. */
export function ScheduleCard() {
  const { t } = useTranslation('teams');
  const { user } = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const teams = useTeams();
  const people = usePeopleInView(
    isAdmin,
    user?.id ?? '',
    user ? `${user.firstName} ${user.lastName}` : '',
    teams.data,
  );
  const [chosen, setChosen] = useState<string>();
  const userId = chosen ?? user?.id;
  const schedule = useSchedule(userId);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('schedule.title')}</CardTitle>
        <CardDescription>{t('schedule.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {people.length > 1 && (
          <div className="grid gap-1.5">
            <Label htmlFor="schedule-person">{t('schedule.person')}</Label>
            <select
              id="schedule-person"
              className={selectClass}
              value={userId}
              onChange={(e) => setChosen(e.target.value)}
            >
              {!people.some((p) => p.id === userId) && user && (
                <option value={user.id}>{t('schedule.you')}</option>
              )}
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {schedule.data && <ScheduleSource schedule={schedule.data} canReset={isAdmin} />}
        {!schedule.data ? (
          <Skeleton className="h-32" />
        ) : isAdmin ? (
          <ScheduleEditor key={schedule.data.userId} schedule={schedule.data} />
        ) : (
          <ScheduleView schedule={schedule.data} />
        )}
      </CardContent>
    </Card>
  );
}

function ScheduleView({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation('teams');
  return (
    <div className="grid gap-2" data-testid="schedule-view">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-7">
        {weekdayNames.map((day, i) => (
          <div key={day} className="rounded-md border px-3 py-2">
            <dt className="text-xs text-muted-foreground">{t(`schedule.weekdays.${dayKey(day)}`)}</dt>
            <dd className="font-medium tabular-nums">
              {t('schedule.hours', {
                hours: formatNumber(hoursOf(schedule.minutes[i] ?? 0), { maximumFractionDigits: 2 }),
              })}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        {t('schedule.timeZone', {
          zone: schedule.effectiveTimeZone,
          zoneSource: schedule.timeZone === null ? 'organisation' : 'own',
        })}
      </p>
    </div>
  );
}

function ScheduleEditor({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation('teams');
  const save = usePutSchedule();
  const form = useZodForm(scheduleForm, {
    defaultValues: { hours: schedule.minutes.map(hoursOf), timeZone: schedule.timeZone ?? '' },
  });
  useEffect(() => {
    form.reset({ hours: schedule.minutes.map(hoursOf), timeZone: schedule.timeZone ?? '' });
  }, [schedule, form]);
  return (
    <Form
      form={form}
      idPrefix="schedule"
      onSubmit={(values) =>
        save.mutate(
          {
            params: { id: schedule.userId },
            body: {
              minutes: minutesOf(values.hours),
              timeZone: values.timeZone === '' ? null : values.timeZone,
            },
          },
          {
            onSuccess: () => toast({ title: t('schedule.saved') }),
            onError: (error) => {
              applyServerErrors(form, error);
              toast({ variant: 'destructive', title: t('schedule.failed'), description: error.message });
            },
          },
        )
      }
    >
      <WeekHoursFields name="hours" />
      <TimeZoneField
        name="timeZone"
        className="sm:max-w-xs"
        // the form holds '' for "no zone of one's own"
        none={{ value: '', label: t('schedule.organisationZone') }}
      />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('schedule.saving') : t('schedule.save')}
        </Button>
      </div>
    </Form>
  );
}
