import { billingApi } from '@contract/billing';
import { implement } from '../../lib/routes';
import { tableCsv, tableXlsx } from '../../lib/table-export';
import { readerOf } from '../../core/readers';
import { billableReport } from './billable-report';
import { billableTable } from './billable-export';
import { createInvoice, invoiceExport, listInvoices, removeInvoice } from './invoices';
import {
  clientDetail,
  createClient,
  createRate,
  getBillingSettings,
  listClients,
  listRates,
  projectBilling,
  projectBudgets,
  removeRate,
  setProjectBilling,
  updateBillingSettings,
  updateClient,
} from './billing.service';

/** Clients, rates, project billing, budgets and the billable report (docs/product/billing.md). */
export const billingRoutes = implement(billingApi, {
  clients: (ctx, { query }) => listClients(ctx, query.archived),
  client: (ctx, { params }) => clientDetail(ctx, params.id),
  createClient: (ctx, { body }) => createClient(ctx, body),
  updateClient: (ctx, { params, body }) => updateClient(ctx, params.id, body),
  projectBilling: (ctx, { params }) => projectBilling(ctx, params.id),
  setProjectBilling: (ctx, { params, body }) => setProjectBilling(ctx, params.id, body),
  budgets: (ctx) => projectBudgets(ctx),
  rates: (ctx, { query }) => listRates(ctx, query),
  createRate: (ctx, { body }) => createRate(ctx, body),
  removeRate: (ctx, { params }) => removeRate(ctx, params.id),
  billable: (ctx, { query }) => billableReport(ctx, query),
  billableCsv: async (ctx, { query }) => {
    const language = await ctx.language();
    return tableCsv(billableTable(await billableReport(ctx, query), readerOf(language).t), query, language);
  },
  billableXlsx: async (ctx, { query }) => {
    const language = await ctx.language();
    return tableXlsx(billableTable(await billableReport(ctx, query), readerOf(language).t), query);
  },
  invoices: (ctx) => listInvoices(ctx),
  createInvoice: (ctx, { body }) => createInvoice(ctx, body),
  removeInvoice: (ctx, { params }) => removeInvoice(ctx, params.id),
  invoiceExport: (ctx, { params, query }) => invoiceExport(ctx, params.id, query),
  settings: (ctx) => getBillingSettings(ctx),
  updateSettings: (ctx, { body }) => updateBillingSettings(ctx, body),
});
