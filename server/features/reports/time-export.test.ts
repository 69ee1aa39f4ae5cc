import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_TYPE, type TimeGrid, type TimeReport, XLSX_TYPE } from '@contract/reports';
import { settings } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { createTestApp, type TestContext, type TestClient } from '../../test/harness';
import { timeFixtures } from '../../test/time-fixtures';
import { parseCsv, sheetRows } from '../../test/exports';

const clock = fixedClock('2025-04-02T12:00:00Z');
let t: TestContext;
let manager: TestClient;
const WEEK = 'from=2025-03-24&to=2025-03-30';

beforeAll(async () => {
  t = await createTestApp({ clock });
  const fx = timeFixtures(t.db);
  await t.db.insert(settings).values({ id: 1, timeZone: 'Europe/Berlin' });
  const anna = await t.userClient('employee', { firstName: 'Anna', lastName: 'Adler' });
  const ben = await t.userClient('employee', { firstName: '=Ben', lastName: 'Berg' });
  manager = await t.userClient('manager', { firstName: 'Maria', lastName: 'Meyer' });
  await fx.team('Delivery', [manager.user.id], [anna.user.id, ben.user.id]);
  const apollo = (await fx.project({ name: 'Apollo, "the first"' })).id;
  await fx.entry(anna.user.id, '2025-03-24T08:00:00Z', '2025-03-24T10:20:00Z', { projectId: apollo });
  await fx.entry(anna.user.id, '2025-03-25T21:00:00Z', '2025-03-26T01:00:00Z');
  await fx.entry(ben.user.id, '2025-03-29T22:00:00Z', '2025-03-30T02:00:00Z', { projectId: apollo });
});
afterAll(() => t.close());

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

describe('time report exports', () => {
  for (const groupBy of ['project', 'user'] as const) {
    it(`by ${groupBy}: CSV and .xlsx read back equal the JSON report, with a totals row`, async () => {
      const query = `${WEEK}&groupBy=${groupBy}`;
      const json = (await manager.api.get(`/api/reports/time?${query}`)).json() as TimeReport;
      expect(json.rows.length).toBeGreaterThan(1);
      const expected = [
        ...json.rows.map((r) => [r.label, hours(r.seconds), Math.round(r.share * 1000) / 10]),
        ['Total', hours(json.totalSeconds), 100],
      ];

      const csv = await manager.api.get(`/api/reports/time.csv?${query}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe(CSV_TYPE);
      expect(csv.headers['content-disposition']).toBe(
        `attachment; filename="time-by-${groupBy}-2025-03-24-to-2025-03-30.csv"`,
      );
      const [header, ...lines] = parseCsv(csv.body);
      expect(header).toEqual([groupBy === 'project' ? 'Project' : 'User', 'Hours', 'Share (%)']);
      // Text a spreadsheet would run as a formula is defused with an apostrophe.
      const fromCsv = lines.map(([label, h, share]) => [label.replace(/^'=/, '='), Number(h), Number(share)]);
      expect(fromCsv).toEqual(expected);

      const xlsx = await manager.api.get(`/api/reports/time.xlsx?${query}`);
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toBe(XLSX_TYPE);
      const { rows } = await sheetRows(xlsx.rawPayload);
      expect(rows[0]).toEqual([groupBy === 'project' ? 'Project' : 'User', 'Hours', 'Share (%)']);
      expect(rows.slice(1)).toEqual(expected);
    });
  }

  it('by day: dates are date cells and hours are numbers', async () => {
    const query = `${WEEK}&groupBy=day`;
    const json = (await manager.api.get(`/api/reports/time?${query}`)).json() as TimeReport;
    const xlsx = await manager.api.get(`/api/reports/time.xlsx?${query}`);
    const { sheet, rows } = await sheetRows(xlsx.rawPayload);
    expect(rows[0]).toEqual(['Day', 'Period', 'Hours', 'Share (%)']);
    expect(rows.slice(1, -1)).toEqual(
      json.rows.map((r) => [
        new Date(`${r.key}T00:00:00Z`),
        r.label,
        hours(r.seconds),
        Math.round(r.share * 1000) / 10,
      ]),
    );
    expect(sheet.getCell('A2').type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getCell('A2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell('C2').type).toBe(ExcelJS.ValueType.Number);
    expect(rows.at(-1)).toEqual(['Total', undefined, hours(json.totalSeconds), 100]);

    const csv = parseCsv((await manager.api.get(`/api/reports/time.csv?${query}`)).body);
    expect(csv.slice(1, -1)).toEqual(
      json.rows.map((r) => [
        r.key,
        r.label,
        String(hours(r.seconds)),
        String(Math.round(r.share * 1000) / 10),
      ]),
    );
    expect(csv.at(-1)).toEqual(['Total', '', String(hours(json.totalSeconds)), '100']);
  });
});

describe('time grid exports', () => {
  it('CSV and .xlsx read back equal the JSON grid, with day totals last', async () => {
    const grid = (await manager.api.get(`/api/reports/time-grid?${WEEK}`)).json() as TimeGrid;
    const expected = [
      ['User', ...grid.days, 'Total'],
      ...grid.rows.map((r) => [r.name, ...r.seconds.map(hours), hours(r.totalSeconds)]),
      ['Total', ...grid.dayTotals.map(hours), hours(grid.totalSeconds)],
    ];
    expect(expected.at(-1)).toEqual(['Total', 2.33, 2, 2, 0, 0, 1, 3, 10.33]);

    const csv = parseCsv((await manager.api.get(`/api/reports/time-grid.csv?${WEEK}`)).body);
    expect(
      csv.map((row, i) => (i === 0 ? row : [row[0].replace(/^'=/, '='), ...row.slice(1).map(Number)])),
    ).toEqual(expected);
    const { rows } = await sheetRows(
      (await manager.api.get(`/api/reports/time-grid.xlsx?${WEEK}`)).rawPayload,
    );
    expect(rows).toEqual(expected);
  });
});
