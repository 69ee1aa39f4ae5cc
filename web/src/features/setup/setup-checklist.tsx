import type { SetupStepId } from '@contract/setup';
import { CheckCircle2, Circle, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useDismissSetup, useSetup } from './api';

/** Where each step is done; the e-mail server is set in the server's environment, so it has no screen. */
const STEP_LINKS: Record<SetupStepId, string | null> = {
  settings: '/admin?tab=settings',
  holidays: '/admin?tab=settings&section=time-off',
  schedules: '/team/manage',
  team: '/team/manage',
  people: '/admin?tab=users',
  mail: null,
  sso: '/admin?tab=settings',
};

/**
 * The first admin's setup checklist on the dashboard (docs/product/dashboard.md#setup): each step
 * links to its screen and ticks itself when the data shows it done; it can be put away and brought
 * back from System Settings.
 */
export function SetupChecklist({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('setup');
  const setup = useSetup(isAdmin);
  const dismiss = useDismissSetup();
  if (!setup.data || setup.data.dismissed) return null;
  const { steps } = setup.data;
  const required = steps.filter((s) => !s.optional);
  const done = required.filter((s) => s.done).length;
  const putAway = () =>
    dismiss.mutate(
      { body: { dismissed: true } },
      {
        onSuccess: () => toast({ title: t('checklist.dismissed'), description: t('checklist.reopenHint') }),
        onError: (error) => toast({ variant: 'destructive', title: t('failed'), description: error.message }),
      },
    );
  return (
    <Card data-testid="setup-checklist">
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle level={2}>
            {done === required.length ? t('checklist.allDone') : t('checklist.title')}
          </CardTitle>
          <CardDescription>
            {t('checklist.progress', { done: formatNumber(done), total: formatNumber(required.length) })}
          </CardDescription>
        </div>
        <Button variant="ghost" size="sm" onClick={putAway} disabled={dismiss.isPending}>
          <X aria-hidden /> {t('checklist.dismiss')}
        </Button>
      </CardHeader>
      <CardContent>
        <div
          className="mb-4 h-2 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label={t('checklist.title')}
          aria-valuemin={0}
          aria-valuemax={required.length}
          aria-valuenow={done}
        >
          <div
            className="h-full bg-primary transition-all"
            style={{ width: `${(done / required.length) * 100}%` }}
          />
        </div>
        <ol className="grid gap-1">
          {steps.map((step, index) => {
            const link = STEP_LINKS[step.id];
            return (
              <li
                key={step.id}
                className="flex items-start gap-3 rounded-md px-2 py-2 hover:bg-muted/50"
                data-done={step.done}
              >
                {step.done ? (
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
                ) : (
                  <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                )}
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className={cn('text-sm font-medium', step.done && 'text-muted-foreground line-through')}>
                    <span className="sr-only">
                      {step.done ? t('checklist.stepDone') : t('checklist.stepOpen')}{' '}
                    </span>
                    {formatNumber(index + 1)}. {t(`steps.${step.id}.title`)}
                    {step.optional && (
                      <span className="ml-2 text-xs font-normal text-muted-foreground">
                        {t('checklist.optional')}
                      </span>
                    )}
                  </p>
                  <p className="text-xs text-muted-foreground">{t(`steps.${step.id}.description`)}</p>
                </div>
                {link && !step.done && (
                  <Button asChild variant="outline" size="sm" className="shrink-0">
                    <Link to={link} aria-label={t('checklist.open', { step: t(`steps.${step.id}.title`) })}>
                      {t('checklist.go')}
                    </Link>
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
