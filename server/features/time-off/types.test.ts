import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '@contract/admin';
import { TYPE_IN_USE, TYPE_NAME_TAKEN, timeOffApi } from '@contract/time-off';
import { asked, ok, timeOffApp, typeBody } from '../../test/time-off';
import { MISSING_ID } from '../../test/harness';
import { english } from '../../test/messages';

/** Leave types and the organisation's rules (docs/product/time-off.md#types, #allowances). */
let app: Awaited<ReturnType<typeof timeOffApp>>;
beforeAll(async () => {
  app = await timeOffApp('2025-10-29T12:00:00Z', { region: false });
});
afterAll(() => app.t.close());

const type = (name: string) => typeBody(name, { color: '#0ea5e9', halfDays: true });

describe('leave types', () => {
  it('starts an organisation with Vacation, Sick leave, Unpaid leave and Overtime compensation', async () => {
    const { api } = await app.t.userClient('employee');
    const types = await ok(api, timeOffApi.types, {});
    expect(types.map(({ id, ...rest }) => rest)).toEqual([
      {
        name: 'Vacation',
        color: '#0ea5e9',
        paid: true,
        allowance: true,
        approval: true,
        halfDays: true,
        hours: false,
        privateReason: false,
        compensation: false,
        allowNegative: false,
        archived: false,
        inUse: false,
      },
      {
        name: 'Sick leave',
        color: '#f43f5e',
        paid: true,
        allowance: false,
        approval: false,
        halfDays: true,
        hours: false,
        privateReason: true,
        compensation: false,
        allowNegative: false,
        archived: false,
        inUse: false,
      },
      {
        name: 'Unpaid leave',
        color: '#a855f7',
        paid: false,
        allowance: false,
        approval: true,
        halfDays: true,
        hours: false,
        privateReason: false,
        compensation: false,
        allowNegative: false,
        archived: false,
        inUse: false,
      },
      {
        name: 'Overtime compensation',
        color: '#f59e0b',
        paid: true,
        allowance: false,
        approval: true,
        halfDays: false,
        hours: true,
        privateReason: false,
        compensation: true,
        allowNegative: false,
        archived: false,
        inUse: false,
      },
    ]);
  });

  it('lets only admins add, change, archive and delete types', async () => {
    const types = await ok(app.admin.api, timeOffApi.types, {});
    for (const role of ['employee', 'manager'] as const) {
      const { api } = await app.t.userClient(role);
      const id = { params: { id: types[0].id } };
      for (const res of [
        await api.call(timeOffApi.createType, { body: type('Sabbatical') }),
        await api.call(timeOffApi.updateType, { ...id, body: { name: 'Holiday' } }),
        await api.call(timeOffApi.deleteType, id),
        await api.call(timeOffApi.savePolicy, {
          body: { entitlementDays: 30, carryOverMaxDays: 5, carryOverUntil: '03-31' },
        }),
      ])
        expect(res.statusCode, res.body).toBe(403);
    }
    expect(await ok(app.admin.api, timeOffApi.types, {})).toEqual(types);
  });

  it('adds a type under a unique name (any case); refuses bad fields with their messages', async () => {
    const made = await ok(app.admin.api, timeOffApi.createType, { body: type('Training') }, 201);
    expect(made).toMatchObject({ name: 'Training', archived: false, inUse: false });
    const again = await app.admin.api.call(timeOffApi.createType, { body: type(' TRAINING ') });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: english(TYPE_NAME_TAKEN),
      fieldErrors: { name: [english(TYPE_NAME_TAKEN)] },
    });
    const renamed = await app.admin.api.call(timeOffApi.updateType, {
      params: { id: made.id },
      body: { name: 'vacation' },
    });
    expect(renamed.statusCode).toBe(409);
    for (const [body, message] of [
      [{ ...type('Both'), hours: true }, 'A type is taken in half days or in hours, not both'],
      [{ ...type('Pink'), color: 'pink' }, 'Use a colour like #0ea5e9'],
      [{ ...type('') }, 'Give the leave type a name'],
      [{ ...type('x'.repeat(61)) }, 'Name must be at most 60 characters'],
    ] as const) {
      const res = await app.admin.api.call(timeOffApi.createType, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const both = await app.admin.api.call(timeOffApi.updateType, {
      params: { id: made.id },
      body: { halfDays: true, hours: true },
    });
    expect(both.statusCode).toBe(400);
    expect(
      (
        await app.admin.api.call(timeOffApi.updateType, {
          params: { id: MISSING_ID },
          body: { name: 'Gone' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('archives a type (not offered, its requests keep counting) and deletes only one never requested', async () => {
    const { api } = await app.t.userClient('employee', app.joined);
    const used = await ok(app.admin.api, timeOffApi.createType, { body: type('Moving day') }, 201);
    const unused = await ok(app.admin.api, timeOffApi.createType, { body: type('Jury duty') }, 201);
    const request = await asked(api, { typeId: used.id, startDate: '2025-11-03', endDate: '2025-11-03' });
    expect(request.status).toBe('approved');
    const inUse = await app.admin.api.call(timeOffApi.deleteType, { params: { id: used.id } });
    expect(inUse.statusCode).toBe(409);
    expect(JSON.parse(inUse.body).message).toBe(english(TYPE_IN_USE));
    const archived = await ok(app.admin.api, timeOffApi.updateType, {
      params: { id: used.id },
      body: { archived: true, color: '#111111' },
    });
    expect(archived).toMatchObject({ archived: true, inUse: true, color: '#111111' });
    expect((await ok(api, timeOffApi.types, {})).map((t) => t.id)).not.toContain(used.id);
    expect((await ok(api, timeOffApi.types, { query: { archived: 'true' } })).map((t) => t.id)).toContain(
      used.id,
    );
    // The request still counts and reads under its type.
    expect((await ok(api, timeOffApi.requests, {})).find((r) => r.id === request.id)).toMatchObject({
      typeName: 'Moving day',
      status: 'approved',
    });
    await ok(app.admin.api, timeOffApi.updateType, { params: { id: used.id }, body: { archived: false } });
    expect((await ok(api, timeOffApi.types, {})).map((t) => t.id)).toContain(used.id);

    expect((await app.admin.api.call(timeOffApi.deleteType, { params: { id: unused.id } })).statusCode).toBe(
      204,
    );
    expect((await app.admin.api.call(timeOffApi.deleteType, { params: { id: unused.id } })).statusCode).toBe(
      404,
    );

    const audit = await ok(app.admin.api, adminApi.audit, { query: { action: 'leave_type_changed' } });
    const of = (id: string) => audit.filter((e) => e.details?.typeId === id).map((e) => e.details);
    // The clock stands still here: entries of one instant come in any order.
    expect(of(unused.id)).toHaveLength(2);
    expect(of(unused.id)).toEqual(
      expect.arrayContaining([
        { typeId: unused.id, name: 'Jury duty', deleted: true },
        { typeId: unused.id, created: type('Jury duty') },
      ]),
    );
    expect(
      of(used.id).find((d) => (d as { changes?: { archived?: { to: boolean } } }).changes?.archived?.to),
    ).toMatchObject({
      name: 'Moving day',
      changes: { archived: { from: false, to: true }, color: { from: '#0ea5e9', to: '#111111' } },
    });
  });
});

describe('the rules', () => {
  it('reads the rules for everyone; saves them for admins (audited); refuses bad ones', async () => {
    const { api } = await app.t.userClient('employee');
    expect(await ok(api, timeOffApi.policy, {})).toEqual({
      entitlementDays: 25,
      carryOverMaxDays: 5,
      carryOverUntil: '03-31',
    });
    const rules = { entitlementDays: 27.5, carryOverMaxDays: 3, carryOverUntil: '04-30' };
    expect(await ok(app.admin.api, timeOffApi.savePolicy, { body: rules })).toEqual(rules);
    expect(await ok(api, timeOffApi.policy, {})).toEqual(rules);
    for (const [body, message] of [
      [{ ...rules, carryOverUntil: '13-01' }, 'Use the format MM-DD, such as 03-31'],
      [{ ...rules, entitlementDays: 25.3 }, 'Days go in halves'],
      [{ ...rules, entitlementDays: -1 }, 'Entitlement must be between 0 and 366 days'],
      [{ ...rules, carryOverMaxDays: 400 }, 'Carry-over must be between 0 and 366 days'],
    ] as const) {
      const res = await app.admin.api.call(timeOffApi.savePolicy, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const [entry] = await ok(app.admin.api, adminApi.audit, { query: { action: 'settings_changed' } });
    expect(entry.details).toEqual({
      timeOff: {
        entitlementDays: { from: 25, to: 27.5 },
        carryOverMaxDays: { from: 5, to: 3 },
        carryOverUntil: { from: '03-31', to: '04-30' },
      },
    });
    await ok(app.admin.api, timeOffApi.savePolicy, {
      body: { entitlementDays: 25, carryOverMaxDays: 5, carryOverUntil: '03-31' },
    });
  });
});
