import { and, eq, type SQL, sql } from 'drizzle-orm';
import { users } from './schema';

// An account that counts as one of the organisation's people: approved by an admin and not
// suspended (docs/product/accounts.md#account-states). Lists of people, pickers, assignees, team
// members, balances and calendars take only these; signing in also needs the e-mail verified. One
// definition, in both ways the server writes SQL.

/** The condition on drizzle's `users` table. */
export const isActiveAccount = (): SQL =>
  and(eq(users.isActive, true), eq(users.approvalStatus, 'approved')) as SQL;

/** The same condition on the users table under an alias (`u` unless told) in raw SQL. */
export const activeAccount = (alias = 'u'): SQL =>
  sql.raw(`${alias}.is_active and ${alias}.approval_status = 'approved'`);
