import { z } from 'zod';
import { timeEntry } from './time-entries';

export const GENERAL_WORK = 'General work';

/**
 * Three kinds of timer (spec point 7): a task timer (`taskId`), a tracker timer (`projectId` +
 * description) or the dashboard's quick timer (description only). A blank description is 'General work'.
 */
export const startTimerBody = z.object({
  taskId: z.uuid({ message: 'Task not found' }).optional(),
  projectId: z.uuid({ message: 'Please select a project' }).optional(),
  description: z
    .string({ message: 'Description must be text' })
    .trim()
    .max(500, 'Description is too long')
    .optional(),
});
export type StartTimerBody = z.infer<typeof startTimerBody>;

export const stopTimerBody = z
  .object({ timerId: z.uuid({ message: 'Timer not found' }).optional() })
  .optional();

export const activeTimer = z.object({
  id: z.string(),
  taskId: z.string().nullable(),
  task: z.string().nullable(),
  projectId: z.string().nullable(),
  project: z.string().nullable(),
  description: z.string(),
  startTime: z.string(),
});
export type ActiveTimer = z.infer<typeof activeTimer>;

export const timerActiveResponse = z.object({ isActive: z.boolean(), timer: activeTimer.nullable() });
export type TimerActiveResponse = z.infer<typeof timerActiveResponse>;

/** Stopping answers with the time entry it wrote. */
export const stopTimerResponse = timeEntry;

export const TIMER_RUNNING = 'A timer is already running';
export const NO_TIMER_RUNNING = 'No timer is running';
