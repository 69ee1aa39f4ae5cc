import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ZoneNote } from '@/components/ui/zone-note';
import {
  useTimeSummary,
  AddEntryDialog,
  EntriesList,
  ExportDialog,
  SummaryCards,
} from '@/features/time-entries';
import { useActiveTimer, CurrentTimerCard } from '@/features/timers';
import { TrashLink } from '@/features/trash';
import { browserTimeZone } from '@/lib/format';
import { useOwnTimeZone } from '@/lib/time-zone';

/**
 * Time Tracker (docs/product/time-tracking.md#tracker-screen): current timer, three stat cards, recent
 * entries, manual entries, export. Every time on it is in the person's own zone (the summary's), said
 * once in the header when it is not the browser's.
 */
export function TrackerPage() {
  const { t } = useTranslation('time');
  const active = useActiveTimer();
  const summary = useTimeSummary();
  const ownZone = useOwnTimeZone();
  const timeZone = summary.data?.timeZone ?? ownZone ?? browserTimeZone();
  const loading = active.isLoading || summary.isLoading;
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-6">
      <PageHeader
        className="mb-0"
        title={t('page.title')}
        description={
          <>
            {t('page.description')}
            <ZoneNote timeZone={summary.data?.timeZone} className="mt-1" />
          </>
        }
        actions={
          <>
            <TrashLink />
            <ExportDialog />
            <AddEntryDialog timeZone={timeZone} />
          </>
        }
      />
      {loading ? <TrackerSkeleton /> : <CurrentTimerCard timeZone={timeZone} />}
      <SummaryCards />
      <EntriesList timeZone={timeZone} />
    </div>
  );
}

function TrackerSkeleton() {
  const { t } = useTranslation('time');
  return (
    <div className="grid gap-4 rounded-lg border bg-card p-5" aria-busy="true">
      <span className="sr-only">{t('page.loadingTimer')}</span>
      <Skeleton className="h-5 w-32" />
      <div className="grid gap-4 md:grid-cols-[auto_1fr] md:items-center">
        <Skeleton className="h-12 w-52" />
        <Skeleton className="h-9 w-full" />
      </div>
    </div>
  );
}
