import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatBalance } from '@/lib/format';
import { cn } from '@/lib/utils';
import { ScopeLine } from '@/components/scope-line';
import { useTeamOvertime } from './api';

const tone = (seconds: number) =>
  seconds > 0 ? 'text-success-foreground' : seconds < 0 ? 'text-danger-foreground' : 'text-muted-foreground';

/**
 * The overtime of everyone the caller manages (admins: everyone), each as their own timesheet
 * shows it (docs/product/timesheets.md#overtime); a row opens that person's current week.
 */
export function TeamOvertime({
  week,
  onOpen,
}: {
  week: string;
  onOpen: (userId: string, week: string) => void;
}) {
  const { t } = useTranslation('timesheets');
  const overtime = useTeamOvertime();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('overtime.title')}</CardTitle>
        <CardDescription>{t('overtime.description')}</CardDescription>
        {overtime.data && <ScopeLine scope={overtime.data.scope} />}
      </CardHeader>
      <CardContent>
        {overtime.isLoading ? (
          <Skeleton className="h-24" />
        ) : !overtime.data?.rows.length ? (
          <EmptyState
            icon={Users}
            title={t('overtime.emptyTitle')}
            description={t('overtime.emptyDescription')}
          />
        ) : (
          <Table aria-label={t('overtime.title')}>
            <TableHeader>
              <TableRow>
                <TableHead scope="col" essential>
                  {t('overtime.person')}
                </TableHead>
                {/* On a phone the month's figure stays; the approved weeks are on the person's timesheet. */}
                <TableHead scope="col" className="hidden text-right sm:table-cell">
                  {t('overtime.approvedWeeks')}
                </TableHead>
                <TableHead scope="col" className="text-right" essential>
                  {t('overtime.thisMonth')}
                </TableHead>
                <TableHead scope="col">
                  <span className="sr-only">{t('common:actions.open')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {overtime.data.rows.map((row) => (
                <TableRow key={row.userId}>
                  <TableHead
                    scope="row"
                    className="normal-case tracking-normal text-sm font-medium text-foreground"
                  >
                    {row.userName}
                  </TableHead>
                  <TableCell
                    className={cn('hidden text-right tabular-nums sm:table-cell', tone(row.approvedSeconds))}
                  >
                    {formatBalance(row.approvedSeconds)}
                  </TableCell>
                  <TableCell className={cn('text-right tabular-nums', tone(row.monthSeconds))}>
                    {formatBalance(row.monthSeconds)}
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={t('overtime.viewTimesheet', { name: row.userName })}
                      onClick={() => onOpen(row.userId, week)}
                    >
                      {t('common:actions.view')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
