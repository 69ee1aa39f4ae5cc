import { Clock } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import {
  AccessDenied,
  AdminStatCards,
  type AdminTab,
  AdminTabs,
  AuditLogTab,
  useAdminStats,
  InviteDialog,
  PendingUsersList,
  UserManagementTab,
} from '@/features/admin';
import { SystemAlertsPanel } from '@/features/attendance';
import { BillingSettingsPanel } from '@/features/billing';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SsoSettingsPanel, SystemSettingsPanel } from '@/features/settings';
import { SetupSettingsPanel } from '@/features/setup';
import { LabelsPanel } from '@/features/tasks';
import { TimeOffSettings } from '@/features/time-off';
import { useStoredUser } from '@/lib/auth';
import { formatNumber } from '@/lib/format';

const tabsOf = (t: TFunction<'admin'>, section: string | null): AdminTab[] => [
  { value: 'users', label: t('admin:tabs.users'), content: <UserManagementTab /> },
  { value: 'pending', label: t('admin:tabs.pending'), content: <PendingUsersList /> },
  { value: 'alerts', label: t('admin:tabs.alerts'), content: <SystemAlertsPanel /> },
  {
    value: 'settings',
    label: t('admin:tabs.settings'),
    content: (
      // `?section=time-off` opens the time-off settings (the setup checklist links there), `billing` the
      // rates, `labels` the task labels.
      <Tabs
        defaultValue={
          section === 'time-off' || section === 'billing' || section === 'labels' ? section : 'general'
        }
      >
        <TabsList aria-label={t('admin:tabs.settings')}>
          <TabsTrigger value="general">{t('admin:tabs.general')}</TabsTrigger>
          <TabsTrigger value="time-off">{t('admin:tabs.timeOff')}</TabsTrigger>
          <TabsTrigger value="billing">{t('admin:tabs.billing')}</TabsTrigger>
          <TabsTrigger value="labels">{t('admin:tabs.labels')}</TabsTrigger>
        </TabsList>
        <TabsContent value="general" className="grid gap-6">
          <SystemSettingsPanel />
          <SsoSettingsPanel />
          <SetupSettingsPanel />
        </TabsContent>
        <TabsContent value="time-off">
          <TimeOffSettings />
        </TabsContent>
        <TabsContent value="billing">
          <BillingSettingsPanel />
        </TabsContent>
        <TabsContent value="labels">
          <LabelsPanel />
        </TabsContent>
      </Tabs>
    ),
  },
  { value: 'audit', label: t('admin:tabs.audit'), content: <AuditLogTab /> },
];

function PendingButton() {
  const { t } = useTranslation('admin');
  const stats = useAdminStats();
  const pending = stats.data?.pendingApprovals;
  return (
    <Button asChild variant="outline">
      <Link to="/admin/pending-users">
        <Clock aria-hidden />
        {t('page.pendingButton', { number: pending === undefined ? '…' : formatNumber(pending) })}
      </Link>
    </Button>
  );
}

function AdminDashboard() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <>
            <PendingButton />
            <InviteDialog />
          </>
        }
      />
      <AdminStatCards />
      <AdminTabs tabs={tabsOf(t, params.get('section'))} />
    </>
  );
}

export function AdminPage() {
  const user = useStoredUser();
  if (user?.role !== 'admin') return <AccessDenied />;
  return <AdminDashboard />;
}
