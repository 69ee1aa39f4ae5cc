import { useEffect, useRef, useSyncExternalStore } from 'react';
import { i18n } from './i18n';

/**
 * The app's keyboard shortcuts: one registry, one keydown listener (docs/product/client-behaviour.md#keyboard-shortcuts).
 * Components register what they offer with `useShortcuts`; the help dialog lists the same entries.
 *
 * Keys: a single key ('c', '?', '/'), a sequence of two ('g h': g, then h within a second and a
 * half), or 'mod+k' (⌘ on Apple keyboards, Ctrl elsewhere). Plain keys never fire while the focus is
 * in a field (input, textarea, select, contenteditable) or while a dialog is open; 'mod+' shortcuts
 * work in fields too, but not over another dialog. Escape is left to the dialogs themselves.
 */
export type Shortcut = {
  keys: string;
  /** what the help dialog says it does */
  description: string;
  /** the help dialog's heading it is listed under (an identifier: the dialog names it in the reader's language) */
  group: 'General' | 'Go to';
  run: () => void;
};

const SEQUENCE_MS = 1500;
let entries: Shortcut[] = [];
const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};

function add(list: Shortcut[]) {
  entries = [...entries, ...list];
  changed();
  return () => {
    entries = entries.filter((e) => !list.includes(e));
    changed();
  };
}

/** Registers shortcuts while the component is mounted; the latest `run`s are called. */
export function useShortcuts(list: Shortcut[]) {
  const latest = useRef(list);
  latest.current = list;
  const signature = list.map((s) => `${s.keys}\u0000${s.description}\u0000${s.group}`).join('\u0001');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-registered only when keys or texts change
  useEffect(
    () => add(latest.current.map((s, i) => ({ ...s, run: () => latest.current[i]?.run() }))),
    [signature],
  );
}

/** Every registered shortcut, for the help dialog. */
export function useShortcutList(): Shortcut[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => entries,
  );
}

export const isApple = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * How a shortcut's keys are shown: 'mod+k' as ⌘K on Apple keyboards and Ctrl+K elsewhere (Strg+K on a
 * German keyboard), 'g h' as G then H.
 */
export function keyLabels(keys: string): string[] {
  if (keys.startsWith('mod+'))
    return [isApple() ? '⌘' : i18n.t('common:keys.ctrl'), keys.slice(4).toUpperCase()];
  return keys.split(' ').map((k) => (k.length === 1 ? k.toUpperCase() : k));
}

function inField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/** The one keydown listener; mounted once, by the signed-in shell. */
export function useShortcutListener() {
  useEffect(() => {
    let pending: { key: string; at: number } | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.key === 'Escape') return;
      const mod = event.metaKey || event.ctrlKey;
      if (mod && !event.altKey && !event.shiftKey) {
        const found = entries.find((s) => s.keys === `mod+${event.key.toLowerCase()}`);
        // The palette's own shortcut also closes it; other dialogs keep their keyboard.
        if (found && (!dialogOpen() || document.querySelector('[data-command-palette]'))) {
          event.preventDefault();
          found.run();
        }
        return;
      }
      if (mod || event.altKey || inField(event.target) || dialogOpen()) {
        pending = null;
        return;
      }
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const now = Date.now();
      if (pending && now - pending.at < SEQUENCE_MS) {
        const found = entries.find((s) => s.keys === `${pending?.key} ${key}`);
        pending = null;
        if (found) {
          event.preventDefault();
          found.run();
          return;
        }
      }
      // '?' is typed with Shift; the key itself says which character it is.
      const single = entries.find((s) => s.keys === (event.key === '?' ? '?' : key));
      if (single) {
        event.preventDefault();
        single.run();
        return;
      }
      if (entries.some((s) => s.keys.startsWith(`${key} `))) {
        event.preventDefault();
        pending = { key, at: now };
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
