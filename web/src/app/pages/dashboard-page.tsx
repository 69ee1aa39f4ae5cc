import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import {
  OutToday,
  quickActionClass,
  QuickActions,
  RecentTasks,
  DashboardStatCards,
  TodaysProgress,
} from '@/features/dashboard';
import { FirstStepsCard, SetupChecklist } from '@/features/setup';
import { TaskDialog } from '@/features/tasks';
import { QuickTimer } from '@/features/timers';
import { useStoredUser } from '@/lib/auth';
import { formatLongDate } from '@/lib/format';

/** Home (docs/product/dashboard.md#home-page): welcome, the setup checklist or first steps, the four stats, Quick Timer, Recent Tasks, Today's Progress, Who's out today, Quick Actions. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const user = useStoredUser();
  const [creatingTask, setCreatingTask] = useState(false);
  // The route only renders with a signed-in user (RequireUser).
  if (!user) return null;
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <PageHeader
        className="mb-0"
        // A first sign-in has no sign-in before it: nobody is welcomed "back" on their first day.
        title={
          user.previousLoginAt === null
            ? t('welcome', { name: user.firstName })
            : t('welcomeBack', { name: user.firstName })
        }
        description={t('glance', { date: formatLongDate(new Date()) })}
      />
      <SetupChecklist isAdmin={user.role === 'admin'} />
      <FirstStepsCard isAdmin={user.role === 'admin'} />
      <DashboardStatCards />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6 lg:col-span-2">
          <QuickTimer />
          <RecentTasks />
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <TodaysProgress />
          <OutToday />
          <QuickActions
            newTask={
              <Button variant="outline" className={quickActionClass} onClick={() => setCreatingTask(true)}>
                <Plus aria-hidden /> {t('newTask')}
              </Button>
            }
          />
        </div>
      </div>
      <TaskDialog open={creatingTask} onOpenChange={setCreatingTask} />
    </div>
  );
}
