import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeOffApi } from '@contract/time-off';
import { settings } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { createTestApp, type TestContext } from '../../test/harness';
import { listeningAs, quiet } from '../../test/live-socket';
import { ok, seededTypes, typeBody } from '../../test/time-off';
import { timeFixtures } from '../../test/time-fixtures';

/**
 * Time off's live events (docs/decisions/041-live-time-off.md): who hears of a request, a decision,
 * a cancellation, an allowance, the types and the holidays, by the read rules of
 * docs/product/time-off.md#who; and that no frame carries a reason. Now: Friday 15 May 2026.
 */
const clock = fixedClock('2026-05-15T10:00:00Z');
let t: TestContext;
let types: Awaited<ReturnType<typeof seededTypes>>;
beforeAll(async () => {
  t = await createTestApp({ clock, listen: true });
  await t.db.insert(settings).values({ id: 1, timeZone: 'Europe/Berlin' });
});
afterAll(() => t.close());

const joined = { createdAt: new Date('2024-01-01T00:00:00Z') };

const listening = (role: 'employee' | 'manager' | 'admin') => listeningAs(t, role, joined);

/**
 * An admin; a team of a manager, an employee and a teammate; and another team of a manager and an
 * outsider. Everyone listening.
 */
async function organisation() {
  const admin = await listening('admin');
  const manager = await listening('manager');
  const employee = await listening('employee');
  const teammate = await listening('employee');
  const outsider = await listening('employee');
  const otherManager = await listening('manager');
  const fx = timeFixtures(t.db);
  await fx.team(`Team ${Math.random()}`, [manager.user.id], [employee.user.id, teammate.user.id]);
  await fx.team(`Other ${Math.random()}`, [otherManager.user.id], [outsider.user.id]);
  types ??= await seededTypes(admin.api);
  const all = [admin, manager, employee, teammate, outsider, otherManager];
  return { admin, manager, employee, teammate, outsider, otherManager, all };
}
type Person = Awaited<ReturnType<typeof listening>>;

/** Waits until each of `hear` has `n` frames of the type, then checks `not` stayed at `m`. */
async function heardBy(type: string, hear: Person[], n: number, not: Person[] = [], m = 0) {
  for (const p of hear) await p.socket.heard(type, n);
  await quiet();
  for (const p of hear) expect(p.socket.count(type), `${type} ${p.user.email}`).toBe(n);
  for (const p of not) expect(p.socket.count(type), `${type} ${p.user.email}`).toBe(m);
}

describe('time off live events reach those who may read the change, and nobody else', () => {
  it('leave.changed: a pending request its owner, their managers and admins; once approved, their teammates too', async () => {
    const o = await organisation();
    const { admin, manager, employee, teammate, outsider, otherManager } = o;
    const asked = await ok(
      employee.api,
      timeOffApi.request,
      {
        body: {
          typeId: types.vacation,
          startDate: '2026-06-08',
          endDate: '2026-06-12',
          note: 'Secret surgery',
        },
      },
      201,
    );
    // Pending: the queue's people (owner, manager, admins); peers do not see pending requests.
    await heardBy('leave.changed', [employee, manager, admin], 1, [teammate, outsider, otherManager]);

    await ok(manager.api, timeOffApi.approve, { params: { id: asked.id }, body: {} });
    // Approved: it shows on the team calendar and "Who's out today" of everyone in the team.
    await heardBy('leave.changed', [employee, manager, admin], 2, [outsider, otherManager]);
    expect(teammate.socket.count('leave.changed')).toBe(1);

    // A request rejected while pending is again only the owner's, the managers' and the admins'.
    const second = await ok(
      employee.api,
      timeOffApi.request,
      { body: { typeId: types.vacation, startDate: '2026-07-06', endDate: '2026-07-06' } },
      201,
    );
    await ok(manager.api, timeOffApi.reject, { params: { id: second.id }, body: { comment: 'Busy' } });
    await heardBy('leave.changed', [employee, manager, admin], 4, [outsider, otherManager]);
    expect(teammate.socket.count('leave.changed')).toBe(1);

    // Cancelling the approved week takes it off the team's calendar: the teammate hears it.
    await ok(employee.api, timeOffApi.cancel, { params: { id: asked.id } });
    await teammate.socket.heard('leave.changed', 2);
    await heardBy('leave.changed', [employee, manager, admin], 5, [outsider, otherManager]);
    expect(teammate.socket.count('leave.changed')).toBe(2);

    // Sick leave needs no approval: approved at once, so the team hears — and never the reason.
    await ok(
      teammate.api,
      timeOffApi.request,
      { body: { typeId: types.sick, startDate: '2026-05-15', endDate: '2026-05-15', note: 'Migraine' } },
      201,
    );
    await heardBy('leave.changed', [teammate], 3, [outsider, otherManager]);
    await employee.socket.heard('leave.changed', 6);
    for (const p of o.all) {
      for (const f of p.socket.frames.filter((x) => x.type === 'leave.changed')) expect(f.data).toEqual({});
      const text = JSON.stringify(p.socket.frames);
      for (const secret of ['Secret surgery', 'Migraine', 'Sick leave', 'Busy'])
        expect(text).not.toContain(secret);
    }
    for (const p of o.all) p.socket.close();
  });

  it('allowances.changed: the person, their managers and admins, for an entitlement and an adjustment', async () => {
    const o = await organisation();
    const { admin, manager, employee, teammate, outsider, otherManager } = o;
    const params = { userId: employee.user.id };
    await ok(admin.api, timeOffApi.setEntitlement, { params, body: { days: 30 } });
    await heardBy('allowances.changed', [employee, manager, admin], 1, [teammate, outsider, otherManager]);
    await ok(admin.api, timeOffApi.adjust, { params, body: { year: 2026, days: 2, reason: 'Moved' } }, 201);
    await heardBy('allowances.changed', [employee, manager, admin], 2, [teammate, outsider, otherManager]);
    // A refused change tells nobody.
    expect(
      (await admin.api.call(timeOffApi.setEntitlement, { params, body: { days: 400 } })).statusCode,
    ).toBe(400);
    await heardBy('allowances.changed', [employee, manager, admin], 2);
    for (const p of o.all) p.socket.close();
  });

  it('leaveSettings.changed and holidays.changed: everyone, for types, rules, company days and the region', async () => {
    const o = await organisation();
    const { admin } = o;
    const type = await ok(
      admin.api,
      timeOffApi.createType,
      { body: typeBody(`Moving day ${Math.random()}`) },
      201,
    );
    await ok(admin.api, timeOffApi.updateType, { params: { id: type.id }, body: { color: '#654321' } });
    await ok(admin.api, timeOffApi.deleteType, { params: { id: type.id } }, 204);
    const policy = await ok(admin.api, timeOffApi.policy, {});
    await ok(admin.api, timeOffApi.savePolicy, { body: policy });
    await heardBy('leaveSettings.changed', o.all, 4);

    const eve = await ok(
      admin.api,
      timeOffApi.addHoliday,
      { body: { date: '2026-12-24', kind: 'added', name: 'Christmas Eve', halfDay: true } },
      201,
    );
    await ok(admin.api, timeOffApi.removeHoliday, { params: { id: eve.id as string } }, 204);
    await ok(admin.api, timeOffApi.saveRegion, { body: { country: 'DE', region: 'BE' } });
    await ok(admin.api, timeOffApi.saveRegion, { body: { country: null, region: null } });
    await heardBy('holidays.changed', o.all, 4);
    for (const p of o.all) p.socket.close();
  });
});
