import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { ReviewQueue, TeamOvertime, WeekSheet } from '@/features/timesheets';
import { useCurrentUser } from '@/lib/auth';
import { todayIsoDate } from '@/lib/format';

/** Weekly timesheets (docs/product/timesheets.md): one's own week, and for reviewers the queue. */
export function TimesheetsPage() {
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const week = params.get('week') ?? todayIsoDate();
  const userId = params.get('user') ?? undefined;
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
        title="Timesheets"
        description="Your week: time tracked, attended and expected. Submit it when it is complete."
        actions={
          userId && (
            <Button variant="outline" onClick={() => show({ user: null })}>
              Back to my week
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
