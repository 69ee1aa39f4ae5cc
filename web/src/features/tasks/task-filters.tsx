import type { Project } from '@contract/projects';
import { type Label as TaskLabel, type TaskFilters, taskStatuses } from '@contract/tasks';
import type { AssignableUser } from '@contract/users';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Label } from '@/components/ui/label';
import { FilterSelect } from '@/components/ui/filter-select';

interface TaskFiltersBarProps {
  value: TaskFilters;
  onChange: (next: TaskFilters) => void;
  users: AssignableUser[];
  projects: Project[];
  labels: TaskLabel[];
  /** Employees only ever see their own tasks, so the assignee filter is for managers. */
  showAssignee: boolean;
}

/** Status, assignee and project filters plus a title search; all applied by the server. */
export function TaskFiltersBar({
  value,
  onChange,
  users,
  projects,
  labels,
  showAssignee,
}: TaskFiltersBarProps) {
  const { t } = useTranslation('tasks');
  const [search, setSearch] = useState(value.search ?? '');
  // Wait for a pause in typing so each keystroke does not become a request.
  useEffect(() => {
    const trimmed = search.trim() || undefined;
    if (trimmed === value.search) return;
    const timer = setTimeout(() => onChange({ ...value, search: trimmed }), 300);
    return () => clearTimeout(timer);
  }, [search, value, onChange]);

  const active = Boolean(
    value.status || value.assigneeId || value.projectId || value.labelId || value.search,
  );
  return (
    <div className="mb-4 grid grid-cols-2 items-end gap-3 rounded-lg border bg-card p-3 shadow-sm lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto]">
      <div className="col-span-2 grid gap-1.5 lg:col-span-1">
        <Label htmlFor="task-search" className="text-xs text-muted-foreground">
          {t('filters.search')}
        </Label>
        <SearchInput
          id="task-search"
          placeholder={t('filters.searchPlaceholder')}
          value={search}
          onValueChange={setSearch}
          maxLength={100}
        />
      </div>
      <FilterSelect
        id="filter-status"
        label={t('filters.status')}
        value={value.status}
        allLabel={t('filters.allStatuses')}
        options={taskStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        onChange={(status) => onChange({ ...value, status: status as TaskFilters['status'] })}
      />
      {showAssignee && (
        <FilterSelect
          id="filter-assignee"
          label={t('filters.assignee')}
          value={value.assigneeId}
          allLabel={t('filters.everyone')}
          options={users.map((u) => ({ value: u.id, label: u.name }))}
          onChange={(assigneeId) => onChange({ ...value, assigneeId })}
        />
      )}
      <FilterSelect
        id="filter-project"
        label={t('filters.project')}
        value={value.projectId}
        allLabel={t('filters.allProjects')}
        options={projects.map((p) => ({ value: p.id, label: p.name }))}
        onChange={(projectId) => onChange({ ...value, projectId })}
      />
      <FilterSelect
        id="filter-label"
        label={t('filters.label')}
        value={value.labelId}
        allLabel={t('filters.allLabels')}
        options={labels.map((l) => ({ value: l.id, label: l.name }))}
        onChange={(labelId) => onChange({ ...value, labelId })}
      />
      <Button
        variant="ghost"
        disabled={!active}
        onClick={() => {
          setSearch('');
          onChange({});
        }}
      >
        <X aria-hidden /> {t('filters.clear')}
      </Button>
    </div>
  );
}
