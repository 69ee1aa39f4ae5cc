import { ORGANISATION_SCHEDULE } from '@contract/schedules';
import { isValidTimeZone, zonedDate } from '@contract/zoned-time';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';

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
};

/** The zone a person's days count in: their own when the runtime knows it, else the organisation's. */
export const zoneOf = (own: string | null | undefined, organisationZone: string) =>
  own && isValidTimeZone(own) ? own : organisationZone;

type Row = {
  id: string;
  name: string;
  zone: string | null;
  minutes: number[] | null;
  created: Date | string;
};

/**
 * The people the `where` condition selects (on `u`, the users table), with what the ledger needs,
 * in one query, ordered by name. `where` is the caller's scope (whom they may see).
 */
export async function timePeople(db: Db, where: SQL, organisationZone: string): Promise<TimePerson[]> {
  const rows = await rowsOf<Row>(
    db,
    sql`select u.id, u.first_name || ' ' || u.last_name as name, u.time_zone as zone, ws.minutes,
          u.created_at as created
        from users u left join work_schedules ws on ws.user_id = u.id
        where ${where}
        order by u.first_name, u.last_name, u.id`,
  );
  return rows.map((r) => {
    const zone = zoneOf(r.zone, organisationZone);
    return {
      userId: r.id,
      name: r.name,
      zone,
      organisationZone: !(r.zone && isValidTimeZone(r.zone)),
      minutes: r.minutes ?? ORGANISATION_SCHEDULE,
      since: zonedDate(new Date(r.created), zone),
    };
  });
}

/** One person by id (null when there is none). */
export async function timePerson(db: Db, userId: string, organisationZone: string) {
  const [person] = await timePeople(db, sql`u.id = ${userId}`, organisationZone);
  return person ?? null;
}
