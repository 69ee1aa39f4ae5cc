import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { ZoneNote } from '@/components/ui/zone-note';
import {
  useTodaySummary,
  ClockCard,
  HistoryCard,
  MyAlertsCard,
  TodaySummaryCard,
} from '@/features/attendance';
import { useOwnTimeZone } from '@/lib/time-zone';

/** Attendance (docs/product/attendance.md): the person's times in their own zone, named when not the browser's. */
export function AttendancePage() {
  const { t } = useTranslation('attendance');
  const today = useTodaySummary();
  const timeZone = useOwnTimeZone();
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={t('page.title')}
        description={
          <>
            {t('page.description')}
            <ZoneNote timeZone={timeZone} className="mt-1" />
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <ClockCard summary={today.data} />
        </div>
        <div className="lg:col-span-2">
          <TodaySummaryCard summary={today.data} fetchedAt={today.dataUpdatedAt} />
        </div>
        <div className="lg:col-span-5">
          <HistoryCard />
        </div>
        <div className="lg:col-span-5">
          <MyAlertsCard />
        </div>
      </div>
    </div>
  );
}
