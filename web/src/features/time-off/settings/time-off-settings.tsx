import { useTranslation } from 'react-i18next';
import { todayIn, useOwnTimeZone } from '@/lib/time-zone';
import { HolidayRegion } from './holiday-region';
import { HolidaysList } from './holidays-list';
import { LeaveTypesPanel } from './leave-types-panel';
import { PolicyForm } from './policy-form';

/** System Settings → Time off (admins): types, allowance rules, the holiday region and the year's days. */
export function TimeOffSettings() {
  const { t } = useTranslation('time-off');
  const thisYear = Number(todayIn(useOwnTimeZone()).slice(0, 4));
  return (
    <div className="grid gap-6">
      <h2 className="sr-only">{t('settings.title')}</h2>
      <LeaveTypesPanel />
      <PolicyForm />
      <HolidayRegion />
      <HolidaysList thisYear={thisYear} />
    </div>
  );
}
