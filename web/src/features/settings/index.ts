/** What pages (and other screens' pages) may use from the settings feature. */
export { SsoSettingsPanel } from './sso-settings-panel';
export { SystemSettingsPanel } from './system-settings-panel';
