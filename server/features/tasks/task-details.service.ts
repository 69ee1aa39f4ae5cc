import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  addChecklistItemRequest,
  ChecklistItem,
  TaskActivity,
  TaskDetail,
  updateChecklistItemRequest,
} from '@contract/task-details';
import { taskActivity, taskChecklistItems, taskReviews, tasks, users } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Context } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { recordTaskActivity } from '../../core/task-activity';
import { visibleAssignee } from '../../core/visibility';
import { announceTask } from './tasks.events';
import { findTask } from './tasks.queries';
import { accessibleRow } from './tasks.service';

const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
const FORMER_USER = 'Former user';

/**
 * A task's page (docs/product/tasks.md#task-page): the task as the lists show it, with its parent,
 * the sub-tasks the caller may see, its checklist and every review decision. 404 to those who may
 * not see the task, as every single-task action.
 */
export async function getTask({ db, actor }: Context, id: string): Promise<TaskDetail> {
  const row = await accessibleRow(db, actor, id);
  const task = await findTask(db, id);
  if (!task) throw notFound('task_not_found');
  const own = visibleAssignee(actor);
  const [parent, subtasks, checklist, reviews] = await Promise.all([
    row.parentId
      ? db
          .select({ id: tasks.id, title: tasks.title })
          .from(tasks)
          .where(and(eq(tasks.id, row.parentId), isNull(tasks.deletedAt)))
          .then(([p]) => p ?? null)
      : Promise.resolve(null),
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        status: tasks.status,
        assigneeId: tasks.assigneeId,
        assignee: fullName,
      })
      .from(tasks)
      .innerJoin(users, eq(users.id, tasks.assigneeId))
      // a sub-task in the Trash is on no page (docs/product/tasks.md#deleting)
      .where(
        and(eq(tasks.parentId, id), isNull(tasks.deletedAt), own ? eq(tasks.assigneeId, own) : undefined),
      )
      .orderBy(asc(tasks.createdAt), asc(tasks.id)),
    checklistOf(db, id),
    db
      .select({
        id: taskReviews.id,
        decision: taskReviews.decision,
        reviewerId: taskReviews.reviewerId,
        reviewer: sql<string | null>`${fullName}`,
        submittedAt: taskReviews.submittedAt,
        decidedAt: taskReviews.decidedAt,
        comments: taskReviews.comments,
      })
      .from(taskReviews)
      .leftJoin(users, eq(users.id, taskReviews.reviewerId))
      .where(eq(taskReviews.taskId, id))
      .orderBy(asc(taskReviews.decidedAt), asc(taskReviews.id)),
  ]);
  return {
    ...task,
    parent,
    subtasks,
    checklist,
    reviews: reviews.map((r) => ({
      ...r,
      reviewer: r.reviewer ?? FORMER_USER,
      submittedAt: r.submittedAt.toISOString(),
      decidedAt: r.decidedAt.toISOString(),
    })),
  };
}

const checklistOf = (db: Db, taskId: string) =>
  db
    .select({
      id: taskChecklistItems.id,
      text: taskChecklistItems.text,
      done: taskChecklistItems.done,
      position: taskChecklistItems.position,
    })
    .from(taskChecklistItems)
    .where(eq(taskChecklistItems.taskId, taskId))
    .orderBy(asc(taskChecklistItems.position), asc(taskChecklistItems.id));

/** A task's history, newest first, in pages (`before`: the last entry's id). */
export async function listActivity(
  { db, actor }: Context,
  id: string,
  page: { limit: number; before?: string },
): Promise<TaskActivity[]> {
  await accessibleRow(db, actor, id);
  const cursor = page.before
    ? sql`(${taskActivity.createdAt}, ${taskActivity.id}) < (select c.created_at, c.id from task_activity c where c.id = ${page.before} and c.task_id = ${id})`
    : undefined;
  const rows = await db
    .select({
      id: taskActivity.id,
      kind: taskActivity.kind,
      actorId: taskActivity.actorId,
      actor: sql<string | null>`${fullName}`,
      details: taskActivity.details,
      createdAt: taskActivity.createdAt,
    })
    .from(taskActivity)
    .leftJoin(users, eq(users.id, taskActivity.actorId))
    .where(and(eq(taskActivity.taskId, id), cursor))
    .orderBy(desc(taskActivity.createdAt), desc(taskActivity.id))
    .limit(page.limit);
  return rows.map((r) => ({
    ...r,
    kind: r.kind as TaskActivity['kind'],
    actor: r.actor ?? (r.actorId === null && r.kind === 'timer_stopped' ? null : FORMER_USER),
    details: r.details as TaskActivity['details'],
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The checklist is part of doing the work: anyone who may see the task adds, ticks and removes its
 * items (docs/product/tasks.md#checklist). Each change is in the task's history.
 */
export async function addChecklistItem(
  ctx: Context,
  id: string,
  input: z.output<typeof addChecklistItemRequest>,
): Promise<ChecklistItem> {
  const { db, actor, now } = ctx;
  const row = await accessibleRow(db, actor, id);
  const item = await db.transaction(async (tx) => {
    const [item] = await tx
      .insert(taskChecklistItems)
      .values({
        taskId: id,
        text: input.text,
        position: sql`(select coalesce(max(position), 0) + 1 from task_checklist_items where task_id = ${id})`,
        createdAt: now,
      })
      .returning();
    await recordTaskActivity(tx, {
      taskId: id,
      actorId: actor.id,
      kind: 'checklist_added',
      details: { text: input.text },
      at: now,
    });
    return item;
  });
  await announceTask(ctx, id, [row.assigneeId, row.assignedById]);
  return { id: item.id, text: item.text, done: item.done, position: item.position };
}

async function itemOf(db: Db, taskId: string, itemId: string) {
  const [item] = await db
    .select()
    .from(taskChecklistItems)
    .where(and(eq(taskChecklistItems.id, itemId), eq(taskChecklistItems.taskId, taskId)));
  if (!item) throw notFound('checklist_item_not_found');
  return item;
}

export async function updateChecklistItem(
  ctx: Context,
  id: string,
  itemId: string,
  input: z.output<typeof updateChecklistItemRequest>,
): Promise<ChecklistItem> {
  const { db, actor, now } = ctx;
  const row = await accessibleRow(db, actor, id);
  const item = await itemOf(db, id, itemId);
  const updated = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(taskChecklistItems)
      .set({ text: input.text ?? item.text, done: input.done ?? item.done })
      .where(eq(taskChecklistItems.id, itemId))
      .returning();
    if (input.done !== undefined && input.done !== item.done)
      await recordTaskActivity(tx, {
        taskId: id,
        actorId: actor.id,
        kind: input.done ? 'checklist_done' : 'checklist_undone',
        details: { text: updated.text },
        at: now,
      });
    if (input.text !== undefined && input.text !== item.text)
      await recordTaskActivity(tx, {
        taskId: id,
        actorId: actor.id,
        kind: 'edited',
        details: { changes: { checklist: { from: item.text, to: input.text } } },
        at: now,
      });
    return updated;
  });
  await announceTask(ctx, id, [row.assigneeId, row.assignedById]);
  return { id: updated.id, text: updated.text, done: updated.done, position: updated.position };
}

export async function removeChecklistItem(ctx: Context, id: string, itemId: string): Promise<void> {
  const { db, actor, now } = ctx;
  const row = await accessibleRow(db, actor, id);
  const item = await itemOf(db, id, itemId);
  await db.transaction(async (tx) => {
    await tx.delete(taskChecklistItems).where(eq(taskChecklistItems.id, itemId));
    await recordTaskActivity(tx, {
      taskId: id,
      actorId: actor.id,
      kind: 'checklist_removed',
      details: { text: item.text },
      at: now,
    });
  });
  await announceTask(ctx, id, [row.assigneeId, row.assignedById]);
}
