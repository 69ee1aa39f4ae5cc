import { Clock } from 'lucide-react';
import { Link } from 'react-router';
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
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SsoSettingsPanel, SystemSettingsPanel } from '@/features/settings';
import { TimeOffSettings } from '@/features/time-off';
import { useStoredUser } from '@/lib/auth';

const tabs: AdminTab[] = [
  { value: 'users', label: 'User Management', content: <UserManagementTab /> },
  { value: 'pending', label: 'Pending Approvals', content: <PendingUsersList /> },
  { value: 'alerts', label: 'System Alerts', content: <SystemAlertsPanel /> },
  {
    value: 'settings',
    label: 'System Settings',
    content: (
      <Tabs defaultValue="general">
        <TabsList aria-label="System Settings">
          <TabsTrigger value="general">General</TabsTrigger>
          <TabsTrigger value="time-off">Time off</TabsTrigger>
        </TabsList>
        <TabsContent value="general" className="grid gap-6">
          <SystemSettingsPanel />
          <SsoSettingsPanel />
        </TabsContent>
        <TabsContent value="time-off">
          <TimeOffSettings />
        </TabsContent>
      </Tabs>
    ),
  },
  { value: 'audit', label: 'Audit Log', content: <AuditLogTab /> },
];

function PendingButton() {
  const stats = useAdminStats();
  return (
    <Button asChild variant="outline">
      <Link to="/admin/pending-users">
        <Clock aria-hidden />
        Pending Approvals ({stats.data?.pendingApprovals ?? '…'})
      </Link>
    </Button>
  );
}

function AdminDashboard() {
  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        description="Manage accounts, approvals and invitations."
        actions={
          <>
            <PendingButton />
            <InviteDialog />
          </>
        }
      />
      <AdminStatCards />
      <AdminTabs tabs={tabs} />
    </>
  );
}

export function AdminPage() {
  const user = useStoredUser();
  if (user?.role !== 'admin') return <AccessDenied />;
  return <AdminDashboard />;
}
