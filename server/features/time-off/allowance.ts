import type { LeaveBalance, LeavePolicy } from '@contract/time-off';
import { sql } from 'drizzle-orm';
import { type CostedRequest, costOf, halves } from '../../core/time/leave-cost';
import type { TimePerson } from '../../core/time/people';
import { type Ids, inIds, rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';

/**
 * Allowances (docs/product/time-off.md#allowances): what a request costs, and a person's balance of
 * a year, worked out from their schedule, the holidays, the organisation's rules and their
 * requests. Pure functions over data read in a few queries, so 1,000 people's balances are one
 * pass.
 */
export type AllowanceRequest = CostedRequest & { userId: string; status: 'approved' | 'pending' };
export type AllowanceData = {
  policy: LeavePolicy;
  /** a person's own entitlement, instead of the policy's */
  entitlementOf: Map<string, number>;
  /** `${userId} ${year}` → days */
  adjustmentsOf: Map<string, number>;
  /** approved and pending requests of allowance types, by person */
  requestsOf: Map<string, AllowanceRequest[]>;
};

const daysInYear = (year: number) => (new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1 ? 366 : 365);

/** The year's entitlement, pro rata from the day the person joined (to the half day). */
export function entitlementFor(base: number, since: string, year: number) {
  const joinYear = Number(since.slice(0, 4));
  if (year < joinYear) return 0;
  if (year > joinYear) return base;
  const joined = Date.UTC(joinYear, Number(since.slice(5, 7)) - 1, Number(since.slice(8, 10)));
  const left = Math.round((Date.UTC(year, 11, 31) - joined) / 86_400_000) + 1;
  return halves((base * left) / daysInYear(year));
}

/** How far back a balance is worked out: carried-over days reach at most this many years back. */
const YEARS_BACK = 10;

/**
 * A person's balance of `year` on `today` (their own day). Carry-over is worked out year by year
 * from the year they joined (at most ten years back): each year's unused days carry into the next,
 * up to the limit, and what was carried and not taken by the carry-over date expires.
 */
export function balanceOf(
  person: Pick<TimePerson, 'userId' | 'name' | 'minutes' | 'since' | 'off'>,
  year: number,
  data: AllowanceData,
  today: string,
): LeaveBalance {
  const own = data.entitlementOf.get(person.userId) ?? null;
  const base = own ?? data.policy.entitlementDays;
  const requests = data.requestsOf.get(person.userId) ?? [];
  const costs = requests.map((r) => ({ status: r.status, perDay: costOf(person, r).perDay }));
  const first = Math.max(Number(person.since.slice(0, 4)), year - YEARS_BACK);
  let carryIn = 0;
  let balance: LeaveBalance | undefined;
  for (let y = first; y <= year; y++) {
    const entitlement = entitlementFor(base, person.since, y);
    const carried = y === first ? 0 : carryIn;
    const until = `${y}-${data.policy.carryOverUntil}`;
    let taken = 0;
    let planned = 0;
    let requested = 0;
    let takenByUntil = 0;
    for (const c of costs) {
      for (const [day, part] of c.perDay) {
        if (!day.startsWith(`${y}-`)) continue;
        if (c.status === 'pending') requested += part.days;
        else if (day <= today) taken += part.days;
        else planned += part.days;
        if (c.status === 'approved' && day <= until) takenByUntil += part.days;
      }
    }
    const usedCarried = Math.min(carried, takenByUntil);
    const expired = today > until ? carried - usedCarried : 0;
    const adjustments = data.adjustmentsOf.get(`${person.userId} ${y}`) ?? 0;
    const remaining = entitlement + carried - expired + adjustments - taken - planned;
    // What carries into the next year: this year's days left once its carried days have expired.
    const atYearEnd = entitlement + carried - (carried - usedCarried) + adjustments - taken - planned;
    carryIn = Math.max(0, Math.min(data.policy.carryOverMaxDays, halves(atYearEnd)));
    balance = {
      userId: person.userId,
      userName: person.name,
      year: y,
      entitlementDays: entitlement,
      ownEntitlementDays: own,
      carriedOverDays: carried,
      expiredDays: halves(expired),
      carryOverUntil: until,
      adjustmentDays: adjustments,
      takenDays: halves(taken),
      plannedDays: halves(planned),
      requestedDays: halves(requested),
      remainingDays: halves(remaining),
    };
  }
  return (
    balance ?? {
      userId: person.userId,
      userName: person.name,
      year,
      entitlementDays: 0,
      ownEntitlementDays: own,
      carriedOverDays: 0,
      expiredDays: 0,
      carryOverUntil: `${year}-${data.policy.carryOverUntil}`,
      adjustmentDays: 0,
      takenDays: 0,
      plannedDays: 0,
      requestedDays: 0,
      remainingDays: 0,
    }
  );
}

/** The first year a balance of `year` needs data from, for people who joined on `since`. */
export const firstYearFor = (year: number, since: string) =>
  Math.max(Number(since.slice(0, 4)), year - YEARS_BACK);

/** The organisation's entitlement and carry-over rules. */
export async function readPolicy(db: Db): Promise<LeavePolicy> {
  const [row] = await rowsOf<{
    entitlement_days: string | number;
    carry_over_max_days: string | number;
    carry_over_until: string;
  }>(
    db,
    sql`select entitlement_days, carry_over_max_days, carry_over_until from time_off_settings where id = 1`,
  );
  return {
    entitlementDays: Number(row?.entitlement_days ?? 25),
    carryOverMaxDays: Number(row?.carry_over_max_days ?? 5),
    carryOverUntil: row?.carry_over_until ?? '03-31',
  };
}

/** Everything balances need for the people, from `fromYear` to `toYear`, in four queries. */
export async function allowanceData(
  db: Db,
  userIds: Ids,
  fromYear: number,
  toYear: number,
): Promise<AllowanceData> {
  const [policy, entitlements, adjustments, requests] = await Promise.all([
    readPolicy(db),
    rowsOf<{ user_id: string; days: string | number }>(
      db,
      sql`select user_id::text, days from leave_entitlements where user_id ${inIds(userIds)}`,
    ),
    rowsOf<{ user_id: string; year: number; days: string | number }>(
      db,
      sql`select user_id::text, year, sum(days) as days from leave_adjustments
          where user_id ${inIds(userIds)} and year between ${fromYear} and ${toYear} group by 1, 2`,
    ),
    rowsOf<{
      user_id: string;
      status: 'approved' | 'pending';
      start_date: string;
      end_date: string;
      start_half: boolean;
      end_half: boolean;
      hours: string | number | null;
    }>(
      db,
      sql`select r.user_id::text, r.status, r.start_date::text, r.end_date::text, r.start_half, r.end_half, r.hours
          from leave_requests r join leave_types t on t.id = r.type_id
          where r.user_id ${inIds(userIds)} and t.allowance and r.status in ('approved', 'pending')
            and r.end_date >= ${`${fromYear}-01-01`}::date and r.start_date <= ${`${toYear}-12-31`}::date`,
    ),
  ]);
  return {
    policy,
    entitlementOf: new Map(entitlements.map((e) => [e.user_id, Number(e.days)])),
    adjustmentsOf: new Map(adjustments.map((a) => [`${a.user_id} ${a.year}`, Number(a.days)])),
    requestsOf: groupBy(
      requests.map((r) => ({
        userId: r.user_id,
        status: r.status,
        startDate: r.start_date,
        endDate: r.end_date,
        startHalf: r.start_half,
        endHalf: r.end_half,
        hours: r.hours === null ? null : Number(r.hours),
      })),
      (r) => r.userId,
    ),
  };
}

function groupBy<T>(items: T[], key: (item: T) => string) {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
