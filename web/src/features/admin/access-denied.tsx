import { House, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

/** What a non-admin sees on an admin page (docs/product/roles.md#client-hiding); the server refuses the data anyway. */
export function AccessDenied({ description }: { description?: string }) {
  const { t } = useTranslation('admin');
  return (
    <Card className="mx-auto mt-8 w-full max-w-lg">
      <EmptyState
        icon={ShieldAlert}
        headingLevel="h1"
        title={t('accessDenied.title')}
        description={description ?? t('accessDenied.description')}
        action={
          <Button asChild variant="outline">
            <Link to="/">
              <House aria-hidden /> {t('accessDenied.back')}
            </Link>
          </Button>
        }
      />
    </Card>
  );
}
