import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Approvals } from './approvals';
import { BalancesTable } from './balances-table';
import { CalendarFeeds } from './calendar-feeds';
import { MyTimeOff } from './my-time-off';
import { TeamCalendar } from './team-calendar';

export const TIME_OFF_TABS = ['mine', 'approvals', 'calendar', 'balances', 'feeds'] as const;
export type TimeOffTab = (typeof TIME_OFF_TABS)[number];

/**
 * /time-off (docs/product/time-off.md#screens): one's own time off, the team calendar and feeds for
 * everyone; the approval queue and the balances for managers and admins.
 */
export function TimeOffTabs({
  tab,
  onTab,
  user,
  today,
}: {
  tab: TimeOffTab;
  onTab: (tab: TimeOffTab) => void;
  user: { id: string; role: string };
  today: string;
}) {
  const { t } = useTranslation('time-off');
  const manages = user.role === 'manager' || user.role === 'admin';
  const isAdmin = user.role === 'admin';
  const current = !manages && (tab === 'approvals' || tab === 'balances') ? 'mine' : tab;
  return (
    <Tabs value={current} onValueChange={(v) => onTab(v as TimeOffTab)}>
      <TabsList aria-label={t('tabs.label')}>
        <TabsTrigger value="mine">{t('tabs.mine')}</TabsTrigger>
        {manages && <TabsTrigger value="approvals">{t('tabs.approvals')}</TabsTrigger>}
        <TabsTrigger value="calendar">{t('tabs.calendar')}</TabsTrigger>
        {manages && <TabsTrigger value="balances">{t('tabs.balances')}</TabsTrigger>}
        <TabsTrigger value="feeds">{t('tabs.feeds')}</TabsTrigger>
      </TabsList>
      <TabsContent value="mine">
        <h2 className="sr-only">{t('tabs.mine')}</h2>
        <MyTimeOff userId={user.id} today={today} />
      </TabsContent>
      {manages && (
        <TabsContent value="approvals">
          <h2 className="sr-only">{t('tabs.approvals')}</h2>
          <Approvals />
        </TabsContent>
      )}
      <TabsContent value="calendar">
        <h2 className="sr-only">{t('tabs.calendar')}</h2>
        <TeamCalendar today={today} isAdmin={isAdmin} />
      </TabsContent>
      {manages && (
        <TabsContent value="balances">
          <h2 className="sr-only">{t('tabs.balances')}</h2>
          <BalancesTable today={today} userId={user.id} isAdmin={isAdmin} />
        </TabsContent>
      )}
      <TabsContent value="feeds">
        <h2 className="sr-only">{t('tabs.feeds')}</h2>
        <CalendarFeeds />
      </TabsContent>
    </Tabs>
  );
}
