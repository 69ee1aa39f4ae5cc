import { z } from 'zod';
import { pageQuery } from './common';
import { endpoints } from './endpoint';

/** How long a deleted task or time entry stays restorable (docs/product/tasks.md#trash). */
export const TRASH_DAYS = 30;

/**
 * One deleted task or time entry (docs/product/tasks.md#trash). `title`: the task's title, or the
 * entry's description (else its project's name); `seconds`: an entry's duration; `purgeAt`: when it
 * is deleted for good.
 */
export const trashItem = z.object({
  id: z.string(),
  kind: z.enum(['task', 'time_entry']),
  title: z.string(),
  project: z.string().nullable(),
  /** whose it is: a task's assignee, an entry's owner */
  owner: z.string(),
  ownerId: z.string(),
  /** an entry's start (ISO instant) and duration in seconds; null for a task */
  startTime: z.string().nullable(),
  seconds: z.number().int().nullable(),
  deletedAt: z.string(),
  deletedBy: z.string().nullable(),
  purgeAt: z.string(),
});
export type TrashItem = z.infer<typeof trashItem>;

export const trashQuery = pageQuery;
export type TrashQuery = z.infer<typeof trashQuery>;

export const trashApi = endpoints('Trash', {
  list: {
    method: 'GET',
    path: '/api/trash',
    summary:
      "Deleted tasks and time entries, newest deletion first: the caller's own (those they deleted, created or own); admins: everyone's",
    access: 'signedIn',
    query: trashQuery,
    responses: { 200: z.array(trashItem) },
  },
});
