import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

/** Last-resort screen, e.g. when a page chunk fails to load after a deploy. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger">
        <TriangleAlert className="size-6" aria-hidden />
      </div>
      <h1 className="text-xl font-semibold text-foreground">{t('errors.generic')}</h1>
      {detail && <p className="max-w-md text-sm text-muted-foreground">{detail}</p>}
      <Button onClick={() => window.location.reload()}>{t('actions.reloadPage')}</Button>
    </main>
  );
}
