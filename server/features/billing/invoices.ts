import {
  type CreateInvoiceRequest,
  type Invoice,
  INVOICE_NOT_FOUND,
  type invoiceExportQuery,
  NOTHING_TO_INVOICE,
} from '@contract/billing';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { inIds, rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import { clients, invoices, timeEntries } from '../../db/schema';
import type { Context } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { type ExportTable, hoursOf, tableCsv, tableXlsx } from '../../lib/table-export';
import { audit } from '../../core/audit';
import { readerOf } from '../../core/readers';
import { majorOf } from './billable-export';
import { ledgerEntries } from './ledger-entries';
import { addMoney, moneyList } from './money';
import { type PricedEntry, priceEntries, rateBook } from './pricing';

type InvoiceRow = typeof invoices.$inferSelect & { client: string };

async function invoiceRows(db: Db, id?: string): Promise<InvoiceRow[]> {
  return db
    .select({
      id: invoices.id,
      clientId: invoices.clientId,
      fromDay: invoices.fromDay,
      toDay: invoices.toDay,
      reference: invoices.reference,
      createdBy: invoices.createdBy,
      createdAt: invoices.createdAt,
      client: clients.name,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(id ? eq(invoices.id, id) : undefined)
    .orderBy(sql`${invoices.createdAt} desc, ${invoices.id} desc`)
    .limit(200);
}

/** An invoice's entries, priced as the report prices them (the ledger's seconds, the rounding, the rates). */
async function invoiceEntries(ctx: Context, row: Pick<InvoiceRow, 'id' | 'fromDay' | 'toDay'>) {
  const entries = await ledgerEntries(
    ctx,
    { from: row.fromDay, to: row.toDay },
    { entries: sql`e.invoice_id = ${row.id}` },
  );
  return priceEntries(entries, await rateBook(ctx));
}

function summary(row: InvoiceRow, priced: readonly PricedEntry[]): Invoice {
  const sums = new Map<string, number>();
  for (const e of priced) if (e.amount) addMoney(sums, e.amount.currency, e.amount.minor);
  return {
    id: row.id,
    clientId: row.clientId,
    client: row.client,
    from: row.fromDay,
    to: row.toDay,
    reference: row.reference,
    entries: priced.length,
    billableSeconds: priced.reduce((s, e) => s + e.billedSeconds, 0),
    amounts: moneyList(sums),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

export async function listInvoices(ctx: Context): Promise<Invoice[]> {
  const rows = await invoiceRows(ctx.db);
  const out: Invoice[] = [];
  for (const row of rows) out.push(summary(row, await invoiceEntries(ctx, row)));
  return out;
}

/**
 * Marks a client's billable entries of a period that no invoice covers yet as invoiced
 * (docs/product/billing.md#invoices): they are locked from then on. The entries are those with
 * billable time on the period's days (each person's own calendar); the mark, the lock and the audit
 * entry commit together.
 */
export async function createInvoice(ctx: Context, body: CreateInvoiceRequest): Promise<Invoice> {
  const [client] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.id, body.clientId));
  if (!client) throw badRequest('client_invalid', 'clientId');
  const entries = await ledgerEntries(ctx, body, {
    entries: sql`pr.client_id = ${body.clientId} and coalesce(e.billable, pr.billable, false) and e.invoice_id is null`,
  });
  if (entries.length === 0) throw conflict(NOTHING_TO_INVOICE);
  const id = await ctx.db.transaction(async (tx) => {
    const [invoice] = await tx
      .insert(invoices)
      .values({
        clientId: body.clientId,
        fromDay: body.from,
        toDay: body.to,
        reference: body.reference,
        createdBy: ctx.actor.id,
        createdAt: ctx.now,
      })
      .returning({ id: invoices.id });
    const marked = await tx
      .update(timeEntries)
      .set({ invoiceId: invoice.id })
      .where(
        and(
          inArray(
            timeEntries.id,
            entries.map((e) => e.entryId),
          ),
          isNull(timeEntries.invoiceId),
        ),
      )
      .returning({ id: timeEntries.id });
    if (marked.length === 0) throw conflict(NOTHING_TO_INVOICE);
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'invoice_marked',
      details: {
        invoiceId: invoice.id,
        clientId: body.clientId,
        from: body.from,
        to: body.to,
        entries: marked.length,
      },
      at: ctx.now,
    });
    return invoice.id;
  });
  const [row] = await invoiceRows(ctx.db, id);
  return summary(row, await invoiceEntries(ctx, row));
}

/** Undoes a mark: its entries are unlocked and unbilled again; the audit log keeps who and when. */
export async function removeInvoice(ctx: Context, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    if (!row) throw notFound(INVOICE_NOT_FOUND);
    const freed = await tx
      .update(timeEntries)
      .set({ invoiceId: null })
      .where(eq(timeEntries.invoiceId, id))
      .returning({ id: timeEntries.id });
    await tx.delete(invoices).where(eq(invoices.id, id));
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'invoice_undone',
      details: { invoiceId: id, clientId: row.clientId, reference: row.reference, entries: freed.length },
      at: ctx.now,
    });
  });
}

/** The invoice-ready file: one line per entry, or summed per task, person or day; totals per currency. */
export async function invoiceExport(ctx: Context, id: string, query: z.output<typeof invoiceExportQuery>) {
  const [row] = await invoiceRows(ctx.db, id);
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  const priced = await invoiceEntries(ctx, row);
  const language = await ctx.language();
  const table = invoiceTable(row, priced, await entryTexts(ctx, priced), query.lines, readerOf(language).t);
  const range = { from: row.fromDay, to: row.toDay };
  const file = query.format === 'csv' ? tableCsv(table, range, language) : await tableXlsx(table, range);
  return {
    ...file,
    contentType:
      query.format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}

async function entryTexts(ctx: Context, priced: readonly PricedEntry[]) {
  const rows = await rowsOf<{
    id: string;
    description: string;
    person: string;
    project: string | null;
    task: string | null;
  }>(
    ctx.db,
    sql`select e.id::text, e.description, u.first_name || ' ' || u.last_name as person, p.name as project, t.title as task
        from time_entries e join users u on u.id = e.user_id left join projects p on p.id = e.project_id
          left join tasks t on t.id = e.task_id and t.deleted_at is null
        where e.id ${inIds(priced.map((e) => e.entryId))}`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

function invoiceTable(
  row: InvoiceRow,
  priced: readonly PricedEntry[],
  texts: Awaited<ReturnType<typeof entryTexts>>,
  lines: z.output<typeof invoiceExportQuery>['lines'],
  t: TFunction,
): ExportTable {
  const totals = new Map<string, { seconds: number; minor: number }>();
  for (const e of priced) {
    const currency = e.amount?.currency ?? '';
    const sum = totals.get(currency) ?? { seconds: 0, minor: 0 };
    sum.seconds += e.billedSeconds;
    sum.minor += e.amount?.minor ?? 0;
    totals.set(currency, sum);
  }
  const totalRows = [...totals.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, s]) => [
      t('exports:invoice.total_currency', { currency: currency || '—' }),
      ...(lines === 'entry' ? [null, null, null, null] : []),
      hoursOf(s.seconds),
      currency || null,
      currency ? majorOf(s.minor) : null,
    ]);
  const allSeconds = priced.reduce((s, e) => s + e.billedSeconds, 0);
  const amountColumns = [
    { header: t('exports:invoice.columns.hours'), kind: 'hours' as const },
    { header: t('exports:invoice.columns.currency'), kind: 'text' as const },
    { header: t('exports:invoice.columns.amount'), kind: 'number2' as const },
  ];
  if (lines === 'entry') {
    return {
      name: `invoice-${row.reference.replace(/[^A-Za-z0-9_-]+/g, '-')}`,
      sheet: t('exports:invoice.sheet'),
      columns: [
        { header: t('exports:invoice.columns.date'), kind: 'date' },
        { header: t('exports:invoice.columns.person'), kind: 'text' },
        { header: t('exports:invoice.columns.project'), kind: 'text' },
        { header: t('exports:invoice.columns.task'), kind: 'text' },
        { header: t('exports:invoice.columns.description'), kind: 'text' },
        ...amountColumns,
      ],
      rows: [
        ...priced.map((e) => {
          const text = texts.get(e.entryId);
          return [
            e.day,
            text?.person ?? '',
            text?.project ?? '',
            text?.task ?? '',
            text?.description ?? '',
            hoursOf(e.billedSeconds),
            e.amount?.currency ?? null,
            e.amount ? majorOf(e.amount.minor) : null,
          ];
        }),
        ...totalRows,
      ],
      totals: [t('exports:reports.total'), null, null, null, null, hoursOf(allSeconds), null, null],
    };
  }
  const groups = new Map<string, { label: string; currency: string; seconds: number; minor: number }>();
  for (const e of priced) {
    const text = texts.get(e.entryId);
    const label =
      lines === 'task'
        ? (text?.task ?? text?.project ?? '')
        : lines === 'person'
          ? (text?.person ?? '')
          : e.day;
    const currency = e.amount?.currency ?? '';
    const key = `${label}|${currency}`;
    const g = groups.get(key) ?? { label, currency, seconds: 0, minor: 0 };
    g.seconds += e.billedSeconds;
    g.minor += e.amount?.minor ?? 0;
    groups.set(key, g);
  }
  return {
    name: `invoice-${row.reference.replace(/[^A-Za-z0-9_-]+/g, '-')}-by-${lines}`,
    sheet: t('exports:invoice.sheet'),
    columns: [
      {
        header: t(`exports:invoice.columns.${lines === 'day' ? 'date' : lines}`),
        kind: lines === 'day' ? 'date' : 'text',
      },
      ...amountColumns,
    ],
    rows: [
      ...[...groups.values()]
        .sort((a, b) => a.label.localeCompare(b.label) || a.currency.localeCompare(b.currency))
        .map((g) => [g.label, hoursOf(g.seconds), g.currency || null, g.currency ? majorOf(g.minor) : null]),
      ...totalRows,
    ],
    totals: [t('exports:reports.total'), hoursOf(allSeconds), null, null],
  };
}
