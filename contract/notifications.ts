import { z } from 'zod';
import { endpoints } from './endpoint';

export const notificationChannels = ['app', 'email', 'both', 'off'] as const;
export const notificationChannel = z.enum(notificationChannels, {
  message: 'channel_invalid',
});
export type NotificationChannel = z.infer<typeof notificationChannel>;

/**
 * Every kind of notification: what the preferences screen calls it and how it is delivered until
 * the person chooses. Adding a kind is one line here plus the `notify(...)` call where it happens
 * (docs/decisions/013-notifications-and-profile.md).
 */
export const notificationKindInfo = {
  account_approved: { label: 'Your account was approved', channel: 'both' },
  task_assigned: { label: 'A task was assigned to you', channel: 'both' },
  task_submitted: { label: 'A task you assigned was submitted for review', channel: 'both' },
  task_approved: { label: 'Your task was approved', channel: 'app' },
  task_rework: { label: 'Your task was sent back for rework', channel: 'both' },
  task_comment: { label: 'Someone commented on your task', channel: 'app' },
  timesheet_submitted: { label: 'A timesheet waits for your review', channel: 'both' },
  timesheet_approved: { label: 'Your timesheet was approved', channel: 'app' },
  timesheet_rejected: { label: 'Your timesheet was rejected', channel: 'both' },
  timer_auto_stopped: { label: 'A timer of yours was auto-stopped', channel: 'both' },
  chat_mention: { label: 'Someone mentioned you in chat', channel: 'both' },
  chat_direct_message: { label: 'A direct message arrived while you were away', channel: 'both' },
  attendance_late: { label: 'Someone you manage clocked in late', channel: 'app' },
  attendance_missed_clock_out: { label: 'Someone you manage did not clock out', channel: 'app' },
  leave_requested: { label: 'Someone asked for time off you decide', channel: 'both' },
  leave_approved: { label: 'Your time off was approved', channel: 'both' },
  leave_rejected: { label: 'Your time off was rejected', channel: 'both' },
  leave_cancelled: { label: 'Time off you decided was cancelled', channel: 'app' },
  budget_threshold: { label: 'A project you manage reached a budget threshold', channel: 'both' },
} as const satisfies Record<string, { label: string; channel: NotificationChannel }>;
export type NotificationKind = keyof typeof notificationKindInfo;
export const notificationKinds = Object.keys(notificationKindInfo) as [
  NotificationKind,
  ...NotificationKind[],
];
export const notificationKind = z.enum(notificationKinds);

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKind,
  title: z.string(),
  body: z.string(),
  /** the path in the app that shows the notification's object, e.g. '/my-tasks' */
  link: z.string(),
  /** who caused it, when that person still exists */
  actorName: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** the id of the last notification of the previous page */
  before: z.uuid({ message: 'invalid_cursor' }).optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;

export const NOTHING_TO_MARK = 'nothing_to_mark';
export const markReadRequest = z.union(
  [
    z
      .object({
        ids: z
          .array(z.uuid({ message: 'unknown_notification' }))
          .min(1, NOTHING_TO_MARK)
          .max(500),
      })
      .strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { message: NOTHING_TO_MARK },
);
export type MarkReadRequest = z.infer<typeof markReadRequest>;

export const notificationsApi = endpoints('Notifications', {
  list: {
    method: 'GET',
    path: '/api/notifications',
    summary: "The caller's notifications, newest first",
    access: 'signedIn',
    query: notificationsQuery,
    responses: { 200: z.array(notificationSchema) },
  },
  unreadCount: {
    method: 'GET',
    path: '/api/notifications/unread-count',
    summary: "How many of the caller's notifications are unread",
    access: 'signedIn',
    responses: { 200: z.object({ count: z.number().int() }) },
  },
  markRead: {
    method: 'POST',
    path: '/api/notifications/read',
    summary: "Mark some (`{ids}`) or all (`{all: true}`) of the caller's notifications read",
    access: 'signedIn',
    body: markReadRequest,
    responses: { 200: z.object({ count: z.number().int() }) },
  },
});
