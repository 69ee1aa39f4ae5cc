import { createTeamRequest, type Team, type TeamRole } from '@contract/teams';
import { useMemo, useState } from 'react';
import { applyServerErrors, Field, FormDialog, TextField, useZodForm } from '@/components/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useCreateTeam, usePeople, useUpdateTeam } from './api';

type Member = { userId: string; role: TeamRole };
type Values = { name: string; members: Member[] };

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
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const people = usePeople(open);
  const [search, setSearch] = useState('');
  const initial: Values = {
    name: team?.name ?? '',
    members: team?.members.map((m) => ({ userId: m.userId, role: m.role })) ?? [],
  };
  const form = useZodForm(createTeamRequest, { values: initial });
  const pending = create.isPending || update.isPending;

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (people.data ?? []).filter((p) => !needle || p.name.toLowerCase().includes(needle));
  }, [people.data, search]);

  const submit = (values: Values) => {
    const done = {
      onSuccess: (saved: Team) => {
        toast({ title: team ? 'Team Updated' : 'Team Created', description: saved.name });
        setSearch('');
        onOpenChange(false);
      },
      onError: (error: Error) => {
        applyServerErrors(form, error);
        toast({ variant: 'destructive', title: 'Failed to save team', description: error.message });
      },
    };
    if (team) update.mutate({ params: { id: team.id }, body: values }, done);
    else create.mutate({ body: values }, done);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={team ? `Edit ${team.name}` : 'Create Team'}
      description="Managers of a team approve its members' timesheets and see their schedules."
      form={form}
      onSubmit={submit}
      idPrefix="team"
      submitLabel={team ? 'Save Team' : 'Create Team'}
      pendingLabel="Saving..."
      pending={pending}
      testId="team-dialog"
    >
      <TextField name="name" label="Team name" maxLength={80} autoComplete="off" />
      <Field name="members" label="People">
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
                placeholder="Search by name"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
              <p className="text-xs text-muted-foreground">
                {members.length} {members.length === 1 ? 'person' : 'people'} in this team
              </p>
              <ul className="max-h-64 divide-y overflow-y-auto rounded-md border" aria-label="People to add">
                {shown.map((person) => (
                  <li key={person.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                    <span className="min-w-0 truncate">{person.name}</span>
                    <select
                      className={selectClass}
                      aria-label={`${person.name} in this team`}
                      value={roleOf(person.id)}
                      onChange={(e) => setRole(person.id, e.target.value)}
                    >
                      <option value="">Not in team</option>
                      <option value="member">Member</option>
                      {person.role !== 'employee' && <option value="manager">Manager</option>}
                    </select>
                  </li>
                ))}
                {people.data && shown.length === 0 && (
                  <li className="px-3 py-2 text-sm text-muted-foreground">Nobody matches</li>
                )}
              </ul>
            </div>
          );
        }}
      </Field>
    </FormDialog>
  );
}
