import { Laptop } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Trans } from '@/components/trans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime, formatRelative } from '@/lib/format';
import { useEndSession, useSessions } from './api';
import { CardHeading } from './card-heading';

export function SessionsCard() {
  const { t } = useTranslation('profile');
  const sessions = useSessions();
  const end = useEndSession();
  return (
    <Card>
      <CardHeader>
        <CardHeading>{t('sessions.title')}</CardHeading>
        <CardDescription>{t('sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <Skeleton className="h-12" />
        ) : sessions.isError ? (
          <p role="alert" className="text-sm text-danger-foreground">
            {sessions.error.message}
          </p>
        ) : (
          <ul
            aria-label={t('sessions.title')}
            className="divide-y divide-border rounded-md border border-border"
          >
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
                    {s.current && <Badge variant="green">{t('sessions.thisDevice')}</Badge>}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <Trans
                      t={t}
                      i18nKey="sessions.seen"
                      values={{ seen: formatRelative(s.lastSeenAt), signedIn: formatDateTime(s.createdAt) }}
                      components={{
                        time: <time dateTime={s.lastSeenAt} title={formatDateTime(s.lastSeenAt)} />,
                      }}
                    />
                  </p>
                </div>
                {!s.current && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('sessions.endLabel', { device: s.device })}
                    disabled={end.isPending}
                    onClick={() =>
                      end.mutate(
                        { params: { id: s.id } },
                        {
                          onSuccess: () =>
                            toast({
                              title: t('sessions.ended'),
                              description: t('sessions.endedDescription', { device: s.device }),
                            }),
                        },
                      )
                    }
                  >
                    {t('sessions.end')}
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
