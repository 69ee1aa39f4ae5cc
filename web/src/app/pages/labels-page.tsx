import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { AccessDenied } from '@/features/admin';
import { LabelsPanel } from '@/features/tasks';
import { useCurrentUser } from '@/lib/auth';

/** /labels: the organisation's labels, kept by managers and admins (docs/product/tasks.md#labels). */
export function LabelsPage() {
  const { t } = useTranslation('tasks');
  const { user } = useCurrentUser();
  if (user?.role !== 'manager' && user?.role !== 'admin')
    return <AccessDenied description={t('labelsAdmin.denied')} />;
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title={t('labelsAdmin.title')} description={t('labelsAdmin.description')} />
      <LabelsPanel heading={false} />
    </div>
  );
}
