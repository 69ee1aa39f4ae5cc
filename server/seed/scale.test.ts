import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { scaleCounts, seedScale } from './scale';

type Db = Awaited<ReturnType<typeof openTestDatabase>>;
let database: Db;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const count = async (table: string, where = 'true') => {
  const res = (await database.db.execute(
    sql.raw(`select count(*)::int as c from ${table} where ${where}`),
  )) as unknown as {
    rows: { c: number }[];
  };
  return Number(res.rows[0].c);
};

describe('seed:scale', () => {
  it('writes the promised rows, consistent with the schema rules', async () => {
    const expected = scaleCounts(0.002);
    const written = await seedScale(database.db, 0.002);
    expect(written).toEqual(expected);
    expect(await count('users')).toBe(expected.users);
    expect(await count('users', "role = 'admin'")).toBe(1);
    expect(await count('projects')).toBe(expected.projects);
    expect(await count('tasks')).toBe(expected.tasks);
    expect(await count('time_entries')).toBe(expected.timeEntries);
    expect(await count('time_entries', 'end_time <= start_time')).toBe(0);
    expect(await count('attendance_records')).toBe(expected.attendance);
    expect(await count('attendance_records', 'clock_out is null')).toBe(0);
    expect(await count('messages')).toBe(expected.messages);
    expect(await count('notifications')).toBe(expected.users * expected.notificationsPerUser);
    expect(await count('notifications', 'read_at is null')).toBe(expected.users * 3);
    // every message comes from a participant of its conversation
    expect(
      await count(
        'messages m',
        'not exists (select 1 from conversation_participants p where p.conversation_id = m.conversation_id and p.user_id = m.sender_id)',
      ),
    ).toBe(0);
    // everyone is in General
    expect(
      await count(
        'conversation_participants p join conversations c on c.id = p.conversation_id',
        'c.is_general',
      ),
    ).toBe(expected.users);
    // time off: four requests a person, none overlapping another of theirs, one of them pending
    expect(await count('leave_requests')).toBe(expected.users * 4);
    expect(await count('leave_requests', "status = 'pending'")).toBe(expected.users);
    expect(
      await count(
        'leave_requests a join leave_requests b on a.user_id = b.user_id and a.id < b.id',
        'a.start_date <= b.end_date and b.start_date <= a.end_date',
      ),
    ).toBe(0);
    expect(await count('time_off_settings', "holiday_country = 'DE'")).toBe(1);
  });
});
