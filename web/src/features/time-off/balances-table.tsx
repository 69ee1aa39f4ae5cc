import type { LeaveBalance } from '@contract/time-off';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { AdjustDialog } from './adjust-dialog';
import { useBalances, useTeams } from './api';
import { YearPicker } from './year-picker';

const columns: [keyof LeaveBalance, string][] = [
  ['entitlementDays', 'Entitlement'],
  ['carriedOverDays', 'Carried over'],
  ['expiredDays', 'Expired'],
  ['adjustmentDays', 'Adjustments'],
  ['takenDays', 'Taken'],
  ['plannedDays', 'Planned'],
  ['requestedDays', 'Requested'],
  ['remainingDays', 'Remaining'],
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
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const [teamId, setTeamId] = useState<string | undefined>();
  const [adjusting, setAdjusting] = useState<LeaveBalance | null>(null);
  const teams = useTeams();
  const balances = useBalances({ year, teamId });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Allowances</CardTitle>
        <CardDescription>
          In days. Remaining is entitlement + carried over − expired + adjustments − taken − planned.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <YearPicker year={year} onYear={setYear} />
          <div className="w-full sm:w-64">
            <FilterSelect
              id="balances-team"
              label="Team"
              value={teamId}
              allLabel={isAdmin ? 'Everyone' : 'Everyone I manage'}
              options={(teams.data ?? [])
                .filter((t) => isAdmin || t.members.some((m) => m.userId === userId && m.role === 'manager'))
                .map((t) => ({ value: t.id, label: t.name }))}
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
          <Table region={`Allowances ${year}`} data-testid="balances-table">
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Person</TableHead>
                {columns.map(([key, label]) => (
                  <TableHead
                    key={key}
                    scope="col"
                    className="whitespace-normal px-2 text-right leading-tight"
                  >
                    {label}
                  </TableHead>
                ))}
                {isAdmin && (
                  <TableHead scope="col">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {(balances.data ?? []).map((b) => (
                <TableRow key={b.userId}>
                  <th scope="row" className="whitespace-nowrap px-3 text-left font-medium">
                    {b.userName}
                  </th>
                  {columns.map(([key]) => (
                    <TableCell
                      key={key}
                      className={cn(
                        'px-2 text-right tabular-nums',
                        key === 'remainingDays' && 'font-semibold',
                      )}
                    >
                      {Number(b[key])}
                    </TableCell>
                  ))}
                  {isAdmin && (
                    <TableCell className="text-right">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Adjust ${b.userName}'s allowance`}
                        onClick={() => setAdjusting(b)}
                      >
                        Adjust
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {isAdmin && <AdjustDialog balance={adjusting} onClose={() => setAdjusting(null)} />}
    </Card>
  );
}
