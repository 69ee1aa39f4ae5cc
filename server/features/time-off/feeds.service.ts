import { randomBytes } from 'node:crypto';
import type { Language } from '@contract/languages';
import type { createFeedRequest } from '@contract/time-off';
import { addDays } from '@contract/zoned-time';
import { sql } from 'drizzle-orm';
import ical, { ICalEventStatus } from 'ical-generator';
import type { z } from 'zod';
import { audit } from '../../core/audit';
import { readerOf } from '../../core/readers';
import { assertInTeam } from '../../core/scope';
import {
  type HolidayDay,
  type OffDay,
  holidaysOf,
  offDays,
  organisationRegion,
} from '../../core/time/calendar';
import { rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import { sha256 } from '../../lib/auth';
import type { Context, PublicContext } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { activeAccount } from '../../db/accounts';

/**
 * Calendar feeds (docs/product/time-off.md#feeds): a secret URL per feed, of a person's own
 * absences or of a team's, that calendar apps poll. Only the token's SHA-256 is kept; the URL is
 * shown once. A feed never carries a reason: private types read "Out", and notes are left out.
 */
export const FEED_NOT_FOUND = 'feed_not_found';
/** Enough for every calendar app a person uses; a revoked feed no longer counts. */
const MAX_FEEDS = 10;

type FeedRow = {
  id: string;
  user_id: string;
  scope: 'mine' | 'team';
  team_id: string | null;
  team_name: string | null;
  created_at: Date | string;
};

const toFeed = (r: FeedRow) => ({
  id: r.id,
  scope: r.scope,
  teamId: r.team_id,
  teamName: r.team_name,
  createdAt: new Date(r.created_at).toISOString(),
});

const selectFeeds = (where: ReturnType<typeof sql>) => sql`
  select f.id::text, f.user_id::text, f.scope, f.team_id::text, t.name as team_name, f.created_at
  from calendar_feeds f left join teams t on t.id = f.team_id
  where f.revoked_at is null and ${where}
  order by f.created_at desc, f.id`;

export async function listFeeds(ctx: Context) {
  return (await rowsOf<FeedRow>(ctx.db, selectFeeds(sql`f.user_id = ${ctx.actor.id}`))).map(toFeed);
}

/** A new feed: `mine`, or a team the caller is in (admins: any team). The URL is answered this once. */
export async function createFeed(ctx: Context, body: z.output<typeof createFeedRequest>) {
  const teamId = body.scope === 'team' ? body.teamId : undefined;
  if (body.scope === 'team') {
    if (!teamId) throw badRequest('team_required', 'teamId');
    await assertInTeam(ctx, teamId);
  }
  const token = randomBytes(32).toString('base64url');
  const id = await ctx.db.transaction(async (tx) => {
    const open = await rowsOf(
      tx,
      sql`select 1 from calendar_feeds where user_id = ${ctx.actor.id} and revoked_at is null`,
    );
    if (open.length >= MAX_FEEDS) throw conflict('too_many_feeds', { values: { max: MAX_FEEDS } });
    const [row] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into calendar_feeds (user_id, scope, team_id, token_hash, created_at)
          values (${ctx.actor.id}, ${body.scope}, ${teamId ?? null}, ${sha256(token)}, ${ctx.now}) returning id::text`,
    );
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'calendar_feed_created',
      targetUserId: ctx.actor.id,
      details: { feedId: row.id, scope: body.scope, ...(teamId ? { teamId } : {}) },
      at: ctx.now,
    });
    return row.id;
  });
  const [feed] = await rowsOf<FeedRow>(ctx.db, selectFeeds(sql`f.id = ${id}`));
  return { ...toFeed(feed), url: `${ctx.config.appUrl}/api/calendar/${token}.ics` };
}

/** Revokes one of the caller's feeds: its URL answers 404 from now on. */
export async function revokeFeed(ctx: Context, id: string) {
  await ctx.db.transaction(async (tx) => {
    const gone = await rowsOf(
      tx,
      sql`update calendar_feeds set revoked_at = ${ctx.now}
          where id = ${id} and user_id = ${ctx.actor.id} and revoked_at is null returning id`,
    );
    if (gone.length === 0) throw notFound(FEED_NOT_FOUND);
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'calendar_feed_revoked',
      targetUserId: ctx.actor.id,
      details: { feedId: id },
      at: ctx.now,
    });
  });
}

/**
 * The holidays a feed shows: a person's own (their region, as their expected time counts them), or
 * the team's region (its own, else the organisation's) with the organisation's and the team's days.
 */
async function feedHolidays(
  db: Db,
  feed: FeedRow & { team_country: string | null; team_region: string | null },
  from: string,
  to: string,
): Promise<Map<string, HolidayDay>> {
  if (feed.scope === 'mine') {
    const days =
      (await offDays(db, [feed.user_id], from, to)).get(feed.user_id) ?? new Map<string, OffDay[]>();
    const holidays = new Map<string, HolidayDay>();
    for (const [date, off] of days) {
      const holiday = off.find((o): o is HolidayDay => o.kind === 'holiday');
      if (holiday) holidays.set(date, holiday);
    }
    return holidays;
  }
  const region = feed.team_country
    ? { country: feed.team_country, region: feed.team_region }
    : await organisationRegion(db);
  const overrides = await rowsOf<{
    date: string;
    kind: 'added' | 'removed';
    name: string;
    half_day: boolean;
    team_id: string | null;
  }>(
    db,
    sql`select date::text, kind, name, half_day, team_id::text from holiday_overrides
        where date between ${from}::date and ${to}::date`,
  );
  return holidaysOf(region, overrides, feed.team_id, from, to);
}

type AbsenceRow = {
  id: string;
  name: string;
  type_name: string;
  private_reason: boolean;
  status: 'approved' | 'pending';
  start_date: string;
  end_date: string;
  start_half: boolean;
  end_half: boolean;
  hours: string | number | null;
};

/** A feed covers a year back and a year ahead. */
const YEAR_DAYS = 366;

/**
 * The feed behind a token, as iCalendar text: `mine` the owner's approved and pending absences,
 * `team` the team's approved ones; both with the holidays of the region. A revoked feed, or one
 * whose owner is no longer active (or no longer in the team), is a 404 like an unknown token.
 */
export async function feedCalendar(ctx: PublicContext, token: string): Promise<string> {
  const [feed] = await rowsOf<
    FeedRow & { team_country: string | null; team_region: string | null; owner_language: Language | null }
  >(
    ctx.db,
    sql`select f.id::text, f.user_id::text, f.scope, f.team_id::text, t.name as team_name, f.created_at,
          t.holiday_country as team_country, t.holiday_region as team_region, u.language as owner_language
        from calendar_feeds f join users u on u.id = f.user_id left join teams t on t.id = f.team_id
        where f.token_hash = ${sha256(token.replace(/\.ics$/, ''))} and f.revoked_at is null and ${activeAccount()}
          and (f.scope = 'mine' or u.role = 'admin'
            or exists (select 1 from team_members m where m.team_id = f.team_id and m.user_id = f.user_id))`,
  );
  if (!feed) throw notFound(FEED_NOT_FOUND);
  const today = ctx.now.toISOString().slice(0, 10);
  const from = addDays(today, -YEAR_DAYS);
  const to = addDays(today, YEAR_DAYS);
  const who =
    feed.scope === 'mine'
      ? sql`r.user_id = ${feed.user_id} and r.status in ('approved', 'pending')`
      : sql`r.user_id in (select user_id from team_members where team_id = ${feed.team_id}) and r.status = 'approved'
          and u.is_active`;
  const absences = await rowsOf<AbsenceRow>(
    ctx.db,
    sql`select r.id::text, u.first_name || ' ' || u.last_name as name, t.name as type_name, t.private_reason,
          r.status, r.start_date::text, r.end_date::text, r.start_half, r.end_half, r.hours
        from leave_requests r join users u on u.id = r.user_id join leave_types t on t.id = r.type_id
        where ${who} and r.start_date <= ${to}::date and r.end_date >= ${from}::date
        order by r.start_date, r.id
        limit 5000`,
  );
  const holidays = await feedHolidays(ctx.db, feed, from, to);
  // In its owner's language, else what the calendar app asks for, else the organisation's.
  const reader = readerOf(feed.owner_language ?? (await ctx.language()));
  const { t } = reader;
  const name =
    feed.scope === 'mine'
      ? t('exports:feed.name_mine')
      : feed.team_name
        ? t('exports:feed.name_team', { team: feed.team_name })
        : t('exports:feed.name_team_unnamed');
  const calendar = ical({
    name,
    prodId: { company: 'Workbench', product: 'time-off', language: reader.language.toUpperCase() },
  });
  const day = (d: string) => new Date(`${d}T00:00:00Z`);
  for (const a of absences) {
    const kind = a.private_reason ? t('exports:feed.out') : a.type_name;
    const what =
      a.hours !== null
        ? t('exports:feed.hours', { kind, hours: reader.number(Number(a.hours)) })
        : a.start_half || a.end_half
          ? t('exports:feed.half_day', { kind })
          : kind;
    const whose = feed.scope === 'team' ? t('exports:feed.absence_team', { name: a.name, kind: what }) : what;
    calendar.createEvent({
      id: `leave-${a.id}@workbench`,
      start: day(a.start_date),
      // All-day events end the day after their last day (RFC 5545 DTEND is exclusive).
      end: day(addDays(a.end_date, 1)),
      allDay: true,
      summary: a.status === 'pending' ? t('exports:feed.requested', { summary: whose }) : whose,
      status: a.status === 'pending' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  for (const [date, h] of holidays) {
    calendar.createEvent({
      id: `holiday-${date}-${feed.team_id ?? 'org'}@workbench`,
      start: day(date),
      end: day(addDays(date, 1)),
      allDay: true,
      summary: h.company
        ? t(h.fraction < 1 ? 'exports:feed.company_half_day' : 'exports:feed.company_day', { kind: h.name })
        : h.fraction < 1
          ? t('exports:feed.half_day', { kind: h.name })
          : h.name,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
