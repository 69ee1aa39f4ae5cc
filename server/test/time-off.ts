import { expect } from 'vitest';
import type { Endpoint, RequestOf } from '@contract/endpoint';
import { type CreateRequestBody, type createLeaveTypeRequest, timeOffApi } from '@contract/time-off';
import type { z } from 'zod';
import { settings } from '../db/schema';
import { type Clock, fixedClock } from '../lib/clock';
import { createTestApp, type TestApi } from './harness';
import { timeFixtures } from './time-fixtures';

/** Helpers of the time-off tests (server/features/time-off/*.test.ts, docs/product/time-off.md). */

/** The endpoint's answer, which must have the status (200 unless told). */
export async function ok<E extends Endpoint>(
  api: TestApi,
  endpoint: E,
  input: RequestOf<E> & { headers?: Record<string, string> },
  status = 200,
) {
  const res = await api.call(endpoint, input);
  expect(res.statusCode, `${endpoint.method} ${endpoint.path}: ${res.body}`).toBe(status);
  // A 204 has no body to read.
  return (res.body === '' ? undefined : res.json()) as ReturnType<typeof res.json>;
}

/** The four leave types a new organisation starts with, by name. */
export async function seededTypes(api: TestApi) {
  const types = await ok(api, timeOffApi.types, {});
  const byName = (name: string) => {
    const type = types.find((x) => x.name === name);
    if (!type) throw new Error(`no leave type ${name}`);
    return type.id;
  };
  return {
    vacation: byName('Vacation'),
    sick: byName('Sick leave'),
    unpaid: byName('Unpaid leave'),
    compensation: byName('Overtime compensation'),
  };
}

/** Asks for time off; the body's halves and note default as the form sends them. */
export const ask = (api: TestApi, body: CreateRequestBody) => api.call(timeOffApi.request, { body });

/** Asks and expects it made (201). */
export async function asked(api: TestApi, body: CreateRequestBody) {
  const res = await ask(api, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/**
 * A test app whose organisation works in Europe/Berlin with the holidays of Berlin (DE-BE), now
 * being `now`, and the people of one team: an admin, the team's manager, two members, an outsider
 * and a manager of another team. Everyone joined long before (no pro rata).
 */
export async function timeOffApp(now: string, options: { region?: boolean } = {}) {
  const clock = fixedClock(now);
  const t = await createTestApp({ clock: clock as Clock });
  await t.db.insert(settings).values({ id: 1, timeZone: 'Europe/Berlin' });
  const fx = timeFixtures(t.db);
  const joined = { createdAt: new Date('2023-01-01T12:00:00Z') };
  const admin = await t.userClient('admin', { firstName: 'Ada', lastName: 'Admin', ...joined });
  if (options.region !== false) {
    await ok(admin.api, timeOffApi.saveRegion, { body: { country: 'DE', region: 'BE' } });
  }
  const types = await seededTypes(admin.api);
  return { t, clock, fx, admin, types, joined };
}

/** People of a team: its manager, two members; and an outsider and another team's manager. */
export async function teamOf(ctx: Awaited<ReturnType<typeof timeOffApp>>, name = `Team ${Math.random()}`) {
  const { t, fx, joined } = ctx;
  const boss = await t.userClient('manager', { firstName: 'Maria', lastName: 'Boss', ...joined });
  const anna = await t.userClient('employee', { firstName: 'Anna', lastName: 'Adler', ...joined });
  const ben = await t.userClient('employee', { firstName: 'Ben', lastName: 'Berg', ...joined });
  const outsider = await t.userClient('employee', { firstName: 'Olga', lastName: 'Out', ...joined });
  const otherBoss = await t.userClient('manager', { firstName: 'Otto', lastName: 'Other', ...joined });
  const team = await fx.team(name, [boss.user.id], [anna.user.id, ben.user.id]);
  await fx.team(`${name} other`, [otherBoss.user.id], [outsider.user.id]);
  return { team, boss, anna, ben, outsider, otherBoss };
}

type LeaveTypeInput = z.input<typeof createLeaveTypeRequest>;

/** A new leave type's body: paid, no allowance, no approval, whole days; `fields` change any of it. */
export const typeBody = (name: string, fields: Partial<LeaveTypeInput> = {}): LeaveTypeInput => ({
  name,
  color: '#123456',
  paid: true,
  allowance: false,
  approval: false,
  halfDays: false,
  hours: false,
  privateReason: false,
  compensation: false,
  allowNegative: false,
  ...fields,
});
