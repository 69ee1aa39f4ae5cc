import type { Money } from '@contract/billing';
import { type SQL, sql } from 'drizzle-orm';
import { inIds, rowsOf } from '../../db/rows';
import type { Context } from '../../lib/context';
import type { MoneyAccess } from './access';
import { billedSeconds, type LedgerEntry, priceOf, RateBook, type RateRow } from './money';

/** Every rate (a small table: a handful per client, project and person). */
export async function rateBook(ctx: Pick<Context, 'db'>): Promise<RateBook> {
  const rows = await rowsOf<{
    id: string;
    kind: 'billable' | 'cost';
    client_id: string | null;
    project_id: string | null;
    user_id: string | null;
    amount_minor: string | number;
    currency: string;
    effective_from: string;
  }>(
    ctx.db,
    sql`select id::text, kind, client_id::text, project_id::text, user_id::text, amount_minor, currency,
          effective_from::text from rates`,
  );
  return new RateBook(
    rows.map(
      (r): RateRow => ({
        id: r.id,
        kind: r.kind,
        clientId: r.client_id,
        projectId: r.project_id,
        userId: r.user_id,
        amountMinor: Number(r.amount_minor),
        currency: r.currency,
        effectiveFrom: r.effective_from,
      }),
    ),
  );
}

/** One entry priced: its billed seconds and, where a rate covers it, its amount; its cost. */
export type PricedEntry = LedgerEntry & {
  billedSeconds: number;
  amount: Money | null;
  cost: Money | null;
};

export function priceEntries(entries: readonly LedgerEntry[], book: RateBook): PricedEntry[] {
  const billed = billedSeconds(entries);
  return entries.map((e) => {
    const seconds = e.billable ? (billed.get(e.entryId) ?? e.seconds) : 0;
    const rate = e.billable ? book.billable(e.userId, e.projectId, e.clientId, e.day) : undefined;
    const costRate = book.cost(e.userId, e.day);
    return {
      ...e,
      billedSeconds: seconds,
      amount: rate ? { currency: rate.currency, minor: priceOf(seconds, rate.amountMinor) } : null,
      cost: costRate
        ? { currency: costRate.currency, minor: priceOf(e.seconds, costRate.amountMinor) }
        : null,
    };
  });
}

/**
 * Whose entries a billing read covers: an admin everyone's; a manager the entries of the projects
 * they manage (anyone's); an employee their own.
 */
export function entryScope(ctx: Context, access: MoneyAccess): { people?: SQL; entries: SQL } {
  if (access.role === 'employee') return { people: sql`u.id = ${ctx.actor.id}`, entries: sql`true` };
  if (access.projects === 'all') return { entries: sql`true` };
  return { entries: sql`p.project_id ${inIds([...access.projects])}` };
}
