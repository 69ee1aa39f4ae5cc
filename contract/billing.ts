import { z } from 'zod';
import { errorBody, idParam, isoDate, text } from './common';
import { endpoints } from './endpoint';
import { CSV_TYPE, daysInRange, FROM_AFTER_TO, MAX_REPORT_DAYS, RANGE_TOO_LONG, XLSX_TYPE } from './reports';

/**
 * Billing (docs/product/billing.md): clients, billable time, rates, budgets and invoices. Money is
 * always a whole number of minor units (cents) with its ISO 4217 currency; amounts of different
 * currencies are listed side by side, never added together.
 */
export const CURRENCY_INVALID = 'currency_invalid';
export const currencyCode = z
  .string({ message: CURRENCY_INVALID })
  .regex(/^[A-Z]{3}$/, { message: CURRENCY_INVALID });

/** An amount of one currency, in minor units (cents: 12345 EUR = €123.45). */
export const money = z.object({ currency: z.string(), minor: z.number().int() });
export type Money = z.infer<typeof money>;

export const ROUNDING_MINUTES = [0, 6, 15, 30] as const;
export const ROUNDING_SCOPES = ['entry', 'day'] as const;
export type RoundingScope = (typeof ROUNDING_SCOPES)[number];

// --- clients

const clientName = text({ required: 'client_name_required', max: 120, tooLong: 'client_name_too_long' });
const clientContact = text({ notText: 'contact_not_text', max: 200, tooLong: 'contact_too_long' });
const clientNote = text({ notText: 'note_not_text', max: 2000, tooLong: 'note_too_long', multiline: true });

export const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  contact: z.string(),
  currency: z.string(),
  note: z.string(),
  archived: z.boolean(),
  /** its new projects are billable unless said otherwise */
  billable: z.boolean(),
  projectCount: z.number().int(),
  createdAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

export const createClientRequest = z.object({
  name: clientName,
  contact: clientContact.default(''),
  currency: currencyCode,
  note: clientNote.default(''),
  billable: z.boolean().default(true),
});
export type CreateClientRequest = z.input<typeof createClientRequest>;

export const updateClientRequest = z
  .object({
    name: clientName.optional(),
    contact: clientContact.optional(),
    currency: currencyCode.optional(),
    note: clientNote.optional(),
    billable: z.boolean().optional(),
    archived: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), { message: 'nothing_to_change' });
export type UpdateClientRequest = z.input<typeof updateClientRequest>;

export const clientsQuery = z.object({
  archived: z.enum(['true', 'false', 'all']).default('false'),
});

/** A client's page: its projects with this month's billable hours and (for those who may see money) amounts. */
export const clientDetailSchema = clientSchema.extend({
  month: z.object({ from: z.string(), to: z.string() }),
  projects: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      billable: z.boolean(),
      /** this month's billable seconds, rounded as the project says */
      billableSeconds: z.number().int(),
      /** null: the caller may not see this project's money */
      amounts: z.array(money).nullable(),
    }),
  ),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

// --- a project's billing

export const BUDGET_KINDS = ['hours', 'money'] as const;
export const BUDGET_PERIODS = ['total', 'month'] as const;
export const DEFAULT_THRESHOLDS = [80, 100];

export const budgetSchema = z.object({
  kind: z.enum(BUDGET_KINDS, { message: 'budget_kind_invalid' }),
  period: z.enum(BUDGET_PERIODS, { message: 'budget_period_invalid' }),
  /** hours: seconds; money: minor units of `currency` */
  amount: z
    .number()
    .int({ message: 'budget_amount_invalid' })
    .min(1, 'budget_amount_invalid')
    .max(1e12, 'budget_amount_invalid'),
  /** money budgets only */
  currency: currencyCode.nullable().default(null),
  /** percentages at which the project's managers are told, each once per period */
  thresholds: z
    .array(z.number().int().min(1, 'threshold_invalid').max(1000, 'threshold_invalid'))
    .max(5, 'threshold_invalid')
    .default(DEFAULT_THRESHOLDS),
});

export const projectBillingRequest = z
  .object({
    clientId: z.uuid({ message: 'client_invalid' }).nullable(),
    billable: z.boolean(),
    roundingMinutes: z.union(
      ROUNDING_MINUTES.map((m) => z.literal(m)),
      { message: 'rounding_invalid' },
    ),
    roundingScope: z.enum(ROUNDING_SCOPES, { message: 'rounding_invalid' }),
    budget: budgetSchema.nullable(),
  })
  .refine((v) => !v.budget || v.budget.kind === 'hours' || v.budget.currency, {
    message: CURRENCY_INVALID,
    path: ['budget', 'currency'],
  });
export type ProjectBillingRequest = z.input<typeof projectBillingRequest>;

/** How much of the budget's current period is used (money budgets: null for those who may not see money). */
export const budgetBurn = z.object({
  /** 'total', or the month 'YYYY-MM' */
  period: z.string(),
  used: z.number().int(),
  /** used / amount, 0..∞ (1 = all of it) */
  share: z.number(),
});

export const projectBillingSchema = z.object({
  projectId: z.string(),
  clientId: z.string().nullable(),
  client: z.string().nullable(),
  billable: z.boolean(),
  roundingMinutes: z.number().int(),
  roundingScope: z.enum(ROUNDING_SCOPES),
  /** null: no budget, or a money budget the caller may not see */
  budget: budgetSchema
    .extend({ currency: z.string().nullable(), thresholds: z.array(z.number().int()) })
    .nullable(),
  burn: budgetBurn.nullable(),
  /** whether the caller sees this project's amounts and rates */
  moneyVisible: z.boolean(),
});
export type ProjectBilling = z.infer<typeof projectBillingSchema>;

/** Each project's billing at a glance (the list's budget bars). */
export const projectBudgetsSchema = z.array(
  z.object({ projectId: z.string(), kind: z.enum(BUDGET_KINDS), burn: budgetBurn }),
);

// --- rates

export const RATE_SCOPES = ['organisation', 'client', 'project', 'person'] as const;
export const rateSchema = z.object({
  id: z.string(),
  kind: z.enum(['billable', 'cost']),
  scope: z.enum([...RATE_SCOPES, 'cost']),
  clientId: z.string().nullable(),
  projectId: z.string().nullable(),
  userId: z.string().nullable(),
  /** what the scope names, for the list */
  label: z.string(),
  /** per hour, in minor units */
  amountMinor: z.number().int(),
  currency: z.string(),
  effectiveFrom: z.string(),
});
export type Rate = z.infer<typeof rateSchema>;

/**
 * A billable rate (scope organisation: no ids; client: clientId; project: projectId; project and
 * person: projectId + userId) or a person's internal cost rate (kind cost: userId only).
 */
export const createRateRequest = z.object({
  kind: z.enum(['billable', 'cost'], { message: 'rate_kind_invalid' }).default('billable'),
  clientId: z.uuid({ message: 'client_invalid' }).optional(),
  projectId: z.uuid({ message: 'project_invalid' }).optional(),
  userId: z.uuid({ message: 'user_invalid' }).optional(),
  amountMinor: z
    .number({ message: 'rate_amount_invalid' })
    .int('rate_amount_invalid')
    .min(0, 'rate_amount_invalid')
    .max(100_000_000_000, 'rate_amount_invalid'),
  currency: currencyCode,
  effectiveFrom: isoDate,
});
export type CreateRateRequest = z.input<typeof createRateRequest>;

export const ratesQuery = z.object({
  clientId: z.uuid({ message: 'client_invalid' }).optional(),
  projectId: z.uuid({ message: 'project_invalid' }).optional(),
});

// --- the billable report

export const BILLABLE_GROUPS = ['client', 'project', 'user', 'task'] as const;
export const billableReportQuery = z
  .object({
    from: isoDate,
    to: isoDate,
    groupBy: z.enum(BILLABLE_GROUPS, { message: 'group_by_invalid' }).default('client'),
    clientId: z.uuid({ message: 'client_invalid' }).optional(),
    projectId: z.uuid({ message: 'project_invalid' }).optional(),
    /** the person and team filters of every report (docs/decisions/012-reports.md), checked the same way */
    userId: z.uuid({ message: 'user_invalid' }).optional(),
    teamId: z.uuid({ message: 'team_invalid' }).optional(),
  })
  .refine((v) => v.from <= v.to, { message: FROM_AFTER_TO, path: ['to'] })
  .refine((v) => v.from > v.to || daysInRange(v.from, v.to) <= MAX_REPORT_DAYS, {
    message: RANGE_TOO_LONG,
    path: ['to'],
  });
export type BillableReportQuery = z.infer<typeof billableReportQuery>;

const billableFigures = {
  /** billable seconds, rounded as each project says */
  billableSeconds: z.number().int(),
  /** of those, not yet on an invoice / on one */
  unbilledSeconds: z.number().int(),
  billedSeconds: z.number().int(),
  /** tracked seconds that are not billable (the ledger's, unrounded) */
  nonBillableSeconds: z.number().int(),
  /** billable seconds no rate covers */
  unpricedSeconds: z.number().int(),
  /** null when the caller may not see money; one line per currency */
  amounts: z.array(money).nullable(),
  unbilledAmounts: z.array(money).nullable(),
  billedAmounts: z.array(money).nullable(),
  /** internal cost of the billable and non-billable time: admins only */
  costs: z.array(money).nullable(),
};
export const billableReportRow = z.object({ key: z.string(), label: z.string(), ...billableFigures });
export type BillableReportRow = z.infer<typeof billableReportRow>;

export const billableReport = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(BILLABLE_GROUPS),
  rows: z.array(billableReportRow),
  totals: z.object(billableFigures),
  moneyVisible: z.boolean(),
  costVisible: z.boolean(),
  /** each budgeted project's burn in its current period */
  budgets: z.array(
    z.object({
      projectId: z.string(),
      project: z.string(),
      kind: z.enum(BUDGET_KINDS),
      period: z.string(),
      /** seconds, or minor units (null: money the caller may not see) */
      amount: z.number().int().nullable(),
      used: z.number().int().nullable(),
      currency: z.string().nullable(),
      share: z.number(),
    }),
  ),
});
export type BillableReport = z.infer<typeof billableReport>;

// --- settings

export const billingSettingsSchema = z.object({
  /** employees see the amounts of their own billable entries */
  employeesSeeAmounts: z.boolean(),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

// --- invoices

export const INVOICE_LINES = ['entry', 'task', 'person', 'day'] as const;
export const createInvoiceRequest = z
  .object({
    clientId: z.uuid({ message: 'client_invalid' }),
    from: isoDate,
    to: isoDate,
    reference: text({ required: 'reference_required', max: 100, tooLong: 'reference_too_long' }),
  })
  .refine((v) => v.from <= v.to, { message: FROM_AFTER_TO, path: ['to'] })
  .refine((v) => v.from > v.to || daysInRange(v.from, v.to) <= MAX_REPORT_DAYS, {
    message: RANGE_TOO_LONG,
    path: ['to'],
  });
export type CreateInvoiceRequest = z.input<typeof createInvoiceRequest>;

export const invoiceSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  client: z.string(),
  from: z.string(),
  to: z.string(),
  reference: z.string(),
  /** the entries it covers and their billed seconds */
  entries: z.number().int(),
  billableSeconds: z.number().int(),
  /** per currency, never added together */
  amounts: z.array(money),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceExportQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { message: 'format_invalid' }).default('xlsx'),
  /** one line per entry, or summed per task, person or day */
  lines: z.enum(INVOICE_LINES, { message: 'group_by_invalid' }).default('entry'),
});

export const NOTHING_TO_INVOICE = 'nothing_to_invoice';
export const INVOICE_NOT_FOUND = 'invoice_not_found';
export const CLIENT_NOT_FOUND = 'client_not_found';
export const RATE_NOT_FOUND = 'rate_not_found';
export const RATE_SCOPE_INVALID = 'rate_scope_invalid';
export const PROJECT_NOT_FOUND = 'project_not_found';

const download = <Q extends z.ZodObject>(path: `/api/${string}`, what: string, query: Q, type: string) =>
  ({
    method: 'GET',
    path,
    summary: what,
    access: 'signedIn',
    query,
    responses: { 200: z.string(), 404: errorBody },
    produces: type,
  }) as const;

/**
 * Who sees money (docs/product/billing.md#who-sees-money): admins everything; managers the amounts
 * and rates of projects they manage (they are its member or created it); employees whether time is
 * billable, and amounts of their own entries only when the organisation allows it. Cost rates: admins.
 */
export const billingApi = endpoints('Billing', {
  clients: {
    method: 'GET',
    path: '/api/clients',
    summary: 'Clients, by name',
    access: 'signedIn',
    query: clientsQuery,
    responses: { 200: z.array(clientSchema) },
  },
  client: {
    method: 'GET',
    path: '/api/clients/{id}',
    summary: "A client's page: its projects with this month's billable hours and amounts",
    access: 'signedIn',
    params: idParam,
    responses: { 200: clientDetailSchema },
  },
  createClient: {
    method: 'POST',
    path: '/api/clients',
    summary: 'Add a client',
    access: ['manager', 'admin'],
    body: createClientRequest,
    responses: { 201: clientSchema },
  },
  updateClient: {
    method: 'PATCH',
    path: '/api/clients/{id}',
    summary: 'Change or archive a client',
    access: ['manager', 'admin'],
    params: idParam,
    body: updateClientRequest,
    responses: { 200: clientSchema },
  },
  projectBilling: {
    method: 'GET',
    path: '/api/projects/{id}/billing',
    summary: "A project's client, billable default, rounding and budget with its burn",
    access: 'signedIn',
    params: idParam,
    responses: { 200: projectBillingSchema },
  },
  setProjectBilling: {
    method: 'PUT',
    path: '/api/projects/{id}/billing',
    summary: "Set a project's client, billable default, rounding and budget",
    access: ['manager', 'admin'],
    params: idParam,
    body: projectBillingRequest,
    responses: { 200: projectBillingSchema, 400: errorBody },
  },
  budgets: {
    method: 'GET',
    path: '/api/projects/budgets',
    summary: "Every budgeted project's burn in its current period (the list's bars)",
    access: 'signedIn',
    responses: { 200: projectBudgetsSchema },
  },
  rates: {
    method: 'GET',
    path: '/api/rates',
    summary: 'The rates the caller may see',
    access: ['manager', 'admin'],
    query: ratesQuery,
    responses: { 200: z.array(rateSchema) },
  },
  createRate: {
    method: 'POST',
    path: '/api/rates',
    summary: 'Add a rate from a day on',
    access: ['manager', 'admin'],
    body: createRateRequest,
    responses: { 201: rateSchema, 400: errorBody },
  },
  removeRate: {
    method: 'DELETE',
    path: '/api/rates/{id}',
    summary: 'Delete a rate',
    access: ['manager', 'admin'],
    params: idParam,
    responses: { 204: null },
  },
  billable: {
    method: 'GET',
    path: '/api/reports/billable',
    summary: 'Billable hours and amounts by client, project, person or task; billed and unbilled',
    access: 'signedIn',
    query: billableReportQuery,
    responses: { 200: billableReport, 404: errorBody },
  },
  billableCsv: download(
    '/api/reports/billable.csv',
    'The billable report as CSV',
    billableReportQuery,
    CSV_TYPE,
  ),
  billableXlsx: download(
    '/api/reports/billable.xlsx',
    'The billable report as an Excel workbook',
    billableReportQuery,
    XLSX_TYPE,
  ),
  invoices: {
    method: 'GET',
    path: '/api/invoices',
    summary: 'The invoice marks, newest first',
    access: ['admin'],
    responses: { 200: z.array(invoiceSchema) },
  },
  createInvoice: {
    method: 'POST',
    path: '/api/invoices',
    summary: "Mark a client's unbilled billable entries of a period as invoiced (locks them)",
    access: ['admin'],
    body: createInvoiceRequest,
    responses: { 201: invoiceSchema, 400: errorBody, 409: errorBody },
  },
  removeInvoice: {
    method: 'DELETE',
    path: '/api/invoices/{id}',
    summary: 'Undo an invoice mark (unlocks its entries; audited)',
    access: ['admin'],
    params: idParam,
    responses: { 204: null },
  },
  invoiceExport: {
    method: 'GET',
    path: '/api/invoices/{id}/export',
    summary: "An invoice's entries as CSV or an Excel workbook: per entry or summed, totals per currency",
    access: ['admin'],
    params: idParam,
    query: invoiceExportQuery,
    responses: { 200: z.string() },
    produces: [CSV_TYPE, XLSX_TYPE],
  },
  settings: {
    method: 'GET',
    path: '/api/billing/settings',
    summary: "The organisation's billing choices",
    access: 'signedIn',
    responses: { 200: billingSettingsSchema },
  },
  updateSettings: {
    method: 'PUT',
    path: '/api/billing/settings',
    summary: "Change the organisation's billing choices",
    access: ['admin'],
    body: billingSettingsSchema,
    responses: { 200: billingSettingsSchema },
  },
});
