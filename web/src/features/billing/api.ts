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
export const useRates = (projectId: string, enabled: boolean) =>
  useApiQuery(billingApi.rates, enabled ? { query: { projectId } } : null);
export const useCreateRate = () => useApiMutation(billingApi.createRate, { refreshes: [billingApi.rates] });
export const useRemoveRate = () => useApiMutation(billingApi.removeRate, { refreshes: [billingApi.rates] });
