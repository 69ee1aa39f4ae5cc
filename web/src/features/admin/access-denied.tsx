import { House, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

/** What a non-admin sees on an admin page (docs/product/roles.md#client-hiding); the server refuses the data anyway. */
export function AccessDenied({
  description = 'Only administrators can view this page.',
}: {
  description?: string;
}) {
  return (
    <Card className="mx-auto mt-8 w-full max-w-lg">
      <EmptyState
        icon={ShieldAlert}
        headingLevel="h1"
        title="Access Denied"
        description={description}
        action={
          <Button asChild variant="outline">
            <Link to="/">
              <House aria-hidden /> Back to Dashboard
            </Link>
          </Button>
        }
      />
    </Card>
  );
}
