import {
  type Announcements,
  closestCorners,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { isOverdue, type Task, type TaskStatus, taskStatuses } from '@contract/tasks';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useOwnTimeZone } from '@/lib/time-zone';
import { cn } from '@/lib/utils';
import { useMoveTask, useSubmitTask } from './api';
import { formatDue } from './due-date';
import { errorDescription } from './error-description';
import { PriorityBadge } from './task-badges';

/** Each column shows this many cards at first, and this many more per "Show more" (docs/decisions/044). */
export const COLUMN_PAGE = 50;

type Columns = Record<TaskStatus, Task[]>;
type Move = { id: string; status: TaskStatus; index: number };

/** The loaded tasks by status, each column in the board's order (the list comes sorted by rank). */
function byStatus(tasks: readonly Task[]): Columns {
  const columns = Object.fromEntries(taskStatuses.map((s) => [s, [] as Task[]])) as Columns;
  for (const task of tasks) columns[task.status].push(task);
  return columns;
}

/** The columns with one card moved to its new place: what the board shows while the server decides. */
function withMove(columns: Columns, move: Move): Columns {
  const task = taskStatuses.flatMap((s) => columns[s]).find((x) => x.id === move.id);
  if (!task) return columns;
  const next = { ...columns };
  next[task.status] = next[task.status].filter((x) => x.id !== move.id);
  const target = [...next[move.status]];
  target.splice(move.index, 0, { ...task, status: move.status });
  next[move.status] = target;
  return next;
}

const columnId = (status: TaskStatus) => `column:${status}`;

const BoardCard = memo(function BoardCard({ task, overlay = false }: { task: Task; overlay?: boolean }) {
  const { t } = useTranslation('tasks');
  const ownZone = useOwnTimeZone();
  const overdue = isOverdue(task);
  return (
    <div
      className={cn(
        'grid gap-1.5 rounded-md border bg-card p-2.5 text-left text-sm shadow-sm',
        // No rotation: the overlay's box is what the keyboard's moves measure from.
        overlay && 'shadow-lg ring-2 ring-primary',
      )}
    >
      <p className="line-clamp-2 font-medium text-foreground">{task.title}</p>
      <p className="truncate text-xs text-muted-foreground">{task.project ?? t('card.noProject')}</p>
      <div className="flex flex-wrap items-center gap-1.5 text-xs">
        <PriorityBadge priority={task.priority} />
        {task.dueDate && (
          <span className={overdue ? 'font-medium text-destructive' : 'text-muted-foreground'}>
            {formatDue(task.dueDate, ownZone)}
          </span>
        )}
        <span className="ml-auto flex min-w-0 items-center gap-1 text-muted-foreground">
          <Avatar name={task.assignee} src={task.assigneeImageUrl} size="xs" />
          <span className="truncate">{task.assignee}</span>
        </span>
      </div>
    </div>
  );
});

function SortableCard({ task }: { task: Task }) {
  const { t } = useTranslation('tasks');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: task.id,
    data: { status: task.status },
    attributes: { roleDescription: t('boardView.card') },
  });
  return (
    <li data-testid="board-card" data-task-id={task.id}>
      <div
        ref={setNodeRef}
        style={{ transform: CSS.Translate.toString(transform), transition }}
        className={cn(
          'cursor-grab touch-manipulation rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          isDragging && 'opacity-40',
        )}
        {...attributes}
        {...listeners}
      >
        <BoardCard task={task} />
      </div>
    </li>
  );
}

function BoardColumn({ status, tasks }: { status: TaskStatus; tasks: Task[] }) {
  const { t } = useTranslation('tasks');
  const [shown, setShown] = useState(COLUMN_PAGE);
  const { setNodeRef, isOver } = useDroppable({ id: columnId(status), data: { status } });
  const visible = tasks.slice(0, shown);
  const headingId = `board-column-${status}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex w-[82vw] max-w-80 shrink-0 snap-start flex-col rounded-lg border bg-muted/40 sm:w-72 xl:w-auto xl:min-w-0 xl:max-w-none xl:flex-1',
        isOver && 'ring-2 ring-primary/60',
      )}
      data-testid="board-column"
      data-status={status}
    >
      <h2 id={headingId} className="flex items-center justify-between px-3 pt-3 pb-2 text-sm font-semibold">
        {t(`status.${status}`)}
        <span className="rounded-full bg-background px-2 text-xs font-normal text-muted-foreground">
          {tasks.length}
        </span>
      </h2>
      <SortableContext id={status} items={visible.map((x) => x.id)} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} className="grid min-h-24 content-start gap-2 px-2 pb-2">
          {visible.map((task) => (
            <SortableCard key={task.id} task={task} />
          ))}
          {tasks.length === 0 && (
            <li className="rounded-md border border-dashed p-3 text-center text-xs text-muted-foreground">
              {t('boardView.empty')}
            </li>
          )}
        </ul>
      </SortableContext>
      {tasks.length > shown && (
        <Button
          variant="ghost"
          size="sm"
          className="m-2 mt-0"
          onClick={() => setShown((n) => n + COLUMN_PAGE)}
        >
          {t('boardView.showMore', { count: tasks.length - shown })}
        </Button>
      )}
    </section>
  );
}

/**
 * The board view of Advanced Tasks (docs/product/tasks.md#board): a column per status, cards in the
 * board's order. A card dragged (mouse, touch, or keyboard: Space, the arrow keys, Space again) to a
 * new place is shown there at once and sent to the server: a move into Pending Review is a submission,
 * every other one `PATCH /api/tasks/{id}` with the status and its neighbours. A refused move snaps
 * back, with the server's reason in a toast.
 */
export function TaskBoardView({ tasks }: { tasks: readonly Task[] }) {
  const { t } = useTranslation('tasks');
  const base = useMemo(() => byStatus(tasks), [tasks]);
  const [pending, setPending] = useState<Move | null>(null);
  const columns = useMemo(() => (pending ? withMove(base, pending) : base), [base, pending]);
  const [active, setActive] = useState<Task | null>(null);
  const move = useMoveTask();
  const submit = useSubmitTask();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const statusOf = (id: UniqueIdentifier | undefined): TaskStatus | undefined => {
    if (id === undefined) return undefined;
    const text = String(id);
    if (text.startsWith('column:')) return text.slice('column:'.length) as TaskStatus;
    return taskStatuses.find((s) => columns[s].some((x) => x.id === text));
  };
  const titleOf = (id: UniqueIdentifier) => tasks.find((x) => x.id === id)?.title ?? '';
  const placeOf = (id: UniqueIdentifier | undefined) => {
    const status = statusOf(id);
    if (!status) return undefined;
    const index = columns[status].findIndex((x) => x.id === id);
    return { status, position: index < 0 ? columns[status].length + 1 : index + 1 };
  };
  const where = (id: UniqueIdentifier | undefined) => {
    const place = placeOf(id);
    return place ? { column: t(`status.${place.status}`), position: place.position } : undefined;
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('boardView.announce.pickedUp', { title: titleOf(active.id), ...where(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('boardView.announce.over', { title: titleOf(active.id), ...where(over.id) })
        : t('boardView.announce.outside', { title: titleOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('boardView.announce.dropped', { title: titleOf(active.id), ...where(over.id) })
        : t('boardView.announce.cancelled', { title: titleOf(active.id) }),
    onDragCancel: ({ active }) => t('boardView.announce.cancelled', { title: titleOf(active.id) }),
  };

  const onDragStart = ({ active }: DragStartEvent) =>
    setActive(tasks.find((x) => x.id === active.id) ?? null);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActive(null);
    const from = statusOf(active.id);
    const to = statusOf(over?.id);
    if (!over || !from || !to) return;
    const fromIndex = columns[from].findIndex((x) => x.id === active.id);
    const task = columns[from][fromIndex];
    if (!task) return;
    const overIndex = columns[to].findIndex((x) => x.id === over.id);
    // Within a column the card takes the place of the one it is over (as arrayMove does); into another
    // column it goes above the card it is over, or to the end when over the column itself.
    const index = overIndex >= 0 ? overIndex : columns[to].length - (from === to ? 1 : 0);
    if (from === to && index === fromIndex) return;
    const result =
      from === to
        ? arrayMove(columns[from], fromIndex, index)
        : [...columns[to].slice(0, index), task, ...columns[to].slice(index)];
    const afterId = result[index - 1]?.id ?? null;
    const beforeId = result[index + 1]?.id ?? null;
    const next: Move = { id: task.id, status: to, index };
    setPending(next);
    const settle = {
      onSuccess: () => toast({ title: t('toast.movedTo', { title: task.title, status: t(`status.${to}`) }) }),
      onError: (error: Error) =>
        toast({
          variant: 'destructive',
          title: t('toast.error'),
          description: errorDescription(t('boardView.moveFailed'), error),
        }),
      onSettled: () => setPending((current) => (current === next ? null : current)),
    };
    if (to === 'pending_review' && from !== to) submit.mutate({ params: { id: task.id }, body: {} }, settle);
    else
      move.mutate({ params: { id: task.id }, body: { status: to, position: { afterId, beforeId } } }, settle);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('boardView.instructions') } }}
    >
      {/* Narrow screens: the columns scroll sideways, one column about a screen wide, snapping into place. */}
      <section
        aria-label={t('boardView.label')}
        className="-mx-1 flex snap-x snap-mandatory gap-3 overflow-x-auto px-1 pb-3 sm:snap-none"
        data-testid="task-board"
      >
        {taskStatuses.map((status) => (
          <BoardColumn key={status} status={status} tasks={columns[status]} />
        ))}
      </section>
      <DragOverlay>{active ? <BoardCard task={active} overlay /> : null}</DragOverlay>
    </DndContext>
  );
}
