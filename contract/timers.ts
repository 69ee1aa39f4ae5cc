import { z } from 'zod';
import { errorBody, text } from './common';
import { timeEntry } from './time-entries';
import { endpoints } from './endpoint';

/** A timer's description when none is given (i18n: stored data, shown as time:generalWork). */
export const GENERAL_WORK = 'General work';

/**
 * Three kinds of timer (docs/product/time-tracking.md#timers): a task timer (`taskId`), a tracker timer (`projectId` +
 * description) or the dashboard's quick timer (description only). A blank description is 'General work'.
 */
export const startTimerBody = z.object({
  taskId: z.uuid({ message: 'task_not_found' }).optional(),
  projectId: z.uuid({ message: 'project_required' }).optional(),
  description: text({
    notText: 'description_not_text',
    max: 500,
    tooLong: 'description_too_long',
    multiline: true,
  }).optional(),
  /** omitted: as the project says (docs/product/billing.md#billable) */
  billable: z.boolean({ message: 'billable_invalid' }).optional(),
});
export type StartTimerBody = z.infer<typeof startTimerBody>;

export const stopTimerBody = z
  .object({ timerId: z.uuid({ message: 'timer_not_found' }).optional() })
  .optional();

/** Switches the running timer's billable choice (docs/product/billing.md#billable). */
export const updateTimerBody = z.object({
  billable: z.boolean({ message: 'billable_invalid' }),
});
export type UpdateTimerBody = z.infer<typeof updateTimerBody>;

export const activeTimer = z.object({
  id: z.string(),
  taskId: z.string().nullable(),
  task: z.string().nullable(),
  projectId: z.string().nullable(),
  project: z.string().nullable(),
  description: z.string(),
  startTime: z.string(),
  /** whether its time will be billable: switched at start, else as its project says */
  billable: z.boolean(),
});
export type ActiveTimer = z.infer<typeof activeTimer>;

export const timerActiveResponse = z.object({ isActive: z.boolean(), timer: activeTimer.nullable() });
export type TimerActiveResponse = z.infer<typeof timerActiveResponse>;

/** Stopping answers with the time entry it wrote. */
export const stopTimerResponse = timeEntry;

export const TIMER_RUNNING = 'timer_running';
export const NO_TIMER_RUNNING = 'no_timer_running';

export const timersApi = endpoints('Timers', {
  active: {
    method: 'GET',
    path: '/api/timer/active',
    summary: "The caller's running timer, if any",
    access: 'signedIn',
    responses: { 200: timerActiveResponse },
  },
  start: {
    method: 'POST',
    path: '/api/timer/start',
    summary: 'Start a timer for a task, or for a project with a description',
    access: 'signedIn',
    body: startTimerBody,
    responses: { 201: activeTimer, 404: errorBody, 409: errorBody },
  },
  update: {
    method: 'PATCH',
    path: '/api/timer/active',
    summary: "Switch whether the caller's running timer is billable",
    access: 'signedIn',
    body: updateTimerBody,
    responses: { 200: activeTimer, 400: errorBody, 409: errorBody },
  },
  stop: {
    method: 'POST',
    path: '/api/timer/stop',
    summary: 'Stop the running timer; answers the time entry it wrote',
    access: 'signedIn',
    body: stopTimerBody,
    responses: { 200: stopTimerResponse, 404: errorBody, 409: errorBody },
  },
});
