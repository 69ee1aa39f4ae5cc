import { addDays } from '@contract/zoned-time';
import { notifications, projectMembers, projects, taskComments, taskReviews, tasks } from '../../db/schema';
import type { Cast, DemoWorld } from './world';

const projectSpecs = [
  {
    name: 'Website Relaunch',
    description: 'New marketing site with the refreshed brand.',
    status: 'active',
    priority: 'high',
  },
  {
    name: 'Mobile App v2',
    description: 'Offline mode and push notifications.',
    status: 'active',
    priority: 'high',
  },
  {
    name: 'Customer Onboarding',
    description: 'Shorter onboarding with guided setup.',
    status: 'active',
    priority: 'medium',
  },
  {
    name: 'Data Warehouse',
    description: 'Consolidate reporting into one warehouse.',
    status: 'on_hold',
    priority: 'medium',
  },
  {
    name: 'Security Audit 2026',
    description: 'Annual external audit and follow-ups.',
    status: 'completed',
    priority: 'low',
  },
] as const;

const taskTitles = [
  'Design the pricing page',
  'Write API docs for exports',
  'Fix login redirect loop',
  'Migrate images to CDN',
  'Add offline cache',
  'Push notification settings',
  'Onboarding checklist UI',
  'Welcome e-mail sequence',
  'Set up staging database',
  'Review accessibility issues',
  'Load test the API',
  'Update privacy policy',
  'Refactor billing module',
  'Dashboard performance',
  'Write release notes',
  'Plan Q1 roadmap',
  'Customer interview notes',
  'Bug triage for Mobile v2',
  'Translate the app to German',
  'Audit log export',
];

/**
 * Projects, and tasks in every state of the review workflow with their review history, comments
 * and what they told people in the bell.
 */
export async function seedProjectsAndTasks(
  { db, today, at }: DemoWorld,
  { maria, james, employees, nameOf }: Cast,
) {
  const projectRows = await db
    .insert(projects)
    .values(
      projectSpecs.map((p, i) => ({
        ...p,
        createdBy: i % 2 ? maria.id : james.id,
        createdAt: at(addDays(today, -50 + i * 3), '11:00'),
      })),
    )
    .returning();

  // Tasks cycle through every state of the review workflow.
  const states = [
    { status: 'todo' },
    { status: 'in_progress' },
    { status: 'in_progress', isPaused: true },
    {
      status: 'pending_review',
      reviewStatus: 'pending',
      submissionNotes: 'Task completed and ready for review',
    },
    { status: 'in_progress', reviewStatus: 'rework', reviewComments: 'Please cover the error states too.' },
    { status: 'completed', reviewStatus: 'approved', reviewComments: 'Great work, thanks!' },
    { status: 'completed' },
  ] as const;
  const taskRows = await db
    .insert(tasks)
    .values(
      taskTitles.map((title, i) => {
        const state = states[i % states.length];
        const manager = i % 2 ? maria : james;
        const assignee = employees[i % employees.length];
        const reviewed = 'reviewComments' in state;
        return {
          title,
          description: `${title} for ${projectSpecs[i % projectSpecs.length].name}.`,
          priority: (['high', 'medium', 'low'] as const)[i % 3],
          status: state.status,
          isPaused: 'isPaused' in state,
          reviewStatus: 'reviewStatus' in state ? state.reviewStatus : null,
          reviewComments: 'reviewComments' in state ? state.reviewComments : null,
          reviewedById: reviewed ? manager.id : null,
          reviewedAt: reviewed ? at(addDays(today, -2), '15:00') : null,
          submissionNotes: 'submissionNotes' in state ? state.submissionNotes : null,
          submittedAt: 'submissionNotes' in state ? at(addDays(today, -1), '16:00') : null,
          projectId: projectRows[i % 3].id,
          assigneeId: assignee.id,
          assignedById: manager.id,
          estimatedHours: 2 + (i % 6) * 2,
          dueDate: at(addDays(today, (i % 9) - 2), '17:00'),
          completedAt: state.status === 'completed' ? at(addDays(today, -(i % 5)), '16:30') : null,
          createdAt: at(addDays(today, -20 + (i % 15)), '09:30'),
        };
      }),
    )
    .returning();
  // Everyone with a task in a project is on its team, and each manager on the projects they assign in.
  const teams = new Map<string, { projectId: string; userId: string }>();
  for (const t of taskRows)
    for (const userId of [t.assigneeId, t.assignedById])
      if (t.projectId && userId) teams.set(`${t.projectId}:${userId}`, { projectId: t.projectId, userId });
  await db
    .insert(projectMembers)
    .values([...teams.values()])
    .onConflictDoNothing();
  // The decided tasks' review history: each was submitted hours before its decision, and every
  // other approved one had been sent back once before (the Tasks report's rework and turnaround).
  const decided = taskRows.filter(
    (t) => t.reviewedAt && (t.reviewStatus === 'approved' || t.reviewStatus === 'rework'),
  );
  const hoursBefore = (d: Date, h: number) => new Date(d.getTime() - h * 3_600_000);
  await db.insert(taskReviews).values(
    decided.flatMap((t, i) => {
      const decidedAt = t.reviewedAt as Date;
      const last = {
        taskId: t.id,
        reviewerId: t.reviewedById,
        decision: t.reviewStatus as 'approved' | 'rework',
        submittedAt: hoursBefore(decidedAt, 3 + (i % 5) * 4),
        decidedAt,
        comments: t.reviewComments,
      };
      if (t.reviewStatus !== 'approved' || i % 2) return [last];
      const earlier = hoursBefore(decidedAt, 48);
      return [
        {
          ...last,
          decision: 'rework' as const,
          submittedAt: hoursBefore(earlier, 6),
          decidedAt: earlier,
          comments: 'A few details are missing.',
        },
        last,
      ];
    }),
  );
  await db.insert(taskComments).values(
    taskRows.flatMap((t, i) =>
      i % 2
        ? []
        : [
            {
              taskId: t.id,
              authorId: t.assignedById,
              text: 'Let me know if anything is unclear.',
              createdAt: at(addDays(today, -3), '10:15'),
            },
            {
              taskId: t.id,
              authorId: t.assigneeId,
              text: 'On it — first draft by tomorrow.',
              createdAt: at(addDays(today, -3), '10:42'),
            },
          ],
    ),
  );

  // The bell: what these tasks would have told people (docs/product/notifications.md#events); the
  // older ones read, the last few days' unread.
  const notes: (typeof notifications.$inferInsert)[] = [];
  const readBefore = at(addDays(today, -4), '00:00');
  const note = (n: Omit<typeof notifications.$inferInsert, 'readAt'> & { createdAt: Date }) =>
    notes.push({ ...n, readAt: n.createdAt < readBefore ? n.createdAt : null });
  for (const [i, t] of taskRows.entries()) {
    const data = { taskId: t.id };
    note({
      userId: t.assigneeId,
      actorId: t.assignedById,
      kind: 'task_assigned',
      title: `${nameOf(t.assignedById)} assigned you “${t.title}”`,
      body: t.description,
      link: `/tasks/${t.id}`,
      data,
      createdAt: t.createdAt,
    });
    if (t.submittedAt && t.assignedById)
      note({
        userId: t.assignedById,
        actorId: t.assigneeId,
        kind: 'task_submitted',
        title: `${nameOf(t.assigneeId)} submitted “${t.title}” for review`,
        body: t.submissionNotes ?? '',
        link: `/tasks/${t.id}`,
        data,
        createdAt: t.submittedAt,
      });
    if (t.reviewedAt)
      note({
        userId: t.assigneeId,
        actorId: t.reviewedById,
        kind: t.reviewStatus === 'rework' ? 'task_rework' : 'task_approved',
        title:
          t.reviewStatus === 'rework'
            ? `${nameOf(t.reviewedById)} sent “${t.title}” back for rework`
            : `${nameOf(t.reviewedById)} approved “${t.title}”`,
        body: t.reviewComments ?? '',
        link: `/tasks/${t.id}`,
        data,
        createdAt: t.reviewedAt,
      });
    if (i % 2 === 0 && t.assignedById) {
      note({
        userId: t.assigneeId,
        actorId: t.assignedById,
        kind: 'task_comment',
        title: `${nameOf(t.assignedById)} commented on “${t.title}”`,
        body: 'Let me know if anything is unclear.',
        link: `/tasks/${t.id}`,
        data,
        createdAt: at(addDays(today, -3), '10:15'),
      });
      note({
        userId: t.assignedById,
        actorId: t.assigneeId,
        kind: 'task_comment',
        title: `${nameOf(t.assigneeId)} commented on “${t.title}”`,
        body: 'On it — first draft by tomorrow.',
        link: `/tasks/${t.id}`,
        data,
        createdAt: at(addDays(today, -3), '10:42'),
      });
    }
  }
  if (notes.length) await db.insert(notifications).values(notes);

  return { projectRows, taskRows, notifications: notes.length };
}
