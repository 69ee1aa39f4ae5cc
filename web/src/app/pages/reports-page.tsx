import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { Reports } from '@/features/reports';

/** Reports (docs/decisions/012-reports.md): where the hours went, for everyone the viewer may see. */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-4">
      <PageHeader className="mb-0" title={t('page.title')} description={t('page.description')} />
      <Reports />
    </div>
  );
}
