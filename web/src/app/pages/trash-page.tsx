import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { TrashList } from '@/features/trash';

/** The Trash (docs/product/tasks.md#trash): deleted tasks and time entries, restorable for 30 days. */
export function TrashPage() {
  const { t } = useTranslation('tasks');
  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader title={t('trash.title')} description={t('trash.description')} />
      <TrashList />
    </div>
  );
}
