import { Tag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/auth';

/** The way to the labels screen, for those who keep the labels: managers and admins. */
export function LabelsLink() {
  const { t } = useTranslation('tasks');
  const { user } = useCurrentUser();
  if (user?.role !== 'manager' && user?.role !== 'admin') return null;
  return (
    <Button asChild variant="outline">
      <Link to="/labels">
        <Tag aria-hidden /> {t('labelsAdmin.manage')}
      </Link>
    </Button>
  );
}
