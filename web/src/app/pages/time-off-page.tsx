import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { TIME_OFF_TABS, type TimeOffTab, TimeOffTabs } from '@/features/time-off';
import { useCurrentUser } from '@/lib/auth';
import { todayIn, useOwnTimeZone } from '@/lib/time-zone';

/** Time off (docs/product/time-off.md): the tab is kept in the URL (`?tab=calendar`), so it can be shared. */
export function TimeOffPage() {
  const { t } = useTranslation('time-off');
  const { user } = useCurrentUser();
  const zone = useOwnTimeZone();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TimeOffTab = TIME_OFF_TABS.includes(asked as TimeOffTab) ? (asked as TimeOffTab) : 'mine';
  return (
    <div className="mx-auto grid w-full min-w-0 max-w-6xl gap-4 [&>*]:min-w-0">
      <PageHeader className="mb-0" title={t('page.title')} description={t('page.description')} />
      {user && zone ? (
        <TimeOffTabs
          tab={tab}
          onTab={(next) => setParams(next === 'mine' ? {} : { tab: next })}
          user={user}
          today={todayIn(zone)}
        />
      ) : (
        <p className="text-sm text-muted-foreground">{t('common:states.loading')}</p>
      )}
    </div>
  );
}
