/** What pages may use from the setup feature (docs/product/dashboard.md#setup). */
export { FirstStepsCard } from './first-steps-card';
export { SetupChecklist } from './setup-checklist';
export { SetupSettingsPanel } from './setup-settings-panel';
