import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';

/**
 * What every organisation starts with (docs/product/time-off.md#types): the rules' row and four
 * leave types. Written once, when the rules' row does not exist yet (a new database, or a test's
 * emptied one); several instances starting together write them once.
 */
export async function ensureTimeOffDefaults(db: Db) {
  const created = await rowsOf<{ id: number }>(
    db,
    sql`insert into time_off_settings (id) values (1) on conflict do nothing returning id`,
  );
  if (created.length === 0) return;
  await db.execute(sql`insert into leave_types
      (name, color, paid, allowance, approval, half_days, hours, private_reason, compensation, allow_negative, sort_order)
    values
      ('Vacation', '#0ea5e9', true, true, true, true, false, false, false, false, 1),
      ('Sick leave', '#f43f5e', true, false, false, true, false, true, false, false, 2),
      ('Unpaid leave', '#a855f7', false, false, true, true, false, false, false, false, 3),
      ('Overtime compensation', '#f59e0b', true, false, true, false, true, false, true, false, 4)
    on conflict do nothing`);
}
