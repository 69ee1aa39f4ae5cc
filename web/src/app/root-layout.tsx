import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useStoredUser } from '@/lib/auth';

// Signed-out pages (sign in, register) never download the shell: it is its own chunk.
const AppShell = lazy(() => import('./shell/app-shell').then((m) => ({ default: m.AppShell })));

function PageFallback() {
  return (
    <div className="flex flex-1 items-center justify-center py-16">
      <Spinner className="size-6" label="Loading page" />
    </div>
  );
}

/** The shell appears only while a user record is stored (spec point 2); otherwise pages render bare. */
export function RootLayout() {
  const user = useStoredUser();
  const busy = useNavigation().state !== 'idle';
  const page = (
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  );
  return (
    <>
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
      <ScrollRestoration />
    </>
  );
}
