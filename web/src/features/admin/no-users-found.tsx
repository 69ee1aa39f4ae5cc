import { Users } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

/** The admin user lists' empty state: nobody matched the search, or nobody has signed up. */
export function NoUsersFound({ search }: { search: string }) {
  return (
    <EmptyState
      icon={Users}
      title="No users found"
      description={search.trim() ? 'Try adjusting your search criteria' : 'No users have signed up yet'}
    />
  );
}
