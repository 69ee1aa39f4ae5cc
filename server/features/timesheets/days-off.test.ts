import { teamsApi } from '@contract/teams';
import { type CreateRequestBody, timeOffApi } from '@contract/time-off';
import { timesheetsApi } from '@contract/timesheets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { createTestApp, type TestContext } from '../../test/harness';

// Wednesday 29 October 2025 in Berlin; the week read is the next one, Monday 3 November.
const clock = fixedClock('2025-10-29T12:00:00Z');
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { TZ: 'Europe/Berlin' } });
});
afterAll(() => t.close());

const H = 3600;
const joined = { createdAt: new Date('2025-01-01T00:00:00Z') };

/**
 * The week's days off as the sheet shows them (docs/product/time-off.md#counting): a company day, a
 * week of leave with a half end, unpaid leave and Overtime compensation, each with what it does to
 * the day's expected time and what it credits.
 */
describe('timesheets: holidays and leave on their days', () => {
  it('lists each day off with its credit, and expects only what the day still owes', async () => {
    const { api: admin } = await t.userClient('admin', joined);
    const { user: boss, api: manager } = await t.userClient('manager', joined);
    const { user: worker, api: employee } = await t.userClient('employee', joined);
    const created = await admin.call(teamsApi.create, {
      body: {
        name: 'Days off',
        members: [
          { userId: boss.id, role: 'manager' },
          { userId: worker.id, role: 'member' },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const day = await admin.call(timeOffApi.addHoliday, {
      body: { date: '2025-11-03', kind: 'added', name: "Founders' Day", halfDay: false },
    });
    expect(day.statusCode).toBe(201);
    const inLieu = await admin.call(timeOffApi.createType, {
      body: {
        name: 'Time in lieu',
        color: '#64748b',
        paid: true,
        allowance: false,
        approval: false,
        halfDays: false,
        hours: true,
        privateReason: false,
        compensation: true,
        allowNegative: true,
      },
    });
    expect(inLieu.statusCode).toBe(201);
    const types = (await employee.call(timeOffApi.types, { query: {} })).json();
    const typeId = (name: string) => {
      const type = types.find((x) => x.name === name);
      if (!type) throw new Error(`no type ${name}`);
      return type.id;
    };
    const ask = async (body: CreateRequestBody) => {
      const res = await employee.call(timeOffApi.request, { body });
      expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
      const request = res.json();
      if (request.status === 'pending') {
        const approved = await manager.call(timeOffApi.approve, { params: { id: request.id }, body: {} });
        expect(approved.statusCode).toBe(200);
      }
    };
    // Tuesday whole, Wednesday morning only; Thursday unpaid; Friday two hours in lieu.
    await ask({ typeId: typeId('Vacation'), startDate: '2025-11-04', endDate: '2025-11-05', endHalf: true });
    await ask({ typeId: typeId('Unpaid leave'), startDate: '2025-11-06', endDate: '2025-11-06' });
    await ask({ typeId: inLieu.json().id, startDate: '2025-11-07', endDate: '2025-11-07', hours: 2 });

    const own = await employee.call(timesheetsApi.get, { query: { week: '2025-11-03' } });
    expect(own.statusCode).toBe(200);
    const days = own.json().days;
    expect(days.map((d) => d.expectedSeconds)).toEqual([0, 0, 4 * H, 0, 8 * H, 0, 0]);
    expect(days[0].off).toEqual([
      {
        kind: 'holiday',
        name: "Founders' Day",
        company: true,
        color: null,
        fraction: 1,
        seconds: 0,
        paid: false,
        compensation: false,
        creditSeconds: 0,
      },
    ]);
    expect(days[1].off).toMatchObject([
      { kind: 'leave', name: 'Vacation', fraction: 1, paid: true, creditSeconds: 8 * H },
    ]);
    expect(days[2].off).toMatchObject([
      { kind: 'leave', name: 'Vacation', fraction: 0.5, creditSeconds: 4 * H },
    ]);
    expect(days[3].off).toMatchObject([
      { name: 'Unpaid leave', paid: false, compensation: false, creditSeconds: 0 },
    ]);
    expect(days[4].off).toMatchObject([
      {
        name: 'Time in lieu',
        fraction: 0,
        seconds: 2 * H,
        paid: false,
        compensation: true,
        creditSeconds: 0,
      },
    ]);
    expect(days[5].off).toEqual([]);
    // The manager reviewing the week reads the same rows.
    const reviewed = await manager.call(timesheetsApi.get, {
      query: { week: '2025-11-03', userId: worker.id },
    });
    expect(reviewed.json().days.map((d) => d.off)).toEqual(days.map((d) => d.off));
  });

  it('credits leave only with what a half holiday leaves of the day', async () => {
    const { api: admin } = await t.userClient('admin', joined);
    const { api: employee } = await t.userClient('employee', joined);
    expect(
      (
        await admin.call(timeOffApi.addHoliday, {
          body: { date: '2025-11-12', kind: 'added', name: 'Half holiday', halfDay: true },
        })
      ).statusCode,
    ).toBe(201);
    const sick = (await employee.call(timeOffApi.types, { query: {} }))
      .json()
      .find((x) => x.name === 'Sick leave');
    expect(sick).toBeDefined();
    const res = await employee.call(timeOffApi.request, {
      body: { typeId: sick?.id ?? '', startDate: '2025-11-12', endDate: '2025-11-12' },
    });
    expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
    const wednesday = (await employee.call(timesheetsApi.get, { query: { week: '2025-11-10' } })).json()
      .days[2];
    expect(wednesday.expectedSeconds).toBe(0);
    expect(wednesday.off.map((o) => [o.kind, o.fraction, o.creditSeconds])).toEqual([
      ['holiday', 0.5, 0],
      ['leave', 1, 4 * H],
    ]);
  });
});
