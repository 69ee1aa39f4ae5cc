/**
 * `use-sync-external-store/shim` for a React that has the hook itself (React 18 and later): what
 * react-i18next imports, without the shim's code for older Reacts in the sign-in page's budget
 * (web/vite.config.ts aliases the shim here).
 */
export { useSyncExternalStore } from 'react';
