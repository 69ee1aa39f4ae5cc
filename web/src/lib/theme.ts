import { useSyncExternalStore } from 'react';

/**
 * The colour theme (docs/product/client-behaviour.md#theme, docs/decisions/027-dark-mode.md): light,
 * dark, or follow the system, kept per browser. web/public/theme.js applies it before the first paint;
 * this module keeps <html class="dark"> in step afterwards: on a choice made here, on a change of the
 * system setting while the choice is 'system', and on a choice made in another tab.
 */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** Shared with web/public/theme.js. */
const STORAGE_KEY = 'workbench.theme';
const listeners = new Set<() => void>();
const systemDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;

function read(): Theme {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return THEMES.includes(value as Theme) ? (value as Theme) : 'system';
  } catch {
    return 'system';
  }
}

let current: Theme = typeof window === 'undefined' ? 'system' : read();

function apply() {
  const dark = current === 'dark' || (current === 'system' && systemDark());
  document.documentElement.classList.toggle('dark', dark);
}

function changed() {
  apply();
  for (const listener of listeners) listener();
}

export function setTheme(theme: Theme) {
  current = theme;
  try {
    if (theme === 'system') window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // storage refused (private mode): the choice lasts for this page only
  }
  changed();
}

if (typeof window !== 'undefined') {
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (current === 'system') changed();
  });
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    current = read();
    changed();
  });
  apply();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen theme ('system' included) and the setter. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  return [useSyncExternalStore(subscribe, () => current), setTheme];
}
