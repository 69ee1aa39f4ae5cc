import { addDays } from '@contract/zoned-time';
import { users } from '../../db/schema';
import { joinGeneral } from '../../core/general-conversation';
import { hashPassword } from '../../lib/password';
import type { Cast, DemoWorld } from './world';

export const DEMO_PASSWORD = 'DemoPass1';

const people = [
  { firstName: 'Alice', lastName: 'Morgan', role: 'admin' },
  { firstName: 'Maria', lastName: 'Garcia', role: 'manager' },
  { firstName: 'James', lastName: 'Chen', role: 'manager' },
  { firstName: 'Priya', lastName: 'Patel', role: 'employee' },
  // Tom and Lena read Workbench in German (docs/product/profile.md#language); Lena chose a 24-hour clock.
  { firstName: 'Tom', lastName: 'Becker', role: 'employee', language: 'de' },
  { firstName: 'Sofia', lastName: 'Rossi', role: 'employee' },
  { firstName: 'Kwame', lastName: 'Mensah', role: 'employee' },
  { firstName: 'Lena', lastName: 'Novak', role: 'employee', language: 'de', timeFormat: '24h' },
  { firstName: 'Diego', lastName: 'Alvarez', role: 'employee' },
] as const;

/** People in every role (all approved and in General), and two registrations waiting for an admin. */
export async function seedPeople({ db, today, at }: DemoWorld): Promise<Cast & { count: number }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
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
        language: 'language' in p ? p.language : null,
        timeFormat: 'timeFormat' in p ? p.timeFormat : null,
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

  const nameOf = (id: string | null) => {
    const u = created.find((c) => c.id === id);
    return u ? `${u.firstName} ${u.lastName}` : 'Someone';
  };
  return { admin, maria, james, employees, nameOf, count: created.length + 2 };
}
