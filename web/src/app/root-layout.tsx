import { Fragment, lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { getStoredUser, useStoredUser } from '@/lib/auth';
import { useNavigating } from './navigating';
import { useAppliedLanguage } from './use-language';

// Signed-out pages (sign in, register) never download the shell: it is its own chunk. A signed-in
// visit needs it at once, so it starts downloading now, beside the first page's own chunk.
const loadShell = () => import('./shell/app-shell');
if (getStoredUser()) void loadShell();
const AppShell = lazy(() => loadShell().then((m) => ({ default: m.AppShell })));

export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 items-center justify-center py-16">
      <Spinner className="size-6" label={t('states.loadingPage')} />
    </div>
  );
}

/** Where each visited entry of the history was scrolled to, for going back and forward. */
const scrolledTo = new Map<string, number>();
let shownKey = '';

/**
 * The browser's scrolling across navigations: a new page starts at its top (or at its `#anchor`),
 * back and forward return to where the page was left; the first page is left to the browser.
 */
function useScrollRestoration() {
  const { key, hash } = useLocation();
  const action = useNavigationType();
  useEffect(() => {
    const remember = () => scrolledTo.set(shownKey, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);
  useLayoutEffect(() => {
    const first = shownKey === '';
    shownKey = key;
    if (first) return;
    const anchor = hash && document.getElementById(decodeURIComponent(hash.slice(1)));
    if (action === 'POP') window.scrollTo(0, scrolledTo.get(key) ?? 0);
    else if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, action]);
}

/** The shell appears only while a user record is stored (docs/product/client-behaviour.md#layout-shell); otherwise pages render bare. */
export function RootLayout() {
  const user = useStoredUser();
  const busy = useNavigating();
  useScrollRestoration();
  // Every screen renders again in a newly chosen language or clock (formats are read while rendering).
  const language = useAppliedLanguage();
  const page = (
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  );
  return (
    <Fragment key={language}>
      {busy && <div className="fixed inset-x-0 top-0 z-[60] h-0.5 animate-pulse bg-primary" aria-hidden />}
      {user ? (
        <Suspense fallback={<PageFallback />}>
          <AppShell user={user}>{page}</AppShell>
        </Suspense>
      ) : (
        <main id="main" className="flex min-h-dvh flex-col">
          {page}
        </main>
      )}
    </Fragment>
  );
}
