import { ORGANISATION_SCHEDULE } from '@contract/schedules';
import { type Team, type TeamRole, teamForm } from '@contract/teams';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  applyServerErrors,
  CheckboxField,
  Field,
  FormDialog,
  TextField,
  useZodForm,
} from '@/components/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useCreateTeam, usePeople, useUpdateTeam } from './api';
import { hoursOf, minutesOf, WeekHoursFields } from './week-hours-fields';

type Member = { userId: string; role: TeamRole };
type Values = { name: string; members: Member[]; hasSchedule: boolean; hours: number[] };

const selectClass =
  'h-9 rounded-md border border-input bg-card px-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Create a team, or (with `team`) rename it and set its managers and members. Admins only. */
export function TeamDialog({
  team,
  open,
  onOpenChange,
}: {
  team?: Team;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('teams');
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const people = usePeople(open);
  const [search, setSearch] = useState('');
  const initial: Values = {
    name: team?.name ?? '',
    members: team?.members.map((m) => ({ userId: m.userId, role: m.role })) ?? [],
    hasSchedule: Boolean(team?.schedule),
    hours: (team?.schedule ?? ORGANISATION_SCHEDULE).map(hoursOf),
  };
  const form = useZodForm(teamForm, { values: initial });
  const hasSchedule = useWatch({ control: form.control, name: 'hasSchedule' });
  const pending = create.isPending || update.isPending;

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (people.data ?? []).filter((p) => !needle || p.name.toLowerCase().includes(needle));
  }, [people.data, search]);

  const submit = ({ hasSchedule, hours, ...values }: Values) => {
    const body = { ...values, schedule: hasSchedule ? minutesOf(hours) : null };
    const done = {
      onSuccess: (saved: Team) => {
        toast({ title: team ? t('dialog.updated') : t('dialog.created'), description: saved.name });
        setSearch('');
        onOpenChange(false);
      },
      onError: (error: Error) => {
        applyServerErrors(form, error);
        toast({ variant: 'destructive', title: t('dialog.failed'), description: error.message });
      },
    };
    if (team) update.mutate({ params: { id: team.id }, body }, done);
    else create.mutate({ body }, done);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={team ? t('dialog.editTitle', { name: team.name }) : t('dialog.createTitle')}
      description={t('dialog.description')}
      form={form}
      onSubmit={submit}
      idPrefix="team"
      submitLabel={team ? t('dialog.save') : t('dialog.create')}
      pendingLabel={t('dialog.saving')}
      pending={pending}
      testId="team-dialog"
    >
      <TextField name="name" label={t('dialog.name')} maxLength={80} autoComplete="off" />
      <Field name="members" label={t('dialog.people')}>
        {({ control, field }) => {
          const members = (field.value ?? []) as Member[];
          const roleOf = (userId: string) => members.find((m) => m.userId === userId)?.role ?? '';
          const setRole = (userId: string, role: string) =>
            field.onChange([
              ...members.filter((m) => m.userId !== userId),
              ...(role ? [{ userId, role: role as TeamRole }] : []),
            ]);
          return (
            <div className="grid gap-2">
              <Input
                {...control}
                type="search"
                placeholder={t('dialog.search')}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
              <p className="text-xs text-muted-foreground">{t('dialog.count', { count: members.length })}</p>
              <ul
                className="max-h-64 divide-y overflow-y-auto rounded-md border"
                aria-label={t('dialog.peopleToAdd')}
              >
                {shown.map((person) => (
                  <li key={person.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                    <span className="min-w-0 truncate">{person.name}</span>
                    <select
                      className={selectClass}
                      aria-label={t('dialog.inTeam', { name: person.name })}
                      value={roleOf(person.id)}
                      onChange={(e) => setRole(person.id, e.target.value)}
                    >
                      <option value="">{t('dialog.notInTeam')}</option>
                      <option value="member">{t('roles.member')}</option>
                      {person.role !== 'employee' && <option value="manager">{t('roles.manager')}</option>}
                    </select>
                  </li>
                ))}
                {people.data && shown.length === 0 && (
                  <li className="px-3 py-2 text-sm text-muted-foreground">{t('dialog.nobodyMatches')}</li>
                )}
              </ul>
            </div>
          );
        }}
      </Field>
      <fieldset className="grid gap-3">
        <legend className="sr-only">{t('dialog.schedule')}</legend>
        <CheckboxField name="hasSchedule" label={t('dialog.hasSchedule')} hint={t('dialog.scheduleHint')} />
        {hasSchedule && <WeekHoursFields name="hours" narrow />}
      </fieldset>
    </FormDialog>
  );
}
