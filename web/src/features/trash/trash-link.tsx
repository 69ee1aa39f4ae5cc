import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The way to the Trash from the screens where things are deleted (docs/product/tasks.md#trash). */
export function TrashLink() {
  const { t } = useTranslation('tasks');
  return (
    <Button asChild variant="outline">
      <Link to="/trash">
        <Trash2 aria-hidden /> {t('trash.link')}
      </Link>
    </Button>
  );
}
