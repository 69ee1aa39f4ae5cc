export { ClientDetail } from './client-detail';
export { ClientsList } from './clients-list';
export { ProjectBillingCard } from './project-billing';
export { BillingSettingsPanel } from './billing-settings';
