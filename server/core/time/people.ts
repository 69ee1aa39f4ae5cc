import { ORGANISATION_SCHEDULE } from '@contract/schedules';
import { addDays, isValidTimeZone, zonedDate } from '@contract/zoned-time';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import { type OffDay, offDays } from './calendar';
import { activeAccount } from '../../db/accounts';

/**
 * A person as the ledger of hours counts them (docs/product/time-tracking.md#ledger): the zone their
 * days are counted in (their own, else the organisation's), the minutes their schedule expects per
 * weekday, and the day they joined (no hours are owed before it), in that zone.
 */
export type TimePerson = {
  userId: string;
  name: string;
  /** the zone this person's days count in */
  zone: string;
  /** true when the zone is the organisation's (the person has none of their own) */
  organisationZone: boolean;
  /** expected minutes Monday (0) … Sunday (6) */
  minutes: readonly number[];
  /** 'YYYY-MM-DD': the day the account was created, in `zone` */
  since: string;
  /** holidays and approved leave by day, over the range the people were read for (as `TimePeopleOptions.off` asked) */
  off: Map<string, OffDay[]>;
  /** an active, approved account: reports list them even when they tracked nothing */
  active: boolean;
};

/** The zone a person's days count in: their own when the runtime knows it, else the organisation's. */
export const zoneOf = (own: string | null | undefined, organisationZone: string) =>
  own && isValidTimeZone(own) ? own : organisationZone;

/**
 * The people the `where` condition selects (on `u`, the users table) with only the zone their days
 * count in: for what needs no schedule (whose ledger days to read, as billing does). One query.
 */
export async function zonedPeople(
  db: Db,
  where: SQL,
  organisationZone: string,
): Promise<Pick<TimePerson, 'userId' | 'zone'>[]> {
  const rows = await rowsOf<{ id: string; zone: string | null }>(
    db,
    sql`select u.id::text, u.time_zone as zone from users u where ${where} order by u.id`,
  );
  return rows.map((r) => ({ userId: r.id, zone: zoneOf(r.zone, organisationZone) }));
}

type Row = {
  id: string;
  name: string;
  zone: string | null;
  minutes: number[] | null;
  created: Date | string;
  team_id: string | null;
  team_name: string | null;
  team_minutes: number[] | null;
  active: boolean;
};

/**
 * The team whose default schedule a user without one of their own follows: the first by name of
 * their teams that has a default (docs/product/teams.md#team-default-schedules). A row (id, name, schedule_minutes)
 * or none.
 */
export const teamScheduleOf = (userId: SQL) =>
  sql`select t.id, t.name, t.schedule_minutes from team_members tm join teams t on t.id = tm.team_id
    where tm.user_id = ${userId} and t.schedule_minutes is not null
    order by lower(t.name), t.id limit 1`;

/**
 * The users `u` with their own schedule (`ws`) and their team's default (`ts`). One definition of
 * whose schedule a person follows, for the ledger and the schedule screen alike. The team defaults
 * are picked for everyone at once (the same rule as `teamScheduleOf`, by `distinct on`) and joined
 * by hash: a lookup per user took 6 of the 10 ms of reading 1,000 people (docs/performance.md).
 */
const PEOPLE_WITH_SCHEDULES = sql`users u
  left join work_schedules ws on ws.user_id = u.id
  left join (
    select distinct on (tm.user_id) tm.user_id, t.id, t.name, t.schedule_minutes
    from team_members tm join teams t on t.id = tm.team_id
    where t.schedule_minutes is not null
    order by tm.user_id, lower(t.name), t.id
  ) ts on ts.user_id = u.id`;

/** The columns `PEOPLE_WITH_SCHEDULES` gives a `Row`. */
const SCHEDULE_COLUMNS = sql`u.id, u.first_name || ' ' || u.last_name as name, u.time_zone as zone, ws.minutes,
  u.created_at as created, ts.id as team_id, ts.name as team_name, ts.schedule_minutes as team_minutes,
  ${activeAccount()} as active`;

/** Whose schedule a person follows, and its minutes: their own, else their team's, else the organisation's. */
export function followedSchedule(row: Pick<Row, 'minutes' | 'team_id' | 'team_name' | 'team_minutes'>) {
  if (row.minutes) return { source: 'own' as const, minutes: row.minutes, team: null };
  if (row.team_minutes && row.team_id && row.team_name)
    return {
      source: 'team' as const,
      minutes: row.team_minutes,
      team: { id: row.team_id, name: row.team_name },
    };
  return { source: 'organisation' as const, minutes: [...ORGANISATION_SCHEDULE], team: null };
}

/** One person's row as `PEOPLE_WITH_SCHEDULES` reads it (null when there is no such user). */
export async function scheduleRow(db: Db, userId: string): Promise<Row | null> {
  const [row] = await rowsOf<Row>(
    db,
    sql`select ${SCHEDULE_COLUMNS} from ${PEOPLE_WITH_SCHEDULES} where u.id = ${userId}`,
  );
  return row ?? null;
}

export type TimePeopleOptions = {
  /**
   * Which days off to read (default all): a request's cost needs only the holidays; what counts
   * tracked time alone (the time report, the week grid) needs none, and 1,000 people's leave and
   * holidays are then not read at all. Expected time needs all.
   */
  off?: 'all' | 'holidays' | 'none';
};

/** A person's days off when they have none (or none were read): one map for all, only ever read. */
const NO_DAYS_OFF: Map<string, OffDay[]> = new Map();

/**
 * The people the `where` condition selects (on `u`, the users table), with what the ledger needs
 * over the days `from`..`to` (their holidays and approved leave), ordered by name. `where` is the
 * caller's scope (whom they may see). Four queries for any number of people.
 */
export async function timePeople(
  db: Db,
  where: SQL,
  organisationZone: string,
  days: { from: string; to: string },
  options: TimePeopleOptions = {},
): Promise<TimePerson[]> {
  const rows = await rowsOf<Row>(
    db,
    sql`select ${SCHEDULE_COLUMNS}
        from ${PEOPLE_WITH_SCHEDULES}
        where ${where}
        order by u.first_name, u.last_name, u.id`,
  );
  const wanted = options.off ?? 'all';
  const off =
    wanted === 'none'
      ? new Map<string, Map<string, OffDay[]>>()
      : await offDays(
          db,
          rows.map((r) => r.id),
          days.from,
          days.to,
          { holidaysOnly: wanted === 'holidays', who: sql`select u.id from users u where ${where}` },
        );
  return rows.map((r) => {
    const zone = zoneOf(r.zone, organisationZone);
    return {
      userId: r.id,
      name: r.name,
      zone,
      organisationZone: !(r.zone && isValidTimeZone(r.zone)),
      minutes: followedSchedule(r).minutes,
      since: createdDay(r.created, zone),
      off: off.get(r.id) ?? NO_DAYS_OFF,
      active: r.active,
    };
  });
}

/**
 * The day an account was created on in a zone, remembered: the same people are read again and again,
 * and formatting 1,000 instants took 0.7 ms of every report over everyone (docs/performance.md).
 */
const createdDays = new Map<string, string>();
function createdDay(created: Date | string, zone: string) {
  const key = `${zone} ${typeof created === 'string' ? created : created.getTime()}`;
  let day = createdDays.get(key);
  if (day === undefined) {
    day = zonedDate(new Date(created), zone);
    if (createdDays.size >= 50_000) createdDays.clear();
    createdDays.set(key, day);
  }
  return day;
}

/** One person by id, read for the days `from`..`to` (null when there is none). */
export async function timePerson(
  db: Db,
  userId: string,
  organisationZone: string,
  days: { from: string; to: string },
) {
  const [person] = await timePeople(db, sql`u.id = ${userId}`, organisationZone, days);
  return person ?? null;
}

/**
 * The days a read around `now` may need, whatever the person's zone: today anywhere on earth is
 * within a day of UTC's, and "this month so far" starts on the 1st of that month.
 */
export function daysAround(now: Date, extra: { from?: string; to?: string } = {}) {
  const utc = now.toISOString().slice(0, 10);
  const yesterday = addDays(utc, -1);
  const from = [`${yesterday.slice(0, 8)}01`, extra.from ?? utc].sort()[0];
  const to = [addDays(utc, 1), extra.to ?? utc].sort()[1];
  return { from, to };
}
