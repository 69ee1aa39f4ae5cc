import type { Money, RoundingScope } from '@contract/billing';

/**
 * Money × time, exactly (docs/product/billing.md#rates): seconds are whole, rates and amounts whole
 * minor units; the one division (seconds × rate per hour / 3600) rounds half up, once per priced
 * line, in BigInt so no product can lose precision. Amounts of different currencies are kept apart.
 */

/** Billed seconds: `seconds` rounded up to whole steps of `minutes` (0: as they are). */
export function roundUp(seconds: number, minutes: number): number {
  if (minutes <= 0 || seconds <= 0) return Math.max(0, seconds);
  const step = minutes * 60;
  return Math.ceil(seconds / step) * step;
}

/** The price of `seconds` at `ratePerHour` minor units, rounded half up to a whole minor unit. */
export function priceOf(seconds: number, ratePerHour: number): number {
  // Below 2^53 a double holds every integer exactly, so the same arithmetic in numbers is exact and
  // several times cheaper than BigInt (a month's report prices ~80,000 entries).
  const exact = seconds * ratePerHour;
  if (Number.isSafeInteger(exact * 2 + 3600)) return Math.floor((exact * 2 + 3600) / 7200);
  const product = BigInt(seconds) * BigInt(ratePerHour);
  return Number((product * 2n + 3600n) / 7200n);
}

/** Adds `minor` of `currency` into a running per-currency sum. */
export function addMoney(sums: Map<string, number>, currency: string, minor: number) {
  sums.set(currency, (sums.get(currency) ?? 0) + minor);
}

/** A per-currency sum as the API lists it: by currency code. */
export const moneyList = (sums: Map<string, number>): Money[] =>
  [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, minor]) => ({ currency, minor }));

export type RateRow = {
  id: string;
  kind: 'billable' | 'cost';
  clientId: string | null;
  projectId: string | null;
  userId: string | null;
  amountMinor: number;
  currency: string;
  effectiveFrom: string;
};

/** How specific a billable rate is: person on project 3, project 2, client 1, organisation 0. */
export function rateLevel(rate: Pick<RateRow, 'clientId' | 'projectId' | 'userId'>): number {
  if (rate.projectId && rate.userId) return 3;
  if (rate.projectId) return 2;
  if (rate.clientId) return 1;
  return 0;
}

/**
 * Rates indexed for pricing: for a person's entry on a project of a client on a day, the most
 * specific scope that has a rate in effect that day, and within it the latest effective-from on or
 * before the day. A rate changed mid-month prices the days before the change at the old rate.
 */
export class RateBook {
  private readonly byKey = new Map<string, RateRow[]>();

  constructor(rates: readonly RateRow[]) {
    for (const rate of rates) {
      const key = rate.kind === 'cost' ? `cost:${rate.userId}` : this.keyOf(rate);
      const list = this.byKey.get(key) ?? [];
      list.push(rate);
      this.byKey.set(key, list);
    }
    // Newest first: the first one on or before a day is in effect on it.
    for (const list of this.byKey.values())
      list.sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom) || a.id.localeCompare(b.id));
  }

  private keyOf(r: Pick<RateRow, 'clientId' | 'projectId' | 'userId'>) {
    const level = rateLevel(r);
    if (level === 3) return `pu:${r.projectId}:${r.userId}`;
    if (level === 2) return `p:${r.projectId}`;
    if (level === 1) return `c:${r.clientId}`;
    return 'o';
  }

  private inEffect(key: string, day: string): RateRow | undefined {
    return this.byKey.get(key)?.find((r) => r.effectiveFrom <= day);
  }

  /** The billable rate of a person's time on a project (of a client) on a day, or none. */
  billable(
    userId: string,
    projectId: string | null,
    clientId: string | null,
    day: string,
  ): RateRow | undefined {
    return (
      (projectId ? this.inEffect(`pu:${projectId}:${userId}`, day) : undefined) ??
      (projectId ? this.inEffect(`p:${projectId}`, day) : undefined) ??
      (clientId ? this.inEffect(`c:${clientId}`, day) : undefined) ??
      this.inEffect('o', day)
    );
  }

  /** A person's internal cost rate on a day, or none. */
  cost(userId: string, day: string): RateRow | undefined {
    return this.inEffect(`cost:${userId}`, day);
  }
}

/** One entry's part of the ledger: its counted seconds on its first day. */
export type LedgerEntry = {
  entryId: string;
  userId: string;
  projectId: string | null;
  taskId: string | null;
  clientId: string | null;
  day: string;
  seconds: number;
  billable: boolean;
  invoiceId: string | null;
  roundingMinutes: number;
  roundingScope: RoundingScope;
};

/**
 * Each entry's billed seconds after its project's rounding. Per entry: each entry rounded up. Per
 * day: a person's entries on one project and day are summed and the sum rounded up; the added
 * seconds go to the day's entry with the greatest id, so every second is on one
 * entry and the groups of any report add up to the total.
 */
export function billedSeconds(entries: readonly LedgerEntry[]): Map<string, number> {
  const billed = new Map<string, number>();
  const days = new Map<string, LedgerEntry[]>();
  for (const e of entries) {
    if (e.roundingScope === 'entry' || e.roundingMinutes === 0) {
      billed.set(e.entryId, roundUp(e.seconds, e.roundingMinutes));
      continue;
    }
    const key = `${e.userId}|${e.projectId}|${e.day}|${e.billable}`;
    const list = days.get(key) ?? [];
    list.push(e);
    days.set(key, list);
  }
  for (const list of days.values()) {
    let sum = 0;
    for (const e of list) {
      sum += e.seconds;
      billed.set(e.entryId, e.seconds);
    }
    // the last by id, whatever order the entries came in
    const last = list.reduce((a, b) => (b.entryId > a.entryId ? b : a));
    billed.set(last.entryId, last.seconds + roundUp(sum, last.roundingMinutes) - sum);
  }
  return billed;
}
