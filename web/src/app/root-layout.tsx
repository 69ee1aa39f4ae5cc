import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useStoredUser } from '@/lib/auth';
import { AppShell } from './shell/app-shell';

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
        <AppShell user={user}>{page}</AppShell>
      ) : (
        <main id="main" className="flex min-h-dvh flex-col">
          {page}
        </main>
      )}
      <ScrollRestoration />
    </>
  );
}
