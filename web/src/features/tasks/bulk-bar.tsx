import type { Project } from '@contract/projects';
import {
  type BulkRefusedBody,
  type BulkTasksRequest,
  type Task,
  taskPriorities,
  taskStatuses,
} from '@contract/tasks';
import type { AssignableUser } from '@contract/users';
import { Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { undoToast } from '@/components/ui/undo-toast';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { restoreTasks, useBulkTasks } from './api';
import { errorDescription } from './error-description';

const NO_PROJECT = 'none';

/** One of the bar's changes: a labelled list whose choice is applied to every selected task at once. */
function BulkSelect({
  id,
  label,
  options,
  onPick,
  disabled,
}: {
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
  onPick: (value: string) => void;
  disabled: boolean;
}) {
  return (
    <Select value="" onValueChange={onPick} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label} className="h-8 w-auto min-w-32 gap-2 text-xs">
        <SelectValue placeholder={label} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The refused tasks of a bulk refusal, each with its title and reason, for the toast. */
function refusals(error: Error, tasks: readonly Task[]) {
  if (!(error instanceof ApiError) || error.code !== 'bulk_refused') return null;
  const items = (error.body as BulkRefusedBody).items ?? [];
  const title = (id: string) => tasks.find((x) => x.id === id)?.title ?? id;
  return (
    <ul className="mt-1 list-disc pl-4 text-xs" data-testid="bulk-refusals">
      {items.slice(0, 5).map((item) => (
        <li key={item.id}>
          {title(item.id)}: {item.message}
        </li>
      ))}
    </ul>
  );
}

/**
 * The bar over the table while tasks are selected (docs/product/tasks.md#bulk-edit): how many, and
 * the changes for all of them in one request (status, priority, assignee, project, delete). The
 * server applies all or none; a refusal lists each refused task with its reason.
 */
export function BulkBar({
  selected,
  tasks,
  users,
  projects,
  showAssignee,
  onClear,
}: {
  selected: readonly string[];
  tasks: readonly Task[];
  users: readonly AssignableUser[];
  projects: readonly Project[];
  showAssignee: boolean;
  onClear: () => void;
}) {
  const { t } = useTranslation('tasks');
  const bulk = useBulkTasks();
  const [confirming, setConfirming] = useState(false);
  const count = selected.length;

  const run = (body: Omit<BulkTasksRequest, 'ids'>, done: string) => {
    const ids = [...selected];
    return bulk.mutate(
      { body: { ...body, ids } },
      {
        onSuccess: () => {
          setConfirming(false);
          onClear();
          if (body.delete) undoDeletion(ids);
          else toast({ title: done });
        },
        onError: (error) => {
          setConfirming(false);
          toast({
            variant: 'destructive',
            title: t('toast.error'),
            description: (
              <>
                {errorDescription(t('bulk.failed'), error)}
                {refusals(error, tasks)}
              </>
            ),
          });
        },
      },
    );
  };

  // "Deleted · Undo" as for one task (docs/product/tasks.md#bulk-edit): Undo restores every task the
  // deletion took, except sub-tasks that went with their selected parent (the parent brings them).
  const undoDeletion = (ids: readonly string[]) => {
    const chosen = new Set(ids);
    const tops = ids.filter((id) => {
      const parentId = tasks.find((x) => x.id === id)?.parentId;
      return !parentId || !chosen.has(parentId);
    });
    undoToast({
      title: t('common:undo.deleted'),
      description: t('bulk.tasks', { count: ids.length }),
      undoLabel: t('common:undo.undo'),
      altText: t('common:undo.altText'),
      undo: () => restoreTasks(tops),
      restored: t('common:undo.restored'),
      failed: t('common:undo.failed'),
    });
  };

  return (
    <section
      aria-label={t('bulk.label')}
      className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-lg border bg-card p-2 shadow-md"
      data-testid="bulk-bar"
    >
      <p className="px-1 text-sm font-medium" aria-live="polite">
        {t('bulk.selected', { count })}
      </p>
      <BulkSelect
        id="bulk-status"
        label={t('bulk.status')}
        disabled={bulk.isPending}
        options={taskStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        onPick={(status) =>
          run({ set: { status: status as Task['status'] } }, t('bulk.done.updated', { count }))
        }
      />
      <BulkSelect
        id="bulk-priority"
        label={t('bulk.priority')}
        disabled={bulk.isPending}
        options={taskPriorities.map((p) => ({ value: p, label: t(`priorityBadge.${p}`) }))}
        onPick={(priority) =>
          run({ set: { priority: priority as Task['priority'] } }, t('bulk.done.updated', { count }))
        }
      />
      {showAssignee && (
        <BulkSelect
          id="bulk-assignee"
          label={t('bulk.assignee')}
          disabled={bulk.isPending}
          options={users.map((u) => ({ value: u.id, label: u.name }))}
          onPick={(assigneeId) => run({ set: { assigneeId } }, t('bulk.done.updated', { count }))}
        />
      )}
      <BulkSelect
        id="bulk-project"
        label={t('bulk.project')}
        disabled={bulk.isPending}
        options={[
          { value: NO_PROJECT, label: t('card.noProject') },
          ...projects.map((p) => ({ value: p.id, label: p.name })),
        ]}
        onPick={(projectId) =>
          run(
            { set: { projectId: projectId === NO_PROJECT ? null : projectId } },
            t('bulk.done.updated', { count }),
          )
        }
      />
      <Button
        size="sm"
        variant="ghost"
        className="text-destructive hover:text-destructive"
        disabled={bulk.isPending}
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden /> {t('bulk.delete')}
      </Button>
      <Button size="sm" variant="ghost" className="ml-auto" onClick={onClear}>
        <X aria-hidden /> {t('bulk.clear')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('bulk.confirmTitle', { count })}
        description={t('bulk.confirmDescription', { count })}
        confirmLabel={t('bulk.delete')}
        pendingLabel={t('bulk.deleting')}
        pending={bulk.isPending}
        destructive
        onConfirm={() => run({ delete: true }, t('bulk.done.deleted', { count }))}
      />
    </section>
  );
}
