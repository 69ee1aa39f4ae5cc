import { sql } from 'drizzle-orm';
import { openDatabase } from './server/db/client';
import { offDays } from './server/core/time/calendar';
import { timePeople } from './server/core/time/people';
import { allowanceData, balanceOf } from './server/features/time-off/allowance';
const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/wb_bench_1', poolSize: 4 });
const db = database.db;
const ids = ((await db.execute(sql`select id from users`)) as any).rows.map((r: any) => r.id);
for (let i = 0; i < 5; i++) {
  let t = performance.now();
  await offDays(db, ids, '2025-12-31', '2026-12-31');
  console.log('offDays', (performance.now() - t).toFixed(0), 'ms');
  t = performance.now();
  const people = await timePeople(db, sql`u.is_active and u.approval_status = 'approved'`, 'UTC', { from: '2025-12-31', to: '2026-12-31' });
  console.log('timePeople', (performance.now() - t).toFixed(0), 'ms');
  const data = await allowanceData(db, people.map((p) => p.userId), 2026, 2026);
  t = performance.now();
  for (const p of people) balanceOf(p, 2026, data, '2026-11-26');
  console.log('balances', (performance.now() - t).toFixed(0), 'ms');
}
await database.close();
