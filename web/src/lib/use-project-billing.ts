import { billingApi } from '@contract/billing';
import { useApiQuery } from './api';
import { formatNumber } from './format';

/** A project's billing (billable default, rounding, budget), for the timer, entry dialog and pages. */
export const useProjectBilling = (projectId: string | undefined) =>
  useApiQuery(billingApi.projectBilling, projectId ? { params: { id: projectId } } : null);

/** Every budgeted project's burn, for the project list's bars (one cached read). */
export const useProjectBudgets = () => useApiQuery(billingApi.budgets, {});

/** Money in the reader's locale: 12345 EUR minor units → '€123.45' ('123,45 €' in German). */
export const formatMoney = (m: { currency: string; minor: number }) =>
  formatNumber(m.minor / 100, { style: 'currency', currency: m.currency });

/** Amounts of several currencies side by side, never added: '€120.00 · $50.00'. */
export const formatMoneyList = (list: { currency: string; minor: number }[] | null) =>
  list === null ? '' : list.length === 0 ? '—' : list.map(formatMoney).join(' · ');
