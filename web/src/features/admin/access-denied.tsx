import { ShieldAlert } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

/** What a non-admin sees on an admin page (spec point 2); the server refuses the data anyway. */
export function AccessDenied({
  description = 'Only administrators can view this page.',
}: {
  description?: string;
}) {
  return (
    <Card className="mx-auto mt-8 w-full max-w-lg">
      <EmptyState icon={ShieldAlert} title="Access Denied" description={description} />
    </Card>
  );
}
