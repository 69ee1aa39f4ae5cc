import type { authApi, User } from '@contract/auth';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { call } from './api';
import { setUnauthorizedHandler } from './api-client';
import { queryClient } from './query-client';

/**
 * Current-user resolution (docs/product/client-behaviour.md#current-user): the record kept in localStorage under 'user' wins; without
 * one, GET /api/auth/user; if that fails the visitor is not authenticated. The stored record is an
 * external store so the shell appears and disappears the moment it is set or cleared (any tab).
 */
const STORAGE_KEY = 'user';

/**
 * The accounts endpoints, loaded when first called: every page (the sign-in page too) uses this
 * module, and the contract module brings zod with it (LazyEndpoint in lib/api.ts).
 */
export const accounts =
  <K extends keyof typeof authApi>(name: K) =>
  async () =>
    (await import('@contract/auth')).authApi[name];
const CURRENT_USER_KEY = ['current-user'] as const;

let cachedRaw: string | null | undefined;
let cachedUser: User | null = null;
const listeners = new Set<() => void>();

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The stored user, or null when absent or unreadable. Returns the same object until it changes. */
export function getStoredUser(): User | null {
  const raw = readRaw();
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = null;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && typeof (parsed as User).id === 'string') {
        cachedUser = parsed as User;
      }
    } catch {
      // a damaged record counts as signed out
    }
  }
  return cachedUser;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Keeps the user record exactly as the login/verify response returned it. */
export function setStoredUser(user: User): void {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
  notify();
}

export function clearStoredUser(): void {
  window.localStorage.removeItem(STORAGE_KEY);
  notify();
}

/** Only the locally stored user (decides whether the layout shell is shown). */
export function useStoredUser(): User | null {
  return useSyncExternalStore(subscribe, getStoredUser, () => null);
}

export interface CurrentUser {
  user: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

/** Stored user first, else the server's session user; a failed lookup means not authenticated. */
export function useCurrentUser(): CurrentUser {
  const stored = useStoredUser();
  const query = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => call(accounts('currentUser'), {}, signal),
    enabled: stored === null,
  });
  const user = stored ?? (query.isError ? null : (query.data ?? null));
  return { user, isLoading: stored === null && query.isLoading, isAuthenticated: user !== null };
}

type Navigate = (to: string) => Promise<void> | void;
let navigate: Navigate = (to) => window.location.assign(to);

/** The router registers its client-side navigation here so logout() needs no hook. */
export function setNavigate(fn: Navigate): void {
  navigate = fn;
}

/** The sign-in page, remembering the page to come back to (`/login?next=/chat`). */
export function signInPath(from: string): string {
  const back = safeNextPath(from);
  return back === '/' ? '/login' : `/login?${new URLSearchParams({ next: back })}`;
}

/**
 * Where to go after signing in: `next` when it is a path on this site, otherwise '/'. The browser's
 * own URL parser decides, so whatever it would read as another site (`//evil.example`,
 * `/\evil.example`, a tab or newline inside `//`) is refused; so is the sign-in page itself.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(next, window.location.origin);
  } catch {
    return '/';
  }
  if (url.origin !== window.location.origin || url.pathname === '/login') return '/';
  return url.pathname + url.search + url.hash;
}

const currentPath = () => window.location.pathname + window.location.search + window.location.hash;

let signingOut = false;

/** True while logout() runs: a deliberate sign-out goes to plain /login, not back to the page. */
export const isSigningOut = () => signingOut;

/** Ends the server session (failure ignored), forgets the user and every cached read, goes to /login. */
export async function logout(): Promise<void> {
  try {
    await call(accounts('signOut'), {});
  } catch {
    // signing out locally must work even when the server cannot be reached
  }
  signingOut = true;
  try {
    clearStoredUser();
    queryClient.clear();
    await navigate('/login');
  } finally {
    signingOut = false;
  }
}

/**
 * Session expiry: a 401 from the API while a user is stored means the server session is gone (expired,
 * suspended, reset elsewhere), so the stored record is stale — forget it and sign in again, then come
 * back to this page. A failed sign-in is a 401 too, and is the login form's to show.
 */
const NOT_A_SESSION_CHECK = ['/api/simple-login', '/api/logout', '/api/change-password'];
setUnauthorizedHandler((url) => {
  if (NOT_A_SESSION_CHECK.some((path) => url.startsWith(path))) return;
  if (getStoredUser() === null) return;
  const back = signInPath(currentPath());
  clearStoredUser();
  queryClient.clear();
  navigate(back);
});
