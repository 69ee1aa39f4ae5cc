import type { AdminUser, UserExport } from '@contract/admin';
import { and, asc, eq, getTableColumns, isNull, ne, or, sql } from 'drizzle-orm';
import {
  activeTimers,
  apiTokens,
  attendanceRecords,
  auditLog,
  authThrottle,
  avatars,
  digestItems,
  invitations,
  messages,
  notificationPreferences,
  notifications,
  outbox,
  sessions,
  taskComments,
  tasks,
  teamMembers,
  teams,
  timeEntries,
  timesheets,
  users,
  verificationCodes,
  workSchedules,
} from '../../db/schema';
import { endAllSessions } from '../../lib/auth';
import type { Context } from '../../lib/context';
import { AppError, conflict } from '../../lib/errors';
import { generatePassword, hashPassword } from '../../lib/password';
import { removeSecondFactor } from '../../core/two-factor';
import { getUser } from '../../core/people';
import { audit } from '../../core/audit';
import { toAdminUser } from './accounts.service';

const { tokenHash: _sessionHash, ...sessionColumns } = getTableColumns(sessions);
const { tokenHash: _tokenHash, lastFour: _lastFour, ...tokenColumns } = getTableColumns(apiTokens);

/**
 * Everything Workbench holds about a person (docs/product/admin.md#data-of-a-person), for an admin
 * to hand over on request. Secrets are left out by naming columns: no password, session, token or
 * recovery-code hash, no authenticator secret. The export itself is audited.
 */
export async function exportUser(ctx: Context, id: string) {
  const { db, actor, now } = ctx;
  const user = await getUser(db, id);
  const [
    sessionRows,
    tokenRows,
    teamRows,
    [schedule],
    timeRows,
    attendanceRows,
    timesheetRows,
    assigned,
    createdForOthers,
    comments,
    chat,
    notificationRows,
    preferences,
    auditRows,
  ] = await Promise.all([
    db.select(sessionColumns).from(sessions).where(eq(sessions.userId, id)).orderBy(asc(sessions.createdAt)),
    db.select(tokenColumns).from(apiTokens).where(eq(apiTokens.userId, id)).orderBy(asc(apiTokens.createdAt)),
    db
      .select({ teamId: teams.id, team: teams.name, role: teamMembers.role })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teamMembers.userId, id))
      .orderBy(asc(teams.name)),
    db.select().from(workSchedules).where(eq(workSchedules.userId, id)),
    db.select().from(timeEntries).where(eq(timeEntries.userId, id)).orderBy(asc(timeEntries.startTime)),
    db
      .select()
      .from(attendanceRecords)
      .where(eq(attendanceRecords.userId, id))
      .orderBy(asc(attendanceRecords.clockIn)),
    db.select().from(timesheets).where(eq(timesheets.userId, id)).orderBy(asc(timesheets.weekStart)),
    db.select().from(tasks).where(eq(tasks.assigneeId, id)).orderBy(asc(tasks.createdAt)),
    db
      .select()
      .from(tasks)
      .where(and(eq(tasks.assignedById, id), ne(tasks.assigneeId, id)))
      .orderBy(asc(tasks.createdAt)),
    db.select().from(taskComments).where(eq(taskComments.authorId, id)).orderBy(asc(taskComments.createdAt)),
    db.select().from(messages).where(eq(messages.senderId, id)).orderBy(asc(messages.createdAt)),
    db.select().from(notifications).where(eq(notifications.userId, id)).orderBy(asc(notifications.createdAt)),
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, id)),
    db
      .select()
      .from(auditLog)
      .where(or(eq(auditLog.targetUserId, id), eq(auditLog.actorId, id)))
      .orderBy(asc(auditLog.createdAt)),
  ]);
  const data: UserExport = {
    exportedAt: now.toISOString(),
    user: toAdminUser(user),
    sessions: sessionRows,
    apiTokens: tokenRows,
    twoFactor: {
      enabled: user.twoFactorEnabledAt !== null,
      enabledAt: user.twoFactorEnabledAt?.toISOString() ?? null,
    },
    teams: teamRows,
    workSchedule: schedule ?? null,
    timeEntries: timeRows,
    attendance: attendanceRows,
    timesheets: timesheetRows,
    tasksAssigned: assigned,
    tasksCreatedForOthers: createdForOthers,
    taskComments: comments,
    chatMessages: chat,
    notifications: notificationRows,
    notificationPreferences: preferences,
    auditEntries: auditRows,
  };
  await audit(db, { actorId: actor.id, action: 'user_exported', targetUserId: id, at: now });
  return {
    body: JSON.stringify(data, null, 2),
    filename: `workbench-person-${id}.json`,
  };
}

/** The placeholder name and e-mail of an anonymised account: unique, and obviously not a person's. */
export const anonymisedIdentity = (id: string) => ({
  firstName: 'Former',
  lastName: `member ${id.slice(0, 8)}`,
  email: `anonymised-${id}@anonymised.invalid`,
});

/**
 * Anonymises a departed person (docs/product/admin.md#data-of-a-person). Their rows stay, so the
 * organisation's reports still count their time, attendance and tasks under a placeholder name;
 * whatever identifies or lets them in goes: name, e-mail, password, sessions, API tokens, 2FA,
 * picture, profile fields, their own inbox and their e-mail in queued mail, invitations and the
 * throttle. Admins cannot anonymise themselves nor the last active admin.
 */
export async function anonymiseUser(ctx: Context, id: string): Promise<AdminUser> {
  const { db, actor, now } = ctx;
  const user = await getUser(db, id);
  if (id === actor.id) throw new AppError(403, 'anonymise_self');
  if (user.anonymisedAt) throw conflict('already_anonymised');
  const unusable = await hashPassword(generatePassword());
  const placeholder = anonymisedIdentity(id);
  return db.transaction(async (tx) => {
    if (user.role === 'admin') {
      // Locks the admins' rows so two admins anonymising each other cannot both succeed.
      const others = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.role, 'admin'),
            eq(users.isActive, true),
            isNull(users.anonymisedAt),
            ne(users.id, id),
          ),
        )
        .for('update');
      if (others.length === 0) throw conflict('last_admin_anonymise');
    }
    const email = user.email;
    await endAllSessions(tx, id);
    await tx.delete(apiTokens).where(eq(apiTokens.userId, id));
    await removeSecondFactor(tx, id);
    await tx.delete(verificationCodes).where(eq(verificationCodes.userId, id));
    await tx.delete(avatars).where(eq(avatars.userId, id));
    await tx.delete(activeTimers).where(eq(activeTimers.userId, id));
    await tx.delete(notifications).where(eq(notifications.userId, id));
    await tx.delete(digestItems).where(eq(digestItems.userId, id));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, id));
    await tx.delete(outbox).where(sql`lower(${outbox.toEmail}) = lower(${email})`);
    await tx.delete(invitations).where(sql`lower(${invitations.email}) = lower(${email})`);
    await tx.delete(authThrottle).where(sql`position(lower(${email}) in lower(${authThrottle.key})) > 0`);
    // Entries about them stay (they are the organisation's record) but no longer name their e-mail:
    // the one column the audit log's chain leaves out for this (docs/decisions/030-account-security.md).
    await tx
      .update(auditLog)
      .set({ email: placeholder.email })
      .where(sql`lower(${auditLog.email}) = lower(${email})`);
    const [row] = await tx
      .update(users)
      .set({
        ...placeholder,
        passwordHash: unusable,
        isActive: false,
        suspendedReason: null,
        rejectedReason: null,
        mustChangePassword: false,
        username: null,
        companyId: null,
        profileImageUrl: null,
        emailDigest: false,
        inviteCode: null,
        lastActive: null,
        lastLoginAt: null,
        anonymisedAt: now,
      })
      .where(eq(users.id, id))
      .returning();
    await audit(tx, { actorId: actor.id, action: 'user_anonymised', targetUserId: id, at: now });
    return toAdminUser(row);
  });
}
