import { and, asc, ilike, or } from 'drizzle-orm';
import type { AssignableUser } from '@contract/users';
import { users } from '../../db/schema';
import type { Context } from '../../lib/context';
import { containsPattern } from '../../lib/like';
import { inDirectory } from '../../core/visibility';

/** Approved, active users by name: the assignee list and the chat people picker. */
export async function listAssignableUsers(
  { db }: Context,
  query: { search?: string; limit: number },
): Promise<AssignableUser[]> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(
      and(
        inDirectory,
        pattern
          ? or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern))
          : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName))
    .limit(query.limit);
  return rows.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`, role: u.role }));
}
