import Holidays from 'date-holidays';
import { addDays } from '@contract/zoned-time';
import { type SQL, sql } from 'drizzle-orm';
import { inIds, rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';

/**
 * The days a person does not owe (docs/product/time-off.md): public holidays of their region and the
 * organisation's own days, and their approved leave. The ledger's expected time reads them
 * (server/core/time/expected.ts), so every screen that shows expected time treats them alike.
 */
export type HolidayDay = {
  kind: 'holiday';
  name: string;
  /** 1, or 0.5 for a half day */
  fraction: number;
  /** the organisation's (or a team's) own day, not one of the data set's public holidays */
  company: boolean;
};
export type LeaveDay = {
  kind: 'leave';
  requestId: string;
  typeId: string;
  typeName: string;
  color: string;
  paid: boolean;
  compensation: boolean;
  privateReason: boolean;
  /** the part of the day taken: 1, 0.5 at a half end; 0 for an hourly request (see `seconds`) */
  fraction: number;
  /** an hourly request's seconds */
  seconds: number;
};
export type OffDay = HolidayDay | LeaveDay;
export type Region = { country: string | null; region: string | null };

const calendars = new Map<string, Holidays>();
const years = new Map<string, Map<string, string>>();

/** The public holidays of a region's year from the date-holidays data set (CC BY-SA 3.0, credited in the README), by day. */
function publicHolidays(region: Region, year: number): Map<string, string> {
  if (!region.country) return new Map();
  const key = `${region.country}/${region.region ?? ''}/${year}`;
  let days = years.get(key);
  if (!days) {
    const regionKey = `${region.country}/${region.region ?? ''}`;
    let hd = calendars.get(regionKey);
    if (!hd) {
      hd = region.region ? new Holidays(region.country, region.region) : new Holidays(region.country);
      hd.setLanguages?.('en');
      calendars.set(regionKey, hd);
    }
    days = new Map();
    for (const h of hd.getHolidays(year, 'en') ?? []) {
      if (h.type !== 'public') continue;
      days.set(h.date.slice(0, 10), h.name);
    }
    if (years.size > 500) years.clear();
    years.set(key, days);
  }
  return days;
}

/** The countries the data set knows, and a country's regions (for the admin's picker). */
export function holidayCountries(): { code: string; name: string }[] {
  const hd = new Holidays();
  return Object.entries(hd.getCountries('en') ?? {}).map(([code, name]) => ({ code, name }));
}
export function holidayRegions(country: string): { code: string; name: string }[] {
  const hd = new Holidays();
  return Object.entries(hd.getStates(country, 'en') ?? {}).map(([code, name]) => ({ code, name }));
}
export function isHolidayRegion(country: string, region: string | null): boolean {
  const hd = new Holidays();
  if (!hd.getCountries('en')?.[country]) return false;
  return region === null || Boolean(hd.getStates(country, 'en')?.[region]);
}

type Override = {
  date: string;
  kind: 'added' | 'removed';
  name: string;
  half_day: boolean;
  team_id: string | null;
};

/**
 * The holidays of a region from `from` to `to` (inclusive): the data set's public holidays, less
 * those the organisation removed, plus its own days (a team's own with `teamId`), by day.
 */
export function holidaysOf(
  region: Region,
  overrides: Override[],
  teamId: string | null,
  from: string,
  to: string,
) {
  const days = new Map<string, HolidayDay>();
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const [day, name] of publicHolidays(region, year)) {
      if (day >= from && day <= to) days.set(day, { kind: 'holiday', name, fraction: 1, company: false });
    }
  }
  // The organisation's overrides first, then a team's, which win for its people.
  for (const o of [
    ...overrides.filter((x) => !x.team_id),
    ...overrides.filter((x) => x.team_id === teamId && teamId),
  ]) {
    if (o.date < from || o.date > to) continue;
    if (o.kind === 'removed') days.delete(o.date);
    else days.set(o.date, { kind: 'holiday', name: o.name, fraction: o.half_day ? 0.5 : 1, company: true });
  }
  return days;
}

/** The organisation's holiday region: its one row, or none while nothing is saved. */
const ORGANISATION_REGION = sql`select holiday_country as country, holiday_region as region
  from time_off_settings where id = 1`;
const regionOf = (row: Partial<Region> | null | undefined): Region => ({
  country: row?.country ?? null,
  region: row?.region ?? null,
});

/** The organisation's holiday region. */
export async function organisationRegion(db: Db): Promise<Region> {
  const [row] = await rowsOf<Region>(db, ORGANISATION_REGION);
  return regionOf(row);
}

type LeaveRow = {
  user_id: string;
  id: string;
  type_id: string;
  type_name: string;
  color: string;
  paid: boolean;
  compensation: boolean;
  private_reason: boolean;
  start_date: string;
  end_date: string;
  start_half: boolean;
  end_half: boolean;
  hours: string | number | null;
};

/** The part of each day of a request: whole days, halves at its ends, or an hourly request's seconds. */
export function requestDays(r: {
  startDate: string;
  endDate: string;
  startHalf: boolean;
  endHalf: boolean;
  hours: number | null;
}): Map<string, { fraction: number; seconds: number }> {
  const days = new Map<string, { fraction: number; seconds: number }>();
  for (let day = r.startDate; day <= r.endDate; day = addDays(day, 1)) {
    if (r.hours !== null) days.set(day, { fraction: 0, seconds: Math.round(r.hours * 3600) });
    else {
      let fraction = 1;
      if (day === r.startDate && r.startHalf) fraction -= 0.5;
      if (day === r.endDate && r.endHalf) fraction -= 0.5;
      days.set(day, { fraction: Math.max(fraction, 0), seconds: 0 });
    }
  }
  return days;
}

export type OffDaysOptions = {
  /**
   * The same people as a subquery selecting their ids (`select u.id from users u where …`), for the
   * queries to use instead of sending every id again (rows.ts, `inIds`).
   */
  who?: SQL;
  /**
   * Holidays only, without leave: what a request's cost needs (leave-cost.ts reads only the
   * holidays), so 1,000 people's allowances skip reading and spreading every approved request.
   */
  holidaysOnly?: boolean;
};

/**
 * Each person's days off from `from` to `to` (inclusive): holidays of their region (their first
 * team with a region of its own, else the organisation's) and their approved leave. One query
 * for any number of people. The maps are read-only: people without leave share their region's.
 */
export async function offDays(
  db: Db,
  userIds: readonly string[],
  from: string,
  to: string,
  options: OffDaysOptions = {},
): Promise<Map<string, Map<string, OffDay[]>>> {
  const result = new Map<string, Map<string, OffDay[]>>();
  if (userIds.length === 0) return result;
  // One statement, each part a JSON list: four round trips were a third of the dashboard's
  // statements, and in parallel they held four of the pool's connections (docs/performance.md).
  const who = inIds(options.who ?? userIds);
  const [parts] = await rowsOf<{
    organisation: Region | null;
    teams: { user_id: string; team_id: string; country: string; region: string | null }[];
    overrides: Override[];
    leave: LeaveRow[];
  }>(
    db,
    sql`select
        (select row_to_json(o) from (${ORGANISATION_REGION}) o) as organisation,
        coalesce((select json_agg(x) from (
          select distinct on (m.user_id) m.user_id::text as user_id, t.id::text as team_id,
            t.holiday_country as country, t.holiday_region as region
          from team_members m join teams t on t.id = m.team_id
          where m.user_id ${who} and t.holiday_country is not null
          order by m.user_id, lower(t.name), t.id) x), '[]') as teams,
        coalesce((select json_agg(x) from (
          select date::text as date, kind, name, half_day, team_id::text as team_id from holiday_overrides
          where date between ${from}::date and ${to}::date) x), '[]') as overrides,
        ${
          options.holidaysOnly
            ? sql`'[]'::json`
            : sql`coalesce((select json_agg(x) from (
                select r.user_id::text as user_id, r.id::text as id, r.type_id::text as type_id,
                  t.name as type_name, t.color, t.paid, t.compensation, t.private_reason,
                  r.start_date::text as start_date, r.end_date::text as end_date, r.start_half, r.end_half, r.hours
                from leave_requests r join leave_types t on t.id = r.type_id
                where r.user_id ${who} and r.status = 'approved'
                  and r.start_date <= ${to}::date and r.end_date >= ${from}::date) x), '[]')`
        } as leave`,
  );
  const organisation = regionOf(parts.organisation);
  const { teams, overrides, leave } = parts;
  const teamOf = new Map(teams.map((t) => [t.user_id, t]));
  // One map of days per region, shared by everyone of that region who has no leave in the range
  // (1,000 people are a handful of maps, not 1,000 copies); only people with leave get their own copy.
  const regionDays = new Map<string, Map<string, OffDay[]>>();
  const withLeave = new Set(leave.map((r) => r.user_id));
  for (const userId of userIds) {
    const team = teamOf.get(userId);
    const region = team ? { country: team.country, region: team.region } : organisation;
    const key = team ? `team:${team.team_id}` : 'organisation';
    let days = regionDays.get(key);
    if (!days) {
      days = new Map();
      for (const [day, h] of holidaysOf(region, overrides, team?.team_id ?? null, from, to))
        days.set(day, [h]);
      regionDays.set(key, days);
    }
    result.set(userId, withLeave.has(userId) ? new Map(days) : days);
  }
  for (const r of leave) {
    const days = result.get(r.user_id);
    if (!days) continue;
    const parts = requestDays({
      startDate: r.start_date,
      endDate: r.end_date,
      startHalf: r.start_half,
      endHalf: r.end_half,
      hours: r.hours === null ? null : Number(r.hours),
    });
    for (const [day, part] of parts) {
      if (day < from || day > to) continue;
      const entry: LeaveDay = {
        kind: 'leave',
        requestId: r.id,
        typeId: r.type_id,
        typeName: r.type_name,
        color: r.color,
        paid: r.paid,
        compensation: r.compensation,
        privateReason: r.private_reason,
        ...part,
      };
      days.set(day, [...(days.get(day) ?? []), entry]);
    }
  }
  return result;
}
