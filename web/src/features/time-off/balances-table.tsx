import type { LeaveBalance } from '@contract/time-off';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { AdjustDialog } from './adjust-dialog';
import { EntitlementDialog } from './entitlement-dialog';
import { useBalances, useTeams } from './api';
import { YearPicker } from './year-picker';

/** The figures and the message key of their heads (balance.entitlement: 'Entitlement'). */
/** On a phone the person and what remains; the rest of the sum from 640 px up (docs/decisions/038-phones.md). */
const wide = 'hidden sm:table-cell';

const columns: [keyof LeaveBalance, string][] = [
  ['entitlementDays', 'entitlement'],
  ['carriedOverDays', 'carriedOver'],
  ['expiredDays', 'expired'],
  ['adjustmentDays', 'adjustments'],
  ['takenDays', 'taken'],
  ['plannedDays', 'planned'],
  ['requestedDays', 'requested'],
  ['remainingDays', 'remaining'],
];

/** People's allowances of a year (a manager's people; an admin's everyone), admins adjust them. */
export function BalancesTable({
  today,
  userId,
  isAdmin,
}: {
  today: string;
  userId: string;
  isAdmin: boolean;
}) {
  const { t } = useTranslation('time-off');
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const [teamId, setTeamId] = useState<string | undefined>();
  const [adjusting, setAdjusting] = useState<LeaveBalance | null>(null);
  const [entitling, setEntitling] = useState<LeaveBalance | null>(null);
  const teams = useTeams();
  const balances = useBalances({ year, teamId });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('balances.title')}</CardTitle>
        <CardDescription>{t('balances.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <YearPicker year={year} onYear={setYear} />
          <div className="w-full sm:w-64">
            <FilterSelect
              id="balances-team"
              label={t('balances.team')}
              value={teamId}
              allLabel={isAdmin ? t('balances.everyone') : t('balances.everyoneIManage')}
              options={(teams.data ?? [])
                .filter(
                  (team) => isAdmin || team.members.some((m) => m.userId === userId && m.role === 'manager'),
                )
                .map((team) => ({ value: team.id, label: team.name }))}
              onChange={setTeamId}
            />
          </div>
        </div>
        {balances.isLoading ? (
          <Skeleton className="h-32" />
        ) : balances.error ? (
          <p role="alert" className="text-sm text-danger-foreground">
            {balances.error.message}
          </p>
        ) : (
          <Table region={t('balances.region', { year })} data-testid="balances-table">
            <TableHeader>
              <TableRow>
                <TableHead scope="col" essential>
                  {t('balances.person')}
                </TableHead>
                {columns.map(([key, label]) => (
                  <TableHead
                    key={key}
                    scope="col"
                    essential={key === 'remainingDays'}
                    className={cn(
                      'whitespace-normal px-2 text-right leading-tight',
                      key !== 'remainingDays' && wide,
                    )}
                  >
                    {t(`balance.${label}`)}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {(balances.data ?? []).map((b) => (
                <TableRow key={b.userId}>
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    <span className="block whitespace-nowrap">{b.userName}</span>
                    {/* An admin's actions under the name: no column of their own, so every figure stays in view at 1280 px in German and the person and what remains on a phone. */}
                    {isAdmin && (
                      <span className="mt-1.5 flex flex-wrap gap-1.5">
                        <Button
                          variant="outline"
                          size="sm"
                          className="h-7 px-2 font-normal"
                          aria-label={t('balances.entitlementLabel', { name: b.userName })}
                          onClick={() => setEntitling(b)}
                        >
                          {t('balances.entitlement')}
                        </Button>
                        <Button
                          variant="outline"
                          size="sm"
                          className="h-7 px-2 font-normal"
                          aria-label={t('balances.adjustLabel', { name: b.userName })}
                          onClick={() => setAdjusting(b)}
                        >
                          {t('balances.adjust')}
                        </Button>
                      </span>
                    )}
                  </th>
                  {columns.map(([key]) => (
                    <TableCell
                      key={key}
                      className={cn(
                        'px-2 text-right tabular-nums',
                        key === 'remainingDays' ? 'font-semibold' : wide,
                      )}
                    >
                      {formatNumber(Number(b[key]))}
                      {key === 'entitlementDays' && b.ownEntitlementDays !== null && (
                        <span className="block text-xs font-normal text-muted-foreground">
                          {t('balances.own')}
                        </span>
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {isAdmin && <AdjustDialog balance={adjusting} onClose={() => setAdjusting(null)} />}
      {isAdmin && <EntitlementDialog balance={entitling} onClose={() => setEntitling(null)} />}
    </Card>
  );
}
