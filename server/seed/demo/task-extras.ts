import { addDays } from '@contract/zoned-time';
import { inArray, sql } from 'drizzle-orm';
import { labels, taskActivity, taskChecklistItems, taskLabels, tasks } from '../../db/schema';
import type { Cast, DemoWorld } from './world';

type TaskRow = typeof tasks.$inferSelect;

/** The organisation's labels; a second demo run finds them there (names are unique). */
const labelSpecs = [
  { name: 'Bug', color: '#b91c1c' },
  { name: 'Design', color: '#6d28d9' },
  { name: 'Customer', color: '#0f766e' },
  { name: 'Quick win', color: '#15803d' },
];

/**
 * What the task page shows (docs/product/tasks.md#task-page): labels on the tasks, two parents with
 * sub-tasks and a checklist ("2 of 5"), and each task's history from its creation on.
 */
export async function seedTaskExtras({ db, today, at }: DemoWorld, _cast: Cast, taskRows: TaskRow[]) {
  await db.insert(labels).values(labelSpecs).onConflictDoNothing();
  const labelRows = await db
    .select()
    .from(labels)
    .where(
      inArray(
        sql`lower(${labels.name})`,
        labelSpecs.map((l) => l.name.toLowerCase()),
      ),
    );
  const labelId = (name: string) => labelRows.find((l) => l.name.toLowerCase() === name.toLowerCase())?.id;
  const tagged = taskRows.flatMap((t, i) => {
    const names = [['Design'], ['Bug', 'Quick win'], ['Customer'], [], ['Bug']][i % 5];
    return names.map((n) => ({ taskId: t.id, labelId: labelId(n) as string })).filter((x) => x.labelId);
  });
  if (tagged.length) await db.insert(taskLabels).values(tagged).onConflictDoNothing();

  // Two open parents get sub-tasks of their own (one level) and a checklist.
  const parents = taskRows.filter((t) => t.status === 'in_progress' && !t.isPaused).slice(0, 2);
  const subtaskSpecs = [
    ['Draft the copy', 'Review with marketing', 'Publish'],
    ['Write the migration', 'Test on staging'],
  ];
  const subtasks = (
    await Promise.all(
      parents.map((p, pi) =>
        db
          .insert(tasks)
          .values(
            subtaskSpecs[pi].map((title, si) => ({
              title,
              description: `${title} (part of “${p.title}”).`,
              parentId: p.id,
              projectId: p.projectId,
              assigneeId: p.assigneeId,
              assignedById: p.assignedById,
              priority: p.priority,
              status: si === 0 ? ('completed' as const) : ('todo' as const),
              completedAt: si === 0 ? at(addDays(today, -1), '11:00') : null,
              createdAt: new Date(p.createdAt.getTime() + 3_600_000),
            })),
          )
          .returning(),
      ),
    )
  ).flat();
  const checklist = parents.flatMap((p, pi) =>
    (pi === 0
      ? ['Check the headline on mobile', 'Alt texts for the images', 'Ask legal about the claims']
      : ['Back up the table first', 'Announce the downtime']
    ).map((text, position) => ({ taskId: p.id, text, position, done: position === 0 })),
  );
  if (checklist.length) await db.insert(taskChecklistItems).values(checklist);

  // The history: created, started, submitted, decided; the sub-tasks and checklist on their parents.
  const history: (typeof taskActivity.$inferInsert)[] = [];
  for (const t of [...taskRows, ...subtasks]) {
    history.push({ taskId: t.id, actorId: t.assignedById, kind: 'created', createdAt: t.createdAt });
    if (t.status !== 'todo')
      history.push({
        taskId: t.id,
        actorId: t.assigneeId,
        kind: 'status_changed',
        details: { from: 'todo', to: 'in_progress' },
        createdAt: new Date(t.createdAt.getTime() + 2 * 3_600_000),
      });
    if (t.submittedAt)
      history.push({
        taskId: t.id,
        actorId: t.assigneeId,
        kind: 'submitted',
        details: t.submissionNotes ? { text: t.submissionNotes } : {},
        createdAt: t.submittedAt,
      });
    if (t.reviewedAt && t.reviewStatus !== 'pending')
      history.push({
        taskId: t.id,
        actorId: t.reviewedById,
        kind: t.reviewStatus === 'rework' ? 'rework' : 'approved',
        details: t.reviewComments ? { text: t.reviewComments } : {},
        createdAt: t.reviewedAt,
      });
    const names = tagged
      .filter((x) => x.taskId === t.id)
      .map((x) => labelRows.find((l) => l.id === x.labelId)?.name);
    if (names.length)
      history.push({
        taskId: t.id,
        actorId: t.assignedById,
        kind: 'labels_changed',
        details: { added: names as string[], removed: [] },
        createdAt: new Date(t.createdAt.getTime() + 60_000),
      });
  }
  for (const s of subtasks)
    if (s.parentId)
      history.push({
        taskId: s.parentId,
        actorId: s.assignedById,
        kind: 'subtask_added',
        details: { title: s.title },
        createdAt: s.createdAt,
      });
  for (const c of checklist) {
    const parent = parents.find((p) => p.id === c.taskId) as TaskRow;
    history.push({
      taskId: c.taskId,
      actorId: parent.assignedById,
      kind: 'checklist_added',
      details: { text: c.text },
      createdAt: new Date(parent.createdAt.getTime() + 2 * 3_600_000 + c.position * 60_000),
    });
    if (c.done)
      history.push({
        taskId: c.taskId,
        actorId: parent.assigneeId,
        kind: 'checklist_done',
        details: { text: c.text },
        createdAt: at(addDays(today, -1), '10:00'),
      });
  }
  await db.insert(taskActivity).values(history);
  return { labels: labelRows.length, subtasks: subtasks.length, activity: history.length };
}
