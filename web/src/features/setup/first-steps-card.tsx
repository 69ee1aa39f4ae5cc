import { CalendarCheck, Clock, Timer, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useDismissIntro, useIntro } from './api';

const THINGS = [
  { id: 'track', to: '/tracker', icon: Timer },
  { id: 'clockIn', to: '/attendance', icon: Clock },
  { id: 'submit', to: '/timesheets', icon: CalendarCheck },
] as const;

/**
 * A new person's first visits: the three things they will do, in one card they put away
 * (docs/product/dashboard.md#first-steps). Admins have the setup checklist instead.
 */
export function FirstStepsCard({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('setup');
  const intro = useIntro(!isAdmin);
  const dismiss = useDismissIntro();
  if (!intro.data?.show) return null;
  return (
    <Card data-testid="first-steps">
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle level={2}>{t('firstSteps.title')}</CardTitle>
          <CardDescription>{t('firstSteps.description')}</CardDescription>
        </div>
        <Button
          variant="ghost"
          size="sm"
          disabled={dismiss.isPending}
          onClick={() =>
            dismiss.mutate(
              { body: { dismissed: true } },
              {
                onError: (error) =>
                  toast({ variant: 'destructive', title: t('failed'), description: error.message }),
              },
            )
          }
        >
          <X aria-hidden /> {t('firstSteps.dismiss')}
        </Button>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3 sm:grid-cols-3">
          {THINGS.map(({ id, to, icon: Icon }) => (
            <li key={id} className="grid content-start gap-2 rounded-lg border p-4">
              <Icon className="size-5 text-primary" aria-hidden />
              <p className="text-sm font-medium">{t(`firstSteps.${id}.title`)}</p>
              <p className="text-xs text-muted-foreground">{t(`firstSteps.${id}.description`)}</p>
              <Link to={to} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                {t(`firstSteps.${id}.link`)}
              </Link>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
