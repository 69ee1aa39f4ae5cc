import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimeReport } from '@contract/reports';
import { settings, users } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { createTestApp, type TestClient, type TestContext } from '../../test/harness';
import { timeFixtures } from '../../test/time-fixtures';
import { sheetRows } from '../../test/exports';

/**
 * Exports in the requester's language (docs/decisions/035-languages.md#exports): a German reader's
 * CSV has German headers, `;` between fields, decimal commas and a UTF-8 byte-order mark; the
 * .xlsx translates headers and sheet names and keeps numbers numbers. An English reader's files are
 * byte for byte what they were (the other export tests say so).
 */
const clock = fixedClock('2025-04-02T12:00:00Z');
let t: TestContext;
let german: TestClient;
let english: TestClient;
const WEEK = 'from=2025-03-24&to=2025-03-30';

beforeAll(async () => {
  t = await createTestApp({ clock });
  const fx = timeFixtures(t.db);
  await t.db.insert(settings).values({ id: 1, timeZone: 'Europe/Berlin' });
  const anna = await t.userClient('employee', { firstName: 'Anna', lastName: 'Adler' });
  german = await t.userClient('manager', { firstName: 'Maria', lastName: 'Meyer', language: 'de' });
  english = await t.userClient('manager', { firstName: 'Eli', lastName: 'Evans', language: 'en' });
  await fx.team('Delivery', [german.user.id, english.user.id], [anna.user.id]);
  const apollo = (await fx.project({ name: 'Apollo; "the first"' })).id;
  // 2 h 20 min: 2.33 hours, a decimal a German spreadsheet must read as a number.
  await fx.entry(anna.user.id, '2025-03-24T08:00:00Z', '2025-03-24T10:20:00Z', { projectId: apollo });
  await fx.entry(anna.user.id, '2025-03-25T21:00:00Z', '2025-03-26T01:00:00Z');
  await fx.entry(german.user.id, '2025-03-26T08:00:00Z', '2025-03-26T09:30:00Z', { description: 'Planung' });
});
afterAll(() => t.close());

describe('report exports for a German reader', () => {
  it('CSV: German headers, semicolons, decimal commas, a byte-order mark', async () => {
    const res = await german.api.get(`/api/reports/time.csv?${WEEK}&groupBy=project`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="time-by-project-2025-03-24-to-2025-03-30.csv"',
    );
    const json = (await german.api.get(`/api/reports/time?${WEEK}&groupBy=project`)).json() as TimeReport;
    expect(json.rows.map((r) => r.label).sort()).toEqual(['Apollo; "the first"', 'Kein Projekt']);
    expect(res.body.startsWith('\uFEFFProjekt;Stunden;Anteil (%)\r\n')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines).toContain('"Apollo; ""the first""";2,33;29,8');
    expect(lines).toContain('Kein Projekt;5,5;70,2');
    expect(lines).toContain('Gesamt;7,83;100');
    const weeks = (await german.api.get(`/api/reports/time?${WEEK}&groupBy=week`)).json() as TimeReport;
    expect(weeks.rows.map((r) => r.label)).toEqual(['Woche vom 24. März 2025']);
  });

  it('the same report for an English reader is as it always was', async () => {
    const res = await english.api.get(`/api/reports/time.csv?${WEEK}&groupBy=project`);
    expect(res.body).toBe(
      'Project,Hours,Share (%)\r\nNo project,5.5,70.2\r\n"Apollo; ""the first""",2.33,29.8\r\nTotal,7.83,100\r\n',
    );
  });

  it('.xlsx: German headers and sheet names, numbers stay numbers', async () => {
    const xlsx = await german.api.get(`/api/reports/time.xlsx?${WEEK}&groupBy=project`);
    const { sheet, rows } = await sheetRows(xlsx.rawPayload);
    expect(sheet.name).toBe('Zeit nach Projekt');
    expect(rows[0]).toEqual(['Projekt', 'Stunden', 'Anteil (%)']);
    expect(rows.at(-1)).toEqual(['Gesamt', 7.83, 100]);
    const tasks = await german.api.get(`/api/reports/tasks.xlsx?${WEEK}`);
    const { sheet: first } = await sheetRows(tasks.rawPayload);
    expect(first.name).toBe('Erledigt pro Woche');
  });

  it('the time-entries CSV of a German user', async () => {
    const res = await german.api.get('/api/time-entries/export?from=2025-03-26&to=2025-03-26');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      '\uFEFFDatum;Beginn;Ende;Dauer (Std.);Dauer (Sek.);Projekt;Aufgabe;Beschreibung\r\n' +
        '2025-03-26;09:00;10:30;1,50;5400;;;Planung\r\n',
    );
  });

  it('switching the language to English gives the English file again', async () => {
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, german.user.id));
    const res = await german.api.get('/api/time-entries/export?from=2025-03-26&to=2025-03-26');
    expect(res.body).toBe(
      'Date,Start,End,Duration (h),Duration (s),Project,Task,Description\r\n' +
        '2025-03-26,09:00,10:30,1.50,5400,,,Planung\r\n',
    );
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, german.user.id));
  });
});
