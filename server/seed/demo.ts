import { eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import {
  attendanceRecords,
  conversationParticipants,
  conversations,
  messages,
  notifications,
  projects,
  taskComments,
  taskReviews,
  tasks,
  teamMembers,
  teams,
  timeEntries,
  timesheets,
  users,
  workSchedules,
} from '../db/schema';
import { generalConversationId, joinGeneral } from '../features/chat/general';
import { hashPassword } from '../lib/password';
import { addDays, zonedDate, zonedInstant } from '@contract/zoned-time';

export const DEMO_PASSWORD = 'DemoPass1';

const people = [
  { firstName: 'Alice', lastName: 'Morgan', role: 'admin' },
  { firstName: 'Maria', lastName: 'Garcia', role: 'manager' },
  { firstName: 'James', lastName: 'Chen', role: 'manager' },
  { firstName: 'Priya', lastName: 'Patel', role: 'employee' },
  { firstName: 'Tom', lastName: 'Becker', role: 'employee' },
  { firstName: 'Sofia', lastName: 'Rossi', role: 'employee' },
  { firstName: 'Kwame', lastName: 'Mensah', role: 'employee' },
  { firstName: 'Lena', lastName: 'Novak', role: 'employee' },
  { firstName: 'Diego', lastName: 'Alvarez', role: 'employee' },
] as const;

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
 * A believable organisation (issue 8): people in every role, projects, tasks in every state with
 * comments and reviews, four weeks of time entries and attendance, and chat history. Days are the
 * organisation's time zone; everything is relative to `now`.
 */
export async function seedDemo(db: Db, options: { now?: Date; timeZone?: string } = {}) {
  const now = options.now ?? new Date();
  const zone = options.timeZone ?? 'UTC';
  const today = zonedDate(now, zone);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const at = (date: string, time: string) => zonedInstant(date, time, zone);

  const created = await db
    .insert(users)
    .values(
      people.map((p, i) => ({
        email: `${p.firstName.toLowerCase()}@workbench.demo`,
        passwordHash,
        firstName: p.firstName,
        lastName: p.lastName,
        role: p.role,
        approvalStatus: 'approved' as const,
        emailVerified: true,
        approvedAt: at(addDays(today, -60), '09:00'),
        createdAt: at(addDays(today, -60 + i), '10:00'),
        lastLoginAt: at(addDays(today, -(i % 3)), '08:55'),
        lastActive: at(addDays(today, -(i % 3)), '16:30'),
        username: p.firstName.toLowerCase(),
      })),
    )
    .returning();
  const [admin, maria, james, ...employees] = created;
  // Two registrations waiting for an admin: verified, not yet approved.
  await db.insert(users).values([
    {
      email: 'noah@workbench.demo',
      passwordHash,
      firstName: 'Noah',
      lastName: 'Fischer',
      role: 'employee',
      emailVerified: true,
      createdAt: at(addDays(today, -1), '14:12'),
    },
    {
      email: 'emma@workbench.demo',
      passwordHash,
      firstName: 'Emma',
      lastName: 'Dubois',
      role: 'manager',
      emailVerified: true,
      createdAt: at(today, '08:40'),
    },
  ]);
  for (const u of created) await joinGeneral(db, u.id);

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
          timeSpentSeconds: state.status === 'todo' ? 0 : (1 + (i % 5)) * 2700,
          dueDate: at(addDays(today, (i % 9) - 2), '17:00'),
          completedAt: state.status === 'completed' ? at(addDays(today, -(i % 5)), '16:30') : null,
          createdAt: at(addDays(today, -20 + (i % 15)), '09:30'),
        };
      }),
    )
    .returning();
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
  const nameOf = (id: string | null) => {
    const u = created.find((c) => c.id === id);
    return u ? `${u.firstName} ${u.lastName}` : 'Someone';
  };
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
      link: '/my-tasks',
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
        link: '/advanced-tasks',
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
        link: '/my-tasks',
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
        link: '/my-tasks',
        data,
        createdAt: at(addDays(today, -3), '10:15'),
      });
      note({
        userId: t.assignedById,
        actorId: t.assigneeId,
        kind: 'task_comment',
        title: `${nameOf(t.assigneeId)} commented on “${t.title}”`,
        body: 'On it — first draft by tomorrow.',
        link: '/advanced-tasks',
        data,
        createdAt: at(addDays(today, -3), '10:42'),
      });
    }
  }
  if (notes.length) await db.insert(notifications).values(notes);

  // Four weeks of workdays: attendance plus two or three time entries a day per person.
  const workers = [maria, james, ...employees];
  const entries: (typeof timeEntries.$inferInsert)[] = [];
  const records: (typeof attendanceRecords.$inferInsert)[] = [];
  for (let back = 28; back >= 1; back--) {
    const day = addDays(today, -back);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    workers.forEach((w, wi) => {
      const lateBy = (back * 7 + wi * 5) % 29; // minutes after 08:50
      const clockIn = new Date(at(day, '08:50').getTime() + lateBy * 60_000);
      const clockOut = new Date(clockIn.getTime() + (8 * 60 + 25 + ((back + wi) % 40)) * 60_000);
      const hours = (clockOut.getTime() - clockIn.getTime()) / 3_600_000 - 0.75;
      records.push({
        userId: w.id,
        date: day,
        clockIn,
        clockOut,
        totalHours: Math.round(hours * 100) / 100,
        breakMinutes: 45,
        status: lateBy > 25 ? 'late' : 'present',
      });
      const blocks = [
        ['09:15', '11:45'],
        ['12:30', '14:50'],
        ['15:05', '16:55'],
      ].slice(0, 2 + ((back + wi) % 2));
      blocks.forEach(([from, to], bi) => {
        const start = at(day, from);
        const end = at(day, to);
        entries.push({
          userId: w.id,
          projectId: projectRows[(wi + bi) % 3].id,
          description: ['Implementation', 'Code review', 'Meetings and planning'][bi],
          startTime: start,
          endTime: end,
          duration: Math.round((end.getTime() - start.getTime()) / 1000),
        });
      });
    });
  }
  // A forgotten timer the server stopped at the 10-hour limit on Priya's last workday, for the
  // tracker's 'Auto-stopped' badge and her bell (docs/product/time-tracking.md#forgotten-timers).
  const lastOwn = entries.filter((e) => e.userId === employees[0].id).at(-1);
  if (lastOwn) {
    const start = new Date(new Date(lastOwn.endTime).getTime() + 10 * 60_000);
    const end = new Date(start.getTime() + 10 * 3_600_000);
    entries.push({
      userId: employees[0].id,
      projectId: lastOwn.projectId,
      description: 'Release checklist',
      startTime: start,
      endTime: end,
      duration: 10 * 3600,
      autoStopped: true,
    });
    await db.insert(notifications).values({
      userId: employees[0].id,
      actorId: null,
      kind: 'timer_auto_stopped',
      title: 'Your timer “Release checklist” was stopped after 10 hours',
      body: 'It ran past the limit for forgotten timers. If you worked a different time, correct the entry on Time Tracking.',
      link: '/tracker',
      createdAt: end,
    });
  }
  await db.insert(attendanceRecords).values(records);
  await db.insert(timeEntries).values(entries);
  const sheets = await seedTeamsAndSheets(db, { now, today, at, admin, maria, james, employees, entries });

  // Chat: General banter, a project group and two direct conversations.
  const general = { id: await generalConversationId(db) };
  const [group] = await db
    .insert(conversations)
    .values({ type: 'group', name: 'Website Relaunch', createdBy: maria.id })
    .returning();
  await db.insert(conversationParticipants).values(
    [maria, employees[0], employees[1], employees[2]].map((u) => ({
      conversationId: group.id,
      userId: u.id,
    })),
  );
  const direct = async (a: typeof maria, b: typeof maria) => {
    const key = [a.id, b.id].sort().join(':');
    const [c] = await db
      .insert(conversations)
      .values({ type: 'direct', directKey: key, createdBy: a.id })
      .returning();
    await db.insert(conversationParticipants).values([
      { conversationId: c.id, userId: a.id },
      { conversationId: c.id, userId: b.id },
    ]);
    return c;
  };
  const dm1 = await direct(maria, employees[0]);
  const dm2 = await direct(james, employees[3]);
  const lines: [string, typeof maria, string][] = [
    [general.id, admin, 'Welcome to Workbench, everyone! Post questions here.'],
    [general.id, maria, 'Morning all — sprint review is Thursday at 14:00.'],
    [general.id, employees[1], 'Thanks! Will the demo be recorded?'],
    [general.id, james, 'Yes, the recording goes to the shared drive.'],
    [group.id, maria, 'Pricing page design is ready for feedback.'],
    [group.id, employees[0], 'Looks great. @Maria Garcia, small note on the mobile spacing.'],
    [group.id, employees[2], 'I can pick up the CDN migration next.'],
    [dm1.id, maria, 'Do you have a minute to go over the onboarding checklist?'],
    [dm1.id, employees[0], 'Sure, after lunch?'],
    [dm2.id, james, 'Your load test results look solid, nice job.'],
  ];
  const sent = lines.map(([conversationId, u, content], i) => ({
    conversationId,
    senderId: u.id,
    content,
    createdAt: new Date(now.getTime() - (lines.length - i) * 17 * 60_000),
  }));
  const inserted = await db.insert(messages).values(sent).returning({ id: messages.id });
  // What these messages told people (docs/product/chat.md#mentions): Maria was mentioned; Kwame was
  // away when James wrote to him directly.
  const chatNotes: (typeof notifications.$inferInsert)[] = [
    {
      userId: maria.id,
      actorId: employees[0].id,
      kind: 'chat_mention',
      title: `${nameOf(employees[0].id)} mentioned you in “Website Relaunch”`,
      body: sent[5].content,
      link: `/chat?c=${group.id}`,
      data: { conversationId: group.id, messageId: inserted[5].id },
      createdAt: sent[5].createdAt,
    },
    {
      userId: employees[3].id,
      actorId: james.id,
      kind: 'chat_direct_message',
      title: `${nameOf(james.id)} sent you a message`,
      body: sent[9].content,
      link: `/chat?c=${dm2.id}`,
      data: { conversationId: dm2.id, messageId: inserted[9].id },
      createdAt: sent[9].createdAt,
    },
  ];
  await db.insert(notifications).values(chatNotes);
  for (const c of [general, group, dm1, dm2]) {
    const last = sent.filter((m) => m.conversationId === c.id).at(-1);
    if (last)
      await db.update(conversations).set({ lastMessageAt: last.createdAt }).where(eq(conversations.id, c.id));
  }
  return {
    users: created.length + 2,
    projects: projectRows.length,
    tasks: taskRows.length,
    timeEntries: entries.length,
    attendance: records.length,
    messages: sent.length,
    teams: 2,
    timesheets: sheets,
    notifications: notes.length + chatNotes.length,
  };
}

type Person = { id: string };
/**
 * Two teams (docs/product/teams.md), one part-time schedule, and the last three weeks' timesheets in
 * every state: approved (with frozen totals), submitted (in the managers' review queues), rejected
 * with a comment, and open.
 */
async function seedTeamsAndSheets(
  db: Db,
  d: {
    now: Date;
    today: string;
    at: (date: string, time: string) => Date;
    admin: Person;
    maria: Person;
    james: Person;
    employees: Person[];
    entries: (typeof timeEntries.$inferInsert)[];
  },
): Promise<number> {
  const [web, platform] = await db
    .insert(teams)
    .values([{ name: 'Web' }, { name: 'Platform' }])
    .returning();
  await db
    .insert(teamMembers)
    .values([
      { teamId: web.id, userId: d.maria.id, role: 'manager' },
      ...d.employees.slice(0, 3).map((e) => ({ teamId: web.id, userId: e.id, role: 'member' as const })),
      { teamId: platform.id, userId: d.james.id, role: 'manager' },
      { teamId: platform.id, userId: d.maria.id, role: 'member' },
      ...d.employees.slice(3).map((e) => ({ teamId: platform.id, userId: e.id, role: 'member' as const })),
    ]);
  // Lena works four days a week, six hours a day.
  await db
    .insert(workSchedules)
    .values({ userId: d.employees[4].id, minutes: [360, 360, 360, 360, 0, 0, 0] });
  const sundayFirst = new Date(`${d.today}T12:00:00Z`).getUTCDay();
  const thisMonday = addDays(d.today, -((sundayFirst + 6) % 7));
  const rows: (typeof timesheets.$inferInsert)[] = [];
  d.employees.forEach((e, i) => {
    for (const back of [3, 2, 1]) {
      const weekStart = addDays(thisMonday, -7 * back);
      const start = d.at(weekStart, '00:00').getTime();
      const end = d.at(addDays(weekStart, 7), '00:00').getTime();
      const tracked = d.entries
        .filter((x) => x.userId === e.id && x.startTime.getTime() >= start && x.startTime.getTime() < end)
        .reduce((sum, x) => sum + (x.duration ?? 0), 0);
      const expected = i === 4 ? 4 * 6 * 3600 : 5 * 8 * 3600;
      const decider = i < 3 ? d.maria : d.james;
      const submittedAt = d.at(addDays(weekStart, 4), '17:05');
      if (back > 1)
        rows.push({
          userId: e.id,
          weekStart,
          status: 'approved',
          submittedAt,
          decidedBy: decider.id,
          decidedAt: d.at(addDays(weekStart, 7), '09:30'),
          trackedSeconds: tracked,
          expectedSeconds: expected,
        });
      else if (i % 3 === 0) rows.push({ userId: e.id, weekStart, status: 'submitted', submittedAt });
      else if (i % 3 === 1)
        rows.push({
          userId: e.id,
          weekStart,
          status: 'rejected',
          submittedAt,
          comment: 'Friday afternoon is missing; please add it and resubmit.',
          decidedBy: decider.id,
          decidedAt: d.at(addDays(weekStart, 7), '10:00'),
        });
    }
  });
  await db.insert(timesheets).values(rows);
  return rows.length;
}
