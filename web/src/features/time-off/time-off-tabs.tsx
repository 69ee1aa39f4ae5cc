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
  const manages = user.role === 'manager' || user.role === 'admin';
  const isAdmin = user.role === 'admin';
  const current = !manages && (tab === 'approvals' || tab === 'balances') ? 'mine' : tab;
  return (
    <Tabs value={current} onValueChange={(v) => onTab(v as TimeOffTab)}>
      <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <TabsList aria-label="Time off">
          <TabsTrigger value="mine">My time off</TabsTrigger>
          {manages && <TabsTrigger value="approvals">Approvals</TabsTrigger>}
          <TabsTrigger value="calendar">Team calendar</TabsTrigger>
          {manages && <TabsTrigger value="balances">Balances</TabsTrigger>}
          <TabsTrigger value="feeds">Calendar feeds</TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value="mine">
        <h2 className="sr-only">My time off</h2>
        <MyTimeOff userId={user.id} today={today} />
      </TabsContent>
      {manages && (
        <TabsContent value="approvals">
          <h2 className="sr-only">Approvals</h2>
          <Approvals />
        </TabsContent>
      )}
      <TabsContent value="calendar">
        <h2 className="sr-only">Team calendar</h2>
        <TeamCalendar today={today} isAdmin={isAdmin} />
      </TabsContent>
      {manages && (
        <TabsContent value="balances">
          <h2 className="sr-only">Balances</h2>
          <BalancesTable today={today} userId={user.id} isAdmin={isAdmin} />
        </TabsContent>
      )}
      <TabsContent value="feeds">
        <h2 className="sr-only">Calendar feeds</h2>
        <CalendarFeeds />
      </TabsContent>
    </Tabs>
  );
}
