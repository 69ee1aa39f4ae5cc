import { TYPE_IN_USE, timeOffApi } from '@contract/time-off';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { createTestApp, type TestContext } from '../../test/harness';

// Wednesday 29 October 2025.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2025-10-29T12:00:00Z') });
});
afterAll(() => t.close());

const fields = {
  color: '#22c55e',
  paid: true,
  allowance: false,
  approval: false,
  halfDays: true,
  hours: false,
  privateReason: false,
  compensation: false,
  allowNegative: false,
};

describe('leave types in use (docs/product/time-off.md#types)', () => {
  it('a requested type says so and can only be archived; an unused one is deleted', async () => {
    const { api: admin } = await t.userClient('admin', { createdAt: new Date('2025-01-01T00:00:00Z') });
    const used = (
      await admin.call(timeOffApi.createType, { body: { ...fields, name: 'Moving day' } })
    ).json();
    const unused = (
      await admin.call(timeOffApi.createType, { body: { ...fields, name: 'Jury duty' } })
    ).json();
    expect([used.inUse, unused.inUse]).toEqual([false, false]);
    const made = await admin.call(timeOffApi.request, {
      body: { typeId: used.id, startDate: '2025-11-03', endDate: '2025-11-03' },
    });
    expect(made.statusCode).toBe(201);

    const listed = (await admin.call(timeOffApi.types, { query: { archived: 'true' } })).json();
    const inUse = Object.fromEntries(listed.map((type) => [type.name, type.inUse]));
    expect(inUse['Moving day']).toBe(true);
    expect(inUse['Jury duty']).toBe(false);

    const refused = await admin.call(timeOffApi.deleteType, { params: { id: used.id } });
    expect(refused.statusCode).toBe(409);
    expect(JSON.parse(refused.body).message).toBe(TYPE_IN_USE);
    const kept = await admin.call(timeOffApi.requests, { query: { userId: made.json().userId } });
    expect(kept.json().map((r) => r.typeName)).toEqual(['Moving day']);

    expect((await admin.call(timeOffApi.deleteType, { params: { id: unused.id } })).statusCode).toBe(204);
    const archived = await admin.call(timeOffApi.updateType, {
      params: { id: used.id },
      body: { archived: true },
    });
    expect(archived.json()).toMatchObject({ archived: true, inUse: true });
  });
});
