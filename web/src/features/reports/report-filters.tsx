import type { Project } from '@contract/projects';
import type { Team } from '@contract/teams';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FilterSelect } from '@/components/ui/filter-select';
import { PRESETS, type Preset, presetRange, type UrlFilters } from './filters';

/**
 * The filters every report shares: the range (a preset or custom dates), the team and the user (for
 * managers and admins; employees only ever see their own data) and the project.
 */
export function ReportFiltersBar(props: {
  value: UrlFilters;
  today: string;
  onChange: (next: UrlFilters) => void;
  /** undefined: the caller sees their own data only (no user or team filter) */
  people: { id: string; name: string }[] | undefined;
  teams: Team[] | undefined;
  /** undefined: the report has no project filter */
  projects: Project[] | undefined;
  /** an admin's "all" is everyone; a manager's, the people of their own teams */
  everyone: boolean;
}) {
  const { value, onChange } = props;
  const setPreset = (preset: string | undefined) => {
    const next = (preset ?? 'this-week') as Preset;
    if (next === 'custom') onChange({ ...value, preset: next });
    else onChange({ ...value, preset: next, ...presetRange(next, props.today) });
  };
  return (
    <div className="grid grid-cols-2 items-end gap-3 rounded-lg border bg-card p-3 shadow-sm lg:grid-cols-6 print:hidden">
      <FilterSelect
        id="report-range"
        label="Range"
        value={value.preset}
        options={PRESETS}
        onChange={setPreset}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="report-from" className="text-xs text-muted-foreground">
          From
        </Label>
        <Input
          id="report-from"
          type="date"
          value={value.from}
          onChange={(e) => e.target.value && onChange({ ...value, preset: 'custom', from: e.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="report-to" className="text-xs text-muted-foreground">
          To
        </Label>
        <Input
          id="report-to"
          type="date"
          value={value.to}
          onChange={(e) => e.target.value && onChange({ ...value, preset: 'custom', to: e.target.value })}
        />
      </div>
      {props.teams && (
        <FilterSelect
          id="report-team"
          label="Team"
          value={value.teamId}
          allLabel={props.everyone ? 'All teams' : 'All your teams'}
          options={props.teams.map((t) => ({ value: t.id, label: t.name }))}
          // The chosen user may not be in the new team.
          onChange={(teamId) => onChange({ ...value, teamId, userId: undefined })}
        />
      )}
      {props.people && (
        <FilterSelect
          id="report-user"
          label="User"
          value={value.userId}
          allLabel={props.everyone ? 'All users' : 'All your people'}
          options={props.people.map((p) => ({ value: p.id, label: p.name }))}
          onChange={(userId) => onChange({ ...value, userId })}
        />
      )}
      {props.projects && (
        <FilterSelect
          id="report-project"
          label="Project"
          value={value.projectId}
          allLabel="All projects"
          options={props.projects.map((p) => ({ value: p.id, label: p.name }))}
          onChange={(projectId) => onChange({ ...value, projectId })}
        />
      )}
    </div>
  );
}
