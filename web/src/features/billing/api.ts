import { billingApi } from '@contract/billing';
import { projectsApi } from '@contract/projects';
import { timeEntriesApi } from '@contract/time-entries';
import { useApiMutation, useApiQuery } from '@/lib/api';

const afterClientChange = [billingApi.clients, projectsApi.list];
const afterBillingChange = [
  billingApi.projectBilling,
  billingApi.budgets,
  billingApi.clients,
  timeEntriesApi.list,
];

export const useClients = (archived: 'true' | 'false' | 'all' = 'false') =>
  useApiQuery(billingApi.clients, { query: { archived } });
export const useClient = (id: string) => useApiQuery(billingApi.client, { params: { id } });
export const useCreateClient = () =>
  useApiMutation(billingApi.createClient, { refreshes: afterClientChange });
export const useUpdateClient = () =>
  useApiMutation(billingApi.updateClient, { refreshes: afterClientChange });
export const useSetProjectBilling = () =>
  useApiMutation(billingApi.setProjectBilling, { refreshes: afterBillingChange });
export const useRates = (query: { clientId?: string; projectId?: string }) =>
  useApiQuery(billingApi.rates, { query });
// A rate changes amounts: the client's page and the billable report read them.
const afterRateChange = [billingApi.rates, billingApi.client, billingApi.billable, billingApi.projectBilling];
export const useCreateRate = () => useApiMutation(billingApi.createRate, { refreshes: afterRateChange });
export const useRemoveRate = () => useApiMutation(billingApi.removeRate, { refreshes: afterRateChange });
export const useBillingSettings = () => useApiQuery(billingApi.settings, {});
export const useUpdateBillingSettings = () =>
  useApiMutation(billingApi.updateSettings, { refreshes: [billingApi.settings] });
