import type { Project } from '@contract/projects';
import { type TaskFilters, taskStatuses } from '@contract/tasks';
import type { AssignableUser } from '@contract/users';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Label } from '@/components/ui/label';
import { FilterSelect } from '@/components/ui/filter-select';
import { statusLabels } from './task-badges';

interface TaskFiltersBarProps {
  value: TaskFilters;
  onChange: (next: TaskFilters) => void;
  users: AssignableUser[];
  projects: Project[];
  /** Employees only ever see their own tasks, so the assignee filter is for managers. */
  showAssignee: boolean;
}

/** Status, assignee and project filters plus a title search; all applied by the server. */
export function TaskFiltersBar({ value, onChange, users, projects, showAssignee }: TaskFiltersBarProps) {
  const [search, setSearch] = useState(value.search ?? '');
  // Wait for a pause in typing so each keystroke does not become a request.
  useEffect(() => {
    const trimmed = search.trim() || undefined;
    if (trimmed === value.search) return;
    const timer = setTimeout(() => onChange({ ...value, search: trimmed }), 300);
    return () => clearTimeout(timer);
  }, [search, value, onChange]);

  const active = Boolean(value.status || value.assigneeId || value.projectId || value.search);
  return (
    <div className="mb-4 grid grid-cols-2 items-end gap-3 rounded-lg border bg-card p-3 shadow-sm lg:grid-cols-[2fr_1fr_1fr_1fr_auto]">
      <div className="col-span-2 grid gap-1.5 lg:col-span-1">
        <Label htmlFor="task-search" className="text-xs text-muted-foreground">
          Search
        </Label>
        <SearchInput
          id="task-search"
          placeholder="Search by title..."
          value={search}
          onValueChange={setSearch}
          maxLength={100}
        />
      </div>
      <FilterSelect
        id="filter-status"
        label="Status"
        value={value.status}
        allLabel="All statuses"
        options={taskStatuses.map((s) => ({ value: s, label: statusLabels[s] }))}
        onChange={(status) => onChange({ ...value, status: status as TaskFilters['status'] })}
      />
      {showAssignee && (
        <FilterSelect
          id="filter-assignee"
          label="Assignee"
          value={value.assigneeId}
          allLabel="Everyone"
          options={users.map((u) => ({ value: u.id, label: u.name }))}
          onChange={(assigneeId) => onChange({ ...value, assigneeId })}
        />
      )}
      <FilterSelect
        id="filter-project"
        label="Project"
        value={value.projectId}
        allLabel="All projects"
        options={projects.map((p) => ({ value: p.id, label: p.name }))}
        onChange={(projectId) => onChange({ ...value, projectId })}
      />
      <Button
        variant="ghost"
        disabled={!active}
        onClick={() => {
          setSearch('');
          onChange({});
        }}
      >
        <X aria-hidden /> Clear
      </Button>
    </div>
  );
}
