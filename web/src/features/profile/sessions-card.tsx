import { Laptop } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime, formatRelative } from '@/lib/format';
import { useEndSession, useSessions } from './api';
import { CardHeading } from './card-heading';

export function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSession();
  return (
    <Card>
      <CardHeader>
        <CardHeading>Active sessions</CardHeading>
        <CardDescription>Where you are signed in. End a session you do not recognise.</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <Skeleton className="h-12" />
        ) : sessions.isError ? (
          <p role="alert" className="text-sm text-danger-foreground">
            {sessions.error.message}
          </p>
        ) : (
          <ul aria-label="Active sessions" className="divide-y divide-border rounded-md border border-border">
            {sessions.data.map((s) => (
              <li
                key={s.id}
                data-testid="session-row"
                className="flex flex-wrap items-center gap-3 px-4 py-3"
              >
                <Laptop className="size-5 shrink-0 text-faint-foreground" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-foreground">
                    {s.device}
                    {s.current && <Badge variant="green">This device</Badge>}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Last seen{' '}
                    <time dateTime={s.lastSeenAt} title={formatDateTime(s.lastSeenAt)}>
                      {formatRelative(s.lastSeenAt)}
                    </time>{' '}
                    · signed in {formatDateTime(s.createdAt)}
                  </p>
                </div>
                {!s.current && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`End session: ${s.device}`}
                    disabled={end.isPending}
                    onClick={() =>
                      end.mutate(
                        { params: { id: s.id } },
                        {
                          onSuccess: () =>
                            toast({ title: 'Session ended', description: `${s.device} is signed out.` }),
                        },
                      )
                    }
                  >
                    End session
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
