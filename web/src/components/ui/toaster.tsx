import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from './use-toast';

const ToastList = lazy(() => import('./toast-list').then((m) => ({ default: m.ToastList })));

/**
 * Mount once at the app root. The toast machinery (Radix) loads with the first toast, not with the
 * first page: the sign-in page stays within its budget (docs/performance.md). `toast()` itself is a
 * plain store, so a toast raised before the chunk arrives shows as soon as it does.
 */
export function Toaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (toasts.length > 0) setNeeded(true);
  }, [toasts.length]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}
