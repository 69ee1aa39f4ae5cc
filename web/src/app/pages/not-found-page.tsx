import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <div className="w-full max-w-md rounded-lg border bg-card p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Compass className="size-6" aria-hidden />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t('notFound.title')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('notFound.description')}</p>
        <Button asChild className="mt-6">
          <Link to="/">{t('notFound.home')}</Link>
        </Button>
      </div>
    </div>
  );
}
