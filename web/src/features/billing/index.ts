export { ClientDetail } from './client-detail';
export { ClientsList } from './clients-list';
export { ProjectBillingCard } from './project-billing';
