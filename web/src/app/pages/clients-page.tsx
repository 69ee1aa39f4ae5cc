import { useParams } from 'react-router';
import { ClientDetail, ClientsList } from '@/features/billing';
import { useCurrentUser } from '@/lib/auth';

/** /clients: the clients (docs/product/billing.md#clients); managers and admins add and archive them. */
export function ClientsPage() {
  const { user } = useCurrentUser();
  return <ClientsList canManage={user?.role === 'manager' || user?.role === 'admin'} />;
}

/** /clients/{id}: a client's projects with this month's billable hours and amounts. */
export function ClientPage() {
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  return <ClientDetail id={id} isAdmin={user?.role === 'admin'} />;
}
