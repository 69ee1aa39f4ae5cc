import type * as React from 'react';
import { useEffect, useState } from 'react';
import type { ToastVariant } from './toast';

/** docs/product/client-behaviour.md#toasts: one toast at a time; a dismissed toast leaves the list after 1,000,000 ms. */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

/**
 * A toast's one button (e.g. Discard after an accidental timer). Data rather than an element, so a
 * caller does not pull the toast's Radix code into its own chunk; the toast list renders it.
 */
export interface ToastActionOptions {
  label: string;
  /** What a screen reader user is told to do instead, the toast being transient. */
  altText: string;
  onClick: () => void;
}

export interface ToastOptions {
  title?: React.ReactNode;
  description?: React.ReactNode;
  variant?: ToastVariant;
  action?: ToastActionOptions;
  duration?: number;
}

export interface ToasterToast extends ToastOptions {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface State {
  toasts: ToasterToast[];
}

type Action =
  | { type: 'ADD'; toast: ToasterToast }
  | { type: 'UPDATE'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS'; id?: string }
  | { type: 'REMOVE'; id?: string };

let count = 0;
const nextId = () => {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
};

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string) {
  if (removeTimeouts.has(id)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(id);
    dispatch({ type: 'REMOVE', id });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(id, timeout);
}

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS': {
      for (const t of state.toasts) if (action.id === undefined || t.id === action.id) scheduleRemoval(t.id);
      return {
        toasts: state.toasts.map((t) =>
          action.id === undefined || t.id === action.id ? { ...t, open: false } : t,
        ),
      };
    }
    case 'REMOVE':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

const listeners = new Set<(state: State) => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

/** Shows a toast from anywhere (components, mutation callbacks). */
export function toast(options: ToastOptions) {
  const id = nextId();
  const dismiss = () => dispatch({ type: 'DISMISS', id });
  const update = (next: ToastOptions) => dispatch({ type: 'UPDATE', toast: { ...next, id } });
  dispatch({
    type: 'ADD',
    toast: {
      ...options,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update };
}

/**
 * Withdraws the toasts on screen that offer no action: what an earlier submit reported ('Schedule
 * Saved') is stale once the next submit is refused, and must not stand beside its errors (the one
 * form layer calls it: components/form/form.tsx). A toast with an action (Discard) stays.
 */
export function dismissStaleToasts() {
  for (const t of memoryState.toasts) if (t.open && !t.action) dispatch({ type: 'DISMISS', id: t.id });
}

export function useToast() {
  const [state, setState] = useState<State>(memoryState);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { ...state, toast, dismiss: (id?: string) => dispatch({ type: 'DISMISS', id }) };
}
