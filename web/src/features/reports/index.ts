/** What pages (and other screens' pages) may use from the reports feature. */
export { Reports } from './reports';
