/** What pages (and other screens' pages) may use from the time-entries feature. */
export { useTimeSummary } from './api';
export { EntriesList } from './entries-list';
export { AddEntryDialog } from './entry-dialogs';
export { ExportDialog } from './export-dialog';
export { SummaryCards } from './summary-cards';
