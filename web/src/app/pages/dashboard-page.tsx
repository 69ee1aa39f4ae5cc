import { Navigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useStoredUser } from '@/lib/auth';

export function DashboardPage() {
  const user = useStoredUser();
  // Spec point 2: the dashboard sends visitors without a stored user to sign in.
  if (!user) return <Navigate to="/login" replace />;
  return <PageHeader title="Dashboard" />;
}
