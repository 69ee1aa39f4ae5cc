import { DATE_OUT_OF_RANGE, NOT_A_DATE } from '@contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PAGE } from '../../lib/openapi';
import { INVALID_DAYS, isDayNode, nodeOf } from '../../test/fuzz-inputs';
import { createTestApp, type TestContext } from '../../test/harness';
import { english } from '../../test/messages';

/**
 * Every date a route takes, in its query or its body, is checked as a date at the contract: each of
 * the fuzz test's invalid days is a 400 naming that field, never a 500 or a silent roll-over
 * (docs/product/api-conventions.md#dates).
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Place = { method: string; url: string; where: 'query' | 'body'; field: string };

function datePlaces(): Place[] {
  const places: Place[] = [];
  for (const route of t.app.registeredRoutes) {
    if (!route.url.startsWith('/api/') || route.url.startsWith(DOCS_PAGE)) continue;
    const schema = (route.schema ?? {}) as { querystring?: unknown; body?: unknown };
    for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) {
      for (const where of ['query', 'body'] as const) {
        const node = nodeOf(where === 'query' ? schema.querystring : schema.body);
        for (const [field, property] of Object.entries(node?.properties ?? {})) {
          if (isDayNode(property)) places.push({ method, url: route.url, where, field });
        }
      }
    }
  }
  return places;
}

const messageFor = (day: string) => {
  const year = Number(day.slice(0, 4));
  return year < 1900 || year > 2999 ? english(DATE_OUT_OF_RANGE) : english(NOT_A_DATE);
};

describe('dates are checked as dates on every route that takes one', () => {
  it('finds the date parameters of the API (reports, timesheets, time entries, attendance, audit…)', () => {
    const urls = new Set(datePlaces().map((p) => p.url));
    for (const url of [
      '/api/timesheets',
      '/api/timesheets/submit',
      '/api/admin/audit',
      '/api/reports/time',
    ]) {
      expect(urls).toContain(url);
    }
  });

  it('answers each invalid day with a 400 that names the field, as every role', async () => {
    const admin = await t.signIn(await t.createUser('admin'));
    const failures: string[] = [];
    for (const place of datePlaces()) {
      // A path with ids: any id will do, the input is judged before the record is looked up.
      const path = place.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      for (const day of INVALID_DAYS) {
        const res =
          place.where === 'query'
            ? await t.app.inject({
                method: place.method as 'GET',
                url: `${path}?${place.field}=${day}`,
                headers: { cookie: admin.cookie as string },
              })
            : await t.app.inject({
                method: place.method as 'POST',
                url: path,
                payload: { [place.field]: day },
                headers: { cookie: admin.cookie as string },
              });
        const body = res.json() as { fieldErrors?: Record<string, string[]> };
        const said = body.fieldErrors?.[place.field] ?? [];
        if (res.statusCode !== 400 || !said.includes(messageFor(day))) {
          failures.push(`${place.method} ${place.url} ${place.field}=${day}: ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('takes the last day of February in a leap year and the edges of the range', async () => {
    const { api } = await t.userClient('employee');
    for (const day of ['2028-02-29', '1900-01-01', '2999-12-31']) {
      expect((await api.get(`/api/timesheets?week=${day}`)).statusCode).toBe(200);
    }
  });
});
