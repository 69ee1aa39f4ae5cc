import type { Holiday, holidayOverrideRequest, regionRequest } from '@contract/time-off';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { audit } from '../../core/audit';
import { assertInTeam } from '../../core/scope';
import {
  type Region,
  holidayCountries,
  holidayRegions,
  holidaysOf,
  isHolidayRegion,
  organisationRegion,
} from '../../core/time/calendar';
import { rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import type { Context } from '../../lib/context';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { announceHolidays } from './time-off.events';

/**
 * Public holidays (docs/product/time-off.md#holidays): the organisation's country and region (a
 * team may have its own), the data set's holidays of a year, and the organisation's own days and
 * removals, which an admin adds and undoes.
 */
export const HOLIDAY_NOT_FOUND = 'holiday_not_found';
export const NO_PUBLIC_HOLIDAY = 'no_public_holiday';
export const TEAM_FOLLOWS_ORGANISATION = 'team_follows_organisation';
export const DAY_TAKEN = 'day_taken';

/** A team's own region, or null when it follows the organisation's. */
async function teamRegion(db: Db, teamId: string): Promise<Region | null> {
  const [row] = await rowsOf<{ country: string | null; region: string | null }>(
    db,
    sql`select holiday_country as country, holiday_region as region from teams where id = ${teamId}`,
  );
  return row?.country ? { country: row.country, region: row.region } : null;
}

type OverrideRow = {
  id: string;
  date: string;
  kind: 'added' | 'removed';
  name: string;
  half_day: boolean;
  team_id: string | null;
};

/** A year's holidays: the data set's, those removed (so they can be undone) and the organisation's own days. */
export async function listHolidays(ctx: Context, year: number, teamId?: string): Promise<Holiday[]> {
  if (teamId) await assertInTeam(ctx, teamId);
  // A team without a region of its own follows the organisation's days (its own then do not apply).
  const own = teamId ? await teamRegion(ctx.db, teamId) : null;
  const region = own ?? (await organisationRegion(ctx.db));
  const teamDays = own ? teamId : undefined;
  const overrides = await rowsOf<OverrideRow>(
    ctx.db,
    sql`select id::text, date::text, kind, name, half_day, team_id::text from holiday_overrides
        where date between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date
          and (team_id is null ${teamDays ? sql`or team_id = ${teamDays}` : sql``})
        order by team_id nulls first`,
  );
  // A team's entry for a day replaces the organisation's.
  const byDay = new Map(overrides.map((o) => [o.date, o]));
  const holidays: Holiday[] = [];
  for (const [date, h] of holidaysOf(region, [], null, `${year}-01-01`, `${year}-12-31`)) {
    const override = byDay.get(date);
    if (override) continue;
    holidays.push({ id: null, date, name: h.name, halfDay: false, source: 'public', teamId: null });
  }
  for (const o of byDay.values()) {
    holidays.push({
      id: o.id,
      date: o.date,
      name: o.name,
      halfDay: o.half_day,
      source: o.kind === 'added' ? 'company' : 'removed',
      teamId: o.team_id,
    });
  }
  return holidays.sort((a, b) => a.date.localeCompare(b.date));
}

/** The region (the organisation's, or a team's own), with the countries and regions to choose from. */
export async function getRegion(ctx: Context, query: { country?: string; teamId?: string }) {
  if (query.teamId) await assertInTeam(ctx, query.teamId);
  const saved = query.teamId
    ? ((await teamRegion(ctx.db, query.teamId)) ?? { country: null, region: null })
    : await organisationRegion(ctx.db);
  const country = query.country ?? saved.country;
  return {
    ...saved,
    teamId: query.teamId ?? null,
    countries: holidayCountries().sort((a, b) => a.name.localeCompare(b.name)),
    regions: country ? holidayRegions(country).sort((a, b) => a.name.localeCompare(b.name)) : [],
  };
}

export async function saveRegion(ctx: Context, body: z.output<typeof regionRequest>) {
  if (body.teamId) await assertInTeam(ctx, body.teamId);
  const country = body.country;
  const region = country ? body.region || null : null;
  if (country && !isHolidayRegion(country, null)) throw badRequest('country_required', 'country');
  if (country && region && !isHolidayRegion(country, region)) throw badRequest('region_of_country', 'region');
  await ctx.db.transaction(async (tx) => {
    const before = body.teamId
      ? ((await teamRegion(tx, body.teamId)) ?? { country: null, region: null })
      : await organisationRegion(tx);
    if (body.teamId) {
      await tx.execute(
        sql`update teams set holiday_country = ${country}, holiday_region = ${region} where id = ${body.teamId}`,
      );
    } else {
      await tx.execute(sql`update time_off_settings set holiday_country = ${country}, holiday_region = ${region},
          updated_at = ${ctx.now}, updated_by = ${ctx.actor.id} where id = 1`);
    }
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'holidays_changed',
      details: {
        ...(body.teamId ? { teamId: body.teamId } : {}),
        region: {
          from: [before.country, before.region].filter(Boolean).join('-') || null,
          to: [country, region].filter(Boolean).join('-') || null,
        },
      },
      at: ctx.now,
    });
  });
  await announceHolidays(ctx);
  return getRegion(ctx, { teamId: body.teamId });
}

/**
 * A company day (`added`), or a public holiday the organisation works (`removed`), for everyone or
 * a team. One entry per day and team: a second is a 409.
 */
export async function addHoliday(
  ctx: Context,
  body: z.output<typeof holidayOverrideRequest>,
): Promise<Holiday> {
  if (body.teamId) {
    await assertInTeam(ctx, body.teamId);
    // A team's days apply to the people whose holidays come from the team: those of a region of its own.
    if (!(await teamRegion(ctx.db, body.teamId))) throw badRequest(TEAM_FOLLOWS_ORGANISATION, 'teamId');
  }
  if (body.kind === 'removed') {
    const year = Number(body.date.slice(0, 4));
    const present = (await listHolidays(ctx, year, body.teamId)).some(
      (h) => h.date === body.date && h.source === 'public',
    );
    if (!present) throw badRequest(NO_PUBLIC_HOLIDAY, 'date');
  }
  try {
    const added = await ctx.db.transaction(async (tx) => {
      const [row] = await rowsOf<OverrideRow>(
        tx,
        sql`insert into holiday_overrides (date, kind, name, half_day, team_id, created_by, created_at)
            values (${body.date}, ${body.kind}, ${body.name}, ${body.kind === 'added' && body.halfDay},
              ${body.teamId ?? null}, ${ctx.actor.id}, ${ctx.now})
            returning id::text, date::text, kind, name, half_day, team_id::text`,
      );
      await audit(tx, {
        actorId: ctx.actor.id,
        action: 'holidays_changed',
        details: {
          [body.kind]: { date: body.date, name: body.name, halfDay: row.half_day },
          ...(body.teamId ? { teamId: body.teamId } : {}),
        },
        at: ctx.now,
      });
      return {
        id: row.id,
        date: row.date,
        name: row.name,
        halfDay: row.half_day,
        source: row.kind === 'added' ? ('company' as const) : ('removed' as const),
        teamId: row.team_id,
      };
    });
    await announceHolidays(ctx);
    return added;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DAY_TAKEN, { field: 'date' });
    throw error;
  }
}

/** Undoes a company day or a removal. */
export async function removeHoliday(ctx: Context, id: string) {
  await ctx.db.transaction(async (tx) => {
    const [gone] = await rowsOf<OverrideRow>(
      tx,
      sql`delete from holiday_overrides where id = ${id}
          returning id::text, date::text, kind, name, half_day, team_id::text`,
    );
    if (!gone) throw notFound(HOLIDAY_NOT_FOUND);
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'holidays_changed',
      details: {
        undone: { kind: gone.kind, date: gone.date, name: gone.name },
        ...(gone.team_id ? { teamId: gone.team_id } : {}),
      },
      at: ctx.now,
    });
  });
  await announceHolidays(ctx);
}
