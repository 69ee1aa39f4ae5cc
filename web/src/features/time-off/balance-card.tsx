import type { LeaveBalance } from '@contract/time-off';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDayShort } from '@/lib/format';
import { useBalances } from './api';
import { formatDays } from './format';

/** One's own allowance of a year, as the server works it out (docs/product/time-off.md#allowances). */
export function BalanceCard({ userId, year }: { userId: string; year: number }) {
  const { t } = useTranslation('time-off');
  const balances = useBalances({ year, userId });
  const balance = balances.data?.[0];
  return (
    <Card data-testid="balance-card">
      <CardHeader>
        <CardTitle>{t('balance.title', { year })}</CardTitle>
        <CardDescription>{t('balance.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {balances.isLoading ? (
          <Skeleton className="h-24" />
        ) : !balance ? (
          <p className="text-sm text-muted-foreground">{t('balance.none', { year })}</p>
        ) : (
          <BalanceFigures balance={balance} />
        )}
      </CardContent>
    </Card>
  );
}

function BalanceFigures({ balance: b }: { balance: LeaveBalance }) {
  const { t } = useTranslation('time-off');
  const rows: [string, number, string?][] = [
    [t('balance.entitlement'), b.entitlementDays],
    [
      t('balance.carriedOver'),
      b.carriedOverDays,
      b.carriedOverDays ? t('balance.useBy', { date: formatDayShort(b.carryOverUntil) }) : undefined,
    ],
    ...(b.expiredDays ? [[t('balance.expired'), -b.expiredDays] as [string, number]] : []),
    ...(b.adjustmentDays ? [[t('balance.adjustments'), b.adjustmentDays] as [string, number]] : []),
    [t('balance.taken'), b.takenDays],
    [t('balance.planned'), b.plannedDays],
    [t('balance.requested'), b.requestedDays, t('balance.waiting')],
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        {rows.map(([label, days, hint]) => (
          <div key={label} className="grid content-start">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-medium tabular-nums">
              {formatDays(days, t)}
              {hint && <span className="block text-xs font-normal text-muted-foreground">{hint}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <div className="rounded-md bg-primary-soft px-4 py-3 text-primary-soft-foreground sm:text-right">
        <p className="text-xs">{t('balance.remaining')}</p>
        <p className="text-2xl font-semibold tabular-nums" data-testid="balance-remaining">
          {formatDays(b.remainingDays, t)}
        </p>
      </div>
    </div>
  );
}
