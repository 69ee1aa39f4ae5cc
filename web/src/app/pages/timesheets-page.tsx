import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { ZoneNote } from '@/components/ui/zone-note';
import { ReviewQueue, TeamOvertime, useTimesheet, WeekSheet } from '@/features/timesheets';
import { useCurrentUser } from '@/lib/auth';
import { todayIn, useOwnTimeZone } from '@/lib/time-zone';

/**
 * Weekly timesheets (docs/product/timesheets.md): one's own week, and for reviewers the queue. A
 * week of someone else is headed with their name and zone ("Eli Employee's week · Europe/Berlin").
 */
export function TimesheetsPage() {
  const { t } = useTranslation('timesheets');
  const { user } = useCurrentUser();
  const ownZone = useOwnTimeZone();
  const [params, setParams] = useSearchParams();
  const week = params.get('week') ?? todayIn(ownZone);
  const userId = params.get('user') ?? undefined;
  const reviewing = userId !== undefined && userId !== user?.id;
  const sheet = useTimesheet(week, userId).data;
  const reviewer = user?.role === 'manager' || user?.role === 'admin';
  const show = (next: { week?: string; user?: string | null }) => {
    const search = new URLSearchParams(params);
    if (next.week) search.set('week', next.week);
    if (next.user === null) search.delete('user');
    else if (next.user) search.set('user', next.user);
    setParams(search);
  };
  return (
    <div className="mx-auto grid w-full min-w-0 max-w-6xl gap-6 [&>*]:min-w-0">
      <PageHeader
        className="mb-0"
        title={
          reviewing ? (
            <span data-testid="review-heading">
              {sheet
                ? t('page.reviewHeading', { name: sheet.userName, zone: sheet.timeZone })
                : t('page.loadingWeek')}
            </span>
          ) : (
            t('page.title')
          )
        }
        description={
          reviewing ? (
            t('page.reviewDescription')
          ) : (
            <>
              {t('page.description')}
              <ZoneNote timeZone={sheet?.timeZone} className="mt-1" />
            </>
          )
        }
        actions={
          userId && (
            <Button variant="outline" onClick={() => show({ user: null })}>
              {t('page.back')}
            </Button>
          )
        }
      />
      <WeekSheet week={week} userId={userId} onWeek={(w) => show({ week: w })} />
      {reviewer && <ReviewQueue onOpen={(id, w) => show({ user: id, week: w })} />}
      {reviewer && <TeamOvertime week={week} onOpen={(id, w) => show({ user: id, week: w })} />}
    </div>
  );
}
