import type { Project } from '@contract/projects';
import type { Team } from '@contract/teams';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FilterSelect } from '@/components/ui/filter-select';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('reports');
  const setPreset = (preset: string | undefined) => {
    const next = (preset ?? 'this-week') as Preset;
    if (next === 'custom') onChange({ ...value, preset: next });
    else onChange({ ...value, preset: next, ...presetRange(next, props.today) });
  };
  return (
    <div className="grid grid-cols-2 items-end gap-3 rounded-lg border bg-card p-3 shadow-sm lg:grid-cols-6 print:hidden">
      <FilterSelect
        id="report-range"
        label={t('filters.range')}
        value={value.preset}
        options={PRESETS.map((p) => ({ value: p, label: t(`presets.${p}`) }))}
        onChange={setPreset}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="report-from" className="text-xs text-muted-foreground">
          {t('filters.from')}
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
          {t('filters.to')}
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
          label={t('filters.team')}
          value={value.teamId}
          allLabel={props.everyone ? t('filters.allTeams') : t('filters.allYourTeams')}
          options={props.teams.map((team) => ({ value: team.id, label: team.name }))}
          // The chosen user may not be in the new team.
          onChange={(teamId) => onChange({ ...value, teamId, userId: undefined })}
        />
      )}
      {props.people && (
        <FilterSelect
          id="report-user"
          label={t('filters.user')}
          value={value.userId}
          allLabel={props.everyone ? t('filters.allUsers') : t('filters.allYourPeople')}
          options={props.people.map((p) => ({ value: p.id, label: p.name }))}
          onChange={(userId) => onChange({ ...value, userId })}
        />
      )}
      {props.projects && (
        <FilterSelect
          id="report-project"
          label={t('filters.project')}
          value={value.projectId}
          allLabel={t('filters.allProjects')}
          options={props.projects.map((p) => ({ value: p.id, label: p.name }))}
          onChange={(projectId) => onChange({ ...value, projectId })}
        />
      )}
    </div>
  );
}
