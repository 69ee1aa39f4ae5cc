import { ENTRY_INVOICED } from '@contract/time-entries';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { timeEntries } from '../../db/schema';
import { conflict } from '../../lib/errors';

/**
 * The invoice lock (docs/product/billing.md#invoices): an entry marked invoiced cannot be changed,
 * switched or deleted until an admin undoes the mark. Every write of an existing entry calls this
 * beside the week lock (week-lock.ts), and refuses the same way: 409 'This entry is invoiced'.
 */
export async function assertNotInvoiced(db: Db, entryId: string): Promise<void> {
  const [row] = await db
    .select({ id: timeEntries.id })
    .from(timeEntries)
    .where(and(eq(timeEntries.id, entryId), isNotNull(timeEntries.invoiceId)))
    .for('update');
  if (row) throw conflict(ENTRY_INVOICED);
}
